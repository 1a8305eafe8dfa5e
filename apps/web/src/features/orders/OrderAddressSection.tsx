import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { OrderDetail } from '@podflow/contract/orders';
import { ApiError } from '../../api/client';
import { failureText } from '../../api/failure-text';
import { GuardedButton } from '../../ui/GuardedButton';
import { notifySuccess } from '../../ui/notify';
import { AddressFields } from './AddressFields';
import {
  addressDraft,
  addressErrors,
  addressOf,
  serverAddressErrors,
  type AddressDraft,
} from './address-form';
import { useSaveOrderAddress } from './order-action.api';
import { ordersText as text } from './orders-messages';

/** The order's shipping address, editable while the provider still allows it (`blocked.edit_address`). */
export function OrderAddressSection({ order }: { order: OrderDetail }) {
  const save = useSaveOrderAddress(order.id);
  const [draft, setDraft] = useState<AddressDraft | null>(null);
  const [errors, setErrors] = useState<ReturnType<typeof addressErrors>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { address } = order;

  if (draft) {
    const submit = async () => {
      const found = addressErrors(draft);
      setErrors(found);
      setFailure(null);
      if (Object.keys(found).length) return;
      try {
        const reply = await save.mutateAsync(addressOf(draft));
        notifySuccess(reply.message);
        setDraft(null);
      } catch (error) {
        const fields = error instanceof ApiError ? serverAddressErrors(error.fields) : {};
        setErrors(fields);
        setFailure(failureText(error, text.actionFailed));
      }
    };
    return (
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <AddressFields
            draft={draft}
            errors={errors}
            onChange={(key, value) => setDraft({ ...draft, [key]: value })}
          />
          {failure ? (
            <Text fz="sm" c="red.9" role="alert">
              {failure}
            </Text>
          ) : null}
          <Group gap="xs">
            <Button size="xs" type="submit" loading={save.isPending}>
              {text.saveAddress}
            </Button>
            <Button size="xs" variant="subtle" color="gray" onClick={() => setDraft(null)}>
              {text.cancelEdit}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  return (
    <Stack gap={6} align="flex-start">
      {address ? (
        <Text fz="sm" component="address" style={{ fontStyle: 'normal', whiteSpace: 'pre-line' }}>
          {[
            `${address.first_name} ${address.last_name}`,
            address.company,
            address.address1,
            address.address2,
            [address.zip, address.city, address.region].filter(Boolean).join(' '),
            address.country,
            address.email,
            address.phone,
          ]
            .filter(Boolean)
            .join('\n')}
        </Text>
      ) : (
        <Text fz="sm" c="dimmed">
          {text.noAddress}
        </Text>
      )}
      <GuardedButton
        size="xs"
        variant="light"
        reason={order.blocked.edit_address}
        onClick={() => {
          setErrors({});
          setFailure(null);
          setDraft(addressDraft(address));
        }}
      >
        {text.editAddress}
      </GuardedButton>
    </Stack>
  );
}
