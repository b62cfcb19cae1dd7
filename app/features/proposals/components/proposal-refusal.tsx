import { Alert, Button, Group, Stack } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** Why the proposal form is not offered here (and the action would refuse): a message, a way on. */
type FormRefusal = "notLawyer" | "ownCase" | "caseNotOpen" | "alreadyProposed" | "notEditable";

export function ProposalRefusal({
  reason,
  links,
}: {
  reason: FormRefusal;
  links: { to: string; label: string }[];
}) {
  const { t } = useTranslation("proposals");
  return (
    <Alert
      variant="light"
      color="yellow"
      icon={<IconInfoCircle />}
      title={t(`refusal.${reason}.title`)}
      data-testid="proposal-refusal"
      data-reason={reason}
    >
      <Stack gap="sm">
        {t(`refusal.${reason}.text`)}
        <Group gap="sm">
          {links.map((link) => (
            <Button key={link.to} component={Link} to={link.to} size="xs" variant="light" color="yellow">
              {link.label}
            </Button>
          ))}
        </Group>
      </Stack>
    </Alert>
  );
}
