import { type GelatoError, type Json, isObject, problem } from './gelato-sandbox-checks.ts';

/**
 * What the Gelato sandbox's order API refuses (docs: providers/orders.md §2), with Gelato's
 * `{"message": ...}` body: a create without its three reference ids, currency, items or address;
 * an unknown productUid, a printable item without files, a bad quantity; an address over
 * Gelato's lengths (name 25, address line 35, city 30, postCode 15) or without a state in the US,
 * Canada or Australia; more than 20 metadata entries.
 */

export type OrderAddressInput = {
  firstName: string;
  lastName: string;
  companyName?: string;
  addressLine1: string;
  addressLine2?: string;
  city: string;
  postCode: string;
  state?: string;
  country: string;
  email: string;
  phone?: string;
};

export type OrderItemInput = {
  itemReferenceId: string;
  productUid: string;
  quantity: number;
  files: { type: string; url: string }[];
};

export type CreateOrderInput = {
  orderType: 'order' | 'draft';
  orderReferenceId: string;
  customerReferenceId: string;
  currency: string;
  items: OrderItemInput[];
  shipmentMethodUid: string;
  shippingAddress: OrderAddressInput;
};

export type QuoteInput = Omit<CreateOrderInput, 'orderType' | 'shipmentMethodUid' | 'shippingAddress'> & {
  recipient: OrderAddressInput;
};

type Checked<T> = { ok: true; value: T } | { ok: false; error: GelatoError };
const refuse = <T>(message: string): Checked<T> => ({ ok: false, error: problem(400, message) });

/** The limits Gelato states for a recipient's fields. */
const maxLengths: [keyof OrderAddressInput, number][] = [
  ['firstName', 25],
  ['lastName', 25],
  ['companyName', 60],
  ['addressLine1', 35],
  ['addressLine2', 35],
  ['city', 30],
  ['postCode', 15],
  ['state', 35],
  ['phone', 25],
];
const needState = new Set(['US', 'CA', 'AU']);
const fileTypes = new Set([
  'default',
  'back',
  'neck-inner',
  'neck-outer',
  'sleeve-left',
  'sleeve-right',
  'inside',
]);

/** A reference id: Gelato takes a string or a number, and answers it as a string. */
function reference(body: Json, field: string): string | undefined {
  const value = body[field];
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** A shipping address or quote recipient: the required fields, Gelato's lengths, a state where it needs one. */
export function checkAddress(value: unknown, at: string): Checked<OrderAddressInput> {
  if (!isObject(value)) return refuse(`${at} is required.`);
  for (const field of ['firstName', 'lastName', 'addressLine1', 'city', 'postCode', 'country', 'email']) {
    const text = value[field];
    if (typeof text !== 'string' || text.trim() === '') return refuse(`${at}.${field} is required.`);
  }
  for (const [field, max] of maxLengths) {
    const text = value[field];
    if (text !== undefined && text !== null && typeof text !== 'string')
      return refuse(`${at}.${field} must be a string.`);
    if (typeof text === 'string' && text.length > max) {
      return refuse(`${at}.${field} must be at most ${max} characters long.`);
    }
  }
  const country = String(value.country).toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) return refuse(`${at}.country must be a two-letter ISO 3166-1 code.`);
  if (needState.has(country) && (typeof value.state !== 'string' || value.state.trim() === '')) {
    return refuse(`${at}.state is required for addresses in ${country}.`);
  }
  return { ok: true, value: { ...(value as OrderAddressInput), country } };
}

function checkItems(
  items: unknown,
  field: string,
  knownUids: Set<string>,
  needFiles: boolean,
): Checked<OrderItemInput[]> {
  if (!Array.isArray(items) || items.length === 0) return refuse(`${field} must hold at least one item.`);
  const checked: OrderItemInput[] = [];
  const seen = new Set<string>();
  for (const [i, item] of items.entries()) {
    const at = `${field}[${i}]`;
    if (!isObject(item)) return refuse(`${at} must be an object.`);
    const itemReferenceId = reference(item, 'itemReferenceId');
    if (itemReferenceId === undefined) return refuse(`${at}.itemReferenceId is required.`);
    if (seen.has(itemReferenceId)) return refuse(`${at}.itemReferenceId must be unique within the order.`);
    seen.add(itemReferenceId);
    if (typeof item.productUid !== 'string') return refuse(`${at}.productUid is required.`);
    if (!knownUids.has(item.productUid))
      return refuse(`${at}.productUid "${item.productUid}" is not a Gelato product.`);
    if (!Number.isInteger(item.quantity) || Number(item.quantity) < 1) {
      return refuse(`${at}.quantity must be an integer of at least 1.`);
    }
    const files = item.files ?? [];
    if (!Array.isArray(files)) return refuse(`${at}.files must be an array.`);
    if (needFiles && files.length === 0) return refuse(`${at}.files is required for a printable product.`);
    for (const [j, file] of files.entries()) {
      if (!isObject(file) || typeof file.url !== 'string' || !/^https?:\/\/\S+$/i.test(file.url)) {
        return refuse(`${at}.files[${j}].url must be an http(s) URL.`);
      }
      if (file.type !== undefined && !fileTypes.has(String(file.type))) {
        return refuse(`${at}.files[${j}].type "${String(file.type)}" is not a file type Gelato knows.`);
      }
    }
    checked.push({
      itemReferenceId,
      productUid: item.productUid,
      quantity: Number(item.quantity),
      files: (files as Json[]).map((file) => ({
        type: String(file.type ?? 'default'),
        url: String(file.url),
      })),
    });
  }
  return { ok: true, value: checked };
}

function checkReferences(
  body: Json,
): Checked<Pick<CreateOrderInput, 'orderReferenceId' | 'customerReferenceId' | 'currency'>> {
  const orderReferenceId = reference(body, 'orderReferenceId');
  if (orderReferenceId === undefined) return refuse('orderReferenceId is required.');
  const customerReferenceId = reference(body, 'customerReferenceId');
  if (customerReferenceId === undefined) return refuse('customerReferenceId is required.');
  if (typeof body.currency !== 'string' || !/^[A-Z]{3}$/.test(body.currency)) {
    return refuse('currency must be an ISO 4217 code such as USD.');
  }
  return { ok: true, value: { orderReferenceId, customerReferenceId, currency: body.currency } };
}

/** A create body; `shipmentMethods` are the uids Gelato takes (normal, standard, express, quoted ones). */
export function checkCreateOrder(
  body: unknown,
  knownUids: Set<string>,
  shipmentMethods: Set<string>,
): Checked<CreateOrderInput> {
  if (!isObject(body)) return refuse('The request body must be a JSON object.');
  const orderType = body.orderType ?? 'order';
  if (orderType !== 'order' && orderType !== 'draft') return refuse('orderType must be "order" or "draft".');
  const refs = checkReferences(body);
  if (!refs.ok) return refs;
  const items = checkItems(body.items, 'items', knownUids, true);
  if (!items.ok) return items;
  const address = checkAddress(body.shippingAddress, 'shippingAddress');
  if (!address.ok) return address;
  const method = body.shipmentMethodUid ?? 'normal';
  if (typeof method !== 'string' || !shipmentMethods.has(method)) {
    return refuse(`shipmentMethodUid "${String(method)}" is not available for this order.`);
  }
  if (body.metadata !== undefined && (!Array.isArray(body.metadata) || body.metadata.length > 20)) {
    return refuse('metadata must be an array of at most 20 entries.');
  }
  return {
    ok: true,
    value: {
      orderType,
      ...refs.value,
      items: items.value,
      shipmentMethodUid: method,
      shippingAddress: address.value,
    },
  };
}

/** A quote body: references, currency, a recipient and products (files optional). */
export function checkQuote(body: unknown, knownUids: Set<string>): Checked<QuoteInput> {
  if (!isObject(body)) return refuse('The request body must be a JSON object.');
  const refs = checkReferences(body);
  if (!refs.ok) return refs;
  const items = checkItems(body.products, 'products', knownUids, false);
  if (!items.ok) return items;
  const recipient = checkAddress(body.recipient, 'recipient');
  if (!recipient.ok) return recipient;
  return { ok: true, value: { ...refs.value, items: items.value, recipient: recipient.value } };
}
