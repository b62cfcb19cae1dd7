/**
 * What a person does to the page before React takes it over (ADR 0013).
 *
 * Until hydration every control is a native one and acts natively: a link navigates, a submit
 * button posts its form to an action that works without JavaScript, a checkbox or radio or text
 * field takes the input. What React loses is that last part: a control whose state it holds (a
 * Mantine Switch, Radio or Radio.Group, anything with `checked`/`value`) is rendered again with the
 * server's state on its next render, and a switch turned off while the scripts loaded is quietly on
 * again (and a setting that applies on change never hears of it).
 *
 * So the client entry calls `holdInputBeforeHydration()` just before `hydrateRoot`: it notes each
 * checkbox and radio whose state differs from the HTML's and puts it back, so React hydrates
 * exactly the page the server rendered. Once hydrated, the root calls
 * `replayInputBeforeHydration()`, which clicks each again as the person would, so the component's
 * own handler takes it as if React had been there all along.
 *
 * Text fields, text areas and selects are left as the person left them: the app's are uncontrolled
 * (Conform reads the form), so React keeps what was typed, and putting their text back for the
 * moment of hydration would show an empty field to a person who presses Enter in that moment (a
 * sign-in sent empty while the e-mail is on the screen).
 *
 * The replay waits for the work the hydration left behind (a task): a boundary whose code is lazy
 * hydrates then (an event on it still makes React hydrate it at once), and a part that hydration
 * renders again (a drawer moving into its portal) has its new controls; a control the page built
 * anew is found again by its name and value, or its id.
 */

/** A checkbox or radio the person clicked, and the state it was put back to: clicked again once hydrated. */
type Change = { kind: "click"; resetTo: boolean };

/** Where to find a control again: the `index`th match of `selector` in the page. */
type ControlAddress = { selector: string; index: number };

type HeldInput = { element: Element; address: ControlAddress | null; change: Change };

let held: HeldInput[] = [];
let heldIn: ParentNode | null = null;

/**
 * Notes every checkbox and radio under `root` the person changed before hydration and puts it back
 * to the server-rendered state. Call it right before `hydrateRoot`, in the same task.
 */
export function holdInputBeforeHydration(root: ParentNode = document): void {
  heldIn = root;
  const checkable = root.querySelectorAll('input[type="checkbox"], input[type="radio"]');
  const changed = Array.from(checkable, (element) => ({
    element,
    changed: changeOf(element),
  }));
  // Put back only once every change is read: putting back a radio group's default unpicks the other.
  held = [];
  for (const { element, changed: found } of changed) {
    if (!found) continue;
    found.putBack();
    if (found.change) held.push({ element, address: addressOf(root, element), change: found.change });
  }
}

/** How often the replay looks again for controls React has not hydrated yet, and for how long. */
const REPLAY_RETRY_MS = 100;
const REPLAY_GIVE_UP_MS = 10_000;

/**
 * For the root's effect, once hydrated: replays the held input, each change once React owns its
 * control (a lazy part hydrates later, or is rendered anew). Returns the effect's cleanup.
 */
export function replayInputBeforeHydration(): () => void {
  const giveUpAt = Date.now() + REPLAY_GIVE_UP_MS;
  let timer = setTimeout(function tick() {
    replayHeldInput();
    if (held.length === 0) return;
    if (Date.now() < giveUpAt) timer = setTimeout(tick, REPLAY_RETRY_MS);
    else held = [];
  }, 0);
  return () => clearTimeout(timer);
}

/**
 * Gives the held changes whose control is ready again as the person's input; the others stay held.
 * A control the person changed again since (React was there then) keeps that newer state; one
 * that is disabled now is left alone; one that is gone is given up with the rest after a while.
 */
export function replayHeldInput(isReady: (element: Element) => boolean = ownedByReact): void {
  const waiting: HeldInput[] = [];
  for (const input of held) {
    const current = input.element.isConnected ? input.element : findAgain(heldIn, input.address);
    // Not there yet, or not React's yet: a lazy part is rendered anew once its code is in.
    if (!current || !isReady(current)) waiting.push(input);
    else if (!current.matches(":disabled")) replay(current, input.change);
  }
  held = waiting;
}

/**
 * Whether React has hydrated (or rendered) the element: it then keeps its props on it. An event
 * on a part still waiting for its code would be dropped by React while the browser acts on it.
 */
function ownedByReact(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith("__reactProps$"));
}

function replay(element: Element, change: Change) {
  if (element instanceof HTMLInputElement && element.checked === change.resetTo) element.click();
}

/** A control the person changed: what to replay (none for a radio that was only unpicked), and how to put it back. */
type Changed = { change: Change | null; putBack: () => void };

function changeOf(element: Element): Changed | null {
  if (!(element instanceof HTMLInputElement)) return null;
  if (element.checked === element.defaultChecked) return null;
  const putBack = () => {
    element.checked = element.defaultChecked;
  };
  // Of a radio group, the one the person picked is clicked again; the default one is only put back.
  if (element.type === "radio" && element.defaultChecked) return { change: null, putBack };
  return { change: { kind: "click", resetTo: element.defaultChecked }, putBack };
}

/** A selector for the control: its name (and value, of a checkbox or radio), or else its id. */
function addressOf(root: ParentNode, element: Element): ControlAddress | null {
  const name = element.getAttribute("name");
  const value = element.getAttribute("value");
  let selector: string;
  if (name) {
    selector = `${element.localName}[name=${quote(name)}]`;
    const checkable =
      element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio");
    if (checkable && value !== null) selector += `[value=${quote(value)}]`;
  } else if (element.id) {
    selector = `${element.localName}[id=${quote(element.id)}]`;
  } else {
    return null;
  }
  return { selector, index: Array.from(root.querySelectorAll(selector)).indexOf(element) };
}

/** The control now at a held control's address (the page rendered it anew: a drawer moved into its portal). */
function findAgain(root: ParentNode | null, address: ControlAddress | null): Element | null {
  if (!root || !address) return null;
  return root.querySelectorAll(address.selector)[address.index] ?? null;
}

function quote(text: string): string {
  return `"${text.replace(/["\\]/g, "\\$&")}"`;
}
