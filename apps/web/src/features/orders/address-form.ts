import type { OrderAddress } from '@podflow/contract/orders';
import { ordersText as text } from './orders-messages';

/** An address as its form holds it: every field a string. */
export type AddressDraft = Record<keyof OrderAddress, string>;

/** The fields in the form's order, each with its label and whether it must be filled. */
export const addressFields: { key: keyof OrderAddress; label: string; required: boolean }[] = [
  { key: 'first_name', label: text.firstName, required: true },
  { key: 'last_name', label: text.lastName, required: true },
  { key: 'email', label: text.email, required: false },
  { key: 'phone', label: text.phone, required: false },
  { key: 'company', label: text.company, required: false },
  { key: 'address1', label: text.address1, required: true },
  { key: 'address2', label: text.address2, required: false },
  { key: 'city', label: text.city, required: true },
  { key: 'zip', label: text.zip, required: true },
  { key: 'region', label: text.region, required: false },
  { key: 'country', label: text.country, required: true },
];

/** A form's starting values: an order's address, or empty. */
export function addressDraft(address: OrderAddress | null = null): AddressDraft {
  return Object.fromEntries(addressFields.map(({ key }) => [key, address?.[key] ?? ''])) as AddressDraft;
}

/** What is wrong with each field, before anything is sent (the server checks again). */
export function addressErrors(draft: AddressDraft): Partial<Record<keyof OrderAddress, string>> {
  const errors: Partial<Record<keyof OrderAddress, string>> = {};
  for (const field of addressFields) {
    if (field.required && !draft[field.key].trim()) errors[field.key] = text.required(field.label);
  }
  if (!errors.country && !/^[A-Za-z]{2}$/.test(draft.country.trim())) errors.country = text.countryCode;
  return errors;
}

/** The address a call sends: trimmed, empty optional fields as null, the country in capitals. */
export function addressOf(draft: AddressDraft): OrderAddress {
  const value = (key: keyof OrderAddress) => draft[key].trim() || null;
  return {
    first_name: draft.first_name.trim(),
    last_name: draft.last_name.trim(),
    email: value('email'),
    phone: value('phone'),
    country: draft.country.trim().toUpperCase(),
    region: value('region'),
    address1: draft.address1.trim(),
    address2: value('address2'),
    city: draft.city.trim(),
    zip: draft.zip.trim(),
    company: value('company'),
  };
}

/** The server's field errors of an address (`address.city` or `city`), by field. */
export function serverAddressErrors(
  fields: Record<string, string>,
): Partial<Record<keyof OrderAddress, string>> {
  const errors: Partial<Record<keyof OrderAddress, string>> = {};
  for (const { key } of addressFields) {
    const message = fields[`address.${key}`] ?? fields[key];
    if (message) errors[key] = message;
  }
  return errors;
}
