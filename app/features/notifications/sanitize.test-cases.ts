import { type DefaultTreeAdapterTypes, defaultTreeAdapter, html, parseFragment, serialize } from "parse5";
import { NOTIFICATION_HTML_POLICY as policy } from "./sanitize-policy";

/**
 * The cases both sanitiser tests run (sanitize.server.test.ts with sanitize-html,
 * sanitize.client.test.ts with DOMPurify): XSS payloads in the style of OWASP's filter-evasion
 * cheat sheet and known mutation-XSS bypasses, and formatting that must survive.
 */
export const XSS_PAYLOADS: readonly string[] = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=//xss.example/xss.js></SCRIPT>",
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  "<img src=x onerror=alert(1)>",
  "<IMG SRC=# onmouseover=\"alert('xxs')\">",
  "<svg onload=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="jav&#x0A;ascript:alert(1)">x</a>',
  '<a href="jav\tascript:alert(1)">x</a>',
  '<a href="&#14;  javascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">x</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="https://example.com" onclick="alert(1)">x</a>',
  "<b onmouseover=alert(1)>bold</b>",
  '<a href="#" title="&quot; onmouseover=alert(1) x=&quot;">x</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<div style="width: expression(alert(1))">x</div>',
  '<span style="background:url(javascript:alert(1))">x</span>',
  "<style>@import 'javascript:alert(1)';</style>",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">go</button></form>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  "<body onload=alert(1)>",
  "<details open ontoggle=alert(1)>",
  "<input autofocus onfocus=alert(1)>",
  "<video><source onerror=alert(1)></video>",
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  "<template><img src=x onerror=alert(1)></template>",
  "<xmp><img src=x onerror=alert(1)></xmp>",
  "<textarea></textarea><img src=x onerror=alert(1)>",
  "<p><svg><style><img src=x onerror=alert(1)></style></svg></p>",
  "<!--<img src=x onerror=alert(1)>-->",
  "<a href=javascript:alert(1)>unquoted</a>",
  '<a href="java&#x0D;script:alert(1)">x</a>',
  '<a href="\u0000javascript:alert(1)">x</a>',
  '<a/href="javascript:alert(1)">x</a>',
  '<a href="https://example.com/" style="color:red" target="_self" rel="opener">x</a>',
];

/** Formatting that must come out as given (compared as parsed HTML, attribute order aside). */
export const KEPT_FORMATTING: readonly { input: string; expected: string }[] = [
  {
    input: "<b>b</b> <strong>strong</strong> <i>i</i> <em>em</em> <u>u</u> <s>s</s> <code>code</code>",
    expected: "<b>b</b> <strong>strong</strong> <i>i</i> <em>em</em> <u>u</u> <s>s</s> <code>code</code>",
  },
  {
    input: "<p>Line one<br>Line two</p><p><span>second</span></p>",
    expected: "<p>Line one<br>Line two</p><p><span>second</span></p>",
  },
  {
    input: "<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol>",
    expected: "<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol>",
  },
  {
    input: '<a href="https://example.com/cases/1" title="Case file">Open the case</a>',
    expected: `<a href="https://example.com/cases/1" title="Case file" target="_blank" rel="${policy.linkRel}">Open the case</a>`,
  },
  {
    input: '<a href="mailto:clerk@example.com">Write to the clerk</a>',
    expected: `<a href="mailto:clerk@example.com" target="_blank" rel="${policy.linkRel}">Write to the clerk</a>`,
  },
  {
    input: '<a href="/dashboard/notification/NotificationsPage">All notifications</a>',
    expected: `<a href="/dashboard/notification/NotificationsPage" target="_blank" rel="${policy.linkRel}">All notifications</a>`,
  },
  {
    input: '<a href="http://example.com/" target="_self" rel="opener">Forced</a>',
    expected: `<a href="http://example.com/" target="_blank" rel="${policy.linkRel}">Forced</a>`,
  },
  { input: "Fees &amp; costs &lt; 5 &gt; 3", expected: "Fees &amp; costs &lt; 5 &gt; 3" },
  {
    input: '<span class="x" id="y" title="t" data-id="1">kept text</span>',
    expected: "<span>kept text</span>",
  },
  { input: "<div>A <h1>new</h1> <strong>case</strong></div>", expected: "A new <strong>case</strong>" },
  {
    input: '<img src="avatar.png" alt="avatar">Jane assigned you a task',
    expected: "Jane assigned you a task",
  },
];

type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

/** Where a title lands in the page: the body of an element, parsed as a browser's innerHTML does. */
function parseAsBrowser(markup: string): DefaultTreeAdapterTypes.DocumentFragment {
  const context = defaultTreeAdapter.createElement("div", html.NS.HTML, []);
  return parseFragment(context, markup, {});
}

function elementsOf(node: ParentNode): Element[] {
  const found: Element[] = [];
  for (const child of node.childNodes) {
    if (!("tagName" in child)) continue;
    found.push(child, ...elementsOf(child));
    if ("content" in child) found.push(...elementsOf(child.content));
  }
  return found;
}

/** The scheme a browser would see in a URL: tabs and newlines removed, C0 controls and spaces trimmed. */
function schemeOf(url: string): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the URL parser strips exactly these
  const normalized = url.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
  return /^([a-z][a-z0-9+.-]*):/i.exec(normalized)?.[1]?.toLowerCase() ?? null;
}

const ALLOWED_TAGS: readonly string[] = policy.allowedTags;
const ALLOWED_SCHEMES: readonly string[] = policy.allowedSchemes;
const LINK_ATTRIBUTES: readonly string[] = policy.allowedAttributes.a;
/** Markup that must never appear in the output, whatever the parse (in a whole page, <body onload> runs). */
const FORBIDDEN_MARKUP =
  /<(?:script|iframe|svg|math|img|style|object|embed|form|noscript|template|base|meta|link|html|head|body|frameset)\b/i;
/** What must never appear in the markup itself: tags, attribute names and link targets. */
const EXECUTABLE_MARKUP = /\son\w+\s*=|javascript:|vbscript:|data:|style\s*=/i;

/**
 * The markup a browser built from `fragment`, without what can only ever be text: text nodes and
 * the values of attributes other than href (a title may mention "onclick=" harmlessly).
 */
function markupOf(fragment: DefaultTreeAdapterTypes.DocumentFragment): string {
  for (const element of elementsOf(fragment)) {
    for (const attr of element.attrs) if (attr.name !== "href") attr.value = "";
    element.childNodes = element.childNodes.filter((child) => "tagName" in child);
  }
  fragment.childNodes = fragment.childNodes.filter((child) => "tagName" in child);
  return serialize(fragment);
}

/**
 * Everything in `output` that could run script or escape the policy once a browser parses it:
 * an element or attribute outside the policy, an event handler, a style, a link to a scheme
 * other than http, https and mailto, a link without the forced target and rel. Empty when inert.
 */
export function executableVectors(output: string): string[] {
  const problems: string[] = [];
  if (FORBIDDEN_MARKUP.test(output)) problems.push(`forbidden markup in ${output}`);
  const markup = markupOf(parseAsBrowser(output));
  if (EXECUTABLE_MARKUP.test(markup)) problems.push(`executable markup in ${markup}`);
  for (const element of elementsOf(parseAsBrowser(output))) {
    const tag = element.tagName;
    if (element.namespaceURI !== html.NS.HTML) problems.push(`<${tag}> in namespace ${element.namespaceURI}`);
    if (!ALLOWED_TAGS.includes(tag)) problems.push(`<${tag}> is not allowed`);
    for (const { name, value } of element.attrs) {
      if (/^on/i.test(name)) problems.push(`event handler ${name} on <${tag}>`);
      if (name === "style") problems.push(`style on <${tag}>`);
      if (tag !== "a" || !LINK_ATTRIBUTES.includes(name)) problems.push(`attribute ${name} on <${tag}>`);
      if (name === "href") {
        const scheme = schemeOf(value);
        if (scheme !== null && !ALLOWED_SCHEMES.includes(scheme))
          problems.push(`link to ${scheme}: (${value})`);
      }
    }
    if (tag === "a") {
      const attribute = (name: string) => element.attrs.find((attr) => attr.name === name)?.value;
      if (attribute("target") !== policy.linkTarget) problems.push(`link target ${attribute("target")}`);
      if (attribute("rel") !== policy.linkRel) problems.push(`link rel ${attribute("rel")}`);
    }
  }
  return problems;
}

/** `markup` as a browser would parse and serialize it, attributes sorted: equal HTML compares equal. */
export function canonicalHtml(markup: string): string {
  const fragment = parseAsBrowser(markup);
  for (const element of elementsOf(fragment)) element.attrs.sort((a, b) => a.name.localeCompare(b.name));
  return serialize(fragment);
}
