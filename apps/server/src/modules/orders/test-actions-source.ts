import type { OrderProvider } from '@podflow/contract/orders';
import { ProviderError } from '@podflow/providers/http';
import type { OrderSnapshot, OrderSourceAdapter, ProductOptions, SourceInput } from './order-source.ts';
import { buildSnapshot, type FakeOrderProvider, fakeOrderProvider } from './test-source.ts';

/**
 * The tests' order provider that takes actions (test-source.ts reads only): sends to production,
 * cancels, quotes and creates manual orders as Printify and Gelato do, with fault switches that
 * fail a write before the provider acted (a 500) or after it (the answer lost: a timeout), and a
 * count of every write that took effect, per order.
 */
export type Fault = 'before' | 'after';

const name = (provider: OrderProvider) => (provider === 'gelato' ? 'Gelato' : 'Printify');
const onHold = ['awaiting_approval', 'action_required'];

/** A seeded random source, so "one call in five fails" fails the same calls on every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function fakeActionsProvider(base: FakeOrderProvider = fakeOrderProvider()) {
  /** Writes that took effect: `${kind}:${providerOrderId}` -> times. */
  const effects = new Map<string, number>();
  const writes = { sendToProduction: 0, cancel: 0, createOrder: 0 };
  const products = new Map<string, ProductOptions>();
  const forced: Fault[] = [];
  let faultRate = 0;
  let random = seeded(23);
  let created = 0;
  /** Ran by a write once it took effect (a test stops its worker there). */
  let afterEffect: (() => void) | null = null;

  const effect = (key: string) => {
    effects.set(key, (effects.get(key) ?? 0) + 1);
    afterEffect?.();
  };

  /** The fault this write meets: a forced one first, else one in `faultRate`. */
  function faultOf(): Fault | null {
    const next = forced.shift();
    if (next) return next;
    if (faultRate > 0 && random() < faultRate) return random() < 0.5 ? 'before' : 'after';
    return null;
  }

  const failure = (provider: OrderProvider, path: string, fault: Fault) =>
    fault === 'before'
      ? new ProviderError(`${name(provider)} answered POST ${path} with HTTP 500: Internal error`, {
          provider: name(provider),
          status: 500,
          retryable: true,
        })
      : new ProviderError(`${name(provider)} did not answer POST ${path} within 30 s`, {
          provider: name(provider),
          status: 0,
          retryable: true,
        });

  const refusal = (provider: OrderProvider, path: string, status: number, reason: string) =>
    new ProviderError(`${name(provider)} answered POST ${path} with HTTP ${status}: ${reason}`, {
      provider: name(provider),
      status,
      retryable: false,
    });

  /** Runs a write: a fault before it, the write, a fault after it (the answer lost). */
  async function write<T>(provider: OrderProvider, path: string, act: () => T): Promise<T> {
    const fault = faultOf();
    if (fault === 'before') throw failure(provider, path, fault);
    const answer = act();
    if (fault === 'after') throw failure(provider, path, fault);
    return answer;
  }

  function adapter(provider: OrderProvider, input: SourceInput): OrderSourceAdapter {
    const read = base.adapter(provider, input);
    const shop = base.shop(input.shopId);
    const order = (id: string, path: string) => {
      const found = shop.orders.get(id);
      if (!found) throw refusal(provider, path, 404, 'Order not found');
      return found;
    };
    const change = (found: OrderSnapshot, changes: Partial<OrderSnapshot>) => {
      Object.assign(found, changes, { updatedAt: Math.max(Date.now(), found.updatedAt + 1) });
      return structuredClone(found);
    };
    return {
      ...read,
      async sendToProduction(id) {
        writes.sendToProduction += 1;
        const path = `/v1/shops/${input.shopId}/orders/${id}/send_to_production.json`;
        return write(provider, path, () => {
          const found = order(id, path);
          if (!onHold.includes(found.status)) throw refusal(provider, path, 400, 'Order is not on hold');
          effect(`send:${id}`);
          return change(found, {
            status: 'sending_to_production',
            providerStatus: 'sending-to-production',
            problem: null,
            sentToProductionAt: Date.now(),
          });
        });
      },
      async cancel(id) {
        writes.cancel += 1;
        const path =
          provider === 'gelato'
            ? `/v4/orders/${id}:cancel`
            : `/v1/shops/${input.shopId}/orders/${id}/cancel.json`;
        return write(provider, path, () => {
          const found = order(id, path);
          const cancelable =
            provider === 'gelato'
              ? !['in_production', 'shipped', 'delivered', 'canceled'].includes(found.status)
              : onHold.includes(found.status);
          if (!cancelable) {
            const reason =
              provider === 'gelato'
                ? 'Order can not be canceled: an item is already printed'
                : 'Order can only be canceled while on hold';
            throw refusal(provider, path, provider === 'gelato' ? 409 : 400, reason);
          }
          effect(`cancel:${id}`);
          return change(found, { status: 'canceled', providerStatus: 'canceled' });
        });
      },
      async productOptions(productId) {
        return structuredClone(products.get(productId) ?? null);
      },
      async quote({ quantity }) {
        return {
          itemsCents: 1200 * quantity,
          options: [
            {
              method: 'standard',
              name: 'Standard',
              price_cents: 499,
              currency: 'USD',
              min_days: 4,
              max_days: 8,
            },
            {
              method: 'express',
              name: 'Express',
              price_cents: 1299,
              currency: 'USD',
              min_days: 1,
              max_days: 3,
            },
          ],
        };
      },
      async createOrder(manual) {
        writes.createOrder += 1;
        const path = provider === 'gelato' ? '/v4/orders' : `/v1/shops/${input.shopId}/orders.json`;
        return write(provider, path, () => {
          if (manual.address.zip === '00000')
            throw refusal(provider, path, 400, 'Address is not deliverable');
          created += 1;
          const snapshot = buildSnapshot({
            providerOrderId: `made-${created}`,
            number: `M${created}`,
            status: 'awaiting_approval',
            providerStatus: 'on-hold',
            externalRef: manual.externalRef,
            customerName: `${manual.address.first_name} ${manual.address.last_name}`,
            address: manual.address,
          });
          shop.orders.set(snapshot.providerOrderId, snapshot);
          effect(`create:${manual.externalRef}`);
          return structuredClone(snapshot);
        });
      },
      async findByExternalRef(ref) {
        const found = [...shop.orders.values()].find((o) => o.externalRef === ref);
        return found ? structuredClone(found) : null;
      },
    };
  }

  return {
    ...base,
    adapter,
    writes,
    products,
    /** Times a write took effect at the provider (`send:<id>`, `cancel:<id>`, `create:<ref>`). */
    effects: (key: string) => effects.get(key) ?? 0,
    allEffects: () => new Map(effects),
    /** The next writes meet these faults, in order. */
    fail: (...faults: Fault[]) => forced.push(...faults),
    /** Every write from now fails with this probability (half before the provider acted, half after). */
    failRate: (rate: number, seed = 23) => {
      faultRate = rate;
      random = seeded(seed);
    },
    onEffect: (run: (() => void) | null) => {
      afterEffect = run;
    },
  };
}

export type FakeActionsProvider = ReturnType<typeof fakeActionsProvider>;
