import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/** The question every screen asks before deleting the items checked on it. */
const texts = {
  title: 'Confirm Delete',
  text: 'Are you sure you want to delete the selected items?',
  proceed: 'Proceed',
  cancel: 'Cancel',
};

/**
 * A confirm button's action that runs once: the modal closes with an animation during which a
 * second click of a double click still lands on its button.
 */
export function once(action: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    action();
  };
}

interface DeleteConfirmation {
  /** A second, dimmed line under the question: what will go. */
  detail?: string;
  onConfirm: () => void;
}

/** Asks before deleting the checked items: a centred modal whose Proceed button is red. */
export function confirmDeleteSelected({ detail, onConfirm }: DeleteConfirmation): void {
  modals.openConfirmModal({
    title: texts.title,
    centered: true,
    children: (
      <>
        <Text fz="sm">{texts.text}</Text>
        {detail ? (
          <Text fz="sm" c="dimmed" mt={6}>
            {detail}
          </Text>
        ) : null}
      </>
    ),
    labels: { confirm: texts.proceed, cancel: texts.cancel },
    confirmProps: { color: 'red' },
    onConfirm: once(onConfirm),
  });
}
