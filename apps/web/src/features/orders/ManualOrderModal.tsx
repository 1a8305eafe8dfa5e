import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useRef, useState } from 'react';
import {
  orderProviderNames,
  type ManualOrderDraft,
  type OrderAddress,
  type ShippingQuote,
} from '@podflow/contract/orders';
import { ApiError } from '../../api/client';
import { failureText } from '../../api/failure-text';
import { useDesigns } from '../../api/get-designs.api';
import { useWorkspaces } from '../../api/get-workspaces.api';
import { newRequestKey } from '../../api/request-key';
import { GuardedButton } from '../../ui/GuardedButton';
import { notifySuccess } from '../../ui/notify';
import { AddressFields } from './AddressFields';
import { addressDraft, addressErrors, addressOf, serverAddressErrors } from './address-form';
import { useManualProducts, usePlaceManualOrder, useQuoteManualOrder } from './manual-order.api';
import { formatMoney } from './order-format';
import { ordersText as text } from './orders-messages';
import { ShippingOptions } from './ShippingOptions';

/** A native select's options with its empty first choice. */
function withPlaceholder(placeholder: string, options: { value: string; label: string }[]) {
  return [{ value: '', label: placeholder, disabled: true }, ...options];
}

interface ManualOrderModalProps {
  opened: boolean;
  onClose: () => void;
  /** The new order was placed: its id, to open it. */
  onPlaced: (orderId: string) => void;
}

type FieldErrors = Partial<
  Record<keyof OrderAddress | 'product' | 'variant' | 'quantity' | 'design', string>
>;

/** The quote of one exact draft: a changed draft needs a new quote before it is placed. */
interface QuoteOf {
  draftKey: string;
  quote: ShippingQuote;
}

/**
 * A manual order (a replacement, a sample, a wholesale order) of a design the seller made: design,
 * product and variant, quantity, address; the shipping options and their prices come before
 * anything is sent, and placing it is done once however often it is clicked.
 */
export function ManualOrderForm({ onClose, onPlaced }: Omit<ManualOrderModalProps, 'opened'>) {
  const workspaces = useWorkspaces();
  const [workspaceId, setWorkspaceId] = useState<string | null>(null);
  const designs = useDesigns(workspaceId);
  const [designId, setDesignId] = useState<string | null>(null);
  const products = useManualProducts(designId);
  const [productKey, setProductKey] = useState<string | null>(null);
  const [variantId, setVariantId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<number>(1);
  const [address, setAddress] = useState(() => addressDraft());
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [quoted, setQuoted] = useState<QuoteOf | null>(null);
  const [method, setMethod] = useState<string | null>(null);
  const quote = useQuoteManualOrder();
  const place = usePlaceManualOrder();
  const requestKeys = useRef(new Map<string, string>());

  const productList = products.data ?? [];
  const product =
    productList.find((entry) => `${entry.source_id}:${entry.product_id}` === productKey) ?? null;

  /** The draft as it stands, or the errors that keep it from being one. */
  const currentDraft = (): { draft: ManualOrderDraft | null; found: FieldErrors } => {
    const found: FieldErrors = { ...addressErrors(address) };
    if (!designId) found.design = text.required(text.design);
    if (!product) found.product = text.required(text.product);
    if (!variantId) found.variant = text.required(text.variant);
    if (!Number.isInteger(quantity) || quantity < 1) found.quantity = text.required(text.quantityLabel);
    if (Object.keys(found).length || !product || !designId || !variantId) return { draft: null, found };
    return {
      draft: {
        source_id: product.source_id,
        design_id: designId,
        product_id: product.product_id,
        variant_id: variantId,
        quantity,
        address: addressOf(address),
      },
      found,
    };
  };
  const { draft: liveDraft } = currentDraft();
  const liveKey = liveDraft ? JSON.stringify(liveDraft) : null;
  const quoteCurrent = quoted !== null && quoted.draftKey === liveKey;

  const showServerErrors = (error: unknown, fallback: string) => {
    const fields = error instanceof ApiError ? error.fields : {};
    setErrors({
      ...serverAddressErrors(fields),
      quantity: fields.quantity,
      variant: fields.variant_id,
      product: fields.product_id,
    });
    setFailure(failureText(error, fallback));
  };

  const getQuote = async () => {
    const { draft, found } = currentDraft();
    setErrors(found);
    setFailure(null);
    if (!draft) return;
    try {
      const reply = await quote.mutateAsync(draft);
      setQuoted({ draftKey: JSON.stringify(draft), quote: reply });
      setMethod(reply.options[0]?.method ?? null);
    } catch (error) {
      showServerErrors(error, text.quoteFailed);
    }
  };

  const placeOrder = async () => {
    if (!liveDraft || !method) return;
    const order = { ...liveDraft, shipping_method: method };
    const identity = JSON.stringify(order);
    const requestKey = requestKeys.current.get(identity) ?? newRequestKey();
    requestKeys.current.set(identity, requestKey);
    setFailure(null);
    try {
      const reply = await place.mutateAsync({ draft: order, requestKey });
      notifySuccess(reply.message);
      onPlaced(reply.order.id);
    } catch (error) {
      showServerErrors(error, text.placeFailed);
    }
  };

  const placeReason = !quoteCurrent || !method ? (quoted ? text.quoteStale : text.placeNeedsQuote) : null;
  const designOptions = (designs.data ?? []).map((design) => ({
    value: design.lineitem_id,
    label: design.product_title || design.image_file_name,
  }));

  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        {text.manualIntro}
      </Text>
      <SimpleGrid cols={2} spacing="sm">
        <NativeSelect
          size="sm"
          label={text.workspace}
          data={withPlaceholder(
            text.chooseWorkspace,
            (workspaces.data ?? []).map((workspace) => ({
              value: workspace.workspace_id,
              label: workspace.workspace_name,
            })),
          )}
          value={workspaceId ?? ''}
          onChange={(event) => {
            setWorkspaceId(event.currentTarget.value || null);
            setDesignId(null);
            setProductKey(null);
            setVariantId(null);
          }}
        />
        <NativeSelect
          size="sm"
          label={text.design}
          data={withPlaceholder(text.chooseDesign, designOptions)}
          value={designId ?? ''}
          disabled={!workspaceId}
          error={errors.design ?? (workspaceId && designs.data?.length === 0 ? text.noDesigns : undefined)}
          onChange={(event) => {
            setDesignId(event.currentTarget.value || null);
            setProductKey(null);
            setVariantId(null);
          }}
        />
      </SimpleGrid>
      {designId && products.isPending ? (
        <Text fz="sm" c="dimmed" role="status">
          {text.loadingProducts}
        </Text>
      ) : null}
      {designId && products.isError ? (
        <Alert color="red" variant="light" role="alert" p="sm">
          {failureText(products.error, text.productsFailed)}
        </Alert>
      ) : null}
      {designId && products.data?.length === 0 ? (
        <Alert color="orange" variant="light" role="alert" p="sm">
          {text.noProduct}
        </Alert>
      ) : null}
      {productList.length ? (
        <Stack gap="sm">
          <NativeSelect
            size="sm"
            label={text.product}
            data={withPlaceholder(
              text.chooseProduct,
              productList.map((entry) => ({
                value: `${entry.source_id}:${entry.product_id}`,
                label: `${entry.title} (${orderProviderNames[entry.provider]}, ${entry.shop_title})`,
              })),
            )}
            value={productKey ?? ''}
            error={errors.product}
            onChange={(event) => {
              setProductKey(event.currentTarget.value || null);
              setVariantId(null);
            }}
          />
          <SimpleGrid cols={2} spacing="sm">
            <NativeSelect
              size="sm"
              label={text.variant}
              data={withPlaceholder(
                text.chooseVariant,
                (product?.variants ?? []).map((variant) => ({
                  value: variant.id,
                  // A cost is shown only in a currency the server named.
                  label:
                    variant.cost_cents === null || !product?.currency
                      ? variant.title
                      : `${variant.title} · ${formatMoney(variant.cost_cents, product.currency)}`,
                })),
              )}
              value={variantId ?? ''}
              disabled={!product}
              error={errors.variant}
              onChange={(event) => setVariantId(event.currentTarget.value || null)}
            />
            <NumberInput
              size="sm"
              label={text.quantityLabel}
              min={1}
              max={999}
              allowDecimal={false}
              value={quantity}
              error={errors.quantity}
              onChange={(value) => setQuantity(typeof value === 'number' ? value : Number(value) || 0)}
            />
          </SimpleGrid>
        </Stack>
      ) : null}
      <Stack gap={6}>
        <Title order={3} fz="sm" fw={650}>
          {text.recipient}
        </Title>
        <AddressFields
          draft={address}
          errors={errors}
          onChange={(key, value) => setAddress((current) => ({ ...current, [key]: value }))}
        />
      </Stack>
      <Group>
        <Button variant="light" onClick={() => void getQuote()} loading={quote.isPending}>
          {text.getQuote}
        </Button>
      </Group>
      {quoted ? (
        <ShippingOptions quote={quoted.quote} method={method} onMethod={setMethod} stale={!quoteCurrent} />
      ) : null}
      {failure ? (
        <Alert color="red" variant="light" role="alert" p="sm">
          {failure}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="subtle" color="gray" onClick={onClose}>
          {text.closeManual}
        </Button>
        <GuardedButton reason={placeReason} loading={place.isPending} onClick={placeOrder}>
          {text.placeOrder}
        </GuardedButton>
      </Group>
    </Stack>
  );
}

/** The manual order in a modal; its form starts empty each time it opens. */
export function ManualOrderModal({ opened, onClose, onPlaced }: ManualOrderModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={text.manualTitle} size="xl">
      {opened ? <ManualOrderForm onClose={onClose} onPlaced={onPlaced} /> : null}
    </Modal>
  );
}
