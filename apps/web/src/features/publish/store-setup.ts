import type { ComponentType } from 'react';
import type { TargetStore } from '@podflow/contract/stores';
import { ConnectShopifyModal } from './ConnectShopifyModal';
import type { StoreModalProps } from './ConnectStoreModal';
import { ConnectWooCommerceModal } from './ConnectWooCommerceModal';
import { publishText as text } from './publish-messages';
import type { StoreConnectionOf } from './store-connection.api';

/** One line of what a connection holds: a label and its value. */
export interface ConnectionDetail {
  label: string;
  value: string;
  /** Shown in the monospace font (keys, tokens). */
  code?: boolean;
}

/** What the screen shows of a store's connection, and the modal that makes it. */
interface StoreSetup<S extends TargetStore> {
  details: (info: StoreConnectionOf[S]) => ConnectionDetail[];
  modal: ComponentType<StoreModalProps<S>>;
}

export const storeSetups: { [S in TargetStore]: StoreSetup<S> } = {
  shopify: {
    details: (info) => [
      { label: text.shopLabel, value: `${info.shopify_shop_name}${text.shopNameSuffix}` },
      { label: text.tokenLabel, value: info.shopify_admin_api_token, code: true },
    ],
    modal: ConnectShopifyModal,
  },
  woocommerce: {
    details: (info) => [
      { label: text.storeUrlDetail, value: info.woocommerce_store_url },
      { label: text.consumerKeyDetail, value: info.woocommerce_consumer_key, code: true },
      { label: text.consumerSecretDetail, value: info.woocommerce_consumer_secret, code: true },
    ],
    modal: ConnectWooCommerceModal,
  },
};
