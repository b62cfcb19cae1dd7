import { Anchor, Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { WorkflowRole } from "../workflows";
import { CourtBadge, RoleBadge, WRAP } from "./parts";

/**
 * A step in a table of steps (a template's or a started workflow's): its number, its title (a link
 * to its task where it has one) with the court-deadline badge and a line under it, and its role;
 * the page's own cells follow.
 */
export function StepRow({
  position,
  title,
  href,
  isCourtDeadline,
  detail,
  stepRole,
  children,
  ...rest
}: {
  position: number;
  title: string;
  href?: string;
  isCourtDeadline: boolean;
  detail: ReactNode;
  /** Who does the step (the role, not an ARIA one). */
  stepRole: WorkflowRole;
  children: ReactNode;
  "data-testid": string;
  "data-state"?: string;
}) {
  return (
    <tr {...rest}>
      <td>{position}</td>
      <td>
        <Stack gap={2}>
          <Group gap="xs">
            {href ? (
              <Anchor component={Link} to={href} fw={500} style={WRAP}>
                <bdi>{title}</bdi>
              </Anchor>
            ) : (
              <Text fw={500} style={WRAP}>
                <bdi>{title}</bdi>
              </Text>
            )}
            {isCourtDeadline ? <CourtBadge /> : null}
          </Group>
          {detail}
        </Stack>
      </td>
      <td>
        <RoleBadge role={stepRole} />
      </td>
      {children}
    </tr>
  );
}
