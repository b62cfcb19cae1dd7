import { Badge, ThemeIcon } from "@mantine/core";
import { IconBuildingBank, IconUser } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { Workspace } from "../workspaces";
import classes from "./workspace-switcher.module.css";

interface WorkspaceSwitcherProps {
  /** The person's workspace (`workspaceOf` the signed-in person, whose profile carries the firm's name). */
  workspace: Workspace;
}

/**
 * The header's workspace (spec §2 workspace switcher): the person's own firm — or, for a client,
 * their personal space — and their own plan. A person belongs to one firm, so there is nothing to
 * switch to: it says where they are rather than offering sample teams.
 */
export function WorkspaceSwitcher({ workspace }: WorkspaceSwitcherProps) {
  const { t } = useTranslation("navbar");
  const { t: td } = useTranslation("dashboard");
  const Mark = workspace.kind === "firm" ? IconBuildingBank : IconUser;
  const name = workspace.name ?? t("shell.workspace.personal");
  return (
    <div className={classes.anchor}>
      <div className={classes.trigger} data-testid="workspace" data-kind={workspace.kind}>
        <span className="visually-hidden">{t("shell.workspace.label")}: </span>
        <ThemeIcon
          size={26}
          radius="md"
          variant="light"
          color={workspace.kind === "firm" ? "indigo" : "teal"}
          aria-hidden
        >
          <Mark size={16} stroke={1.7} />
        </ThemeIcon>
        <span className={classes.name}>{name}</span>
        {workspace.plan ? (
          <Badge
            size="xs"
            radius="sm"
            variant="default"
            className={classes.plan}
            data-testid="workspace-plan"
          >
            <span className="visually-hidden">{t("shell.workspace.plan")}: </span>
            {td(`overview.plans.${workspace.plan}`)}
          </Badge>
        ) : null}
      </div>
    </div>
  );
}
