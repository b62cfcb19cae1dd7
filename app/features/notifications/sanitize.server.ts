import sanitizeHtml from "sanitize-html";
import { memoize } from "~/lib/memo";
import { NOTIFICATION_HTML_POLICY as policy } from "./sanitize-policy";

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...policy.allowedTags],
  allowedAttributes: Object.fromEntries(
    Object.entries(policy.allowedAttributes).map(([tag, names]) => [tag, [...names]]),
  ),
  allowedSchemes: [...policy.allowedSchemes],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ["href"],
  disallowedTagsMode: "discard",
  nonTextTags: [...policy.dropWithContent],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: policy.linkTarget, rel: policy.linkRel },
    }),
  },
};

/**
 * A notification title reduced to the formatting and links of NOTIFICATION_HTML_POLICY (server
 * side). Every dashboard page shows the bell's newest notifications, and a title never changes, so
 * each one is sanitized once per isolate.
 */
export const sanitizeNotificationHtml: (html: string) => string = memoize((html) =>
  sanitizeHtml(html, OPTIONS),
);
