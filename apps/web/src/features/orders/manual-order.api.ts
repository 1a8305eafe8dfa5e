import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ManualOrderDraft,
  ManualOrderProduct,
  OrderDetail,
  ShippingQuote,
} from '@podflow/contract/orders';
import { api } from '../../api/client';
import { orderQuery } from './get-order.api';
import { refreshOrderLists } from './get-orders.api';

/** GET /orders_app/manual/products/?design_id=: the design's products on Printify and Gelato. */
export async function getManualProducts(
  designId: string,
  signal?: AbortSignal,
): Promise<ManualOrderProduct[]> {
  const reply = await api.get<{ products: ManualOrderProduct[] }>('/orders_app/manual/products/', {
    query: { design_id: designId },
    signal,
  });
  return reply.products;
}

/** A design's products as query options. */
export function manualProductsQuery(designId: string) {
  return queryOptions({
    queryKey: ['orders', 'manual-products', designId],
    queryFn: ({ signal }) => getManualProducts(designId, signal),
  });
}

/** A design's products; idle without a design. */
export function useManualProducts(designId: string | null) {
  return useQuery({ ...manualProductsQuery(designId ?? ''), enabled: designId !== null });
}

/** POST /orders_app/manual/quote/: the provider's shipping options and prices for a draft. */
export function quoteManualOrder(draft: ManualOrderDraft): Promise<ShippingQuote> {
  return api.post<ShippingQuote>('/orders_app/manual/quote/', draft);
}

/** The quote as a mutation. */
export function useQuoteManualOrder() {
  return useMutation({ mutationFn: quoteManualOrder });
}

/**
 * POST /orders_app/manual/ with the chosen shipping method: the order is created at the provider.
 * The Idempotency-Key (one per draft the seller confirms) keeps a repeated click or a retry after a
 * lost answer from ordering twice.
 */
export function placeManualOrder(
  draft: ManualOrderDraft & { shipping_method: string },
  requestKey: string,
): Promise<{ message: string; order: OrderDetail }> {
  return api.post('/orders_app/manual/', draft, { idempotencyKey: requestKey });
}

/** Placing a manual order as a mutation: the new order is cached, the list fetched again. */
export function usePlaceManualOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      draft,
      requestKey,
    }: {
      draft: ManualOrderDraft & { shipping_method: string };
      requestKey: string;
    }) => placeManualOrder(draft, requestKey),
    onSuccess: async (reply) => {
      queryClient.setQueryData(orderQuery(reply.order.id).queryKey, reply.order);
      await refreshOrderLists(queryClient);
    },
  });
}
