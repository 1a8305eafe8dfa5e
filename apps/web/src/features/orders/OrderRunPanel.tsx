import { Alert, Badge, Button, Group, List, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconLoader2 } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { OrderRun, OrderRunItem } from '@podflow/contract/orders';
import { CountsBar } from '../../ui/CountsBar';
import { FailureDetails } from '../../ui/FailureDetails';
import { refreshOrderLists } from './get-orders.api';
import { runOpen, useOrderRun } from './order-run.api';
import { ordersText as text } from './orders-messages';
import classes from './OrdersPage.module.css';

const itemLooks: Record<OrderRunItem['status'], { color: string; icon: typeof IconCircleCheck }> = {
  pending: { color: 'gray', icon: IconLoader2 },
  done: { color: 'green', icon: IconCircleCheck },
  refused: { color: 'orange', icon: IconAlertTriangle },
  failed: { color: 'red', icon: IconCircleX },
};

/** The run's headline colour: green only when every order went through. */
function runLook(run: OrderRun) {
  if (runOpen(run)) return itemLooks.pending;
  if (run.status === 'Failed' || run.done === 0) return itemLooks.failed;
  return run.refused + run.failed > 0 ? itemLooks.refused : itemLooks.done;
}

/** One order's line in a run: its number, its outcome in a word and its sentence. */
function RunItem({ item }: { item: OrderRunItem }) {
  const look = itemLooks[item.status];
  const Icon = look.icon;
  return (
    <List.Item
      icon={
        <ThemeIcon color={look.color} variant="light" size={20} radius="xl" aria-hidden>
          <Icon size={13} className={item.status === 'pending' ? classes.spin : undefined} />
        </ThemeIcon>
      }
    >
      <Text span fz="sm" fw={600}>
        {item.number}
      </Text>{' '}
      <Badge size="xs" variant="light" color={look.color} radius="sm">
        {text.runItemStatus[item.status]}
      </Badge>
      {item.reason ? (
        <Text fz="sm" c={item.status === 'done' ? undefined : 'dark.6'}>
          {item.reason}
        </Text>
      ) : null}
      <FailureDetails detail={item.detail} label={text.details} />
    </List.Item>
  );
}

interface OrderRunPanelProps {
  runId: string;
  onClose: () => void;
}

/**
 * A bulk action as it goes: polled every second, a bar of done, refused and failed, the counts read
 * out politely, and each order's outcome in a sentence. When it finishes the list is fetched again.
 */
export function OrderRunPanel({ runId, onClose }: OrderRunPanelProps) {
  const queryClient = useQueryClient();
  const { data: run, isError } = useOrderRun(runId);
  const finished = run ? !runOpen(run) : false;
  const refreshed = useRef(false);

  useEffect(() => {
    if (!finished || refreshed.current) return;
    refreshed.current = true;
    void refreshOrderLists(queryClient);
  }, [finished, queryClient]);

  if (!run) {
    return isError ? (
      <Alert color="orange" variant="light" mb="md" role="alert">
        {text.runLost}
      </Alert>
    ) : null;
  }
  const look = runLook(run);
  const Icon = look.icon;
  const counted = run.done + run.refused + run.failed;
  const progress = text.runProgress(counted, run.total);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      mb="md"
      component="section"
      aria-label={text.runTitle(run.action, finished)}
    >
      <Stack gap={8}>
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <ThemeIcon color={look.color} variant="light" size={26} radius="xl" aria-hidden>
              <Icon size={16} className={finished ? undefined : classes.spin} />
            </ThemeIcon>
            <Text fw={600} fz="sm">
              {text.runTitle(run.action, finished)}
            </Text>
          </Group>
          {finished ? (
            <Button size="xs" variant="subtle" color="gray" onClick={onClose}>
              {text.closeRun}
            </Button>
          ) : null}
        </Group>
        <Text fz="sm" role="status" aria-live="polite">
          {progress}
          <Text span fz="sm" c="dimmed">
            {' · '}
            {text.runCounts(run.done, run.refused, run.failed, run.action)}
          </Text>
        </Text>
        <CountsBar
          size="md"
          label={text.runBarLabel}
          valueText={progress}
          value={counted}
          total={run.total}
          parts={[
            { count: run.done, color: 'green', striped: !finished, animated: !finished },
            { count: run.refused, color: 'orange' },
            { count: run.failed, color: 'red' },
          ]}
        />
        <List spacing={6} size="sm" aria-label={text.runItemsLabel} className={classes.runItems}>
          {run.items.map((item) => (
            <RunItem key={item.order_id} item={item} />
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
