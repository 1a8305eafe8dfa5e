import type {
  CouponObject,
  PriceObject,
  ProductObject,
  PromotionCodeObject,
} from './stripe-sandbox-types.ts';
import { stripeId, unixNow } from './stripe-sandbox-webhooks.ts';

/**
 * What the Stripe sandbox sells, built from its options: a product per price, coupons, and
 * promotion codes (customer-facing codes in front of a coupon).
 */

export type PriceSeed = {
  id: string;
  /** The product's name, e.g. "PodFlow Basic". */
  product: string;
  unit_amount: number;
  /** Default 'usd'. */
  currency?: string;
  /** Default 'month'; null: a one-time price (refused in subscription mode). */
  interval?: 'month' | 'year' | null;
};
export type CouponSeed = { id: string; percent_off: number; duration?: 'once' | 'forever' };
export type PromotionCodeSeed = { code: string; coupon: string };

export type Catalog = {
  products: Map<string, ProductObject>;
  prices: Map<string, PriceObject>;
  coupons: Map<string, CouponObject>;
  /** By id (promo_...). */
  promotionCodes: Map<string, PromotionCodeObject>;
};

const livemode = false as const;

/** The catalog's objects; a price `price_x` belongs to product `prod_x`. */
export function createCatalog(seed: {
  prices: PriceSeed[];
  coupons: CouponSeed[];
  promotionCodes: PromotionCodeSeed[];
}): Catalog {
  const created = unixNow();
  const catalog: Catalog = {
    products: new Map(),
    prices: new Map(),
    coupons: new Map(),
    promotionCodes: new Map(),
  };
  for (const price of seed.prices) {
    const productId = price.id.startsWith('price_') ? `prod_${price.id.slice(6)}` : `prod_${price.id}`;
    const product: ProductObject = {
      id: productId,
      object: 'product',
      name: price.product,
      active: true,
      metadata: {},
      created,
      livemode,
    };
    catalog.products.set(productId, product);
    const interval = price.interval === undefined ? 'month' : price.interval;
    catalog.prices.set(price.id, {
      id: price.id,
      object: 'price',
      active: true,
      currency: price.currency ?? 'usd',
      product: productId,
      unit_amount: price.unit_amount,
      type: interval ? 'recurring' : 'one_time',
      recurring: interval ? { interval, interval_count: 1, usage_type: 'licensed' } : null,
      nickname: null,
      lookup_key: null,
      metadata: {},
      created,
      livemode,
    });
  }
  for (const coupon of seed.coupons) {
    catalog.coupons.set(coupon.id, {
      id: coupon.id,
      object: 'coupon',
      name: coupon.id,
      percent_off: coupon.percent_off,
      amount_off: null,
      currency: null,
      duration: coupon.duration ?? 'once',
      duration_in_months: null,
      valid: true,
      times_redeemed: 0,
      metadata: {},
      created,
      livemode,
    });
  }
  for (const promotion of seed.promotionCodes) {
    const id = stripeId('promo_');
    catalog.promotionCodes.set(id, {
      id,
      object: 'promotion_code',
      code: promotion.code,
      active: catalog.coupons.has(promotion.coupon),
      promotion: { type: 'coupon', coupon: promotion.coupon },
      customer: null,
      expires_at: null,
      max_redemptions: null,
      times_redeemed: 0,
      metadata: {},
      created,
      livemode,
    });
  }
  return catalog;
}

/** Promotion codes with this code (matched regardless of case, as Stripe does) and this state. */
export function findPromotionCodes(
  catalog: Catalog,
  code: string | undefined,
  active: boolean | undefined,
): PromotionCodeObject[] {
  return [...catalog.promotionCodes.values()].filter(
    (promotion) =>
      (code === undefined || promotion.code.toLowerCase() === code.toLowerCase()) &&
      (active === undefined || promotion.active === active),
  );
}

/** The money of a session: subtotal, the coupon's share (rounded to the minor unit), total. */
export function totalsOf(price: PriceObject, quantity: number, coupon?: CouponObject) {
  const subtotal = price.unit_amount * quantity;
  const discount = coupon ? Math.round((subtotal * coupon.percent_off) / 100) : 0;
  return { subtotal, discount, total: subtotal - discount };
}

/** One billing interval later, on the same day of the month (the last day when that month is shorter). */
export function addInterval(seconds: number, price: PriceObject): number {
  const date = new Date(seconds * 1000);
  const months = price.recurring?.interval === 'year' ? 12 : 1;
  const target = new Date(date);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}
