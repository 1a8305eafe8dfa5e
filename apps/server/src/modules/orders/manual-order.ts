import { randomUUID } from 'node:crypto';
import {
  type ManualOrderDraft,
  type ManualOrderProduct,
  type OrderAddress,
  type ProductionProvider,
  type ShippingQuote,
  orderMessages,
  orderProviderNames,
  productionProviders,
} from '@podflow/contract/orders';
import { gelatoAddressLimits } from '@podflow/contract/order-actions-calls';
import { ProviderError } from '@podflow/providers/http';
import { sellerFailure } from '@podflow/providers/seller-sentence';
import { UserError } from '../../platform/errors.ts';
import type { OrderActionsRepo, OrderSourceRow } from './order-actions.repo.ts';
import type { ManualOrderInput, OrderSnapshot, OrderSourceAdapter } from './order-source.ts';
import type { ProviderWrite } from './order-submissions.ts';

/** A manual order's provider id until the provider made it: PodFlow's reference behind this prefix. */
export const PENDING_PREFIX = 'pending:';
export const isUnsent = (providerOrderId: string) => providerOrderId.startsWith(PENDING_PREFIX);

/** What a manual order's create sends, kept with its submission so a retry sends the same. */
export type ManualPayload = {
  input: ManualOrderInput;
  title: string;
  variant: string;
  costCents: number | null;
  currency: string;
};

const isProduction = (provider: string): provider is ProductionProvider =>
  (productionProviders as readonly string[]).includes(provider);

/** Gelato's shorter limits on a recipient, as field errors ('address.city': what is wrong). */
export function gelatoAddressErrors(address: OrderAddress): Record<string, string> | null {
  const checks: Array<[keyof OrderAddress, string, number]> = [
    ['first_name', 'First name', gelatoAddressLimits.name],
    ['last_name', 'Last name', gelatoAddressLimits.name],
    ['address1', 'Address', gelatoAddressLimits.address],
    ['address2', 'Address line 2', gelatoAddressLimits.address],
    ['city', 'City', gelatoAddressLimits.city],
    ['zip', 'Post code', gelatoAddressLimits.zip],
  ];
  const fields: Record<string, string> = {};
  for (const [field, label, max] of checks) {
    if ((address[field] ?? '').length > max) {
      fields[`address.${field}`] = `${label} must be at most ${max} characters for Gelato.`;
    }
  }
  return Object.keys(fields).length > 0 ? fields : null;
}

/** Refuses an address the provider would refuse, with the field errors the form shows. */
export function checkAddress(provider: string, address: OrderAddress): void {
  const fields = provider === 'gelato' ? gelatoAddressErrors(address) : null;
  if (fields) {
    throw new UserError(400, [...new Set(Object.values(fields))].join(' '), {
      code: 'validation_error',
      fields,
    });
  }
}

/** The order as PodFlow holds it before the provider has it: a row the seller can follow at once. */
export function pendingSnapshot(ref: string, payload: ManualPayload, at: number): OrderSnapshot {
  const { input } = payload;
  const { address } = input;
  return {
    providerOrderId: `${PENDING_PREFIX}${ref}`,
    number: `PF-${ref.slice(0, 8).toUpperCase()}`,
    providerStatus: 'not sent yet',
    status: 'pending',
    problem: null,
    financialStatus: null,
    fulfillmentStatus: null,
    customerName: `${address.first_name} ${address.last_name}`.trim(),
    email: address.email,
    country: address.country,
    address,
    items: [
      {
        productId: input.productId,
        variantId: input.variantId,
        title: payload.title,
        variant: payload.variant,
        sku: null,
        quantity: input.quantity,
        costCents: payload.costCents === null ? null : payload.costCents * input.quantity,
        shippingCents: null,
        retailCents: null,
        status: null,
      },
    ],
    currency: payload.currency,
    retailCents: null,
    costCents: payload.costCents === null ? null : payload.costCents * input.quantity,
    shippingCents: null,
    shipments: [],
    storeOrder: null,
    externalRef: ref,
    createdAt: at,
    updatedAt: at,
    sentToProductionAt: null,
    shippedAt: null,
    deliveredAt: null,
    providerUrl: null,
  };
}

/** A provider failure while reading products or a quote, in the seller's words. */
function readFailure(error: unknown): never {
  if (!(error instanceof ProviderError)) throw error;
  const { sentence } = sellerFailure(error);
  const status = error.status === 0 || error.status >= 500 || error.status === 429 ? 502 : 400;
  throw new UserError(status, sentence, { code: 'provider_failed', cause: error });
}

export type ManualOrderDeps = {
  repo: OrderActionsRepo;
  adapterFor: (source: OrderSourceRow) => Promise<OrderSourceAdapter>;
  /** The design's print file at an address the provider can fetch (Gelato prints from it). */
  printFileUrl?: (storageKey: string) => string;
};

/** Manual orders (a replacement, a sample, a wholesale order) of the seller's designs. */
export function manualOrders({ repo, adapterFor, printFileUrl }: ManualOrderDeps) {
  async function requireDesign(userId: string, designId: string) {
    const design = await repo.designOfUser(userId, designId);
    if (!design) throw new UserError(404, 'Design not found.', { code: 'design_not_found' });
    return design;
  }

  /** The source, the adapter and the product's options a manual order is made of, all checked. */
  async function resolve(userId: string, fields: ManualOrderDraft) {
    const source = await repo.sourceOfUser(userId, fields.source_id);
    if (!source || !isProduction(source.provider)) {
      throw new UserError(404, orderMessages.sourceNotFound, { code: 'source_not_found' });
    }
    if (source.connected !== 1)
      throw new UserError(409, orderMessages.disconnected, { code: 'disconnected' });
    checkAddress(source.provider, fields.address);
    const design = await requireDesign(userId, fields.design_id);
    const products = await repo.designProducts(fields.design_id);
    const listed = products.some(
      (p) =>
        p.provider === source.provider && p.shop_id === source.shop_id && p.product_id === fields.product_id,
    );
    if (!listed) {
      throw new UserError(400, 'Choose one of this design’s products in this shop.', {
        code: 'validation_error',
        fields: { product_id: 'Choose one of this design’s products in this shop.' },
      });
    }
    const adapter = await adapterFor(source);
    const options = await adapter.productOptions?.(fields.product_id).catch(readFailure);
    const variant = options?.variants.find((v) => v.id === fields.variant_id);
    if (!options || !variant) {
      throw new UserError(400, 'Choose one of the product’s variants.', {
        code: 'validation_error',
        fields: { variant_id: 'Choose one of the product’s variants.' },
      });
    }
    return { source, adapter, options, variant, design };
  }

  return {
    /** The design's products in each connected Printify shop and Gelato store, with their variants. */
    async products(userId: string, designId: string): Promise<ManualOrderProduct[]> {
      await requireDesign(userId, designId);
      const products = await repo.designProducts(designId);
      const sources = await repo.productionSources(userId);
      const found: ManualOrderProduct[] = [];
      for (const source of sources) {
        const ofSource = products.filter(
          (product) => product.provider === source.provider && product.shop_id === source.shop_id,
        );
        if (ofSource.length === 0) continue;
        const adapter = await adapterFor(source);
        for (const product of ofSource) {
          const options = await adapter.productOptions?.(product.product_id).catch(readFailure);
          if (!options) continue;
          found.push({
            provider: source.provider as ProductionProvider,
            source_id: source.id,
            shop_title: source.shop_title,
            product_id: options.productId,
            title: options.title,
            variants: options.variants.map((v) => ({ id: v.id, title: v.title, cost_cents: v.costCents })),
          });
        }
      }
      if (found.length === 0) throw new UserError(409, orderMessages.noProduct, { code: 'no_product' });
      return found;
    },

    /** What the provider would charge for the items and each way of shipping them. */
    async quote(userId: string, fields: ManualOrderDraft): Promise<ShippingQuote> {
      const { source, adapter } = await resolve(userId, fields);
      if (!adapter.quote) {
        throw new UserError(
          409,
          `${orderProviderNames[source.provider as ProductionProvider]} gives no quote.`,
        );
      }
      const quoted = await adapter
        .quote({
          productId: fields.product_id,
          variantId: fields.variant_id,
          quantity: fields.quantity,
          address: fields.address,
        })
        .catch(readFailure);
      return { items_cents: quoted.itemsCents, options: quoted.options };
    },

    /** Everything a create needs, checked: the pending snapshot to store first and the payload to send. */
    async prepare(userId: string, fields: ManualOrderDraft & { shipping_method: string }, at: number) {
      const { source, options, variant, design } = await resolve(userId, fields);
      const ref = randomUUID();
      const payload: ManualPayload = {
        input: {
          externalRef: ref,
          productId: fields.product_id,
          variantId: fields.variant_id,
          quantity: fields.quantity,
          address: fields.address,
          shippingMethod: fields.shipping_method,
          ...(printFileUrl && { printFileUrl: printFileUrl(design.storage_key) }),
        },
        title: options.title,
        variant: variant.title,
        costCents: variant.costCents,
        currency: 'USD',
      };
      return { source, payload, snapshot: pendingSnapshot(ref, payload, at) };
    },

    /**
     * The create as an exactly-once write: a lost answer is settled by finding the order made
     * under PodFlow's reference; success gives PodFlow's row the provider's id (same order id).
     */
    createWrite(
      orderId: string,
      source: OrderSourceRow,
      adapter: OrderSourceAdapter,
      payload: ManualPayload,
      createdAt: number,
      apply: ProviderWrite['apply'],
    ): ProviderWrite {
      const { createOrder, findByExternalRef } = adapter;
      if (!createOrder || !findByExternalRef) {
        throw new UserError(409, 'This provider takes no manual orders.', { code: 'not_supported' });
      }
      return {
        orderId,
        kind: 'create',
        provider: source.provider as ProductionProvider,
        payload: JSON.stringify(payload),
        // A day's slack: the provider's clock, and a retry days later still finds it.
        read: () => findByExternalRef.call(adapter, payload.input.externalRef, createdAt - 24 * 3600_000),
        happened: () => true,
        send: () => createOrder.call(adapter, payload.input),
        apply,
      };
    },
  };
}

export type ManualOrders = ReturnType<typeof manualOrders>;
