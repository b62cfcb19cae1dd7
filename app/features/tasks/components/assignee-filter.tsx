import { useTranslation } from "react-i18next";
import type { TaskPerson } from "../tasks";

/**
 * The board's and the table's "Assignee" filter: anyone, me, or one of the people of the
 * person's cases (a GET form's select, so it works without JavaScript and stays in the address).
 */
export function AssigneeFilter({
  name,
  value,
  people,
  className,
}: {
  name: string;
  /** The query's assignee: "", "me" or a person's id. */
  value: string;
  people: readonly TaskPerson[];
  className?: string;
}) {
  const { t } = useTranslation("tasks");
  return (
    <label>
      {t("filters.assignee")}
      <select name={name} defaultValue={value} className={className} data-testid="task-assignee-filter">
        <option value="">{t("filters.anyone")}</option>
        <option value="me">{t("filters.me")}</option>
        {people.map((person) => (
          <option key={person.id} value={person.id}>
            {person.name}
          </option>
        ))}
      </select>
    </label>
  );
}
