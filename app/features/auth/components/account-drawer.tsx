import { Avatar, UnstyledButton } from "@mantine/core";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import type { SignedInUser } from "~/features/auth/user";
import { firstUseComponent, useFirstUse } from "~/lib/first-use";
import { useUrlToggle } from "~/lib/hooks/use-url-toggle";
import classes from "./account-drawer.module.css";

/** `?panel=account` opens the drawer, on the server too. */
const PANEL = "account";
const AccountPanel = firstUseComponent(() => import("./account-panel"), "AccountPanel", { panel: PANEL });

interface AccountDrawerProps {
  user: SignedInUser;
}

/**
 * The header's avatar and the account drawer it opens (spec §2). Without JavaScript the avatar is
 * a `?panel=account` link and the server renders the drawer open; the drawer's code loads the
 * first time it is wanted.
 */
export function AccountDrawer({ user }: AccountDrawerProps) {
  const { t } = useTranslation("header");
  const drawer = useUrlToggle(PANEL, { closeOnNavigate: true });
  const { used, intentProps } = useFirstUse(drawer.opened);

  return (
    <>
      {/* One link before and after hydration, so a click is never lost while the page boots. */}
      <UnstyledButton
        component="a"
        {...drawer.openLinkProps}
        {...intentProps}
        rel="nofollow"
        className={classes.trigger}
        aria-label={t("account.open")}
        aria-haspopup="dialog"
      >
        <Avatar
          src={user.photoURL}
          name={user.displayName}
          color="initials"
          alt=""
          radius="xl"
          size={36}
          className={classes.triggerAvatar}
        />
      </UnstyledButton>

      {used && (
        <Suspense fallback={null}>
          <AccountPanel
            user={user}
            opened={drawer.opened}
            onClose={drawer.close}
            closeLinkProps={drawer.closeLinkProps}
          />
        </Suspense>
      )}
    </>
  );
}
