import dayjs from "dayjs";
import utc from "dayjs/plugin/utc";
import { isolate } from "~/lib/i18n/bidi";
import { loadDayjsLocale } from "~/lib/i18n/dayjs";
import { getLanguageOption } from "~/lib/i18n/languages";
import { memoize } from "~/lib/memo";

dayjs.extend(utc);

/** Spec §9's date formats. */
const DAY_FORMAT = "DD MMM YYYY";
export const DATE_TIME_FORMAT = "DD MMM YYYY h:mm a";

/** Dates each language's formatter remembers, written (a few years of calendar days). */
const DATES_REMEMBERED = 2000;

/** A moment both machine-readable (for `<time dateTime>`) and written for the reader. */
export type DateText = { iso: string; text: string };

/**
 * Writes money and dates in a person's language. Built in loaders, so the first HTML and the
 * hydrated page show the same text (the browser never re-formats): pass the strings to components.
 * Every text it writes is a bidi isolate in the direction of that language (`~/lib/i18n/bidi`), so a
 * range, amount or date keeps its order in a page or sentence of the other direction.
 */
export type Formatter = {
  money(amount: number | null | undefined, currency: string): string | null;
  /** "$1,000 – $5,000", the one bound that is set, or null when neither is. */
  budget(min: number | null, max: number | null, currency: string): string | null;
  /** A calendar date (`needed_by`, YYYY-MM-DD) or an instant, as "DD MMM YYYY". */
  day(value: string | null | undefined): DateText | null;
  /** An instant as "DD MMM YYYY h:mm a" (UTC, the one time zone the server knows). */
  dateTime(value: string | null | undefined): DateText | null;
  number(value: number): string;
  percent(value: number): string;
};

/**
 * The formatter of a language; loads its dayjs locale first. Building the Intl formatters costs
 * more than a page of rows takes to format, so each language's formatter is built once.
 */
export const getFormatter: (language: string) => Promise<Formatter> = memoize(buildFormatter);

async function buildFormatter(language: string): Promise<Formatter> {
  const dateLocale = await loadDayjsLocale(language);
  const { numberFormat, dir } = getLanguageOption(language);
  const { code } = numberFormat;
  const isolated = (text: string) => isolate(text, dir);
  const numbers = new Intl.NumberFormat(code, { maximumFractionDigits: 2 });
  const percents = new Intl.NumberFormat(code, { style: "percent", maximumFractionDigits: 2 });
  const currencies = new Map<string, Intl.NumberFormat>();
  const currencyFormat = (currency: string) => {
    let format = currencies.get(currency);
    if (!format) {
      format = new Intl.NumberFormat(code, {
        style: "currency",
        currency,
        trailingZeroDisplay: "stripIfInteger",
      });
      currencies.set(currency, format);
    }
    return format;
  };
  const plainMoney = (amount: number | null | undefined, currency: string) =>
    amount === null || amount === undefined ? null : currencyFormat(currency).format(amount);
  const money = (amount: number | null | undefined, currency: string) => {
    const text = plainMoney(amount, currency);
    return text === null ? null : isolated(text);
  };
  const written = (value: string | null | undefined, format: string): DateText | null => {
    if (!value) return null;
    const moment = dayjs.utc(value);
    if (!moment.isValid()) return null;
    return { iso: value, text: isolated(moment.locale(dateLocale).format(format)) };
  };
  return {
    money,
    budget(min, max, currency) {
      // One isolate around the whole range: its bounds keep the order of the language's direction.
      const low = plainMoney(min, currency);
      const high = plainMoney(max, currency);
      const text = low && high && low !== high ? `${low} – ${high}` : (low ?? high);
      return text === null ? null : isolated(text);
    },
    // dayjs parses, clones and formats for each date (a board's cards cost a few milliseconds);
    // the same dates come back request after request (due dates, a list's times).
    day: memoize((value) => written(value, DAY_FORMAT), DATES_REMEMBERED),
    dateTime: memoize((value) => written(value, DATE_TIME_FORMAT), DATES_REMEMBERED),
    number: (value) => isolated(numbers.format(value)),
    percent: (value) => isolated(percents.format(value / 100)),
  };
}
