import { Button, type ButtonProps, Group, Paper, Text } from "@mantine/core";
import { useMounted } from "@mantine/hooks";
import { type ReactNode, Suspense, useEffect, useId, useState } from "react";
import { Link, useLocation, useNavigation } from "react-router";
import { firstUseComponent, useFirstUse } from "~/lib/first-use";

/** The dialog's code (Mantine's Modal) loads the first time a confirmation is wanted. */
const ConfirmDialog = firstUseComponent(() => import("./confirm-dialog"), "ConfirmDialog");

/** This page's address without any pending confirmation (where a cancelled step goes back). */
function usePageWithoutConfirmation(params: readonly string[]): string {
  const { pathname, search } = useLocation();
  const query = new URLSearchParams(search);
  for (const param of params) query.delete(param);
  const rest = query.toString();
  return `${pathname}${rest ? `?${rest}` : ""}`;
}

type ConfirmStepProps = {
  /** The query parameter (and its value) that opens the step without JavaScript. */
  param: string;
  value: string;
  trigger: ReactNode;
  triggerProps?: ButtonProps;
  title: string;
  text: ReactNode;
  /** The real submit: a form, or a button tied to one (it carries the confirm label). */
  confirm: ReactNode;
  /** The label of the way back ("Cancel", "Keep it"). */
  cancelLabel: string;
  testId?: string;
};

/**
 * A button that asks before a move that cannot be undone. With JavaScript it opens a dialog in
 * place; without it (and until the page hydrates) it is a link (`?param=value`) after which the
 * server renders the step inline, holding the same form. Used by every confirmed action of the
 * case and proposal pages. The dialog's code loads when the pointer reaches the button or on the
 * first click (ADR 0019).
 */
export function ConfirmStep({
  param,
  value,
  trigger,
  triggerProps,
  title,
  text,
  confirm,
  cancelLabel,
  testId,
}: ConfirmStepProps) {
  const location = useLocation();
  const navigation = useNavigation();
  const mounted = useMounted();
  const titleId = useId();
  const search = new URLSearchParams(location.search);
  const requested = search.get(param) === value;
  const [open, setOpen] = useState(requested);
  const { used, intentProps } = useFirstUse(open);
  // The dialog's work is done once its form is sent: whatever the answer, the page shows it.
  useEffect(() => {
    if (navigation.state === "submitting") setOpen(false);
  }, [navigation.state]);
  search.set(param, value);
  const backTo = usePageWithoutConfirmation([param]);

  if (mounted) {
    return (
      <>
        <Button
          type="button"
          onClick={() => setOpen(true)}
          data-testid={testId}
          {...intentProps}
          {...triggerProps}
        >
          {trigger}
        </Button>
        {used && (
          <Suspense fallback={null}>
            <ConfirmDialog
              opened={open}
              onClose={() => setOpen(false)}
              title={title}
              text={text}
              confirm={confirm}
              cancelLabel={cancelLabel}
            />
          </Suspense>
        )}
      </>
    );
  }
  // Without JavaScript the button is a link to this page with the step open, shown in its place.
  if (!requested) {
    return (
      <Button
        component="a"
        href={`${location.pathname}?${search}`}
        rel="nofollow"
        data-testid={testId}
        {...triggerProps}
      >
        {trigger}
      </Button>
    );
  }
  return (
    <Paper role="alertdialog" aria-labelledby={titleId} withBorder shadow="md" p="md" w="100%" maw={420}>
      <Text fw={700} id={titleId}>
        {title}
      </Text>
      <Text size="sm" mt={4}>
        {text}
      </Text>
      <Group justify="flex-end" mt="md" gap="xs">
        <Button component={Link} to={backTo} variant="default">
          {cancelLabel}
        </Button>
        {confirm}
      </Group>
    </Paper>
  );
}
