import { Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { FeeText } from "../fees";

/** A proposal's fee in one or two lines: its type, its figures and, for hourly, the estimate. */
export function FeeSummary({ fee, size = "sm" }: { fee: FeeText; size?: "sm" | "md" | "lg" }) {
  const { t } = useTranslation(["proposals", "cases"]);
  const main =
    fee.feeType === "hourly"
      ? t("fee.hourly", { rate: fee.hourlyRate, hours: fee.estimatedHours })
      : fee.feeType === "contingency"
        ? t("fee.contingency", { percent: fee.contingencyPercent })
        : fee.amount;
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {t(`cases:feeType.${fee.feeType}`)}
      </Text>
      <Text size={size} fw={600} data-testid="proposal-fee">
        {main ?? t("cases:notSet")}
      </Text>
      {fee.estimate ? (
        <Text size="xs" c="dimmed">
          {t("fee.estimate", { estimate: fee.estimate })}
        </Text>
      ) : null}
    </Stack>
  );
}
