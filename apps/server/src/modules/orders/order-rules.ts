import {
  type AttentionReason,
  type OrderActionBlocks,
  type OrderProvider,
  type OrderStatus,
  orderMessages,
  orderProviderNames,
  orderStatusWords,
} from '@podflow/contract/orders';

/**
 * The orders module's rules, as pure functions: why an order needs the seller (and from when),
 * and which actions it offers now. The repo stores the attention reason and time on every write,
 * so "needs attention" is an indexed filter (attention_at <= now) that is right at any time.
 */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** Printify's help centre: sending to production should clear in minutes; support after 30. */
export const STUCK_SENDING_MS = 30 * MINUTE;
/** A paid store order that reached no provider an hour after it was placed. */
export const NOT_AT_PROVIDER_MS = HOUR;
export const DEFAULT_NO_TRACKING_DAYS = 5;

const stores: readonly OrderProvider[] = ['shopify', 'woocommerce'];
export const isStore = (provider: string): provider is 'shopify' | 'woocommerce' =>
  stores.includes(provider as OrderProvider);

/** What the rules read of an order (a row or a snapshot about to be one). */
export type RuleOrder = {
  provider: OrderProvider;
  status: OrderStatus;
  problem: AttentionReason | null;
  financialStatus: string | null;
  createdAt: number;
  updatedAt: number;
  sentAt: number | null;
  shippedAt: number | null;
  /** The tracking numbers of its shipments ('' where a shipment has none). */
  trackingNumbers: string[];
  /** A store order: whether it reached a provider (is linked to a provider order). */
  linked: boolean;
  /** A store order: whether one of its items is a product PodFlow listed. */
  podflowProduct: boolean;
  /** When PodFlow's last submission of it (a create or an action) failed, if that is its last word. */
  submissionFailedAt: number | null;
};

export type Attention = { reason: AttentionReason; at: number } | null;

const finished: readonly OrderStatus[] = ['canceled', 'delivered', 'returned'];
const paidWords = ['paid', 'partially_refunded', 'completed', 'processing'];
/** Store payment states meaning the customer has paid (Shopify financial_status, WooCommerce status). */
export const isPaid = (financialStatus: string | null) =>
  financialStatus !== null && paidWords.includes(financialStatus.toLowerCase());

/** Why the order needs the seller and from when, or null when it does not. */
export function attentionOf(order: RuleOrder, noTrackingDays: number): Attention {
  if (order.submissionFailedAt !== null && !finished.includes(order.status)) {
    return { reason: 'submission_failed', at: order.submissionFailedAt };
  }
  if (isStore(order.provider)) return storeAttention(order);
  switch (order.status) {
    case 'awaiting_approval':
      return { reason: 'awaiting_approval', at: order.createdAt };
    case 'action_required':
      return { reason: order.problem ?? 'has_issues', at: order.updatedAt };
    case 'has_issues':
      return {
        reason:
          order.problem === 'address_issue' || order.problem === 'image_issue' ? order.problem : 'has_issues',
        at: order.updatedAt,
      };
    case 'sending_to_production':
      return { reason: 'stuck_sending', at: (order.sentAt ?? order.updatedAt) + STUCK_SENDING_MS };
    case 'shipped':
      if (order.trackingNumbers.some((number) => number.trim() !== '')) return null;
      return { reason: 'no_tracking', at: (order.shippedAt ?? order.updatedAt) + noTrackingDays * DAY };
    case 'canceled':
    case 'delivered':
    case 'returned':
    case 'draft':
      return null;
    default:
      return order.problem ? { reason: order.problem, at: order.updatedAt } : null;
  }
}

/** A store order needs the seller while unpaid, or once paid and an hour passed without it reaching a provider. */
function storeAttention(order: RuleOrder): Attention {
  if (order.linked || !order.podflowProduct || finished.includes(order.status)) return null;
  if (order.problem === 'unpaid') return { reason: 'unpaid', at: order.createdAt };
  if (!isPaid(order.financialStatus)) return null;
  return { reason: 'not_at_provider', at: order.createdAt + NOT_AT_PROVIDER_MS };
}

/** What the blocks read besides the order. */
export type BlockContext = {
  /** False once no workspace of the seller connects the order's shop. */
  connected: boolean;
  /** PodFlow holds a manual order it has not sent yet (its create failed before the provider had it). */
  unsentManual: boolean;
};

const printifyCancelable: readonly OrderStatus[] = ['awaiting_approval', 'action_required'];
/** Gelato cancels until printing starts (its :cancel answers 409 once an item is printed). */
const gelatoStarted: readonly OrderStatus[] = [
  'in_production',
  'shipped',
  'delivered',
  'canceled',
  'returned',
];

const lower = (status: OrderStatus) => orderStatusWords[status].toLowerCase();

/** For each action, null when the seller may take it now, else the sentence saying why not. */
export function blockedOf(order: RuleOrder, context: BlockContext): OrderActionBlocks {
  const name = orderProviderNames[order.provider];
  if (isStore(order.provider)) {
    const inStore = `Act on this order in ${name}.`;
    return { send_to_production: inStore, cancel: inStore, retry: inStore, edit_address: inStore };
  }
  if (!context.connected) {
    const gone = orderMessages.disconnected;
    return { send_to_production: gone, cancel: gone, retry: gone, edit_address: gone };
  }
  return {
    send_to_production: sendBlock(order, name),
    cancel: cancelBlock(order, name),
    retry:
      order.submissionFailedAt !== null && !finished.includes(order.status)
        ? null
        : 'Retry is offered only when PodFlow could not submit the order.',
    edit_address: context.unsentManual
      ? null
      : `${name} takes no address change once it has the order: change the address in ${name}.`,
  };
}

function sendBlock(order: RuleOrder, name: string): string | null {
  if (order.provider !== 'printify') return `${name} sends its orders to production by itself.`;
  if (order.status === 'awaiting_approval') return null;
  if (order.status === 'action_required' && order.problem === 'payment_not_received') return null;
  return `Only an order on hold goes to production from here; this one is ${lower(order.status)}.`;
}

function cancelBlock(order: RuleOrder, name: string): string | null {
  if (order.status === 'canceled') return 'This order is already canceled.';
  if (order.provider === 'printify') {
    if (printifyCancelable.includes(order.status)) return null;
    return `${name} cancels only orders on hold or awaiting payment; this one is ${lower(order.status)}: ask ${name}'s support.`;
  }
  if (gelatoStarted.includes(order.status)) {
    return `${name} cancels only before printing starts; this one is ${lower(order.status)}.`;
  }
  return null;
}
