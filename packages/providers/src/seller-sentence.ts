import { gelatoCancelRefused, gelatoCancelRefusedPrefix } from './gelato-orders.ts';
import { ProviderError } from './provider-error.ts';

/** A failure as the seller reads it, and the provider's own words and code kept for the details. */
export type SellerFailure = { sentence: string; detail: string | null };

/** Where PodFlow connects each provider: print providers in step 7, stores in step 8. */
const connectStepOf = (provider: string) =>
  provider === 'Printify' || provider === 'Gelato' ? 'step 7' : 'step 8';

/** Printify's business codes (printify.md "Error format") in the seller's words. */
const printifyCodes: Record<string, string> = {
  '8104':
    'This product belongs to another Printify shop than the one connected: create the listings again for the connected shop in step 7.',
  '8150':
    'Printify refused the product as invalid: check the title, description and keywords in step 6, then try again.',
  '8251':
    "Printify refused the product: its variants no longer match the template product's. Choose the template product again in step 7.",
  '8252': 'Printify is still publishing this product: wait a minute, then try again.',
  '8254':
    "The Printify shop is not linked to a sales channel, so nothing could be published: link it to your store in Printify, or untick 'Publish' in step 7.",
  '61003':
    'Printify refused the title because it has too many capital letters: edit it in step 6, then try again.',
};

/**
 * Turns a provider's failure into one sentence saying what happened and what to do; the
 * provider's message (already redacted, with its HTTP status and code) goes to `detail` only.
 * Errors that are not a ProviderError are PodFlow's own sentences and pass through unchanged.
 */
export function sellerFailure(error: unknown): SellerFailure {
  if (!(error instanceof ProviderError)) {
    const message = error instanceof Error ? error.message : String(error);
    return { sentence: message, detail: null };
  }
  const name = error.provider;
  const context = { connectStep: connectStepOf(name) };
  const detail = error.message;
  const code = error.code === undefined ? undefined : String(error.code);
  if (name === 'Printify' && code !== undefined && printifyCodes[code]) {
    return { sentence: printifyCodes[code], detail };
  }
  if (code === gelatoCancelRefused) {
    const words = detail.startsWith(gelatoCancelRefusedPrefix)
      ? detail.slice(gelatoCancelRefusedPrefix.length)
      : detail;
    return {
      sentence: `Gelato has started printing this order, so it can no longer be canceled. Gelato says: ${words}`,
      detail,
    };
  }
  if (code === 'unsafe_url') {
    return {
      sentence: `${name} is at an address PodFlow may not call: check the store address in ${context.connectStep}.`,
      detail,
    };
  }
  const { status } = error;
  let sentence: string;
  if (status === 0) {
    sentence = `${name} could not be reached or did not answer in time: try again in a few minutes.`;
  } else if (status === 429) {
    sentence = `${name} is limiting how fast PodFlow may send: wait a few minutes, then try again.`;
  } else if (status >= 500) {
    sentence = `${name} had a problem on its side: try again in a few minutes.`;
  } else if (status === 401 || status === 403) {
    sentence = `${name} no longer accepts the saved key, or it lacks a permission: connect ${name} again in ${context.connectStep}.`;
  } else if (status === 404 || code === 'NOT_FOUND') {
    sentence = `${name} no longer has this product (it was deleted there): create the listing again in step 7.`;
  } else if (status === 413) {
    sentence = `The file is too large for ${name}: upload a smaller design.`;
  } else {
    sentence = `${name} refused the change: try again, and if it keeps failing, check the connection in ${context.connectStep}.`;
  }
  return { sentence, detail };
}
