import { Code, Group, Text, TextInput } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { shopifyRequiredScopes, type ShopifyInfo } from '@podflow/contract/stores';
import { ConnectForm, type ConnectStepProps } from '../../ui/ConnectForm';
import { SecretInput } from '../../ui/SecretInput';
import { publishText as text } from './publish-messages';
import type { SaveStoreBody } from './store-connection.api';
import { saveFailedText, shopNameFrom, shopNameProblem } from './store-fields';

/**
 * Step 1 on Shopify: the shop's name and the Admin API access token of its custom app, and
 * optionally the app's API secret key (it signs the order webhooks).
 */
export function ConnectShopifyForm({
  connection,
  save,
  onClose,
}: ConnectStepProps<ShopifyInfo, SaveStoreBody['shopify']>) {
  const [shopName, setShopName] = useState(connection?.shopify_shop_name ?? '');
  const [nameLeft, setNameLeft] = useState(false);
  const [token, setToken] = useState(connection?.shopify_admin_api_token ?? '');
  const [apiSecret, setApiSecret] = useState(connection?.shopify_api_secret ?? '');

  const problem = shopNameProblem(shopName);
  // A character no shop name has is said at once; the rest once the field is left.
  const shownProblem = nameLeft || /[^a-z0-9-]/.test(shopName) ? problem : null;
  const filled = shopName !== '' && token.trim() !== '';
  const saveReason = !filled ? text.shopifySaveMissing : problem;

  return (
    <ConnectForm
      save={save}
      values={
        saveReason
          ? null
          : {
              shopify_shop_name: shopName,
              shopify_admin_api_token: token.trim(),
              shopify_api_secret: apiSecret.trim(),
            }
      }
      saveReason={saveReason}
      onSaveFailed={saveFailedText}
      onClose={onClose}
    >
      <TextInput
        label={text.shopNameLabel}
        description={text.shopNameHint}
        placeholder="my-shop"
        required
        autoComplete="off"
        spellCheck={false}
        maxLength={300}
        value={shopName}
        onChange={(event) => setShopName(shopNameFrom(event.currentTarget.value))}
        onBlur={() => setNameLeft(true)}
        error={shownProblem}
        rightSection={
          <Text fz="sm" c="dimmed" pr="sm">
            {text.shopNameSuffix}
          </Text>
        }
        rightSectionWidth={128}
        rightSectionPointerEvents="none"
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <Group
        gap="sm"
        wrap="nowrap"
        align="flex-start"
        bg="gray.0"
        p="sm"
        style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      >
        <IconKey size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text fz="sm">
          {text.scopesLead}{' '}
          {shopifyRequiredScopes.map((scope, index) => (
            <Fragment key={scope}>
              {index > 0 ? ' and ' : null}
              <Code>{scope}</Code>
            </Fragment>
          ))}{' '}
          {text.scopesTail} {text.ordersScopeLead} <Code>read_orders</Code> {text.ordersScopeTail}
        </Text>
      </Group>
      <SecretInput
        label={text.tokenFieldLabel}
        hint={text.tokenHint}
        savedHint={text.keepSavedSecret}
        link={{
          href: 'https://help.shopify.com/en/manual/apps/app-types/custom-apps',
          label: text.tokenLink,
        }}
        value={token}
        onChange={setToken}
      />
      <SecretInput
        label={text.apiSecretFieldLabel}
        hint={text.apiSecretHint}
        savedHint={text.keepSavedSecret}
        value={apiSecret}
        onChange={setApiSecret}
        optional
      />
    </ConnectForm>
  );
}
