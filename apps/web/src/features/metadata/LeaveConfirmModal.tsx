import { Button, Group, Modal, Text } from '@mantine/core';
import { metadataText as text } from './metadata-messages';

interface LeaveConfirmModalProps {
  opened: boolean;
  /** How many designs have unsaved edits. */
  unsaved: number;
  saving: boolean;
  onStay: () => void;
  onLeave: () => void;
  onSaveAndLeave: () => void;
}

/** Asked when the seller moves on with unsaved edits: stay, leave them, or save and go on. */
export function LeaveConfirmModal({
  opened,
  unsaved,
  saving,
  onStay,
  onLeave,
  onSaveAndLeave,
}: LeaveConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={onStay} title={text.leaveTitle} centered withCloseButton={!saving}>
      <Text fz="sm">{text.leaveText(unsaved)}</Text>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={onStay} disabled={saving}>
          {text.stay}
        </Button>
        <Button variant="light" color="red" onClick={onLeave} disabled={saving}>
          {text.leave}
        </Button>
        <Button onClick={onSaveAndLeave} loading={saving}>
          {text.saveAndLeave}
        </Button>
      </Group>
    </Modal>
  );
}
