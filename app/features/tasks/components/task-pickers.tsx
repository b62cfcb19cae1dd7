import type { Ref } from "react";
import { useTranslation } from "react-i18next";
import { TASK_QUERY_PARAMS, type TaskQuery } from "../task-query";
import { caseOptionLabel, type TaskCaseOption, type TaskPerson } from "../tasks";

/** A case picker's options, one per case by its label (the pickers below, the board's new-task form). */
export function CaseOptions({ cases }: { cases: readonly TaskCaseOption[] }) {
  return cases.map((option) => (
    <option key={option.id} value={option.id}>
      {caseOptionLabel(option)}
    </option>
  ));
}

/**
 * The board's and the table's case and assignee filters, in their GET form (so they work without
 * JavaScript and stay in the address): any case or one of the person's cases; anyone, me, or one of
 * the people of those cases. `caseRef` is the first field, for the focus when a link opens them.
 */
export function TaskPickers({
  query,
  cases,
  people,
  className,
  caseRef,
}: {
  query: TaskQuery;
  cases: readonly TaskCaseOption[];
  people: readonly TaskPerson[];
  className?: string;
  caseRef?: Ref<HTMLSelectElement>;
}) {
  const { t } = useTranslation("tasks");
  return (
    <>
      <label>
        {t("filters.case")}
        <select
          ref={caseRef}
          name={TASK_QUERY_PARAMS.caseId}
          defaultValue={query.caseId}
          className={className}
        >
          <option value="">{t("filters.anyCase")}</option>
          <CaseOptions cases={cases} />
        </select>
      </label>
      <label>
        {t("filters.assignee")}
        <select
          name={TASK_QUERY_PARAMS.assignee}
          defaultValue={query.assignee}
          className={className}
          data-testid="task-assignee-filter"
        >
          <option value="">{t("filters.anyone")}</option>
          <option value="me">{t("filters.me")}</option>
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
