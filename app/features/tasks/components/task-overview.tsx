import { Badge, Group, Stack, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageTitle } from "~/components/page-title";
import pipeline from "~/features/cases/components/case-pipeline.module.css";
import type { TaskCard } from "../queries.server";
import { taskPaths } from "../tasks";
import classes from "./task-board.module.css";

type Section = { tasks: TaskCard[]; total: number };
type TaskOverviewProps = {
  summary: Record<"today" | "week" | "overdue", Section>;
  today: string;
  weekEnd: string;
};

/**
 * /dashboard/task_management: the person's own open tasks due today, this week and overdue — a
 * count and the first few of each, each leading to the full list in the table.
 */
export function TaskOverview({ summary, today, weekEnd }: TaskOverviewProps) {
  const { t } = useTranslation("tasks");
  const sections = [
    { key: "overdue", href: `${taskPaths.table}?assignee=me&overdue=1` },
    { key: "today", href: `${taskPaths.table}?assignee=me&due_from=${today}&due_to=${today}` },
    { key: "week", href: `${taskPaths.table}?assignee=me&due_from=${today}&due_to=${weekEnd}` },
  ] as const;
  return (
    <div data-testid="task-overview">
      <PageTitle title={t("overview.title")} description={t("overview.description")} />
      <div className={pipeline.board}>
        {sections.map(({ key, href }) => {
          const section = summary[key];
          return (
            <section
              key={key}
              className={pipeline.column}
              aria-labelledby={`overview-${key}`}
              data-testid={`task-overview-${key}`}
            >
              <Group justify="space-between" gap="xs" className={pipeline.columnHeader} wrap="nowrap">
                <Title order={2} size="h5" id={`overview-${key}`}>
                  {t(`overview.${key}`)}
                </Title>
                <Badge variant="light" color="gray" data-testid="task-overview-count">
                  {section.total}
                </Badge>
              </Group>
              <Stack component="ul" gap="sm" className={pipeline.cards} m={0} style={{ listStyle: "none" }}>
                {section.tasks.map((task) => (
                  <li key={task.id} className={classes.card}>
                    <Link to={taskPaths.view(task.id)} className={classes.title}>
                      {task.title}
                    </Link>
                    <span className={classes.meta}>
                      {task.caseReference}
                      {task.due && (
                        <time dateTime={task.due.iso} className={task.overdue ? classes.overdue : undefined}>
                          {task.due.text}
                        </time>
                      )}
                    </span>
                  </li>
                ))}
                {section.total === 0 && <li className={classes.meta}>{t("overview.none")}</li>}
              </Stack>
              <p className={pipeline.viewAll}>
                <Link to={href}>{t("overview.all")}</Link>
              </p>
            </section>
          );
        })}
      </div>
      <p>
        <Link to={taskPaths.board}>{t("overview.toBoard")}</Link>
      </p>
    </div>
  );
}
