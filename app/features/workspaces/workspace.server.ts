import { readCookie } from "~/lib/cookies";
import { WORKSPACE_COOKIE, workspaceIdOrDefault } from "./workspaces";

/** The id of the workspace the person chose (the `workspace` cookie) when valid, else the first team's. */
export function getWorkspaceId(request: Request): string {
  return workspaceIdOrDefault(readCookie(request.headers.get("Cookie"), WORKSPACE_COOKIE));
}
