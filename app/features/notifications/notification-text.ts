const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};

/** Line breaks and block elements separate words; inline tags (strong, em, a) do not. */
const BREAKING_TAG = /<(?:br|\/?(?:p|div|li|ul|ol|h[1-6]|tr|td|th))\b[^>]*>/gi;
/** A start or end tag, or a comment; a lone "<" (as in "2 < 3") is text. */
const ANY_TAG = /<!--[\s\S]*?-->|<\/?[a-z][^>]*>/gi;

/**
 * A notification title (HTML, spec §3) as plain text: tags stripped, the basic entities decoded
 * once, whitespace collapsed. React escapes the result, so markup in a title is never executed.
 */
export function notificationText(title: string): string {
  return title
    .replace(BREAKING_TAG, " ")
    .replace(ANY_TAG, "")
    .replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, " ")
    .trim();
}
