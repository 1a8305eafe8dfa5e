import { Group, Paper, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  orderStatuses,
  orderStatusWords,
  type OrderStatus,
  type OrderSummaryCounts,
} from '@podflow/contract/orders';
import { OrdersChart } from './OrdersChart';
import { ordersText as text } from './orders-messages';
import classes from './OrdersPage.module.css';

interface OrdersDashboardProps {
  summary: OrderSummaryCounts | undefined;
  /** The status filter now set, so its count shows as chosen. */
  status: OrderStatus | undefined;
  onAttention: () => void;
  onStatus: (status: OrderStatus) => void;
}

const count = (value: number) => value.toLocaleString('en-US');

/** The strip over the list: what needs the seller, the counts per status (each a filter), the last 30 days. */
export function OrdersDashboard({ summary, status, onAttention, onStatus }: OrdersDashboardProps) {
  if (!summary) return <Skeleton h={112} radius="md" mb="lg" aria-hidden />;
  const statuses = orderStatuses.filter((known) => (summary.by_status[known] ?? 0) > 0);
  return (
    <Paper withBorder radius="md" p="md" mb="lg" component="section" aria-label={text.dashboardLabel}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xl">
        <Group align="flex-start" gap="xl" wrap="nowrap" miw={0}>
          <UnstyledButton
            onClick={onAttention}
            className={classes.attentionCount}
            data-none={summary.attention === 0 || undefined}
          >
            <Group gap={6} wrap="nowrap">
              <IconAlertTriangle size={18} aria-hidden />
              <Text fz="sm" fw={600} inherit>
                {text.needAttention}
              </Text>
            </Group>
            <Text fz={30} fw={700} lh={1.1} inherit>
              {count(summary.attention)}
            </Text>
          </UnstyledButton>
          <Group gap={6} component="ul" aria-label={text.countsLabel} className={classes.statusCounts}>
            {statuses.map((known) => {
              const value = summary.by_status[known] ?? 0;
              const chosen = status === known;
              return (
                <li key={known}>
                  <UnstyledButton
                    className={classes.statusCount}
                    data-chosen={chosen || undefined}
                    aria-pressed={chosen}
                    aria-label={text.filterByStatus(orderStatusWords[known], value)}
                    onClick={() => onStatus(known)}
                  >
                    <Text span fz="sm" fw={700}>
                      {count(value)}
                    </Text>{' '}
                    <Text span fz="sm" c="dimmed">
                      {orderStatusWords[known]}
                    </Text>
                  </UnstyledButton>
                </li>
              );
            })}
          </Group>
        </Group>
        <OrdersChart summary={summary} />
      </Group>
    </Paper>
  );
}
