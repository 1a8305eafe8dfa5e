import { Button, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import {
  orderProviderNames,
  orderProviders,
  orderStatuses,
  orderStatusWords,
  type OrderSource,
} from '@podflow/contract/orders';
import { hasFilters, type OrderQuery } from './order-filters';
import { ordersText as text } from './orders-messages';

/** How long typing pauses before the search runs. */
export const searchDebounceMs = 300;

type Filters = OrderQuery['filters'];

interface OrderFiltersBarProps {
  filters: Filters;
  sources: OrderSource[];
  /** A changed filter; `typing` when it is the search box's, so the address is replaced, not pushed. */
  onChange: (filters: Filters, typing?: boolean) => void;
}

/** The list's filters: search, provider, shop, status and the creation dates. */
export function OrderFiltersBar({ filters, sources, onChange }: OrderFiltersBarProps) {
  const [search, setSearch] = useState(filters.q ?? '');
  const [debounced] = useDebouncedValue(search.trim(), searchDebounceMs);
  const [shownQ, setShownQ] = useState(filters.q);
  // Back, forward or "Clear filters" changed the address's search: the box follows it.
  if (shownQ !== filters.q) {
    setShownQ(filters.q);
    if ((filters.q ?? '') !== search.trim()) setSearch(filters.q ?? '');
  }

  useEffect(() => {
    if (debounced !== (filters.q ?? '') && debounced === search.trim()) {
      onChange({ ...filters, q: debounced || undefined }, true);
    }
  }, [debounced, filters, search, onChange]);

  const set = (patch: Partial<Filters>) => onChange({ ...filters, ...patch });
  const shops = sources.filter((source) => !filters.provider || source.provider === filters.provider);

  return (
    <Group gap="sm" align="flex-end" mb="md" role="search" aria-label={text.filtersLabel}>
      <TextInput
        size="sm"
        label={text.search}
        placeholder={text.searchPlaceholder}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        w={260}
        type="search"
      />
      <Select
        size="sm"
        label={text.provider}
        placeholder={text.any}
        data={orderProviders.map((provider) => ({ value: provider, label: orderProviderNames[provider] }))}
        value={filters.provider ?? null}
        onChange={(value) =>
          set({ provider: (value as Filters['provider']) ?? undefined, source_id: undefined })
        }
        clearable
        w={150}
      />
      <Select
        size="sm"
        label={text.shop}
        placeholder={text.any}
        data={shops.map((source) => ({
          value: source.id,
          label: `${source.shop_title} (${orderProviderNames[source.provider]})`,
        }))}
        value={filters.source_id ?? null}
        onChange={(value) => set({ source_id: value ?? undefined })}
        clearable
        w={200}
      />
      <Select
        size="sm"
        label={text.status}
        placeholder={text.any}
        data={orderStatuses.map((status) => ({ value: status, label: orderStatusWords[status] }))}
        value={filters.status ?? null}
        onChange={(value) => set({ status: (value as Filters['status']) ?? undefined })}
        clearable
        w={210}
      />
      {(['from', 'to'] as const).map((edge) => (
        <TextInput
          key={edge}
          size="sm"
          type="date"
          label={text[edge]}
          value={filters[edge] ?? ''}
          // The range cannot be turned inside out: each end is bounded by the other.
          min={edge === 'to' ? filters.from : undefined}
          max={edge === 'from' ? filters.to : undefined}
          onChange={(event) => set({ [edge]: event.currentTarget.value || undefined })}
          w={150}
        />
      ))}
      {hasFilters(filters) ? (
        <Button
          size="sm"
          variant="subtle"
          color="gray"
          leftSection={<IconX size={14} aria-hidden />}
          onClick={() => {
            setSearch('');
            onChange({});
          }}
        >
          {text.clearFilters}
        </Button>
      ) : null}
    </Group>
  );
}
