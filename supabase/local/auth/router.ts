// The /auth/v1 dispatcher: routes a request to its endpoint and renders every failure as GoTrue does.

import type { IncomingMessage, ServerResponse } from "node:http";
import type { LocalConfig } from "../config.ts";
import type { Database } from "../db.ts";
import { header, sendJson } from "../http.ts";
import { publicJwk } from "../jwt.ts";
import { getUser, linkIdentity, reauthenticate, unlinkIdentity, updateUser } from "./account.ts";
import {
  adminCreateUser,
  adminDeleteUser,
  adminGenerateLink,
  adminGetUser,
  adminListUsers,
  adminUpdateUser,
  invite,
  requireAdmin,
} from "./admin.ts";
import { API_VERSION, AuthError, type Ctx, OAuthError, parseJsonBody, str } from "./context.ts";
import { otp, recover, resend, signup, verifyGet, verifyPost } from "./emails.ts";
import { phoneOrAnonymousSignup, phoneOtp, resendSms, verifyPhone } from "./phone.ts";
import { logout, token } from "./tokens.ts";

/** The GoTrue release whose behaviour this follows (the one the Supabase CLI pins). */
const GOTRUE_VERSION = "v2.189.0";

function settings(ctx: Ctx): void {
  const providers = [
    "anonymous_users",
    "apple",
    "azure",
    "bitbucket",
    "discord",
    "facebook",
    "figma",
    "fly",
    "github",
    "gitlab",
    "google",
    "keycloak",
    "kakao",
    "linkedin",
    "linkedin_oidc",
    "notion",
    "spotify",
    "slack",
    "slack_oidc",
    "workos",
    "twitch",
    "twitter",
    "x",
    "zoom",
  ];
  const external: Record<string, boolean> = Object.fromEntries(providers.map((name) => [name, false]));
  external.email = true;
  external.phone = true;
  external.anonymous_users = ctx.config.enableAnonymousSignIns;
  sendJson(ctx.res, 200, {
    external,
    disable_signup: false,
    mailer_autoconfirm: !ctx.config.enableConfirmations,
    phone_autoconfirm: !ctx.config.smsEnableConfirmations,
    sms_provider: "",
    saml_enabled: false,
  });
}

const UUID_SEGMENT = /^\/admin\/users\/([^/]+)$/;
const IDENTITY_SEGMENT = /^\/user\/identities\/([^/]+)$/;

/** Routes one /auth/v1 request. `path` is the part after /auth/v1. */
async function route(ctx: Ctx): Promise<void> {
  const { method, path } = ctx;
  const key = `${method} ${path}`;
  switch (key) {
    case "GET /health":
    case "HEAD /health":
      sendJson(ctx.res, 200, {
        version: GOTRUE_VERSION,
        name: "GoTrue",
        description: "GoTrue is a user registration and authentication API",
      });
      return;
    case "GET /settings":
      settings(ctx);
      return;
    case "GET /.well-known/jwks.json":
      // The public halves of the signing keys; the HS256 secret is never listed (GoTrue jwks.go).
      sendJson(
        ctx.res,
        200,
        { keys: ctx.config.signingKeys.map(publicJwk) },
        { "Cache-Control": "public, max-age=600" },
      );
      return;
    case "POST /signup": {
      const body = await parseJsonBody(ctx);
      if (body.email === undefined) return phoneOrAnonymousSignup(ctx, body);
      return signup(ctx, body);
    }
    case "POST /token":
      return token(ctx);
    case "GET /user":
      return getUser(ctx);
    case "PUT /user":
      return updateUser(ctx);
    case "POST /logout":
      return logout(ctx);
    case "POST /recover":
      return recover(ctx);
    case "POST /otp":
    case "POST /magiclink": {
      const body = await parseJsonBody(ctx);
      if (body.email === undefined) return phoneOtp(ctx, body);
      return otp(ctx, body);
    }
    case "POST /resend": {
      const body = await parseJsonBody(ctx);
      const type = str(body.type);
      if ((type === "sms" || type === "phone_change") && body.phone !== undefined)
        return resendSms(ctx, body);
      return resend(ctx, body);
    }
    case "POST /verify": {
      const body = await parseJsonBody(ctx);
      if (body.phone !== undefined && body.token_hash === undefined) return verifyPhone(ctx, body);
      return verifyPost(ctx, body);
    }
    case "GET /reauthenticate":
      return reauthenticate(ctx);
    case "GET /user/identities/authorize":
      return linkIdentity(ctx);
    case "POST /invite":
      await requireAdmin(ctx);
      return invite(ctx);
    case "GET /verify":
      return verifyGet(ctx);
    case "POST /admin/generate_link":
      await requireAdmin(ctx);
      return adminGenerateLink(ctx);
    case "GET /admin/users":
      await requireAdmin(ctx);
      return adminListUsers(ctx);
    case "POST /admin/users":
      await requireAdmin(ctx);
      return adminCreateUser(ctx);
  }
  const identity = IDENTITY_SEGMENT.exec(path);
  if (identity && method === "DELETE") return unlinkIdentity(ctx, decodeURIComponent(identity[1] ?? ""));
  const adminUser = UUID_SEGMENT.exec(path);
  if (adminUser && ["GET", "PUT", "DELETE"].includes(method)) {
    await requireAdmin(ctx);
    const id = decodeURIComponent(adminUser[1] ?? "");
    if (method === "GET") return adminGetUser(ctx, id);
    if (method === "PUT") return adminUpdateUser(ctx, id);
    return adminDeleteUser(ctx, id);
  }
  throw new AuthError(501, "not_implemented", `supabase/local does not implement ${method} /auth/v1${path}`);
}

/** Handles a request under /auth/v1, turning every failure into GoTrue's error shape. */
export async function handleAuth(
  config: LocalConfig,
  db: Database,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  url: URL,
  bearer: string | undefined,
): Promise<void> {
  const ctx: Ctx = { config, db, req, res, method: req.method ?? "GET", path, url, bearer };
  try {
    await route(ctx);
  } catch (error) {
    const modern = Boolean(header(req, "x-supabase-api-version"));
    if (error instanceof AuthError) {
      const body = modern
        ? { code: error.code, message: error.message, ...error.extra }
        : { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
      sendJson(res, error.status, body, {
        "X-Supabase-Api-Version": API_VERSION,
        "x-sb-error-code": error.code,
        ...error.headers,
      });
      return;
    }
    if (error instanceof OAuthError) {
      sendJson(res, 400, { error: error.error, error_description: error.message });
      return;
    }
    throw error;
  }
}
