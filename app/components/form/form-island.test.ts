import { describe, expect, it } from "vitest";
import { formIslandScript } from "./form-island";

type Listener = (event: FakeEvent) => void;

/** An event as the island reads it: its target, whether it was prevented, `persisted` for pageshow. */
class FakeEvent {
  defaultPrevented = false;
  constructor(
    readonly target: unknown = null,
    readonly persisted = false,
  ) {}
  preventDefault() {
    this.defaultPrevented = true;
  }
}

/** An element with listeners, attributes and a dataset, enough for the island. */
class FakeElement {
  readonly dataset: Record<string, string> = {};
  readonly attributes = new Map<string, string>();
  readonly listeners = new Map<string, Listener[]>();
  type = "password";
  constructor(readonly toggleOf: FakeElement | null = null) {}
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  dispatch(type: string, event = new FakeEvent()) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
    return event;
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  removeAttribute(name: string) {
    this.attributes.delete(name);
  }
  closest(selector: string) {
    return selector === "[data-password-toggle]" && this.dataset.passwordToggle ? this : null;
  }
}

/** Runs the island after `form`, as the browser does when it parses the script. */
function runIsland(form: FakeElement, elements: Record<string, FakeElement> = {}) {
  const window = new FakeElement();
  const document = {
    currentScript: { previousElementSibling: form },
    getElementById: (id: string) => elements[id] ?? null,
  };
  new Function("document", "window", "Element", formIslandScript())(document, window, FakeElement);
  return window;
}

describe("formIslandScript", () => {
  it("lets the first submit through and drops a second one (a double click sends once)", () => {
    const form = new FakeElement();
    runIsland(form);
    expect(form.dispatch("submit").defaultPrevented).toBe(false);
    expect(form.dataset.sent).toBe("");
    expect(form.attributes.get("aria-busy")).toBe("true");
    expect(form.dispatch("submit").defaultPrevented).toBe(true);
    expect(form.dispatch("submit").defaultPrevented).toBe(true);
  });

  it("sends again once the browser brings the page back from its history", () => {
    const form = new FakeElement();
    const window = runIsland(form);
    form.dispatch("submit");
    window.dispatch("pageshow", new FakeEvent(null, false));
    expect(form.dispatch("submit").defaultPrevented).toBe(true);
    window.dispatch("pageshow", new FakeEvent(null, true));
    expect(form.attributes.has("aria-busy")).toBe(false);
    expect(form.dispatch("submit").defaultPrevented).toBe(false);
  });

  it("does not count a submit something else stopped", () => {
    const form = new FakeElement();
    runIsland(form);
    const stopped = new FakeEvent();
    stopped.preventDefault();
    form.dispatch("submit", stopped);
    expect(form.dataset.sent).toBeUndefined();
    expect(form.dispatch("submit").defaultPrevented).toBe(false);
  });

  it("shows and hides the password its toggle names, keeping the focus in the field", () => {
    const form = new FakeElement();
    const input = new FakeElement();
    const toggle = new FakeElement();
    toggle.dataset.passwordToggle = "sign-in-password";
    runIsland(form, { "sign-in-password": input });
    expect(form.dispatch("mousedown", new FakeEvent(toggle)).defaultPrevented).toBe(true);
    form.dispatch("click", new FakeEvent(toggle));
    expect(input.type).toBe("text");
    expect(toggle.attributes.get("aria-pressed")).toBe("true");
    form.dispatch("click", new FakeEvent(toggle));
    expect(input.type).toBe("password");
    expect(toggle.attributes.get("aria-pressed")).toBe("false");
  });

  it("leaves other clicks alone", () => {
    const form = new FakeElement();
    const input = new FakeElement();
    runIsland(form, { "sign-in-password": input });
    const click = form.dispatch("click", new FakeEvent(new FakeElement()));
    expect(click.defaultPrevented).toBe(false);
    expect(form.dispatch("mousedown", new FakeEvent(new FakeElement())).defaultPrevented).toBe(false);
    expect(input.type).toBe("password");
  });
});
