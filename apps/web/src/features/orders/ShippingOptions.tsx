import { Radio, Stack, Text } from '@mantine/core';
import type { ShippingQuote } from '@podflow/contract/orders';
import { formatMoney } from './order-format';
import { ordersText as text } from './orders-messages';
import classes from './OrdersPage.module.css';

interface ShippingOptionsProps {
  quote: ShippingQuote;
  method: string | null;
  onMethod: (method: string) => void;
  /** The draft changed since this quote: it must be asked again. */
  stale: boolean;
}

/** A quote's items cost and its shipping options, each with its price and delivery days. */
export function ShippingOptions({ quote, method, onMethod, stale }: ShippingOptionsProps) {
  return (
    <Stack gap={6}>
      {quote.items_cents !== null ? (
        <Text fz="sm">
          {text.itemsCost(formatMoney(quote.items_cents, quote.options[0]?.currency ?? 'USD'))}
        </Text>
      ) : null}
      {quote.options.length ? (
        <Radio.Group label={text.shippingOptions} value={method} onChange={onMethod}>
          <Stack gap={6} mt={6}>
            {quote.options.map((option) => (
              <Radio
                key={option.method}
                value={option.method}
                label={`${option.name} · ${formatMoney(option.price_cents, option.currency)} · ${text.optionDays(option.min_days, option.max_days)}`}
              />
            ))}
          </Stack>
        </Radio.Group>
      ) : (
        <Text fz="sm" className={classes.attention}>
          {text.noShippingOption}
        </Text>
      )}
      {stale ? (
        <Text fz="sm" className={classes.attention}>
          {text.quoteStale}
        </Text>
      ) : null}
    </Stack>
  );
}
