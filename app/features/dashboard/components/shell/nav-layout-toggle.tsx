import { ActionIcon } from "@mantine/core";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useFetcher, useLocation } from "react-router";
import { PendingFieldset } from "~/components/form/pending-form";
import { SETTINGS_ACTION, SETTINGS_FETCHER_KEY } from "~/components/settings/use-settings";
import type { Settings } from "~/lib/settings/settings";
import classes from "./nav-layout-toggle.module.css";

/**
 * Collapses the vertical navigation to mini and expands it back (spec §4): a settings form, so it
 * works without JavaScript; with it, the settings fetcher applies the change at once.
 */
export function NavLayoutToggle({ layout }: { layout: Settings["navLayout"] }) {
  const { t } = useTranslation("navbar");
  const fetcher = useFetcher({ key: SETTINGS_FETCHER_KEY });
  const location = useLocation();
  const next = layout === "mini" ? "vertical" : "mini";
  const label = layout === "mini" ? t("shell.expandNav") : t("shell.collapseNav");
  return (
    <fetcher.Form method="post" action={SETTINGS_ACTION}>
      <PendingFieldset pending={fetcher.state !== "idle"}>
        <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
        <ActionIcon
          type="submit"
          name="navLayout"
          value={next}
          size={26}
          radius="xl"
          variant="default"
          className={classes.toggle}
          aria-label={label}
          title={label}
        >
          {layout === "mini" ? <IconChevronRight size={16} /> : <IconChevronLeft size={16} />}
        </ActionIcon>
      </PendingFieldset>
    </fetcher.Form>
  );
}
