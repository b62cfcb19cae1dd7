import { caseOptionLabel, type TaskCaseOption } from "../tasks";

/** A case picker's options, one per case by its label (the board's filter and form, the table's filter). */
export function CaseOptions({ cases }: { cases: readonly TaskCaseOption[] }) {
  return cases.map((option) => (
    <option key={option.id} value={option.id}>
      {caseOptionLabel(option)}
    </option>
  ));
}
