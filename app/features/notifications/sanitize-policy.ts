/**
 * What a notification title (HTML, spec §3) may keep: simple formatting and links. The server
 * (sanitize-html) and the browser (DOMPurify) both apply this one policy; anything not listed —
 * scripts, event handlers, styles, frames, forms, media, SVG and MathML — is removed.
 */
export const NOTIFICATION_HTML_POLICY = {
  allowedTags: ["b", "strong", "i", "em", "u", "s", "br", "p", "span", "a", "code", "ul", "ol", "li"],
  /** Attributes per tag; every other attribute (on*, style, class, id, src …) is dropped. */
  allowedAttributes: { a: ["href", "title", "target", "rel"] },
  /** URL schemes a link may use; a URL without a scheme (a path in the app) is kept too. */
  allowedSchemes: ["http", "https", "mailto"],
  /**
   * Removed together with everything inside them: their content is code, a fallback for code or
   * markup in another namespace, never text a reader should see (an avatar is shown separately,
   * so images go too).
   */
  dropWithContent: [
    "script",
    "style",
    "noscript",
    "template",
    "iframe",
    "frame",
    "frameset",
    "object",
    "embed",
    "applet",
    "noembed",
    "noframes",
    "svg",
    "math",
    "xmp",
    "plaintext",
    "title",
    "textarea",
    "select",
    "option",
    "video",
    "audio",
  ],
  /** Every kept link opens in a new tab without giving the target page a handle on this one. */
  linkTarget: "_blank",
  linkRel: "noopener noreferrer nofollow",
} as const;
