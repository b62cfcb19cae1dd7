// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { holdInputBeforeHydration, replayHeldInput as replayWhenReady } from "./input-before-hydration";

/** No React here: every control counts as hydrated. */
const replayHeldInput = () => replayWhenReady(() => true);

/** The server's HTML of a small form, in a fresh document body. */
function render(html: string) {
  document.body.innerHTML = `<form>${html}</form>`;
  const form = document.querySelector("form") as HTMLFormElement;
  const events: string[] = [];
  for (const type of ["click", "input", "change"]) {
    form.addEventListener(type, (event) => {
      const target = event.target as HTMLInputElement;
      events.push(`${type}:${target.name}`);
    });
  }
  return { form, events };
}

const input = (name: string, value?: string) =>
  document.querySelector(
    value === undefined ? `[name="${name}"]` : `[name="${name}"][value="${value}"]`,
  ) as HTMLInputElement;

describe("input before hydration", () => {
  beforeEach(() => replayHeldInput());

  it("puts a switch the person turned off back for hydration, then clicks it again", () => {
    const { events } = render(`<input type="checkbox" name="payment.in_app" checked>`);
    input("payment.in_app").click();
    events.length = 0;

    holdInputBeforeHydration(document);
    expect(input("payment.in_app").checked).toBe(true);
    expect(events).toEqual([]);

    replayHeldInput();
    expect(input("payment.in_app").checked).toBe(false);
    expect(events).toEqual(["click:payment.in_app", "input:payment.in_app", "change:payment.in_app"]);
  });

  it("leaves what the person did not touch alone", () => {
    const { events } = render(`
      <input type="checkbox" name="a" checked><input type="checkbox" name="b">
      <input type="radio" name="r" value="1" checked><input type="radio" name="r" value="2">
      <input name="title" value="Deposit"><textarea name="text">Hello</textarea>
      <select name="s"><option value="x">x</option><option value="y">y</option></select>`);
    holdInputBeforeHydration(document);
    replayHeldInput();
    expect(events).toEqual([]);
    expect(input("a").checked).toBe(true);
    expect(input("title").value).toBe("Deposit");
  });

  it("replays the radio the person picked, after hydrating the group as the server rendered it", () => {
    const { events } = render(`
      <input type="radio" name="navLayout" value="vertical" checked>
      <input type="radio" name="navLayout" value="mini">`);
    input("navLayout", "mini").click();
    events.length = 0;

    holdInputBeforeHydration(document);
    expect(input("navLayout", "vertical").checked).toBe(true);
    expect(input("navLayout", "mini").checked).toBe(false);

    replayHeldInput();
    expect(input("navLayout", "mini").checked).toBe(true);
    expect(events).toEqual(["click:navLayout", "input:navLayout", "change:navLayout"]);
  });

  it("leaves typed text and chosen options as they are: a form sent in that moment sends them", () => {
    const { events } = render(`
      <input name="title" value=""><textarea name="description"></textarea>
      <select name="area"><option value="">Any</option><option value="family">Family</option></select>`);
    input("title").value = "Unpaid deposit";
    (document.querySelector("textarea") as HTMLTextAreaElement).value = "Two months";
    (document.querySelector("select") as HTMLSelectElement).value = "family";

    holdInputBeforeHydration(document);
    const sent = new FormData(document.querySelector("form") as HTMLFormElement);
    expect(Object.fromEntries(sent)).toEqual({
      title: "Unpaid deposit",
      description: "Two months",
      area: "family",
    });

    replayHeldInput();
    expect(input("title").value).toBe("Unpaid deposit");
    expect(events).toEqual([]);
  });

  it("finds a control the page rendered anew by its name and value", () => {
    render(`<input type="checkbox" name="colorScheme" value="dark">`);
    input("colorScheme", "dark").click();
    holdInputBeforeHydration(document);

    // Hydration moved the drawer into its portal: the same control, a new element.
    const { events } = render(`<input type="checkbox" name="colorScheme" value="dark">`);
    replayHeldInput();
    expect(input("colorScheme", "dark").checked).toBe(true);
    expect(events).toEqual(["click:colorScheme", "input:colorScheme", "change:colorScheme"]);
  });

  it("keeps a newer change the person made once React was there, and skips disabled controls", () => {
    const { events } = render(`<input type="checkbox" name="a"><input type="checkbox" name="b">`);
    input("a").click();
    input("b").click();
    holdInputBeforeHydration(document);
    input("a").click();
    input("b").disabled = true;
    events.length = 0;

    replayHeldInput();
    expect(input("a").checked).toBe(true);
    expect(input("b").checked).toBe(false);
    expect(events).toEqual([]);
  });

  it("holds a change until React owns its control", () => {
    const { events } = render(`<input type="checkbox" name="a">`);
    input("a").click();
    holdInputBeforeHydration(document);
    events.length = 0;
    replayWhenReady(() => false);
    expect(input("a").checked).toBe(false);
    replayHeldInput();
    expect(input("a").checked).toBe(true);
    expect(events).toEqual(["click:a", "input:a", "change:a"]);
  });

  it("hands buttons, hidden fields and files to the browser alone", () => {
    render(`<input type="hidden" name="intent" value="save"><input type="submit" name="go" value="Go">`);
    input("intent").value = "changed by a script";
    holdInputBeforeHydration(document);
    expect(input("intent").value).toBe("changed by a script");
  });
});
