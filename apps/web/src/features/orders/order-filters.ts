import {
  orderProviders,
  orderStatuses,
  type OrderFilters,
  type OrderProvider,
  type OrderStatus,
} from '@podflow/contract/orders';

/** Which list the screen shows: the orders that need the seller, or all of them. */
export type OrderView = 'attention' | 'all';

/** What the list's address holds: the view (null: not chosen yet) and the filters. */
export interface OrderQuery {
  view: OrderView | null;
  filters: Omit<OrderFilters, 'attention'>;
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const filterKeys = ['provider', 'source_id', 'status', 'from', 'to', 'q'] as const;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((known) => known === value);
}

/** The view and filters an address's query names; anything unknown is left out. */
export function readOrderQuery(params: URLSearchParams): OrderQuery {
  const view = params.get('view');
  const from = params.get('from');
  const to = params.get('to');
  const filters: OrderQuery['filters'] = {
    provider: oneOf<OrderProvider>(orderProviders, params.get('provider')),
    source_id: params.get('source_id') || undefined,
    status: oneOf<OrderStatus>(orderStatuses, params.get('status')),
    from: from && isoDate.test(from) ? from : undefined,
    to: to && isoDate.test(to) ? to : undefined,
    q: params.get('q')?.trim() || undefined,
  };
  return { view: view === 'attention' || view === 'all' ? view : null, filters: dropEmpty(filters) };
}

/** The address query of a view and filters: only what is set, in a stable order. */
export function writeOrderQuery(query: OrderQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.view) params.set('view', query.view);
  for (const key of filterKeys) {
    const value = query.filters[key];
    if (value) params.set(key, value);
  }
  return params;
}

/** Whether any filter narrows the list (the view is not a filter). */
export function hasFilters(filters: OrderQuery['filters']): boolean {
  return filterKeys.some((key) => Boolean(filters[key]));
}

/** The list call's filters for a view. */
export function listFilters(view: OrderView, filters: OrderQuery['filters']): OrderFilters {
  return view === 'attention' ? { ...filters, attention: true } : { ...filters };
}

function dropEmpty<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}
