/**
 * The browser's `react-i18next` (ADR 0021): the client build resolves `react-i18next` to this
 * module (`vite.config.ts`, `clientTranslations`), so components import `useTranslation` and
 * `Trans` from "react-i18next" on both sides; the server renders with the real one. It holds
 * exactly what the app uses — `useTranslation(ns)` → `{ t, i18n }`, `<Trans t i18nKey values
 * components>`, `I18nextProvider` — and writes what react-i18next writes (`client-i18n.test.ts`
 * renders both and compares, so hydration matches).
 */
import {
  cloneElement,
  createContext,
  createElement,
  type ReactElement,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useSyncExternalStore,
} from "react";
import { type ClientI18n, type ClientTFunction, interpolate } from "./client-i18n";

const I18nContext = createContext<ClientI18n | null>(null);

export function I18nextProvider({ i18n, children }: { i18n: ClientI18n; children?: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

/** The plugin i18next's `use()` takes on the server; nothing to set up here. */
export const initReactI18next = { type: "3rdParty", init() {} } as const;

function useI18n(): ClientI18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error("useTranslation outside I18nextProvider");
  return i18n;
}

/**
 * The translate function of `ns` (its first namespace; `other:key` reaches the rest) in the
 * current language. A new one when the language changes, which re-renders the component.
 */
export function useTranslation(ns?: string | readonly string[]): { t: ClientTFunction; i18n: ClientI18n } {
  const i18n = useI18n();
  const subscribe = useCallback(
    (onChange: () => void) => {
      i18n.on("languageChanged", onChange);
      return () => i18n.off("languageChanged", onChange);
    },
    [i18n],
  );
  const lng = useSyncExternalStore(
    subscribe,
    () => i18n.language,
    () => i18n.language,
  );
  const first = (typeof ns === "string" ? ns : ns?.[0]) ?? i18n.options.defaultNS;
  const t = useMemo(() => i18n.getFixedT(lng, first), [i18n, lng, first]);
  return { t, i18n };
}

/** react-i18next's `unescape`: the entities it reads back in `<Trans>`'s text. */
const ENTITY =
  /&(?:amp|#38|lt|#60|gt|#62|apos|#39|quot|#34|nbsp|#160|copy|#169|reg|#174|hellip|#8230|#x2F|#47);/g;
const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&#38;": "&",
  "&lt;": "<",
  "&#60;": "<",
  "&gt;": ">",
  "&#62;": ">",
  "&apos;": "'",
  "&#39;": "'",
  "&quot;": '"',
  "&#34;": '"',
  "&nbsp;": "\u00A0",
  "&#160;": "\u00A0",
  "&copy;": "©",
  "&#169;": "©",
  "&reg;": "®",
  "&#174;": "®",
  "&hellip;": "…",
  "&#8230;": "…",
  "&#x2F;": "/",
  "&#47;": "/",
};
const readEntities = (text: string) => text.replace(ENTITY, (entity) => ENTITIES[entity] ?? entity);

/** HTML elements react-i18next keeps as they are in a translation (`transKeepBasicHtmlNodesFor`). */
const KEPT = ["br", "strong", "i", "p"];
const TAG = /<(\/?)([a-zA-Z0-9-]+)\s*(\/?)>/g;

type MarkupNode = { text: string } | { tag: string; void: boolean; children: MarkupNode[] };

/**
 * The translation's markup: text, and the tags `<Trans>` knows (its components and the kept HTML
 * elements); any other tag is text. Whitespace alone after a closing tag reads as one space. Tags
 * are `<name>`, `</name>` and `<name/>`, without attributes or numbered names (react-i18next's
 * `<0>`), which no locale uses (`client-i18n.test.tsx` checks).
 */
function parseMarkup(markup: string, known: (name: string) => boolean): MarkupNode[] {
  const root: MarkupNode[] = [];
  const stack: { tag: string; children: MarkupNode[] }[] = [];
  let text = "";
  let afterClose = false;
  const children = () => stack[stack.length - 1]?.children ?? root;
  const flush = () => {
    if (text) children().push({ text: afterClose && /^\s*$/.test(text) ? " " : text });
    text = "";
  };
  let at = 0;
  for (const match of markup.matchAll(TAG)) {
    const [whole, closing, name = "", selfClosing] = match;
    const index = match.index ?? 0;
    text += markup.slice(at, index);
    at = index + whole.length;
    if (!known(name)) {
      text += whole;
      continue;
    }
    flush();
    if (closing) {
      if (stack[stack.length - 1]?.tag === name) stack.pop();
      afterClose = true;
    } else if (selfClosing || name === "br") {
      children().push({ tag: name, void: true, children: [] });
      afterClose = true;
    } else {
      const node = { tag: name, void: false, children: [] };
      children().push(node);
      stack.push(node);
      afterClose = false;
    }
  }
  text += markup.slice(at);
  flush();
  return root;
}

type TransProps = {
  t: ClientTFunction;
  i18nKey: string;
  values?: Record<string, unknown>;
  components?: Record<string, ReactElement>;
};

/**
 * A translation with markup: `<name>…</name>` becomes the component `components[name]` holding
 * the text; values are interpolated first, escaped, and read back as text (as react-i18next).
 */
export function Trans({ t, i18nKey, values, components = {} }: TransProps) {
  const options = {
    context: undefined,
    count: undefined,
    ...values,
    interpolation: { escapeValue: true },
    defaultValue: i18nKey,
    ns: undefined,
  };
  const translation = t(i18nKey, options);
  if (translation === "") return [];
  const names = Object.keys(components);
  const nodes = parseMarkup(translation, (name) => KEPT.includes(name) || names.includes(name));
  // The text is read again with every option and component as a variable, as react-i18next does.
  const data = { ...components, ...options };
  const render = (list: MarkupNode[]): ReactNode[] =>
    list.map((node, i) => {
      if ("text" in node) return readEntities(interpolate(node.text, data, {}, false));
      const inner = render(node.children);
      const component = components[node.tag];
      if (!component)
        return createElement(node.tag, { key: `${node.tag}-${i}` }, ...(node.void ? [] : [inner]));
      // A component with children of its own used as `<name/>` keeps them (react-i18next).
      const own = (component.props as { children?: unknown }).children;
      const key = i;
      if (own && (translation.includes(`${node.tag}/>`) || translation.includes(`${node.tag} />`)))
        return cloneElement(component, { key });
      return cloneElement(component, { key }, node.void ? null : inner);
    });
  return render(nodes);
}
