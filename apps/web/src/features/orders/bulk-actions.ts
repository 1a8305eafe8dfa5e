import type { OrderAction, OrderSummary } from '@podflow/contract/orders';
import { ordersText as text } from './orders-messages';

/** What a bulk action would do on a selection: the orders it takes, why it cannot, who is left out. */
export interface BulkPlan {
  orderIds: string[];
  /** Why the button is disabled; null when it can be used. */
  reason: string | null;
  leftOut: number;
}

/** The orders of a selection an action takes (those whose `blocked` says nothing for it). */
export function bulkPlan(action: OrderAction, selected: readonly OrderSummary[]): BulkPlan {
  if (selected.length === 0) return { orderIds: [], reason: text.selectFirst, leftOut: 0 };
  const allowed = selected.filter((order) => order.blocked[action] === null);
  if (allowed.length === 0) {
    const first = selected.find((order) => order.blocked[action])?.blocked[action] ?? '';
    return { orderIds: [], reason: text.noneAllowed(first), leftOut: selected.length };
  }
  if (allowed.length > 500) return { orderIds: [], reason: text.bulkTooMany, leftOut: 0 };
  return {
    orderIds: allowed.map((order) => order.id),
    reason: null,
    leftOut: selected.length - allowed.length,
  };
}
