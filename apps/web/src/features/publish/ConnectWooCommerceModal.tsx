import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { SecretInput } from '../../ui/SecretInput';
import {
  ConnectStoreForm,
  ConnectStoreModal,
  type SaveStoreConnection,
  type StoreModalProps,
} from './ConnectStoreModal';
import { publishText as text } from './publish-messages';
import { storeUrlFrom, storeUrlProblem } from './store-fields';

/** Step 1 on WooCommerce: the store's address and a REST API key and secret of it. */
export function ConnectWooCommerceModal(props: StoreModalProps<'woocommerce'>) {
  return (
    <ConnectStoreModal {...props} store="woocommerce" title={text.wooModalTitle} intro={text.wooModalIntro}>
      {(save) => <WooCommerceForm connection={props.connection} save={save} onClose={props.onClose} />}
    </ConnectStoreModal>
  );
}

interface WooCommerceFormProps {
  connection: StoreModalProps<'woocommerce'>['connection'];
  save: SaveStoreConnection<'woocommerce'>;
  onClose: () => void;
}

const restApiLink = {
  href: 'https://woocommerce.com/document/woocommerce-rest-api/',
  label: text.consumerKeyLink,
};

function WooCommerceForm({ connection, save, onClose }: WooCommerceFormProps) {
  const [storeUrl, setStoreUrl] = useState(connection?.woocommerce_store_url ?? '');
  const [urlLeft, setUrlLeft] = useState(false);
  const [consumerKey, setConsumerKey] = useState(connection?.woocommerce_consumer_key ?? '');
  const [consumerSecret, setConsumerSecret] = useState(connection?.woocommerce_consumer_secret ?? '');

  const url = storeUrlFrom(storeUrl);
  const problem = storeUrlProblem(url);
  const values = {
    woocommerce_store_url: url,
    woocommerce_consumer_key: consumerKey.trim(),
    woocommerce_consumer_secret: consumerSecret.trim(),
  };
  const filled = Object.values(values).every(Boolean);
  const saveReason = !filled ? text.wooSaveMissing : problem;

  return (
    <ConnectStoreForm<'woocommerce'>
      save={save}
      values={saveReason ? null : values}
      saveReason={saveReason}
      onClose={onClose}
    >
      <TextInput
        type="url"
        label={text.storeUrlLabel}
        description={text.storeUrlHint}
        placeholder="https://shop.example.com"
        required
        autoComplete="url"
        spellCheck={false}
        maxLength={2000}
        value={storeUrl}
        onChange={(event) => setStoreUrl(event.currentTarget.value)}
        onBlur={() => {
          setStoreUrl(url);
          setUrlLeft(true);
        }}
        error={urlLeft ? problem : null}
      />
      <SecretInput
        label={text.consumerKeyLabel}
        hint={text.consumerKeyHint}
        savedHint={text.keepSavedSecret}
        link={restApiLink}
        value={consumerKey}
        onChange={setConsumerKey}
      />
      <SecretInput
        label={text.consumerSecretLabel}
        hint={text.consumerSecretHint}
        savedHint={text.keepSavedSecret}
        value={consumerSecret}
        onChange={setConsumerSecret}
      />
    </ConnectStoreForm>
  );
}
