import type { ComponentType } from 'react';
import type { TargetStore } from '@podflow/contract/stores';
import type { ConnectStepProps } from '../../ui/ConnectForm';
import type { ConnectionDetail } from '../../ui/ConnectionPanel';
import { ConnectShopifyForm } from './ConnectShopifyForm';
import { ConnectWooCommerceForm } from './ConnectWooCommerceForm';
import { publishText as text } from './publish-messages';
import type { SaveStoreBody, StoreConnectionOf } from './store-connection.api';

/** What the screen shows of a store's connection, and step 1's modal that makes it. */
interface StoreSetup<S extends TargetStore> {
  details: (info: StoreConnectionOf[S]) => ConnectionDetail[];
  connectTitle: string;
  connectIntro: string;
  form: ComponentType<ConnectStepProps<StoreConnectionOf[S], SaveStoreBody[S]>>;
}

export const storeSetups: { [S in TargetStore]: StoreSetup<S> } = {
  shopify: {
    details: (info) => [
      { label: text.shopLabel, value: `${info.shopify_shop_name}${text.shopNameSuffix}` },
      { label: text.tokenLabel, value: info.shopify_admin_api_token, code: true },
      ...(info.shopify_api_secret
        ? [{ label: text.apiSecretLabel, value: info.shopify_api_secret, code: true }]
        : []),
    ],
    connectTitle: text.shopifyModalTitle,
    connectIntro: text.shopifyModalIntro,
    form: ConnectShopifyForm,
  },
  woocommerce: {
    details: (info) => [
      { label: text.storeUrlDetail, value: info.woocommerce_store_url },
      { label: text.consumerKeyDetail, value: info.woocommerce_consumer_key, code: true },
      { label: text.consumerSecretDetail, value: info.woocommerce_consumer_secret, code: true },
    ],
    connectTitle: text.wooModalTitle,
    connectIntro: text.wooModalIntro,
    form: ConnectWooCommerceForm,
  },
};
