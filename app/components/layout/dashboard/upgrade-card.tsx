import { Badge, Button, Text } from "@mantine/core";
import { IconRocket } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import classes from "./upgrade-card.module.css";

export const PRICING_PATH = "/pricing";

/** The promo card at the foot of the vertical navigation (spec §2: "35% OFF", template content). */
export function UpgradeCard() {
  const { t } = useTranslation("header");
  return (
    <div className={classes.card}>
      <IconRocket size={72} stroke={1.2} className={classes.art} aria-hidden />
      <Badge size="sm" radius="sm" variant="white" color="dark" className={classes.badge}>
        {t("upgrade.discount")}
      </Badge>
      <Text className={classes.title}>{t("upgrade.title")}</Text>
      <Text className={classes.text}>{t("upgrade.text")}</Text>
      <Button
        component={Link}
        to={PRICING_PATH}
        size="xs"
        radius="md"
        variant="white"
        color="dark"
        className={classes.action}
      >
        {t("upgrade.action")}
      </Button>
    </div>
  );
}
