import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { takeFlash } from "./flash.server";
import { formRefusal, invariantResponse, redirectWithToast } from "./responses.server";

function thrown(run: () => void): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("nothing was thrown");
}

/** The flash a redirect carries, as the next request's root loader reads it. */
function flashOf(response: Response) {
  const cookie = response.headers.get("Set-Cookie")?.split(";")[0] ?? "";
  return takeFlash(new Request("http://localhost/", { headers: { Cookie: cookie } })).flash;
}

describe("invariantResponse", () => {
  it("lets a truthy condition through", () => {
    expect(() => invariantResponse("a value", "never")).not.toThrow();
  });

  it("throws a 400 by default, or the status given, which the error boundary reads", () => {
    const missing = thrown(() => invariantResponse(null, "Not here", { status: 404 }));
    expect(missing).toMatchObject({ data: "Not here", init: { status: 404 } });
    expect(thrown(() => invariantResponse(false, () => "Bad"))).toMatchObject({
      data: "Bad",
      init: { status: 400 },
    });
  });
});

describe("redirectWithToast", () => {
  it("redirects with a flash the next page shows", () => {
    const response = redirectWithToast("/dashboard", { kind: "success", message: "proposals:flash.saved" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    expect(flashOf(response)).toEqual({ kind: "success", message: "proposals:flash.saved" });
  });

  it("takes an error code and shows its one message", () => {
    const response = redirectWithToast("/dashboard/case/proposal", "proposal:own_case");
    expect(flashOf(response)).toEqual({ kind: "error", message: "errors:proposal.ownCase" });
  });

  it("keeps the headers it is given, every cookie too", () => {
    const response = redirectWithToast("/x", "common:failed", {
      status: 303,
      headers: { "Set-Cookie": "other=1; Path=/", "X-Test": "yes" },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("X-Test")).toBe("yes");
    expect(response.headers.getSetCookie()).toHaveLength(2);
  });
});

describe("formRefusal", () => {
  it("answers with Conform's reply carrying the code's message, with the code's status", () => {
    const form = new FormData();
    form.set("title", "A title");
    const submission = parseWithZod(form, { schema: z.object({ title: z.string() }) });
    const answer = formRefusal(submission, "proposal:already_proposed");
    expect(answer.init?.status).toBe(409);
    expect(answer.data.error?.[""]).toEqual(["errors:proposal.alreadyProposed"]);
    expect(answer.data.initialValue).toEqual({ title: "A title" });
  });
});
