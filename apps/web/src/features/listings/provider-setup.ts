import type { ListingProvider } from '@podflow/contract/listings';
import { listingsText as text, providerNames } from './listings-messages';
import type { ConnectionOf } from './store-connection.api';

/** One line of what a connection holds: a label and its value. */
export interface ConnectionDetail {
  label: string;
  value: string;
  /** Shown in the monospace font (ids, keys). */
  code?: boolean;
}

/** What the screen says and checks of a provider. */
interface ProviderSetup<P extends ListingProvider> {
  name: string;
  about: string;
  notConnectedText: string;
  /** Whether the connection has what a run needs (step 1 is done). */
  complete: (info: ConnectionOf[P]) => boolean;
  details: (info: ConnectionOf[P]) => ConnectionDetail[];
}

export const providerSetups: { [P in ListingProvider]: ProviderSetup<P> } = {
  printify: {
    name: providerNames.printify,
    about: text.printifyAbout,
    notConnectedText: text.notConnectedPrintify,
    complete: (info) => Boolean(info.shop_id && info.product_id),
    details: (info) => [
      { label: text.shopLabel, value: info.shop_title || info.shop_id },
      { label: text.apiKeyLabel, value: info.api_key, code: true },
      { label: text.productLabel, value: info.product_id, code: true },
    ],
  },
  gelato: {
    name: providerNames.gelato,
    about: text.gelatoAbout,
    notConnectedText: text.notConnectedGelato,
    complete: (info) => Boolean(info.store_id && info.template_id),
    details: (info) => [
      { label: text.storeLabel, value: info.store_id, code: true },
      { label: text.apiKeyLabel, value: info.api_key, code: true },
      {
        label: text.templateLabel,
        value: info.template_title ? `${info.template_title} (${info.template_id})` : info.template_id,
      },
    ],
  },
};
