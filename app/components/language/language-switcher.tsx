import { UnstyledButton } from "@mantine/core";
import { IconLanguage } from "@tabler/icons-react";
import type { i18n as I18n } from "i18next";
import { type FormEvent, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import { showToast, updateToast } from "~/components/toasts/toasts";
import { LANGUAGES } from "~/lib/i18n/languages";
import classes from "./language-switcher.module.css";

const LANGUAGE_ACTION = "/api/language";
const SWITCH_TIMEOUT_MS = 15_000;

/** Resolves once i18next runs in `lng` (translations loaded); rejects after a timeout. */
function languageSwitched(i18n: I18n, lng: string): Promise<void> {
  if (i18n.language === lng) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      i18n.off("languageChanged", onChange);
      reject(new Error(`language did not switch to ${lng}`));
    }, SWITCH_TIMEOUT_MS);
    function onChange(changed: string) {
      if (changed !== lng) return;
      clearTimeout(timer);
      i18n.off("languageChanged", onChange);
      resolve();
    }
    i18n.on("languageChanged", onChange);
  });
}

/**
 * The language menu. A plain form posting to /api/language (works without JavaScript, the server
 * sets the cookie and sends the person back); with JavaScript it shows the toasts of spec §4.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const details = useRef<HTMLDetailsElement>(null);
  const current = LANGUAGES.find((l) => l.value === i18n.language) ?? LANGUAGES[0];

  async function change(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const lng = submitter?.value;
    if (!lng) return;
    event.preventDefault();
    if (details.current) details.current.open = false;
    const id = showToast({
      loading: true,
      message: t("language.loading"),
      autoClose: false,
      withCloseButton: false,
    });
    try {
      const response = await fetch(LANGUAGE_ACTION, {
        method: "POST",
        body: new URLSearchParams({ lng }),
        headers: { Accept: "application/json" },
      });
      if (!response.ok) throw new Error(`language change failed: ${response.status}`);
      // The root follows its loader's language (see root.tsx): reload it and wait for the switch.
      // A `?lng=` in the address would beat the new cookie, so it is dropped from the URL.
      const switched = languageSwitched(i18n, lng);
      const search = new URLSearchParams(location.search);
      if (search.has("lng")) {
        search.delete("lng");
        const query = search.toString();
        await navigate(`${location.pathname}${query ? `?${query}` : ""}${location.hash}`, {
          replace: true,
          preventScrollReset: true,
        });
      } else {
        await revalidator.revalidate();
      }
      await switched;
      updateToast({
        id,
        loading: false,
        color: "green",
        message: i18n.t("language.changed"),
        autoClose: 4000,
        withCloseButton: true,
      });
    } catch (error) {
      console.error(error);
      updateToast({
        id,
        loading: false,
        color: "red",
        message: i18n.t("language.error"),
        autoClose: 4000,
        withCloseButton: true,
      });
    }
  }

  return (
    <details ref={details} className={classes.details}>
      <UnstyledButton component="summary" className={classes.summary} aria-label={t("language.label")}>
        <IconLanguage size={20} aria-hidden />
        <span className={classes.code}>{current.countryCode}</span>
      </UnstyledButton>
      <form method="post" action={LANGUAGE_ACTION} className={classes.menu} onSubmit={change}>
        <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
        {LANGUAGES.map((language) => (
          <button
            key={language.value}
            type="submit"
            name="lng"
            value={language.value}
            lang={language.value}
            className={classes.option}
            aria-current={language.value === current.value ? "true" : undefined}
          >
            <span className={classes.flag} aria-hidden>
              {language.countryCode}
            </span>
            {language.label}
          </button>
        ))}
      </form>
    </details>
  );
}
