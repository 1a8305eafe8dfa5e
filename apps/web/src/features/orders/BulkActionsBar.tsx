import { Button, Group, Paper, Text } from '@mantine/core';
import { useRef } from 'react';
import { orderActions, type OrderAction, type OrderSummary } from '@podflow/contract/orders';
import { failureText } from '../../api/failure-text';
import { newRequestKey } from '../../api/request-key';
import { GuardedButton } from '../../ui/GuardedButton';
import { notifyError, notifySuccess } from '../../ui/notify';
import { bulkPlan } from './bulk-actions';
import { confirmThenCancel } from './confirm-cancel';
import { useStartOrderRun } from './order-run.api';
import { ordersText as text } from './orders-messages';

interface BulkActionsBarProps {
  selected: OrderSummary[];
  onClear: () => void;
  onStarted: (runId: string) => void;
}

/**
 * The actions on the selected orders: each takes the selected orders it allows, is disabled with
 * the reason when none does, and sends one request however often it is clicked (the same
 * Idempotency-Key for the same selection, so a retry after a lost answer starts nothing new).
 */
export function BulkActionsBar({ selected, onClear, onStarted }: BulkActionsBarProps) {
  const start = useStartOrderRun();
  const keys = useRef(new Map<string, string>());

  const run = async (action: OrderAction, orderIds: string[]) => {
    const identity = `${action}:${[...orderIds].sort().join(',')}`;
    let requestKey = keys.current.get(identity);
    if (!requestKey) {
      requestKey = newRequestKey();
      keys.current.set(identity, requestKey);
    }
    try {
      const reply = await start.mutateAsync({ action, orderIds, requestKey });
      keys.current.delete(identity);
      notifySuccess(reply.message);
      onStarted(reply.run.id);
    } catch (error) {
      notifyError(failureText(error, text.bulkFailed));
    }
  };

  const ask = (action: OrderAction, orderIds: string[]) =>
    action === 'cancel'
      ? confirmThenCancel(
          {
            title: text.confirmCancelTitle(orderIds.length),
            text: text.confirmCancelText,
            confirm: text.confirmCancel,
            keep: text.confirmKeep,
          },
          () => run(action, orderIds),
        )
      : run(action, orderIds);

  return (
    <Paper
      withBorder
      radius="md"
      px="md"
      py="sm"
      mb="md"
      bg="violet.0"
      component="section"
      aria-label={text.bulkLabel}
    >
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <Text fz="sm" fw={600}>
            {text.selected(selected.length)}
          </Text>
          <Button size="xs" variant="subtle" color="gray" onClick={onClear}>
            {text.clearSelection}
          </Button>
        </Group>
        <Group gap="xs">
          {orderActions.map((action) => {
            const plan = bulkPlan(action, selected);
            return (
              <GuardedButton
                key={action}
                size="xs"
                variant={action === 'send_to_production' ? 'filled' : 'light'}
                color={action === 'cancel' ? 'red' : undefined}
                reason={plan.reason}
                loading={start.isPending && start.variables?.action === action}
                onClick={() => ask(action, plan.orderIds)}
              >
                {plan.reason ? text.bulkWords[action] : text.bulkButton(action, plan.orderIds.length)}
              </GuardedButton>
            );
          })}
        </Group>
      </Group>
    </Paper>
  );
}
