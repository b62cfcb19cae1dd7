import { Badge, Menu, ThemeIcon, UnstyledButton, useDirection } from "@mantine/core";
import { useMounted } from "@mantine/hooks";
import {
  type Icon,
  IconBriefcase,
  IconBuildingBank,
  IconCheck,
  IconScale,
  IconSelector,
} from "@tabler/icons-react";
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { useUrlToggle } from "~/lib/hooks/use-url-toggle";
import {
  findWorkspace,
  WORKSPACE_ACTION,
  WORKSPACES,
  type Workspace,
  type WorkspaceLogo,
} from "../workspaces";
import classes from "./workspace-switcher.module.css";

const LOGOS: Record<WorkspaceLogo, { icon: Icon; color: string }> = {
  scale: { icon: IconScale, color: "indigo" },
  briefcase: { icon: IconBriefcase, color: "teal" },
  building: { icon: IconBuildingBank, color: "orange" },
};

function WorkspaceMark({ workspace, size }: { workspace: Workspace; size: number }) {
  const { icon: Mark, color } = LOGOS[workspace.logo];
  return (
    <ThemeIcon size={size} radius="md" variant="light" color={color} aria-hidden>
      <Mark size={Math.round(size * 0.6)} stroke={1.7} />
    </ThemeIcon>
  );
}

function PlanBadge({ plan }: { plan: Workspace["plan"] }) {
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

export interface WorkspaceSwitcherProps {
  /** The workspace chosen so far (from `getWorkspaceId`). */
  currentId: string;
}

/**
 * The workspace switcher (spec §2: three sample teams on Free or Pro plans). Each team is a submit
 * button of one form posting to /api/workspace, so it works without JavaScript (the menu opens
 * from a `?panel=workspaces` link and the server sends the person back); with JavaScript a
 * fetcher posts the choice and the page's data follows.
 */
export function WorkspaceSwitcher({ currentId }: WorkspaceSwitcherProps) {
  const { t } = useTranslation("header");
  const mounted = useMounted();
  const { dir } = useDirection();
  const menu = useUrlToggle("workspaces");
  const fetcher = useFetcher({ key: "workspace" });
  const pending = fetcher.formData?.get("workspace");
  const current = findWorkspace(pending ?? currentId) ?? WORKSPACES[0];

  const choose = (event: MouseEvent<HTMLButtonElement>) => {
    // With JavaScript the fetcher posts instead of the form (the menu closes on click).
    event.preventDefault();
    const { value } = event.currentTarget;
    if (value !== current.id)
      fetcher.submit({ workspace: value }, { method: "post", action: WORKSPACE_ACTION });
  };

  return (
    <div className={classes.anchor}>
      <Menu
        opened={menu.opened}
        onChange={(opened) => (opened ? menu.open() : menu.close())}
        position="bottom-start"
        width={280}
        shadow="md"
        radius="md"
        withinPortal={mounted}
        // Opening focuses the current team (data-autofocus) rather than a placeholder, which
        // would be a child of the menu that is not a menu item.
        withInitialFocusPlaceholder={false}
      >
        <Menu.Target>
          <UnstyledButton
            {...(mounted
              ? { component: "button" as const }
              : { component: "a" as const, href: menu.openLinkProps.href, rel: "nofollow" })}
            className={classes.trigger}
            aria-label={`${t("workspaces.open")}: ${current.name}`}
          >
            <WorkspaceMark workspace={current} size={26} />
            <span className={classes.name}>{current.name}</span>
            <PlanBadge plan={current.plan} />
            <IconSelector size={16} className={classes.chevron} aria-hidden />
          </UnstyledButton>
        </Menu.Target>

        {/* Before hydration nothing positions the menu: it opens under its button. */}
        <Menu.Dropdown
          style={
            mounted
              ? undefined
              : { top: "calc(100% + 6px)", ...(dir === "rtl" ? { left: "auto", right: 0 } : { left: 0 }) }
          }
        >
          <form method="post" action={WORKSPACE_ACTION}>
            <input type="hidden" name="returnTo" value={menu.closeLinkProps.href} />
            <Menu.Label>{t("workspaces.title")}</Menu.Label>
            {WORKSPACES.map((workspace) => {
              const selected = workspace.id === current.id;
              return (
                <Menu.Item
                  key={workspace.id}
                  component="button"
                  type="submit"
                  name="workspace"
                  value={workspace.id}
                  onClick={choose}
                  aria-current={selected || undefined}
                  data-selected={selected || undefined}
                  data-autofocus={selected || undefined}
                  className={classes.item}
                  leftSection={<WorkspaceMark workspace={workspace} size={32} />}
                  rightSection={
                    <span className={classes.itemEnd}>
                      <PlanBadge plan={workspace.plan} />
                      {selected ? (
                        <IconCheck size={16} className={classes.check} aria-label={t("workspaces.current")} />
                      ) : (
                        <span className={classes.check} />
                      )}
                    </span>
                  }
                >
                  {workspace.name}
                </Menu.Item>
              );
            })}
          </form>
        </Menu.Dropdown>
      </Menu>
    </div>
  );
}
