import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderAction, OrderAddress, OrderDetail } from '@podflow/contract/orders';
import { api } from '../../api/client';
import { orderQuery } from './get-order.api';
import { refreshOrderLists } from './get-orders.api';

/** What an order action answers: its sentence and the order as it is now. */
export interface OrderActionReply {
  message: string;
  order: OrderDetail;
}

/**
 * POST /orders_app/orders/:order_id/{send_to_production|cancel|retry}/: one order's action. A
 * refusal is an ApiError whose body may carry the provider's words (OrderRefusalExtra).
 */
export function takeOrderAction(orderId: string, action: OrderAction): Promise<OrderActionReply> {
  return api.post<OrderActionReply>(`/orders_app/orders/${encodeURIComponent(orderId)}/${action}/`);
}

/** PUT /orders_app/orders/:order_id/address/: the order's new shipping address. */
export function saveOrderAddress(orderId: string, address: OrderAddress): Promise<OrderActionReply> {
  return api.put<OrderActionReply>(`/orders_app/orders/${encodeURIComponent(orderId)}/address/`, {
    address,
  });
}

/** After an order changed: its detail is the answer, and the list and counts are fetched again. */
function useOrderChanged() {
  const queryClient = useQueryClient();
  return async (reply: OrderActionReply) => {
    queryClient.setQueryData(orderQuery(reply.order.id).queryKey, reply.order);
    await refreshOrderLists(queryClient);
  };
}

/** One order's actions as a mutation. */
export function useOrderAction(orderId: string) {
  const changed = useOrderChanged();
  return useMutation({
    mutationFn: (action: OrderAction) => takeOrderAction(orderId, action),
    onSuccess: changed,
  });
}

/** Saving an order's address as a mutation. */
export function useSaveOrderAddress(orderId: string) {
  const changed = useOrderChanged();
  return useMutation({
    mutationFn: (address: OrderAddress) => saveOrderAddress(orderId, address),
    onSuccess: changed,
  });
}
