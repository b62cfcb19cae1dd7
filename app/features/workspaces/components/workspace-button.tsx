import { Badge, ThemeIcon, UnstyledButton } from "@mantine/core";
import { type Icon, IconBriefcase, IconBuildingBank, IconScale, IconSelector } from "@tabler/icons-react";
import type { HTMLAttributes, Ref } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import type { useUrlToggle } from "~/lib/hooks/use-url-toggle";
import type { Workspace, WorkspaceLogo } from "../workspaces";
import classes from "./workspace-switcher.module.css";

const LOGOS: Record<WorkspaceLogo, { icon: Icon; color: string }> = {
  scale: { icon: IconScale, color: "indigo" },
  briefcase: { icon: IconBriefcase, color: "teal" },
  building: { icon: IconBuildingBank, color: "orange" },
};

export function WorkspaceMark({ workspace, size }: { workspace: Workspace; size: number }) {
  const { icon: Mark, color } = LOGOS[workspace.logo];
  return (
    <ThemeIcon size={size} radius="md" variant="light" color={color} aria-hidden>
      <Mark size={Math.round(size * 0.6)} stroke={1.7} />
    </ThemeIcon>
  );
}

export function PlanBadge({ plan }: { plan: Workspace["plan"] }) {
  const { t } = useTranslation("header");
  return (
    <Badge
      size="xs"
      radius="sm"
      variant={plan === "pro" ? "filled" : "light"}
      color={plan === "pro" ? "blue.8" : "gray"}
      className={classes.plan}
    >
      {t(`workspaces.plans.${plan}`)}
    </Badge>
  );
}

export interface WorkspaceButtonProps extends HTMLAttributes<HTMLElement> {
  current: Workspace;
  menu: ReturnType<typeof useUrlToggle>;
  /** Menu.Target passes its ref and props through to the element. */
  ref?: Ref<HTMLElement>;
}

/**
 * The switcher's button: the current team and its plan. Without JavaScript it is a
 * `?panel=workspaces` link and the server renders the menu open.
 */
export function WorkspaceButton({ current, menu, ref, ...forwarded }: WorkspaceButtonProps) {
  const { t } = useTranslation("header");
  const hydrated = useHydrated();
  return (
    <UnstyledButton
      aria-haspopup="menu"
      aria-expanded={menu.opened}
      {...forwarded}
      {...(hydrated
        ? { component: "button" as const, ref: ref as Ref<HTMLButtonElement> }
        : {
            component: "a" as const,
            ref: ref as Ref<HTMLAnchorElement>,
            href: menu.openLinkProps.href,
            rel: "nofollow",
          })}
      className={classes.trigger}
      aria-label={`${t("workspaces.open")}: ${current.name}`}
    >
      <WorkspaceMark workspace={current} size={26} />
      <span className={classes.name}>{current.name}</span>
      <PlanBadge plan={current.plan} />
      <IconSelector size={16} className={classes.chevron} aria-hidden />
    </UnstyledButton>
  );
}
