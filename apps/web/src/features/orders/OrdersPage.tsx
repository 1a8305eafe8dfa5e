import { Box, Button, Group, SegmentedControl, Skeleton, Stack } from '@mantine/core';
import { IconBuildingStore, IconFileDownload, IconFilterOff, IconInbox, IconPlus } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { OrderStatus, OrderSummary } from '@podflow/contract/orders';
import { failureText } from '../../api/failure-text';
import { useOrderSummary } from '../../api/get-order-summary.api';
import { EmptyPanel } from '../../ui/EmptyPanel';
import { LoadFailedAlert } from '../../ui/LoadFailedAlert';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { PageToolbar } from '../../ui/PageToolbar';
import { BulkActionsBar } from './BulkActionsBar';
import { useExportOrders } from './export-orders.api';
import { useOrderSources } from './get-order-sources.api';
import { useOrders } from './get-orders.api';
import { ManualOrderModal } from './ManualOrderModal';
import {
  hasFilters,
  listFilters,
  readOrderQuery,
  writeOrderQuery,
  type OrderQuery,
  type OrderView,
} from './order-filters';
import { OrderDetailDrawer } from './OrderDetailDrawer';
import { OrderFiltersBar } from './OrderFiltersBar';
import { OrderRunPanel } from './OrderRunPanel';
import { OrdersDashboard } from './OrdersDashboard';
import { OrdersTable } from './OrdersTable';
import { ordersText as text } from './orders-messages';
import { SourcesPanel } from './SourcesPanel';
import classes from './OrdersPage.module.css';

/** The list's query as the address holds it, and a way to change it (pushed, or replaced while typing). */
function useOrderQuery() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readOrderQuery(params), [params]);
  const setQuery = useCallback(
    (next: OrderQuery, replace = false) => setParams(writeOrderQuery(next), { replace }),
    [setParams],
  );
  return { query, setQuery };
}

function TableSkeleton() {
  return (
    <Stack gap={6} aria-label={text.loading} role="status">
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} h={56} radius="sm" />
      ))}
    </Stack>
  );
}

/**
 * /orders and /orders/:orderId: every order of the seller's shops, the ones that need the seller
 * first; filters, search and the view live in the address, the order of /orders/:orderId opens in
 * a drawer over the list.
 */
export function OrdersPage() {
  const { orderId } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { query, setQuery } = useOrderQuery();
  const summary = useOrderSummary();
  const sources = useOrderSources();
  const [selected, setSelected] = useState<ReadonlyMap<string, OrderSummary>>(new Map());
  const [runId, setRunId] = useState<string | null>(null);
  const [manualOpen, setManualOpen] = useState(false);
  const exportCsv = useExportOrders();

  // The screen opens on "Needs attention" when something does, until the seller picks a view.
  const view: OrderView | null =
    query.view ??
    (summary.data ? (summary.data.attention > 0 ? 'attention' : 'all') : summary.isError ? 'all' : null);
  const filters = useMemo(() => listFilters(view ?? 'all', query.filters), [view, query.filters]);
  const orders = useOrders(filters, view !== null);
  const shown = useMemo(() => orders.data?.pages.flatMap((page) => page.orders) ?? [], [orders.data]);

  const change = useCallback(
    (next: OrderQuery, replace = false) => {
      setSelected(new Map());
      setQuery(next, replace);
    },
    [setQuery],
  );
  const setFilters = useCallback(
    (next: OrderQuery['filters'], typing = false) => change({ view, filters: next }, typing),
    [change, view],
  );

  const select = (order: OrderSummary, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(order.id, order);
      else next.delete(order.id);
      return next;
    });
  const selectAll = (on: boolean) =>
    setSelected(on ? new Map(shown.map((order) => [order.id, order])) : new Map());
  const hrefOf = (order: OrderSummary) => `/orders/${encodeURIComponent(order.id)}${location.search}`;
  const closeDetail = () => void navigate(`/orders${location.search}`);

  const download = async () => {
    try {
      await exportCsv.mutateAsync(filters);
      notifySuccess(text.exported);
    } catch (error) {
      notifyError(failureText(error, text.exportFailed));
    }
  };

  const noShop = sources.data?.length === 0;
  const filtered = hasFilters(query.filters);

  const list = () => {
    if (view === null || orders.isPending) return <TableSkeleton />;
    if (orders.isError) {
      return (
        <LoadFailedAlert
          message={failureText(orders.error, text.loadFailed)}
          onRetry={() => void orders.refetch()}
        />
      );
    }
    if (shown.length === 0) {
      if (filtered) {
        return (
          <EmptyPanel
            icon={<IconFilterOff size={28} aria-hidden />}
            title={text.noMatchTitle}
            description={text.noMatchText}
          >
            <Button variant="light" onClick={() => change({ view, filters: {} })}>
              {text.clearFilters}
            </Button>
          </EmptyPanel>
        );
      }
      if (view === 'attention') {
        return (
          <EmptyPanel
            icon={<IconInbox size={28} aria-hidden />}
            title={text.noAttentionTitle}
            description={text.noAttentionText}
          >
            <Button variant="light" onClick={() => change({ view: 'all', filters: query.filters })}>
              {text.showAll}
            </Button>
          </EmptyPanel>
        );
      }
      return (
        <EmptyPanel
          icon={<IconInbox size={28} aria-hidden />}
          title={text.noOrdersTitle}
          description={text.noOrdersText}
        >
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setManualOpen(true)}>
            {text.newOrder}
          </Button>
        </EmptyPanel>
      );
    }
    return (
      <>
        <OrdersTable
          orders={shown}
          caption={text.caption(shown.length, view === 'attention', orders.hasNextPage)}
          selected={selected}
          onSelect={select}
          onSelectAll={selectAll}
          hrefOf={hrefOf}
        />
        {orders.hasNextPage ? (
          <Group justify="center" mt="md">
            <Button
              variant="default"
              loading={orders.isFetchingNextPage}
              onClick={() => void orders.fetchNextPage()}
            >
              {text.loadMore}
            </Button>
          </Group>
        ) : null}
      </>
    );
  };

  return (
    <Box>
      <PageHeader title={text.title} description={text.intro} />
      {noShop ? (
        <EmptyPanel
          icon={<IconBuildingStore size={28} aria-hidden />}
          title={text.noShopTitle}
          description={text.noShopText}
        >
          <Button component={Link} to="/welcome">
            {text.goToWorkspaces}
          </Button>
        </EmptyPanel>
      ) : (
        <>
          {summary.isError ? (
            <Box mb="lg">
              <LoadFailedAlert message={text.summaryLoadFailed} onRetry={() => void summary.refetch()} />
            </Box>
          ) : (
            <OrdersDashboard
              summary={summary.data}
              status={query.filters.status}
              onAttention={() => change({ view: 'attention', filters: query.filters })}
              onStatus={(status: OrderStatus) =>
                change({
                  view: 'all',
                  filters: { ...query.filters, status: query.filters.status === status ? undefined : status },
                })
              }
            />
          )}
          <PageToolbar label={text.toolbarLabel}>
            <SegmentedControl
              aria-label={text.viewLabel}
              value={view ?? 'attention'}
              onChange={(value) => change({ view: value as OrderView, filters: query.filters })}
              data={[
                { value: 'attention', label: text.viewAttention(summary.data?.attention ?? null) },
                { value: 'all', label: text.viewAll },
              ]}
            />
            <Group gap="xs">
              <Button
                variant="default"
                leftSection={<IconFileDownload size={16} aria-hidden />}
                loading={exportCsv.isPending}
                onClick={() => void download()}
                disabled={view === null}
              >
                {text.exportCsv}
              </Button>
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setManualOpen(true)}>
                {text.newOrder}
              </Button>
            </Group>
          </PageToolbar>
          <OrderFiltersBar filters={query.filters} sources={sources.data ?? []} onChange={setFilters} />
          {runId ? <OrderRunPanel key={runId} runId={runId} onClose={() => setRunId(null)} /> : null}
          {selected.size ? (
            <BulkActionsBar
              selected={[...selected.values()]}
              onClear={() => setSelected(new Map())}
              onStarted={(id) => {
                setSelected(new Map());
                setRunId(id);
              }}
            />
          ) : null}
          <div className={classes.list}>{list()}</div>
          {sources.data?.length ? (
            <Box mt="xl">
              <SourcesPanel sources={sources.data} />
            </Box>
          ) : null}
        </>
      )}
      <OrderDetailDrawer orderId={orderId} onClose={closeDetail} />
      <ManualOrderModal
        opened={manualOpen}
        onClose={() => setManualOpen(false)}
        onPlaced={(id) => {
          setManualOpen(false);
          void navigate(`/orders/${encodeURIComponent(id)}${location.search}`);
        }}
      />
    </Box>
  );
}
