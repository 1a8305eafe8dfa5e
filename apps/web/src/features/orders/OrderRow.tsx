import { Anchor, Checkbox, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { orderProviderNames, type OrderSummary } from '@podflow/contract/orders';
import { Link } from 'react-router';
import { costOf, formatDate, formatMoney } from './order-format';
import { OrderItemsThumbs } from './OrderItemsThumbs';
import { OrderStatusBadge } from './OrderStatusBadge';
import { ordersText as text } from './orders-messages';
import classes from './OrdersPage.module.css';

interface OrderRowProps {
  order: OrderSummary;
  /** The detail's address (keeps the list's query). */
  href: string;
  selected: boolean;
  onSelect: (order: OrderSummary, selected: boolean) => void;
}

/** Money of one order in the table's columns; the margin says "Loss" beside a negative figure. */
function MoneyCells({ order }: { order: OrderSummary }) {
  const { money } = order;
  const cost = costOf(money);
  const negative = money.margin_cents !== null && money.margin_cents < 0;
  return (
    <>
      <Table.Td className={classes.number}>{formatMoney(money.retail_cents, money.currency)}</Table.Td>
      <Table.Td className={classes.number}>
        <Tooltip
          label={text.costParts(
            formatMoney(money.cost_cents, money.currency),
            formatMoney(money.shipping_cents, money.currency),
          )}
          withArrow
          disabled={cost === null}
        >
          <span>{formatMoney(cost, money.currency)}</span>
        </Tooltip>
      </Table.Td>
      <Table.Td className={classes.number}>
        <Text span fz="sm" fw={negative ? 600 : undefined} c={negative ? 'red.9' : undefined}>
          {formatMoney(money.margin_cents, money.currency)}
        </Text>
        {negative ? (
          <Text fz="xs" c="red.9">
            {text.negativeMargin}
          </Text>
        ) : null}
      </Table.Td>
    </>
  );
}

/** The order's tracking links, under its dates. */
function Tracking({ order }: { order: OrderSummary }) {
  return (
    <Stack gap={0} mt={2}>
      {order.tracking.map((tracking) =>
        tracking.url ? (
          <Anchor key={tracking.number} href={tracking.url} target="_blank" rel="noreferrer" fz="xs">
            {tracking.carrier} {tracking.number}
          </Anchor>
        ) : (
          <Text key={tracking.number} fz="xs">
            {tracking.carrier} {tracking.number}
          </Text>
        ),
      )}
    </Stack>
  );
}

/** One order in the list: what it is, whose, what it holds, where it stands and what it earns. */
export function OrderRow({ order, href, selected, onSelect }: OrderRowProps) {
  return (
    <Table.Tr data-attention={order.attention ? true : undefined} bg={selected ? 'violet.0' : undefined}>
      <Table.Td>
        <Checkbox
          aria-label={text.selectOrder(order.number)}
          checked={selected}
          onChange={(event) => onSelect(order, event.currentTarget.checked)}
        />
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={href} fw={600} fz="sm" aria-label={text.openOrder(order.number)}>
          {order.number}
        </Anchor>
        <Text fz="xs" c="dimmed" lineClamp={1}>
          {orderProviderNames[order.provider]} · {order.shop_title}
        </Text>
        {order.store ? (
          <Text fz="xs" c="dimmed" lineClamp={1}>
            {text.storeLine(
              orderProviderNames[order.store.store],
              order.store.number,
              order.store.financial_status,
            )}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Text fz="sm" lineClamp={1}>
          {order.customer}
        </Text>
        <Text fz="xs" c="dimmed" lineClamp={1}>
          {[order.country, order.email].filter(Boolean).join(' · ')}
        </Text>
      </Table.Td>
      <Table.Td>
        <OrderItemsThumbs items={order.items} max={1} />
      </Table.Td>
      <Table.Td>
        <Stack gap={4} align="flex-start">
          <OrderStatusBadge status={order.status} providerStatus={order.provider_status} />
          <Text fz="xs" c="dimmed">
            {text.providerWord(order.provider_status)}
          </Text>
          {order.attention ? (
            <Group gap={4} wrap="nowrap" align="flex-start" className={classes.attention}>
              <IconAlertTriangle size={14} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <Text fz="xs">{order.attention.sentence}</Text>
            </Group>
          ) : null}
        </Stack>
      </Table.Td>
      <MoneyCells order={order} />
      <Table.Td>
        <Text fz="xs" style={{ whiteSpace: 'nowrap' }}>
          {text.placed(formatDate(order.created_at))}
        </Text>
        {order.shipped_at ? (
          <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {text.shipped(formatDate(order.shipped_at))}
          </Text>
        ) : null}
        <Tracking order={order} />
      </Table.Td>
    </Table.Tr>
  );
}
