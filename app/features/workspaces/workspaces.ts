/** The logo of a sample workspace: a mark the switcher draws (no image files needed). */
export type WorkspaceLogo = "scale" | "briefcase" | "building";

/** A team the person can switch to (spec §3 Workspace). */
export type Workspace = {
  id: string;
  name: string;
  logo: WorkspaceLogo;
  plan: "free" | "pro";
};

/** The cookie that remembers the chosen workspace. */
export const WORKSPACE_COOKIE = "workspace";
/** Where the switcher posts its choice. */
export const WORKSPACE_ACTION = "/api/workspace";

/** The three sample teams of the switcher (spec §2: template content, on Free or Pro plans). */
export const WORKSPACES = [
  { id: "brightline-legal", name: "Brightline Legal", logo: "scale", plan: "free" },
  { id: "northgate-advisory", name: "Northgate Advisory", logo: "briefcase", plan: "pro" },
  { id: "cedar-vale-chambers", name: "Cedar & Vale Chambers", logo: "building", plan: "pro" },
] as const satisfies readonly Workspace[];

export const DEFAULT_WORKSPACE_ID: string = WORKSPACES[0].id;

/** The workspace with this id, or undefined for anything else (unknown id, missing, not text). */
export function findWorkspace(id: unknown): Workspace | undefined {
  return WORKSPACES.find((workspace) => workspace.id === id);
}

/** `id` when it names a workspace, otherwise the first one. */
export function workspaceIdOrDefault(id: unknown): string {
  return findWorkspace(id)?.id ?? DEFAULT_WORKSPACE_ID;
}
