import type { ComponentType } from 'react';
import type { ListingProvider } from '@podflow/contract/listings';
import type { ConnectStepProps } from '../../ui/ConnectForm';
import type { ConnectionDetail } from '../../ui/ConnectionPanel';
import { ConnectGelatoForm } from './ConnectGelatoForm';
import { ConnectPrintifyForm } from './ConnectPrintifyForm';
import { listingsText as text, providerNames } from './listings-messages';
import type { ConnectionOf, SaveConnectionBody } from './store-connection.api';

/** What the screen says and checks of a provider. */
interface ProviderSetup<P extends ListingProvider> {
  name: string;
  about: string;
  notConnectedText: string;
  /** Whether the connection has what a run needs (step 1 is done). */
  complete: (info: ConnectionOf[P]) => boolean;
  details: (info: ConnectionOf[P]) => ConnectionDetail[];
  /** Step 1's modal: its title, the sentence under it and its form. */
  connectTitle: string;
  connectIntro: string;
  form: ComponentType<ConnectStepProps<ConnectionOf[P], SaveConnectionBody[P]>>;
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
    connectTitle: text.printifyModalTitle,
    connectIntro: text.printifyModalIntro,
    form: ConnectPrintifyForm,
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
    connectTitle: text.gelatoModalTitle,
    connectIntro: text.gelatoModalIntro,
    form: ConnectGelatoForm,
  },
};
