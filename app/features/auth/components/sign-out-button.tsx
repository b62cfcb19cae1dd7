import { Button, type ButtonProps } from "@mantine/core";
import { IconLogout } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigation } from "react-router";
import { PendingForm } from "~/components/form/pending-form";

const SIGN_OUT_ACTION = "/auth/sign-out";

/** The Logout button: a form post, so it works without JavaScript (the sign-in page then tells the other tabs). */
export function SignOutButton(props: ButtonProps) {
  const { t } = useTranslation("auth");
  const location = useLocation();
  const navigation = useNavigation();
  return (
    <PendingForm method="post" action={SIGN_OUT_ACTION}>
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      <Button
        type="submit"
        color="red"
        variant="light"
        leftSection={<IconLogout size={18} aria-hidden />}
        loading={navigation.state === "submitting" && navigation.formAction === SIGN_OUT_ACTION}
        {...props}
      >
        {t("signOut")}
      </Button>
    </PendingForm>
  );
}
