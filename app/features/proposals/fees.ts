import type { Formatter } from "~/lib/i18n/format";
import type { FeeType, ProposalRow } from "./proposals";

/** An hourly proposal's estimate: rate × hours, rounded to the cent as money is stored. */
export function hourlyEstimate(hourlyRate: number, estimatedHours: number): number {
  return Math.round(hourlyRate * estimatedHours * 100) / 100;
}

/**
 * A proposal's fee written for the reader (built in loaders, see format.ts): the figures of its
 * fee type only, as strings the page composes with its translated labels.
 */
export type FeeText = {
  feeType: FeeType;
  /** The fixed fee or the retainer. */
  amount: string | null;
  hourlyRate: string | null;
  estimatedHours: string | null;
  /** Rate × hours, in the proposal's currency. */
  estimate: string | null;
  contingencyPercent: string | null;
};

type FeeFigures = Pick<
  ProposalRow,
  "fee_type" | "amount" | "currency" | "hourly_rate" | "estimated_hours" | "contingency_percent"
>;

export function feeText(row: FeeFigures, format: Formatter): FeeText {
  const hourly = row.fee_type === "hourly" && row.hourly_rate !== null && row.estimated_hours !== null;
  return {
    feeType: row.fee_type,
    amount:
      row.fee_type === "fixed" || row.fee_type === "retainer" ? format.money(row.amount, row.currency) : null,
    hourlyRate: hourly ? format.money(row.hourly_rate, row.currency) : null,
    estimatedHours: hourly && row.estimated_hours !== null ? format.number(row.estimated_hours) : null,
    estimate:
      hourly && row.hourly_rate !== null && row.estimated_hours !== null
        ? format.money(hourlyEstimate(row.hourly_rate, row.estimated_hours), row.currency)
        : null,
    contingencyPercent:
      row.fee_type === "contingency" && row.contingency_percent !== null
        ? format.percent(row.contingency_percent)
        : null,
  };
}
