import { Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

/** A labelled value of the proposal pages (the case summary, the proposal's dates and figures). */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}
