import { Select } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useState } from 'react';
import type { PrintifyInfo, PrintifyShop } from '@podflow/contract/listings';
import { printifyProductIdPattern } from '@podflow/contract/listings';
import { failureText } from '../../api/failure-text';
import { ConnectForm, type ConnectStepProps } from '../../ui/ConnectForm';
import { GuardedButton } from '../../ui/GuardedButton';
import { SecretInput } from '../../ui/SecretInput';
import { productIdFrom, productIdProblem } from './connect-fields';
import { useFetchPrintifyShops } from './fetch-printify-shops.api';
import { IdInput } from './IdInput';
import { listingsText as text } from './listings-messages';
import type { SaveConnectionBody } from './store-connection.api';

/** The Printify API key field: what it is and where to get one. */
const printifyKey = {
  label: text.printifyKeyLabel,
  hint: text.printifyKeyHint,
  savedHint: text.keepSavedKey,
  link: { href: 'https://printify.com/app/account/api', label: text.printifyKeyLink },
};

const shopOption = (shop: PrintifyShop) => ({
  value: String(shop.id),
  label: shop.sales_channel ? `${shop.title} (${shop.sales_channel})` : shop.title,
});

/**
 * Step 1 on Printify: the API key, Fetch Shops and the shop to list in, and the template product
 * each listing copies.
 */
export function ConnectPrintifyForm(props: ConnectStepProps<PrintifyInfo, SaveConnectionBody['printify']>) {
  const { workspaceId, connection, save, onClose } = props;
  const fetchShops = useFetchPrintifyShops(workspaceId);
  const [apiKey, setApiKey] = useState(connection?.api_key ?? '');
  const [keyError, setKeyError] = useState<string | null>(null);
  // The saved shop stands in the list until the shops are fetched.
  const [shops, setShops] = useState<PrintifyShop[] | null>(null);
  const [shopId, setShopId] = useState<string | null>(connection?.shop_id || null);
  const [productId, setProductId] = useState(connection?.product_id ?? '');
  const [productLeft, setProductLeft] = useState(false);
  const [productError, setProductError] = useState<string | null>(null);

  const savedShop =
    connection?.shop_id && apiKey === connection.api_key
      ? [{ value: connection.shop_id, label: connection.shop_title || connection.shop_id }]
      : [];
  const options = shops ? shops.map(shopOption) : savedShop;
  const key = apiKey.trim();

  const changeKey = (value: string) => {
    setApiKey(value);
    setKeyError(null);
    // Shops belong to a key: another key has to fetch its own.
    setShops(null);
    setShopId(value === connection?.api_key ? connection.shop_id || null : null);
  };

  const fetch = () => {
    setKeyError(null);
    fetchShops.mutate(key, {
      onSuccess: ({ shops: found }) => {
        setShops(found);
        const stillThere = found.some((shop) => String(shop.id) === shopId);
        setShopId(stillThere ? shopId : found.length === 1 ? String(found[0]!.id) : null);
      },
      onError: (error) => setKeyError(failureText(error, text.shopsFailed)),
    });
  };

  const productCheck = productError ?? productIdProblem(productId, productLeft);
  const saveReason = !key
    ? text.saveNoKey
    : !shopId
      ? text.saveNoShop
      : !printifyProductIdPattern.test(productId)
        ? text.saveNoProduct
        : null;

  const saveFailed = (error: unknown) => {
    const sentence = failureText(error, text.printifySaveFailed);
    if (sentence !== text.printifyProductInvalid) return sentence;
    // SPEC.md section 8: the product failure is an alert; the field keeps saying so.
    setProductError(sentence);
    window.alert(sentence);
    return null;
  };

  return (
    <ConnectForm
      save={save}
      values={saveReason || !shopId ? null : { shop_id: shopId, apiKey: key, printify_product_id: productId }}
      saveReason={saveReason}
      onSaveFailed={saveFailed}
      onClose={onClose}
    >
      <SecretInput {...printifyKey} value={apiKey} onChange={changeKey} error={keyError} />
      <div>
        <GuardedButton
          reason={key ? null : text.fetchShopsNoKey}
          variant="light"
          leftSection={<IconBuildingStore size={18} aria-hidden />}
          loading={fetchShops.isPending}
          onClick={fetch}
        >
          {text.fetchShops}
        </GuardedButton>
      </div>
      <Select
        label={text.shopSelectLabel}
        placeholder={options.length ? text.shopPlaceholder : text.shopPlaceholderEmpty}
        data={options}
        value={shopId}
        onChange={setShopId}
        disabled={options.length === 0}
        allowDeselect={false}
        required
        error={shops?.length === 0 ? text.noShops : null}
        description={shops?.length ? text.shopsFound(shops.length) : undefined}
        size="md"
      />
      <IdInput
        label={text.productIdLabel}
        description={text.productIdHint}
        placeholder="5f1c0e2a9b3d4c5e6f7a8b9c"
        maxLength={200}
        value={productId}
        onChange={(value) => {
          setProductId(productIdFrom(value));
          setProductError(null);
        }}
        onBlur={() => setProductLeft(true)}
        error={productCheck}
      />
    </ConnectForm>
  );
}
