import { Button, Group, Modal, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useOpenedAfterLoad } from "~/lib/first-use";

/**
 * The dialog of `ConfirmStep` once the page has hydrated, in a module of its own: Mantine's Modal
 * (focus trap, scroll lock, portal, transitions) loads the first time a confirmation is wanted,
 * not with the page (ADR 0019). Mounted already open (the click came before the code), it renders
 * closed once so that it still plays its opening transition; closing returns the focus to the
 * trigger, which stays in the page.
 */
export function ConfirmDialog({
  opened,
  onClose,
  title,
  text,
  confirm,
  cancelLabel,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  text: ReactNode;
  confirm: ReactNode;
  cancelLabel: string;
}) {
  const shown = useOpenedAfterLoad(opened);
  return (
    <Modal opened={shown} onClose={onClose} title={title} centered>
      <Text size="sm">{text}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {cancelLabel}
        </Button>
        {confirm}
      </Group>
    </Modal>
  );
}
