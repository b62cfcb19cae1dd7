import { Box, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** The title block every dashboard page starts with: the page's only h1, and a line about it. */
export function PageTitle({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <Box>
      <Title order={1} size="h3">
        {title}
      </Title>
      {description ? (
        <Text c="dimmed" size="sm" mt={4}>
          {description}
        </Text>
      ) : null}
    </Box>
  );
}
