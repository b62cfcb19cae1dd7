import { Anchor, Box } from "@mantine/core";
import { IconScale } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useRouteLoaderData } from "react-router";
import classes from "./logo.module.css";

/** Where the logo leads: the dashboard when signed in, else home (spec §2 Header). */
function useLogoTarget(): string {
  const root = useRouteLoaderData("root") as { signedIn?: boolean } | undefined;
  return root?.signedIn ? "/dashboard" : "/";
}

/** The wordmark "My" + "Lawyer" with the balance mark; `markOnly` keeps just the mark (mini nav). */
export function Logo({ to, markOnly = false }: { to?: string; markOnly?: boolean }) {
  const { t } = useTranslation();
  const target = useLogoTarget();
  to ??= target;
  return (
    <Anchor component={Link} to={to} className={classes.logo} aria-label={t("brand.home")} data-no-underline>
      <IconScale className={classes.mark} aria-hidden stroke={1.8} />
      {!markOnly && (
        <Box component="span" className={classes.word}>
          <span className={classes.my}>My</span>
          <span className={classes.lawyer}>Lawyer</span>
        </Box>
      )}
    </Anchor>
  );
}
