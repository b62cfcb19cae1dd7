import DOMPurify from "dompurify";
import { NOTIFICATION_HTML_POLICY as policy } from "./sanitize-policy";

const ALLOWED_TAGS: readonly string[] = policy.allowedTags;
const LINK_ATTRIBUTES: readonly string[] = policy.allowedAttributes.a;
/**
 * An allowed scheme, or no scheme at all: no colon before the first "/", "?" or "#" (a path in
 * the app). DOMPurify removes whitespace and control characters before testing.
 */
const ALLOWED_URI = new RegExp(`^(?:(?:${policy.allowedSchemes.join("|")}):|[^:/?#]*(?:[/?#]|$))`, "i");

/** A purifier of its own, so these hooks never affect another DOMPurify user on the page. */
const purifier = DOMPurify(window);

// Attributes are allowed per tag (only links carry any), which DOMPurify's flat list cannot say.
purifier.addHook("uponSanitizeAttribute", (node, data) => {
  if (node.nodeName !== "A" || !LINK_ATTRIBUTES.includes(data.attrName)) data.keepAttr = false;
});
purifier.addHook("afterSanitizeAttributes", (node) => {
  if (node.nodeName !== "A") return;
  node.setAttribute("target", policy.linkTarget);
  node.setAttribute("rel", policy.linkRel);
});

/** A notification title reduced to the formatting and links of NOTIFICATION_HTML_POLICY (browser side). */
export function sanitizeNotificationHtml(html: string): string {
  return purifier.sanitize(html, {
    ALLOWED_TAGS: [...ALLOWED_TAGS],
    ALLOWED_ATTR: [...LINK_ATTRIBUTES],
    ALLOWED_URI_REGEXP: ALLOWED_URI,
    ADD_FORBID_CONTENTS: [...policy.dropWithContent],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}
