import { Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./overview-block.module.css";

/** The list classes of an overview block (a plain `ul`, lines that shrink, badges that do not). */
export const overviewClasses = classes;

/**
 * A block of an index page ("needing attention", deadlines…): a titled section with an optional
 * action (a count, a link). Features compose their blocks on the same page with it.
 */
export function OverviewBlock({
  id,
  title,
  icon,
  action,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby={id}>
      <Group justify="space-between" gap="xs" mb="sm">
        <Group gap="xs" wrap="nowrap">
          {icon}
          <Title order={2} size="h5" id={id}>
            {title}
          </Title>
        </Group>
        {action}
      </Group>
      {children}
    </Paper>
  );
}

/** What a block says when it has nothing to list. */
export function OverviewEmpty({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

/** A block's list of lines. */
export function OverviewList({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Stack component="ul" gap="sm" className={classes.list} data-testid={testId}>
      {children}
    </Stack>
  );
}
