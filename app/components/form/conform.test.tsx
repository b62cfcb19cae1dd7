// @vitest-environment jsdom
import { MantineProvider } from "@mantine/core";
import { createInstance } from "i18next";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "~/lib/zod-jitless";
import { ConformForm, useLazyConformForm } from "./conform";
import { TextField } from "./fields";
import { useConformForm } from "./use-conform-form";

const schema = z.object({ email: z.email({ error: "errors.emailInvalid" }).max(20, "errors.tooLong") });
const constraint = { email: { required: true, maxLength: 20 } };

const i18n = createInstance();
await i18n.use(initReactI18next).init({
  lng: "en",
  ns: ["demo"],
  resources: { en: { demo: { "errors.emailInvalid": "Enter an e-mail address" } } },
  initAsync: false,
});

const load = vi.fn(async () => schema);

function LazyForm() {
  const [form, fields] = useLazyConformForm({ id: "lazy", schema: { load, constraint } });
  return (
    <ConformForm form={form} ns="demo">
      <TextField field={fields.email} label="E-mail" />
      <button type="submit">Send</button>
    </ConformForm>
  );
}

function EagerForm() {
  const [form, fields] = useConformForm({ id: "eager", schema });
  return (
    <ConformForm form={form} ns="demo">
      <TextField field={fields.email} label="E-mail" />
      <button type="submit">Send</button>
    </ConformForm>
  );
}

let container: HTMLDivElement;
let root: Root;

async function mount(Form: () => React.ReactNode) {
  const Stub = createRoutesStub([{ path: "/", Component: Form, action: () => null }]);
  await act(async () =>
    root.render(
      <I18nextProvider i18n={i18n}>
        <MantineProvider>
          <Stub />
        </MantineProvider>
      </I18nextProvider>,
    ),
  );
}

const input = () => container.querySelector("input") as HTMLInputElement;
const errorText = () => container.textContent?.includes("Enter an e-mail address") ?? false;

/** Submits the form with a bad address: validated in the browser, the error shows and nothing posts. */
async function submitBadAddress() {
  input().value = "not-an-address";
  await act(async () => container.querySelector("form")?.requestSubmit());
}

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  load.mockClear();
  // Mantine's color scheme asks for it; jsdom has none.
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }) as unknown as MediaQueryList;
  container = document.createElement("div");
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

describe("useLazyConformForm", () => {
  it("renders the server's constraints and loads nothing until the form is first used", async () => {
    await mount(LazyForm);
    expect(input().required).toBe(true);
    expect(input().maxLength).toBe(20);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(load).not.toHaveBeenCalled();
  });

  it.each([
    ["focus", () => new FocusEvent("focusin", { bubbles: true })],
    ["pointer down", () => new Event("pointerdown", { bubbles: true })],
    ["input", () => new InputEvent("input", { bubbles: true })],
  ])("loads the schema once on the first %s and then validates in the browser", async (_, event) => {
    await mount(LazyForm);
    await act(async () => input().dispatchEvent(event()));
    await act(async () => input().dispatchEvent(new FocusEvent("focusin", { bubbles: true })));
    expect(load).toHaveBeenCalledOnce();
    await vi.waitFor(async () => {
      await submitBadAddress();
      expect(errorText()).toBe(true);
    });
    expect(input().getAttribute("aria-invalid")).toBe("true");
  });
});

describe("useConformForm", () => {
  it("validates in the browser once hydrated, without waiting for a first use", async () => {
    await mount(EagerForm);
    await vi.waitFor(async () => {
      await submitBadAddress();
      expect(errorText()).toBe(true);
    });
  });
});
