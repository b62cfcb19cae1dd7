import dmSansLatin from "@fontsource-variable/dm-sans/files/dm-sans-latin-wght-normal.woff2?url";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import notoSansArabic from "@fontsource-variable/noto-sans-arabic/files/noto-sans-arabic-arabic-wght-normal.woff2?url";
import nunitoSansLatin from "@fontsource-variable/nunito-sans/files/nunito-sans-latin-wght-normal.woff2?url";
import publicSansLatin from "@fontsource-variable/public-sans/files/public-sans-latin-wght-normal.woff2?url";
import type { Settings } from "~/lib/settings/settings";

/**
 * The font file a page needs first: the chosen family's latin subset, or on an Arabic page the
 * Arabic family's arabic subset. The same files as app/styles/fonts.css declares, so a preload and
 * the @font-face share one fingerprinted URL.
 */
const LATIN_FILES: Record<Settings["fontFamily"], string> = {
  "Public Sans Variable": publicSansLatin,
  "Inter Variable": interLatin,
  "DM Sans Variable": dmSansLatin,
  "Nunito Sans Variable": nunitoSansLatin,
};

export function firstFontFile(fontFamily: Settings["fontFamily"], arabic: boolean): string {
  return arabic ? notoSansArabic : LATIN_FILES[fontFamily];
}
