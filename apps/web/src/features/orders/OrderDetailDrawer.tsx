import {
  Alert,
  Anchor,
  Divider,
  Drawer,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { orderProviderNames, type OrderDetail } from '@podflow/contract/orders';
import { failureText } from '../../api/failure-text';
import { LoadFailedAlert } from '../../ui/LoadFailedAlert';
import { useOrder } from './get-order.api';
import { costOf, formatDateTime, formatMoney } from './order-format';
import { OrderActions } from './OrderActions';
import { OrderAddressSection } from './OrderAddressSection';
import { OrderItemsThumbs } from './OrderItemsThumbs';
import { OrderStatusBadge } from './OrderStatusBadge';
import { ordersText as text } from './orders-messages';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={8} component="section" aria-label={title}>
      <Title order={3} fz="sm" fw={650}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function External({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Anchor href={href} target="_blank" rel="noreferrer" fz="sm">
      <Group gap={4} wrap="nowrap" component="span">
        {children}
        <IconExternalLink size={14} aria-hidden />
      </Group>
    </Anchor>
  );
}

function MoneyTable({ order }: { order: OrderDetail }) {
  const { money } = order;
  const negative = money.margin_cents !== null && money.margin_cents < 0;
  const rows: [string, string, boolean][] = [
    [text.retail, formatMoney(money.retail_cents, money.currency), false],
    [text.itemCost, formatMoney(money.cost_cents, money.currency), false],
    [text.shipping, formatMoney(money.shipping_cents, money.currency), false],
    [text.colCost, formatMoney(costOf(money), money.currency), false],
    [
      text.margin,
      `${formatMoney(money.margin_cents, money.currency)}${negative ? ` (${text.negativeMargin})` : ''}`,
      negative,
    ],
  ];
  return (
    <Table withRowBorders={false} verticalSpacing={2} fz="sm">
      <Table.Tbody>
        {rows.map(([label, value, bad]) => (
          <Table.Tr key={label}>
            <Table.Th fw={500} c="dimmed" w="60%">
              {label}
            </Table.Th>
            <Table.Td ta="right" fw={label === text.margin ? 650 : undefined} c={bad ? 'red.9' : undefined}>
              {value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Everything about one order: what needs doing, its items, money, address, shipments, store side and history. */
function OrderDetailBody({ order }: { order: OrderDetail }) {
  return (
    <Stack gap="lg">
      <Group gap="sm" align="center">
        <OrderStatusBadge status={order.status} providerStatus={order.provider_status} />
        <Text fz="xs" c="dimmed">
          {text.providerWord(order.provider_status)} · {orderProviderNames[order.provider]} ·{' '}
          {order.shop_title}
        </Text>
      </Group>
      {order.attention ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          p="sm"
          role="note"
        >
          <Text fz="sm">{order.attention.sentence}</Text>
        </Alert>
      ) : null}
      <OrderActions order={order} />
      <Group gap="md">
        {order.provider_url ? (
          <External href={order.provider_url}>
            {text.openAtProvider(orderProviderNames[order.provider])}
          </External>
        ) : null}
        {order.store_url ? <External href={order.store_url}>{text.openInStore}</External> : null}
      </Group>
      <Divider />
      <Section title={text.items}>
        <Stack gap="sm">
          {order.items.map((item, index) => (
            <Group key={index} gap="sm" wrap="nowrap" align="flex-start">
              <OrderItemsThumbs items={[item]} max={1} size={56} />
              <Stack gap={0} miw={0}>
                <Text fz="sm" fw={550}>
                  {item.title} {text.quantity(item.quantity)}
                </Text>
                <Text fz="xs" c="dimmed">
                  {[item.variant, item.sku, item.status].filter(Boolean).join(' · ')}
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      </Section>
      <Section title={text.money}>
        <MoneyTable order={order} />
      </Section>
      <Section title={text.address}>
        <OrderAddressSection key={order.updated_at} order={order} />
      </Section>
      <Section title={text.shipments}>
        {order.shipments.length ? (
          <Stack gap={6}>
            {order.shipments.map((shipment) => (
              <Stack key={shipment.number} gap={0}>
                {shipment.url ? (
                  <External href={shipment.url}>
                    {shipment.carrier} {shipment.number}
                  </External>
                ) : (
                  <Text fz="sm">
                    {shipment.carrier} {shipment.number}
                  </Text>
                )}
                <Text fz="xs" c="dimmed">
                  {[
                    shipment.shipped_at ? text.shipped(formatDateTime(shipment.shipped_at)) : null,
                    shipment.delivered_at ? text.delivered(formatDateTime(shipment.delivered_at)) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Stack>
            ))}
          </Stack>
        ) : (
          <Text fz="sm" c="dimmed">
            {text.noShipments}
          </Text>
        )}
      </Section>
      {order.store ? (
        <Section title={text.store}>
          <Table withRowBorders={false} verticalSpacing={2} fz="sm">
            <Table.Tbody>
              {(
                [
                  [text.storeNumber, `${orderProviderNames[order.store.store]} ${order.store.number}`],
                  [text.financial, order.store.financial_status ?? text.unknown],
                  [text.fulfillment, order.store.fulfillment_status ?? text.unknown],
                ] as const
              ).map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th fw={500} c="dimmed" w="60%">
                    {label}
                  </Table.Th>
                  <Table.Td ta="right">{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {order.store.url ? <External href={order.store.url}>{text.openInStore}</External> : null}
        </Section>
      ) : null}
      <Section title={text.timeline}>
        {order.timeline.length ? (
          <Timeline bulletSize={12} lineWidth={2} active={order.timeline.length - 1}>
            {order.timeline.map((entry, index) => (
              <Timeline.Item key={`${entry.at}-${index}`}>
                <Text fz="sm">{entry.text}</Text>
                <Text fz="xs" c="dimmed">
                  {formatDateTime(entry.at)} · {text.origin[entry.origin]}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        ) : (
          <Text fz="sm" c="dimmed">
            {text.timelineEmpty}
          </Text>
        )}
      </Section>
    </Stack>
  );
}

interface OrderDetailDrawerProps {
  orderId: string | undefined;
  onClose: () => void;
}

/** The order of the address (/orders/:orderId) in a drawer over the list; closing it goes back to the list's address. */
export function OrderDetailDrawer({ orderId, onClose }: OrderDetailDrawerProps) {
  const order = useOrder(orderId);
  return (
    <Drawer
      opened={Boolean(orderId)}
      onClose={onClose}
      position="right"
      size={600}
      title={
        <Text component="span" fw={650} fz="lg">
          {order.data ? text.openOrder(order.data.number) : text.colOrder}
        </Text>
      }
      closeButtonProps={{ 'aria-label': text.closeDetail }}
    >
      {order.data ? (
        <OrderDetailBody order={order.data} />
      ) : order.isError ? (
        <LoadFailedAlert
          message={failureText(order.error, text.detailLoadFailed)}
          onRetry={() => void order.refetch()}
        />
      ) : (
        <Stack gap="sm" aria-busy>
          <Skeleton h={28} w="60%" />
          <Skeleton h={36} />
          <Skeleton h={160} />
          <Skeleton h={120} />
        </Stack>
      )}
    </Drawer>
  );
}
