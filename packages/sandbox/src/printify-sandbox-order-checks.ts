import {
  type Checked,
  type Json,
  type PrintifyError,
  businessError,
  invalidChoice,
  isObject,
  mustBe,
  required,
  validationError,
} from './printify-sandbox-checks.ts';
import {
  type LineSource,
  type NewOrder,
  type OrderAddress,
  shippingFor,
} from './printify-sandbox-order-data.ts';

/**
 * What the Printify sandbox refuses in order bodies (create and shipping quote), with Printify's
 * validation body (code 8150, 'path: reason'), and the refusals of send to production and cancel
 * (orders.md: cancel only on-hold or payment-not-received). The codes of those two are the
 * sandbox's own guess: Printify publishes none for orders.
 */

export type CheckedLine = NewOrder['lines'][number];

const refuse = <T>(error: PrintifyError): Checked<T> => ({ ok: false, error });
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const addressFields = ['first_name', 'last_name', 'country', 'address1', 'city', 'zip'] as const;
const optionalFields = ['email', 'phone', 'region', 'address2', 'company'] as const;

/** The recipient: every required field, an ISO country code, an e-mail that looks like one. */
export function checkAddress(value: unknown): Checked<OrderAddress> {
  if (!isObject(value)) return refuse(required('address_to'));
  for (const field of addressFields) {
    if (!isText(value[field])) return refuse(required(`address_to.${field}`));
  }
  if (!/^[A-Z]{2}$/.test(String(value.country))) {
    return refuse(mustBe('address_to.country', 'a two-letter country code'));
  }
  for (const field of optionalFields) {
    if (value[field] !== undefined && value[field] !== null && typeof value[field] !== 'string') {
      return refuse(mustBe(`address_to.${field}`, 'a string'));
    }
  }
  if (isText(value.email) && !/^[^@\s]+@[^@\s]+$/.test(value.email)) {
    return refuse(mustBe('address_to.email', 'a valid email address'));
  }
  const text = (field: string) => (typeof value[field] === 'string' ? (value[field] as string) : '');
  return {
    ok: true,
    value: {
      first_name: text('first_name'),
      last_name: text('last_name'),
      email: text('email'),
      phone: text('phone'),
      country: text('country'),
      region: text('region'),
      address1: text('address1'),
      address2: text('address2'),
      city: text('city'),
      zip: text('zip'),
      ...(isText(value.company) ? { company: value.company } : {}),
    },
  };
}

/** The lines: at least one, each an enabled variant of a product of this shop (or its SKU), quantity ≥ 1. */
export function checkLines(value: unknown, productsOfShop: LineSource[]): Checked<CheckedLine[]> {
  if (!Array.isArray(value) || value.length === 0) return refuse(required('line_items'));
  const lines: CheckedLine[] = [];
  for (const [index, line] of value.entries()) {
    const path = `line_items.${index}`;
    if (!isObject(line)) return refuse(mustBe(path, 'an object'));
    if (!Number.isInteger(line.quantity) || (line.quantity as number) < 1) {
      return refuse(mustBe(`${path}.quantity`, 'an integer of at least 1'));
    }
    const found = findVariant(line, productsOfShop, path);
    if (!found.ok) return found;
    lines.push({ ...found.value, quantity: line.quantity as number });
  }
  return { ok: true, value: lines };
}

function findVariant(
  line: Json,
  products: LineSource[],
  path: string,
): Checked<{ source: LineSource; variantId: number }> {
  if (line.product_id === undefined && isText(line.sku)) {
    for (const source of products) {
      const variant = source.variants.find((v) => v.sku === line.sku && v.is_enabled);
      if (variant) return { ok: true, value: { source, variantId: variant.id } };
    }
    return refuse(invalidChoice(`${path}.sku`));
  }
  if (!isText(line.product_id)) return refuse(required(`${path}.product_id`));
  const source = products.find((product) => product.id === line.product_id);
  if (!source) return refuse(invalidChoice(`${path}.product_id`));
  if (!Number.isInteger(line.variant_id)) return refuse(required(`${path}.variant_id`));
  const variant = source.variants.find((v) => v.id === line.variant_id);
  if (!variant?.is_enabled) return refuse(invalidChoice(`${path}.variant_id`));
  return { ok: true, value: { source, variantId: variant.id } };
}

/** A create body: the caller's external_id, lines, recipient and a shipping method offered there. */
export function checkNewOrder(body: Json, productsOfShop: LineSource[]): Checked<NewOrder> {
  if (!isText(body.external_id)) return refuse(required('external_id'));
  if (body.label !== undefined && typeof body.label !== 'string') return refuse(mustBe('label', 'a string'));
  const method = body.shipping_method ?? 1;
  if (!Number.isInteger(method) || (method as number) < 1 || (method as number) > 4) {
    return refuse(invalidChoice('shipping_method'));
  }
  const lines = checkLines(body.line_items, productsOfShop);
  if (!lines.ok) return lines;
  const address = checkAddress(body.address_to);
  if (!address.ok) return address;
  const units = lines.value.reduce((sum, line) => sum + line.quantity, 0);
  if (shippingFor(method as number, address.value.country, units) === undefined) {
    return refuse(
      validationError('shipping_method', 'The selected shipping method is not available for this address.'),
    );
  }
  return {
    ok: true,
    value: {
      external_id: body.external_id,
      label: body.label as string | undefined,
      shipping_method: method as number,
      lines: lines.value,
      address: address.value,
    },
  };
}

/** Why an order in `status` cannot be canceled (null: it can). */
export function cancelRefusal(orderId: string, status: string): PrintifyError | null {
  if (status === 'on-hold' || status === 'payment-not-received') return null;
  const reason =
    status === 'canceled'
      ? `Order ${orderId} is already canceled.`
      : `Only orders on hold or awaiting payment can be canceled; order ${orderId} is ${status}. Contact Printify support to request a cancellation.`;
  return businessError(8502, 'Order cannot be canceled.', reason);
}

/** Why an order in `status` cannot go to production (null: it can). */
export function productionRefusal(
  orderId: string,
  status: string,
  outOfStock: boolean,
): PrintifyError | null {
  if (status === 'on-hold' && outOfStock) {
    return businessError(
      8503,
      'Order cannot be sent to production.',
      `Order ${orderId} has an out-of-stock item: change the variant or cancel the order.`,
    );
  }
  if (status === 'on-hold' || status === 'payment-not-received') return null;
  const reason =
    status === 'canceled'
      ? `Order ${orderId} is canceled.`
      : `Order ${orderId} has already been sent to production (${status}).`;
  return businessError(8503, 'Order cannot be sent to production.', reason);
}
