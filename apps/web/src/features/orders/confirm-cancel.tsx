import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { once } from '../../ui/confirm-delete';

interface CancelQuestion {
  title: string;
  text: string;
  confirm: string;
  keep: string;
}

/**
 * Asks before canceling, then runs `cancel` once (a double click on the confirm button while the
 * modal closes lands once); settles when the seller said no or the cancel has settled, so the
 * button that asked stays single-flight meanwhile.
 */
export function confirmThenCancel(question: CancelQuestion, cancel: () => Promise<void>): Promise<void> {
  return new Promise<void>((resolve) => {
    modals.openConfirmModal({
      title: question.title,
      children: <Text fz="sm">{question.text}</Text>,
      labels: { confirm: question.confirm, cancel: question.keep },
      confirmProps: { color: 'red' },
      onConfirm: once(() => void cancel().finally(resolve)),
      onCancel: resolve,
    });
  });
}
