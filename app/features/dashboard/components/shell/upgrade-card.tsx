import { Badge, Button, Text } from "@mantine/core";
import { IconRocket } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { PlanId } from "~/features/payment/plans";
import { nextPlan } from "~/features/workspaces/workspaces";
import classes from "./upgrade-card.module.css";

const PRICING_PATH = "/pricing";

/**
 * The promo card at the foot of the navigation (spec §2 upgrade card): it offers the plan above
 * the person's own and leads to the pricing page. Nothing is offered on the top plan, nor when the
 * plan is unknown.
 */
export function UpgradeCard({ plan }: { plan: PlanId | null }) {
  const { t } = useTranslation("navbar");
  const { t: td } = useTranslation("dashboard");
  const next = nextPlan(plan);
  if (!next) return null;
  const name = td(`overview.plans.${next}`);
  return (
    <div className={classes.card} data-testid="upgrade-card">
      <IconRocket size={72} stroke={1.2} className={classes.art} aria-hidden />
      <Badge size="sm" radius="sm" variant="white" color="dark" className={classes.badge}>
        {name}
      </Badge>
      <Text className={classes.title}>{t("shell.upgrade.title", { plan: name })}</Text>
      <Text className={classes.text}>{t("shell.upgrade.text")}</Text>
      <Button
        component={Link}
        to={PRICING_PATH}
        size="xs"
        radius="md"
        variant="white"
        color="dark"
        className={classes.action}
      >
        {t("shell.upgrade.action")}
      </Button>
    </div>
  );
}
