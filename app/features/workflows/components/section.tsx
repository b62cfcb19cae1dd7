import { Paper, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** A titled section of a workflow page: a bordered sheet whose heading names it for screen readers. */
export function Section({
  headingId,
  title,
  children,
  ...rest
}: {
  headingId: string;
  title: ReactNode;
  children: ReactNode;
  "data-testid"?: string;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId} {...rest}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
