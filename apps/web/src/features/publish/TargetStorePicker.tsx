import { Paper, Radio, Stack } from '@mantine/core';
import { storeNames, targetStores, type TargetStore } from '@podflow/contract/stores';
import { publishText as text } from './publish-messages';

interface TargetStorePickerProps {
  value: TargetStore;
  onChange: (store: TargetStore) => void;
  /** While the choice is being saved, or a sync runs: no second change meanwhile. */
  disabled?: boolean;
}

const isTargetStore = (value: string): value is TargetStore =>
  (targetStores as readonly string[]).includes(value);

/** SPEC.md section 2: the target store radio, Shopify or WooCommerce (values shopify and woocommerce). */
export function TargetStorePicker({ value, onChange, disabled = false }: TargetStorePickerProps) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Radio.Group
        name="target_store"
        label={text.targetLabel}
        description={text.targetHint}
        value={value}
        onChange={(next) => {
          if (isTargetStore(next)) onChange(next);
        }}
        styles={{ label: { fontSize: 'var(--mantine-font-size-lg)', fontWeight: 650 } }}
      >
        <Stack gap="md" mt="md">
          {targetStores.map((store) => (
            <Radio
              key={store}
              value={store}
              label={storeNames[store]}
              description={text.targetAbout[store]}
              disabled={disabled}
            />
          ))}
        </Stack>
      </Radio.Group>
    </Paper>
  );
}
