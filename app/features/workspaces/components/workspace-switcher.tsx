import { Suspense } from "react";
import { useFetcher } from "react-router";
import { firstUseComponent, useFirstUse } from "~/lib/first-use";
import { useUrlToggle } from "~/lib/hooks/use-url-toggle";
import { findWorkspace, WORKSPACES } from "../workspaces";
import { WorkspaceButton } from "./workspace-button";
import classes from "./workspace-switcher.module.css";

/** `?panel=workspaces` opens the menu, on the server too. */
const PANEL = "workspaces";
const WorkspaceMenu = firstUseComponent(() => import("./workspace-menu"), "WorkspaceMenu", { panel: PANEL });

export interface WorkspaceSwitcherProps {
  /** The workspace chosen so far (from `getWorkspaceId`). */
  currentId: string;
}

/**
 * The workspace switcher (spec §2: three sample teams on Free or Pro plans): the button alone
 * until the menu first opens, then the button with its menu, whose code loads then. It works
 * without JavaScript: the button is a `?panel=workspaces` link and the menu a form.
 */
export function WorkspaceSwitcher({ currentId }: WorkspaceSwitcherProps) {
  const menu = useUrlToggle(PANEL);
  const { used } = useFirstUse(menu.opened);
  const fetcher = useFetcher({ key: "workspace" });
  const pending = fetcher.formData?.get("workspace");
  const current = findWorkspace(pending ?? currentId) ?? WORKSPACES[0];
  const button = <WorkspaceButton current={current} menu={menu} onClick={menu.open} />;

  return (
    <div className={classes.anchor}>
      {used ? (
        <Suspense fallback={button}>
          <WorkspaceMenu current={current} menu={menu} />
        </Suspense>
      ) : (
        button
      )}
    </div>
  );
}
