import { Button, Group } from "@mantine/core";
import { IconListCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { workflowPaths } from "../workflows";

/** The case page's way to its workflows: start one on this case, or see those it has. */
export function CaseWorkflowsLink({ caseId }: { caseId: string }) {
  const { t } = useTranslation("workflows");
  return (
    <Group gap="xs" data-testid="case-workflows">
      <Button
        component={Link}
        to={workflowPaths.startOn(caseId)}
        variant="light"
        leftSection={<IconListCheck size={16} aria-hidden />}
      >
        {t("case.start")}
      </Button>
      <Button component={Link} to={`${workflowPaths.list}?case=${caseId}`} variant="subtle">
        {t("case.see")}
      </Button>
    </Group>
  );
}
