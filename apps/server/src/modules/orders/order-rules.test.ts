import { describe, expect, it } from 'vitest';
import { type OrderStatus, orderMessages, orderStatuses } from '@podflow/contract/orders';
import {
  DAY,
  HOUR,
  MINUTE,
  NOT_AT_PROVIDER_MS,
  type RuleOrder,
  STUCK_SENDING_MS,
  attentionOf,
  blockedOf,
  isPaid,
} from './order-rules.ts';

const T = 1_700_000_000_000;
const order = (overrides: Partial<RuleOrder> = {}): RuleOrder => ({
  provider: 'printify',
  status: 'pending',
  problem: null,
  financialStatus: null,
  createdAt: T,
  updatedAt: T + 10,
  sentAt: null,
  shippedAt: null,
  trackingNumbers: [],
  linked: false,
  podflowProduct: true,
  submissionFailedAt: null,
  ...overrides,
});
const connected = { connected: true, unsentManual: false };

describe('attention: why an order needs the seller, and from when', () => {
  it('holds an order waiting for approval from when it was placed', () => {
    expect(attentionOf(order({ status: 'awaiting_approval' }), 5)).toEqual({
      reason: 'awaiting_approval',
      at: T,
    });
  });

  it("names an on-hold order's problem, or 'has issues' when the provider gave none", () => {
    for (const problem of ['payment_not_received', 'out_of_stock'] as const) {
      expect(attentionOf(order({ status: 'action_required', problem }), 5)).toEqual({
        reason: problem,
        at: T + 10,
      });
    }
    expect(attentionOf(order({ status: 'action_required' }), 5)).toEqual({
      reason: 'has_issues',
      at: T + 10,
    });
  });

  it('tells an address or image issue apart from any other issue', () => {
    expect(attentionOf(order({ status: 'has_issues', problem: 'address_issue' }), 5)?.reason).toBe(
      'address_issue',
    );
    expect(attentionOf(order({ status: 'has_issues', problem: 'image_issue' }), 5)?.reason).toBe(
      'image_issue',
    );
    expect(attentionOf(order({ status: 'has_issues', problem: 'out_of_stock' }), 5)?.reason).toBe(
      'has_issues',
    );
    expect(attentionOf(order({ status: 'has_issues' }), 5)).toEqual({ reason: 'has_issues', at: T + 10 });
  });

  it('calls a send stuck 30 minutes after it began (or after the last update when the start is unknown)', () => {
    expect(attentionOf(order({ status: 'sending_to_production', sentAt: T + 5 }), 5)).toEqual({
      reason: 'stuck_sending',
      at: T + 5 + STUCK_SENDING_MS,
    });
    expect(STUCK_SENDING_MS).toBe(30 * MINUTE);
    expect(attentionOf(order({ status: 'sending_to_production' }), 5)?.at).toBe(T + 10 + 30 * MINUTE);
  });

  it('asks for tracking the set number of days after shipping, unless a shipment has a number', () => {
    expect(attentionOf(order({ status: 'shipped', shippedAt: T + 1 }), 5)).toEqual({
      reason: 'no_tracking',
      at: T + 1 + 5 * DAY,
    });
    expect(
      attentionOf(order({ status: 'shipped', shippedAt: T + 1, trackingNumbers: ['', '  '] }), 2)?.at,
    ).toBe(T + 1 + 2 * DAY);
    expect(attentionOf(order({ status: 'shipped' }), 3)?.at).toBe(T + 10 + 3 * DAY);
    expect(attentionOf(order({ status: 'shipped', trackingNumbers: ['', '9400'] }), 5)).toBeNull();
  });

  it('needs nothing of a finished, draft or moving order without a problem', () => {
    for (const status of [
      'canceled',
      'delivered',
      'returned',
      'draft',
      'pending',
      'in_production',
      'in_progress',
    ] as const) {
      expect(attentionOf(order({ status }), 5), status).toBeNull();
    }
    for (const status of ['canceled', 'delivered', 'returned', 'draft'] as const) {
      expect(attentionOf(order({ status, problem: 'out_of_stock' }), 5), status).toBeNull();
    }
  });

  it('raises a problem the provider reports on an order still moving', () => {
    expect(attentionOf(order({ status: 'in_production', problem: 'image_issue' }), 5)).toEqual({
      reason: 'image_issue',
      at: T + 10,
    });
  });

  it('puts a failed submission first, while the order is not finished', () => {
    const failed = { submissionFailedAt: T + 99 };
    expect(attentionOf(order({ ...failed, status: 'awaiting_approval' }), 5)).toEqual({
      reason: 'submission_failed',
      at: T + 99,
    });
    expect(attentionOf(order({ ...failed, status: 'delivered' }), 5)).toBeNull();
    expect(attentionOf(order({ ...failed, status: 'canceled' }), 5)).toBeNull();
  });

  it('flags a paid store order of a PodFlow product that reached no provider an hour after it was placed', () => {
    const store = (overrides: Partial<RuleOrder>) =>
      order({ provider: 'shopify', status: 'not_at_provider', ...overrides });
    expect(attentionOf(store({ financialStatus: 'paid' }), 5)).toEqual({
      reason: 'not_at_provider',
      at: T + NOT_AT_PROVIDER_MS,
    });
    expect(NOT_AT_PROVIDER_MS).toBe(HOUR);
    expect(attentionOf(store({ provider: 'woocommerce', financialStatus: 'processing' }), 5)?.reason).toBe(
      'not_at_provider',
    );
    expect(attentionOf(store({ financialStatus: 'paid', linked: true }), 5)).toBeNull();
    expect(attentionOf(store({ financialStatus: 'paid', podflowProduct: false }), 5)).toBeNull();
    expect(attentionOf(store({ financialStatus: 'paid', status: 'canceled' }), 5)).toBeNull();
    expect(attentionOf(store({ financialStatus: 'pending' }), 5)).toBeNull();
    expect(attentionOf(store({ financialStatus: null }), 5)).toBeNull();
    expect(attentionOf(store({ problem: 'unpaid', financialStatus: 'pending' }), 5)).toEqual({
      reason: 'unpaid',
      at: T,
    });
    expect(attentionOf(store({ problem: 'unpaid', linked: true }), 5)).toBeNull();
    // A store order never takes the provider rules (a shipped store order is the store's business).
    expect(attentionOf(store({ status: 'shipped', financialStatus: 'refunded' }), 5)).toBeNull();
  });

  it('reads the store payment words that mean paid, whatever their case', () => {
    for (const word of ['paid', 'PAID', 'partially_refunded', 'completed', 'processing'])
      expect(isPaid(word), word).toBe(true);
    for (const word of ['pending', 'authorized', 'refunded', 'voided', 'on-hold', ''])
      expect(isPaid(word), word).toBe(false);
    expect(isPaid(null)).toBe(false);
  });
});

describe('blocked: which actions an order offers now, and why not', () => {
  it('sends a Printify order on hold or awaiting payment to production, nothing else', () => {
    const send = (status: OrderStatus, problem: RuleOrder['problem'] = null) =>
      blockedOf(order({ status, problem }), connected).send_to_production;
    expect(send('awaiting_approval')).toBeNull();
    expect(send('action_required', 'payment_not_received')).toBeNull();
    expect(send('action_required', 'out_of_stock')).toBe(
      'Only an order on hold goes to production from here; this one is on hold: action required.',
    );
    for (const status of orderStatuses.filter((s) => s !== 'awaiting_approval')) {
      expect(send(status), status).not.toBeNull();
    }
    expect(
      blockedOf(order({ provider: 'gelato', status: 'awaiting_approval' }), connected).send_to_production,
    ).toBe('Gelato sends its orders to production by itself.');
  });

  it('cancels on Printify only on hold or awaiting payment', () => {
    const cancel = (status: OrderStatus) => blockedOf(order({ status }), connected).cancel;
    expect(cancel('awaiting_approval')).toBeNull();
    expect(cancel('action_required')).toBeNull();
    expect(cancel('in_production')).toBe(
      "Printify cancels only orders on hold or awaiting payment; this one is in production: ask Printify's support.",
    );
    expect(cancel('canceled')).toBe('This order is already canceled.');
    for (const status of orderStatuses.filter((s) => !['awaiting_approval', 'action_required'].includes(s))) {
      expect(cancel(status), status).not.toBeNull();
    }
  });

  it('cancels on Gelato until printing starts', () => {
    const cancel = (status: OrderStatus) =>
      blockedOf(order({ provider: 'gelato', status }), connected).cancel;
    for (const status of [
      'pending',
      'draft',
      'has_issues',
      'action_required',
      'awaiting_approval',
      'sending_to_production',
      'in_progress',
    ] as const) {
      expect(cancel(status), status).toBeNull();
    }
    expect(cancel('in_production')).toBe(
      'Gelato cancels only before printing starts; this one is in production.',
    );
    for (const status of ['shipped', 'delivered', 'returned'] as const)
      expect(cancel(status), status).toMatch(/before printing starts/);
    expect(cancel('canceled')).toBe('This order is already canceled.');
  });

  it('retries only a failed submission of an order not finished', () => {
    expect(blockedOf(order({ submissionFailedAt: T }), connected).retry).toBeNull();
    expect(blockedOf(order(), connected).retry).toBe(
      'Retry is offered only when PodFlow could not submit the order.',
    );
    expect(blockedOf(order({ submissionFailedAt: T, status: 'canceled' }), connected).retry).not.toBeNull();
  });

  it('edits the address only while PodFlow holds an unsent manual order', () => {
    expect(blockedOf(order(), { connected: true, unsentManual: true }).edit_address).toBeNull();
    expect(blockedOf(order({ provider: 'gelato' }), connected).edit_address).toBe(
      'Gelato takes no address change once it has the order: change the address in Gelato.',
    );
  });

  it('offers nothing on a disconnected shop, and sends store orders to their store', () => {
    const gone = blockedOf(order({ status: 'awaiting_approval', submissionFailedAt: T }), {
      connected: false,
      unsentManual: true,
    });
    expect(gone).toEqual({
      send_to_production: orderMessages.disconnected,
      cancel: orderMessages.disconnected,
      retry: orderMessages.disconnected,
      edit_address: orderMessages.disconnected,
    });
    expect(blockedOf(order({ provider: 'shopify' }), connected)).toEqual({
      send_to_production: 'Act on this order in Shopify.',
      cancel: 'Act on this order in Shopify.',
      retry: 'Act on this order in Shopify.',
      edit_address: 'Act on this order in Shopify.',
    });
    expect(
      blockedOf(order({ provider: 'woocommerce' }), { connected: false, unsentManual: false }).cancel,
    ).toBe('Act on this order in WooCommerce.');
  });
});
