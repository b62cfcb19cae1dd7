import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { BadgeValueProps } from "~/features/cases/components/case-badges";
import type { ProposalStatus } from "../proposals";

const PROPOSAL_STATUS_COLOR: Record<ProposalStatus, string> = {
  draft: "gray",
  submitted: "blue",
  viewed: "cyan",
  accepted: "teal",
  declined: "red",
  withdrawn: "gray",
};

/** A proposal's status, coloured the same everywhere (cards, lists, the case page). */
export function ProposalStatusBadge({ value, ...props }: BadgeValueProps<ProposalStatus>) {
  const { t } = useTranslation("cases");
  return (
    <Badge variant="light" color={PROPOSAL_STATUS_COLOR[value]} data-status={value} {...props}>
      {t(`proposalStatus.${value}`)}
    </Badge>
  );
}
