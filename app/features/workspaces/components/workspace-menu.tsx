import { Menu, useDirection } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { type MouseEvent, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { useOpenedAfterLoad } from "~/lib/first-use";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import type { useUrlToggle } from "~/lib/hooks/use-url-toggle";
import { WORKSPACE_ACTION, WORKSPACES, type Workspace } from "../workspaces";
import { PlanBadge, WorkspaceButton, WorkspaceMark } from "./workspace-button";
import classes from "./workspace-switcher.module.css";

export interface WorkspaceMenuProps {
  /** The workspace chosen so far, or the one on its way to the server. */
  current: Workspace;
  menu: ReturnType<typeof useUrlToggle>;
}

/**
 * The switcher's button with its menu, loaded the first time the menu opens. Each team is a
 * submit button of one form posting to /api/workspace (the server sends the person back); with
 * JavaScript a fetcher posts the choice and the page's data follows.
 */
export function WorkspaceMenu({ current, menu }: WorkspaceMenuProps) {
  const { t } = useTranslation("header");
  const hydrated = useHydrated();
  const { dir } = useDirection();
  const trigger = useRef<HTMLElement>(null);
  const opened = useOpenedAfterLoad(menu.opened, trigger);
  const fetcher = useFetcher({ key: "workspace" });

  const choose = (event: MouseEvent<HTMLButtonElement>) => {
    // With JavaScript the fetcher posts instead of the form (the menu closes on click).
    event.preventDefault();
    const { value } = event.currentTarget;
    if (value !== current.id)
      fetcher.submit({ workspace: value }, { method: "post", action: WORKSPACE_ACTION });
  };

  return (
    <Menu
      opened={opened}
      onChange={(next) => (next ? menu.open() : menu.close())}
      position="bottom-start"
      width={280}
      shadow="md"
      radius="md"
      withinPortal={hydrated}
      // Opening focuses the current team (data-autofocus) rather than a placeholder, which
      // would be a child of the menu that is not a menu item.
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <WorkspaceButton ref={trigger} current={current} menu={menu} />
      </Menu.Target>

      {/* Before hydration nothing positions the menu: it opens under its button. */}
      <Menu.Dropdown
        style={
          hydrated
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
  );
}
