import { Stack, Text } from '@mantine/core';
import type { OrderSummaryCounts } from '@podflow/contract/orders';
import { formatDay, formatMoney } from './order-format';
import { ordersText as text } from './orders-messages';

const width = 300;
const height = 64;
const gap = 2;

/**
 * Orders per day over the last 30 days as small bars (a day with a negative margin in red, and said
 * so in its title), the totals in words above, the whole read out as one sentence.
 */
export function OrdersChart({ summary }: { summary: OrderSummaryCounts }) {
  const { days, currency } = summary;
  const orders = days.reduce((sum, day) => sum + day.orders, 0);
  const margin = formatMoney(
    days.reduce((sum, day) => sum + day.margin_cents, 0),
    currency,
  );
  const most = Math.max(1, ...days.map((day) => day.orders));
  const busiest = orders > 0 ? days.reduce((best, day) => (day.orders > best.orders ? day : best)) : null;
  const barWidth = days.length ? (width - gap * (days.length - 1)) / days.length : 0;

  return (
    <Stack gap={4} miw={0}>
      <Text fz="xs" fw={600} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
        {text.chartTitle}
      </Text>
      <Text fz="sm" fw={600}>
        {text.chartSummary(orders, margin)}
      </Text>
      <svg
        role="img"
        aria-label={text.chartAlt(
          orders,
          margin,
          busiest ? `${formatDay(busiest.date)} (${busiest.orders})` : null,
        )}
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
        style={{ display: 'block', maxWidth: '100%' }}
      >
        <line x1={0} x2={width} y1={height - 0.5} y2={height - 0.5} stroke="var(--mantine-color-gray-3)" />
        {days.map((day, index) => {
          const barHeight = day.orders ? Math.max(2, ((height - 4) * day.orders) / most) : 0;
          return (
            <rect
              key={day.date}
              x={index * (barWidth + gap)}
              y={height - 1 - barHeight}
              width={barWidth}
              height={barHeight}
              rx={1.5}
              fill={day.margin_cents < 0 ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-violet-5)'}
            >
              <title>
                {text.chartDay(formatDay(day.date), day.orders, formatMoney(day.margin_cents, currency))}
              </title>
            </rect>
          );
        })}
      </svg>
    </Stack>
  );
}
