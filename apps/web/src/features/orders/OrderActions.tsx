import { Alert, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  orderActions,
  type OrderAction,
  type OrderDetail,
  type OrderRefusalExtra,
} from '@podflow/contract/orders';
import { ApiError } from '../../api/client';
import { failureText } from '../../api/failure-text';
import { FailureDetails } from '../../ui/FailureDetails';
import { GuardedButton } from '../../ui/GuardedButton';
import { notifySuccess } from '../../ui/notify';
import { confirmThenCancel } from './confirm-cancel';
import { orderQuery } from './get-order.api';
import { useOrderAction } from './order-action.api';
import { actionWords, ordersText as text } from './orders-messages';

/** What the provider said when it refused: the sentence, and its own words folded under it. */
interface Refusal {
  sentence: string;
  detail: string | null;
}

/** The refusal's body beside the error sentence: the provider's words and the order read again. */
function refusalExtra(error: unknown): OrderRefusalExtra | null {
  return error instanceof ApiError ? (error.errorBody as OrderRefusalExtra | null) : null;
}

/**
 * One order's actions, each disabled with its reason while the order does not allow it; cancel asks
 * first. A refusal shows next to the buttons as its sentence, the provider's words folded under it.
 */
export function OrderActions({ order }: { order: OrderDetail }) {
  const act = useOrderAction(order.id);
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const run = async (action: OrderAction) => {
    setRefusal(null);
    try {
      const reply = await act.mutateAsync(action);
      notifySuccess(reply.message);
    } catch (error) {
      const extra = refusalExtra(error);
      setRefusal({ sentence: failureText(error, text.actionFailed), detail: extra?.provider_detail ?? null });
      // The order as the provider has it now (a refusal often means it moved on).
      if (extra?.order?.id === order.id) queryClient.setQueryData(orderQuery(order.id).queryKey, extra.order);
    }
  };

  const ask = (action: OrderAction) =>
    action === 'cancel'
      ? confirmThenCancel(
          {
            title: text.confirmOneCancelTitle(order.number),
            text: text.confirmOneCancelText,
            confirm: text.confirmOneCancel,
            keep: text.confirmOneKeep,
          },
          () => run(action),
        )
      : run(action);

  return (
    <Stack gap="xs">
      <Group gap="xs">
        {orderActions.map((action) => (
          <GuardedButton
            key={action}
            size="sm"
            variant={action === 'send_to_production' ? 'filled' : 'light'}
            color={action === 'cancel' ? 'red' : undefined}
            reason={order.blocked[action]}
            loading={act.isPending && act.variables === action}
            onClick={() => ask(action)}
          >
            {actionWords[action].button}
          </GuardedButton>
        ))}
      </Group>
      {refusal ? (
        <Alert color="red" variant="light" role="alert" p="sm">
          <Text fz="sm">{refusal.sentence}</Text>
          <FailureDetails detail={refusal.detail} label={text.details} />
        </Alert>
      ) : null}
    </Stack>
  );
}
