import {
  type ComponentType,
  createElement,
  lazy,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useState,
} from "react";
import { useHydrated } from "./hooks/use-hydrated";

/** Server only: the loads of every component made by `firstUseComponent`. */
const serverLoads: (() => Promise<void>)[] = [];
let serverLoaded: Promise<void> | undefined;
/** Browser only: the loads of the components each `?panel=` value opens. */
const panelLoads = new Map<string, (() => Promise<unknown>)[]>();

/**
 * A component whose code the browser downloads the first time the page renders it, not with the
 * page: `React.lazy` over `load` (render it inside a `<Suspense>`).
 *
 * The server renders it at once instead (a panel opened by `?panel=` is in the first HTML): a
 * lazy component would stream in after the page, and without JavaScript nothing would put it in
 * place. The server's entry waits for `loadFirstUseComponents()` before rendering. `panel` names
 * the `?panel=` value that has the server render it, for `loadOpenPanel`.
 */
export function firstUseComponent<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
  { panel }: { panel?: string } = {},
): Module[Name] {
  if (!import.meta.env.SSR) {
    if (panel) panelLoads.set(panel, [...(panelLoads.get(panel) ?? []), load]);
    return lazy(async () => ({ default: (await load())[name] as ComponentType<object> })) as Module[Name];
  }
  let loaded: ComponentType<object> | undefined;
  serverLoads.push(async () => {
    loaded = (await load())[name] as ComponentType<object>;
  });
  function LoadedOnServer(props: object) {
    if (!loaded) throw new Error(`${String(name)} is rendered before loadFirstUseComponents() resolved`);
    return createElement(loaded, props);
  }
  return LoadedOnServer as Module[Name];
}

/** Server: resolves once every component of `firstUseComponent` can render at once. */
export function loadFirstUseComponents(): Promise<void> {
  serverLoaded ??= Promise.all(serverLoads.map((serverLoad) => serverLoad())).then(() => undefined);
  return serverLoaded;
}

/**
 * Browser, before hydrating: loads the code of the panel the address opens (`?panel=`), which the
 * server rendered open. Hydrating it then takes no wait; waiting for its code, React would drop
 * the server's HTML at the page's first update and show the panel again only once it arrived.
 */
export async function loadOpenPanel(search: string): Promise<void> {
  const panel = new URLSearchParams(search).get("panel");
  await Promise.all((panelLoads.get(panel ?? "") ?? []).map((load) => load()));
}

/**
 * For a panel whose code loads on first use: whether to render it (from its first opening on, so
 * that it also plays its closing transition), and props for its trigger that start loading it as
 * soon as the pointer reaches the trigger, so that it is usually there, closed, by the click.
 */
export function useFirstUse(opened: boolean) {
  const [used, setUsed] = useState(opened);
  if (opened && !used) setUsed(true);
  return {
    used,
    intentProps: { onPointerEnter: () => setUsed(true) },
  };
}

/**
 * The `opened` to give the Drawer, Popover or Menu of a component loaded on first use. Mounted by
 * the browser already opened (the click came before the code), it renders closed first, so that
 * it still plays its opening transition. With `trigger`, it first gives the focus back to the
 * trigger when the focus was lost (the button clicked was a stand-in, since replaced), so that
 * closing returns the focus there. Rendered by the server, or while hydrating, it is `opened`.
 */
export function useOpenedAfterLoad(opened: boolean, trigger?: RefObject<HTMLElement | null>): boolean {
  const hydrating = !useHydrated();
  const [shown, setShown] = useState(hydrating && opened);
  const [openedAtMount] = useState(opened && !hydrating);
  useLayoutEffect(() => {
    if (openedAtMount && document.activeElement === document.body) trigger?.current?.focus();
  }, [openedAtMount, trigger]);
  useEffect(() => setShown(opened), [opened]);
  return shown;
}
