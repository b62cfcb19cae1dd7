import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseForm, readForm } from "./form.server";

const URL_ = "http://localhost/dashboard/notifications";

function post(body: BodyInit | null, contentType?: string): Request {
  const headers = new Headers();
  if (contentType) headers.set("Content-Type", contentType);
  return new Request(URL_, { method: "POST", body, headers });
}

async function refused(request: Request, read: (request: Request) => Promise<unknown> = readForm) {
  try {
    await read(request);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error("readForm accepted the body");
}

describe("readForm", () => {
  it("reads a url-encoded form and a multipart form", async () => {
    const encoded = await readForm(post("intent=read&id=1", "application/x-www-form-urlencoded"));
    expect(Object.fromEntries(encoded)).toEqual({ intent: "read", id: "1" });
    const multipart = new FormData();
    multipart.set("intent", "delete");
    expect((await readForm(new Request(URL_, { method: "POST", body: multipart }))).get("intent")).toBe(
      "delete",
    );
  });

  it("reads an empty form as an empty form (the action's validation answers)", async () => {
    const form = await readForm(post("", "application/x-www-form-urlencoded; charset=UTF-8"));
    expect([...form]).toEqual([]);
  });

  it.each([
    ["no Content-Type and no body", post(null)],
    ["no Content-Type with a body", post("intent=read")],
    ["JSON", post('{"intent":"read"}', "application/json")],
    ["text", post("intent=read", "text/plain")],
  ])("refuses %s with 415 and says what it wants", async (_, request) => {
    const response = await refused(request);
    expect(response.status).toBe(415);
    expect(await response.text()).toMatch(/application\/x-www-form-urlencoded or multipart\/form-data/);
  });

  it("refuses a multipart body that does not parse with 400", async () => {
    const response = await refused(
      post("garbage\r\n--not-the-boundary", "multipart/form-data; boundary=xyz"),
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("The request body is not a valid multipart/form-data form.");
    const noBoundary = await refused(post("garbage", "multipart/form-data"));
    expect(noBoundary.status).toBe(400);
  });

  it("refuses a NUL character in a value or a name with 400", async () => {
    for (const body of ["title=a%00b", "ti%00tle=x"]) {
      const response = await refused(post(body, "application/x-www-form-urlencoded"));
      expect(response.status).toBe(400);
      expect(await response.text()).toMatch(/NUL/);
    }
  });
});

describe("parseForm", () => {
  const schema = z.object({
    title: z.string({ error: "errors.titleRequired" }).max(5, "errors.titleTooLong"),
    hours: z.number({ error: "errors.hoursInvalid" }).optional(),
  });
  const form = (body: string) => post(body, "application/x-www-form-urlencoded");

  it("gives the schema's value, coerced as Conform does, and every posted field as sent", async () => {
    const submission = await parseForm(form("title=Hello&hours=2.5&returnTo=%2Fdashboard"), schema);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toEqual({ title: "Hello", hours: 2.5 });
    expect(submission.payload).toMatchObject({ returnTo: "/dashboard" });
  });

  it("answers an invalid form with the schema's messages (translation keys) per field", async () => {
    const submission = await parseForm(form("title=Too+long&hours=many"), schema);
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toEqual({
      title: ["errors.titleTooLong"],
      hours: ["errors.hoursInvalid"],
    });
    // An empty field is a missing one: the person gets "required", not "invalid".
    expect((await parseForm(form("title="), schema)).reply().error).toEqual({
      title: ["errors.titleRequired"],
    });
  });

  it("refuses a body that is not a form before parsing anything", async () => {
    const response = await refused(post('{"title":"x"}', "application/json"), (request) =>
      parseForm(request, schema),
    );
    expect(response.status).toBe(415);
  });
});
