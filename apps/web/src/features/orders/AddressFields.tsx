import { SimpleGrid, TextInput } from '@mantine/core';
import type { OrderAddress } from '@podflow/contract/orders';
import { addressFields, type AddressDraft } from './address-form';

interface AddressFieldsProps {
  draft: AddressDraft;
  errors: Partial<Record<keyof OrderAddress, string>>;
  onChange: (key: keyof OrderAddress, value: string) => void;
}

/** An address form: each field labelled, its error shown at it. */
export function AddressFields({ draft, errors, onChange }: AddressFieldsProps) {
  return (
    <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
      {addressFields.map((field) => (
        <TextInput
          key={field.key}
          size="sm"
          label={field.label}
          withAsterisk={field.required}
          value={draft[field.key]}
          error={errors[field.key]}
          onChange={(event) => onChange(field.key, event.currentTarget.value)}
          autoComplete={autoCompleteOf[field.key]}
          maxLength={field.key === 'country' ? 2 : undefined}
        />
      ))}
    </SimpleGrid>
  );
}

const autoCompleteOf: Record<keyof OrderAddress, string> = {
  first_name: 'given-name',
  last_name: 'family-name',
  email: 'email',
  phone: 'tel',
  company: 'organization',
  address1: 'address-line1',
  address2: 'address-line2',
  city: 'address-level2',
  zip: 'postal-code',
  region: 'address-level1',
  country: 'country',
};
