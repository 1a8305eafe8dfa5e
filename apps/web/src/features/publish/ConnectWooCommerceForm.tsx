import { TextInput } from '@mantine/core';
import { useState } from 'react';
import type { WooCommerceInfo } from '@podflow/contract/stores';
import { ConnectForm, type ConnectStepProps } from '../../ui/ConnectForm';
import { SecretInput } from '../../ui/SecretInput';
import { publishText as text } from './publish-messages';
import type { SaveStoreBody } from './store-connection.api';
import { saveFailedText, storeUrlFrom, storeUrlProblem } from './store-fields';

const restApiLink = {
  href: 'https://woocommerce.com/document/woocommerce-rest-api/',
  label: text.consumerKeyLink,
};

/** Step 1 on WooCommerce: the store's address and a REST API key and secret of it. */
export function ConnectWooCommerceForm({
  connection,
  save,
  onClose,
}: ConnectStepProps<WooCommerceInfo, SaveStoreBody['woocommerce']>) {
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
    <ConnectForm
      save={save}
      values={saveReason ? null : values}
      saveReason={saveReason}
      onSaveFailed={saveFailedText}
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
    </ConnectForm>
  );
}
