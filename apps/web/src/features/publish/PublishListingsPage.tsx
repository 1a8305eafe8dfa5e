import { Button, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCheck } from '@tabler/icons-react';
import { useMemo } from 'react';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import type { DesignLineItem } from '@podflow/contract/designs';
import type { StoreSyncResult, StoreSyncRun, TargetStore } from '@podflow/contract/stores';
import { useDesigns, useDesignsThumbnailRefetch } from '../../api/get-designs.api';
import { DesignsListState } from '../../ui/DesignsListState';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { PageToolbar } from '../../ui/PageToolbar';
import { RequireWorkspace, type CurrentWorkspace } from '../../ui/RequireWorkspace';
import { WorkspaceBar } from '../../ui/WorkspaceBar';
import { publishText as text } from './publish-messages';
import { StoreDesignRow } from './StoreDesignRow';
import { StorePanel } from './StorePanel';
import { useSyncRun } from './store-sync.api';
import { syncedText, syncSummaryOf } from './store-sync-run';
import { TargetStorePicker } from './TargetStorePicker';
import { useTargetStore } from './target-store.api';
import classes from './PublishListingsPage.module.css';

/** /publishListings: step 8, Publish Listings to Shopify or WooCommerce. */
export function PublishListingsPage() {
  return (
    <RequireWorkspace title={text.title} description={text.intro} noWorkspaceText={text.noWorkspaceText}>
      {(workspace) => <WorkspacePublish key={workspace.workspaceId} {...workspace} />}
    </RequireWorkspace>
  );
}

/**
 * A sync seen running here has ended: a toast of what it did (green only when everything was
 * synced), or SPEC.md section 8's alert, the reason shown beside it in the store's panel.
 */
function syncFinished(run: StoreSyncRun) {
  const { state } = syncSummaryOf(run);
  if (state === 'failed') {
    console.error(`${text.syncFailed(run.store)} ${run.reason ?? ''}`.trim(), run);
    window.alert(text.syncFailed(run.store));
  } else if (state === 'synced') {
    notifySuccess(syncedText(run));
  } else {
    notifications.show({ color: state === 'nothing' ? 'red' : 'orange', message: syncedText(run) });
  }
}

function WorkspacePublish({ workspaceId, workspaceName }: CurrentWorkspace) {
  const navigate = useNavigate();
  const designs = useDesigns(workspaceId);
  const { target, change, saving } = useTargetStore(workspaceId);
  const latest = useSyncRun(workspaceId, target, syncFinished);

  const onThumbnailError = useDesignsThumbnailRefetch(workspaceId);

  const list = useMemo(() => designs.data ?? [], [designs.data]);
  const runLoaded = latest.query.data !== undefined;
  const results = useMemo(
    () =>
      runLoaded ? new Map((latest.run?.results ?? []).map((result) => [result.lineitem_id, result])) : null,
    [runLoaded, latest.run],
  );
  const designCount = designs.data ? list.length : null;
  const onPrintify = list.filter((design) => design.printify_product_id).length;

  const choose = (store: TargetStore) =>
    change(store, (error) => {
      console.error('Saving the target store failed', error);
      notifyError(text.targetSaveFailed);
    });

  return (
    <>
      <PageHeader title={text.title} description={text.intro} />
      <WorkspaceBar workspaceName={workspaceName} />

      <PageToolbar label={text.toolbarLabel}>
        <Text fz="sm" c="dimmed" aria-live="polite">
          {designCount === null
            ? null
            : [text.designCount(designCount), onPrintify ? text.onPrintify(onPrintify) : null]
                .filter(Boolean)
                .join(' · ')}
        </Text>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={18} aria-hidden />}
            onClick={() => void navigate('/createPrintifyListings')}
          >
            {text.back}
          </Button>
          <Button leftSection={<IconCheck size={18} aria-hidden />} onClick={() => void navigate('/welcome')}>
            {text.done}
          </Button>
        </Group>
      </PageToolbar>

      <Grid gap="lg" align="flex-start" className={classes.stores}>
        <Grid.Col span={4}>
          <TargetStorePicker value={target} onChange={choose} disabled={saving} />
        </Grid.Col>
        <Grid.Col span={8}>
          <StorePanel
            key={target}
            store={target}
            workspaceId={workspaceId}
            designs={designCount}
            onPrintify={onPrintify}
            latest={latest}
            onFix={() => void navigate('/createPrintifyListings')}
          />
        </Grid.Col>
      </Grid>

      <Title order={2} fz="lg" fw={650} className={classes.designsTitle}>
        {text.listLabel}
      </Title>
      <DesignsListState
        designs={designs}
        loading={
          <Stack gap="xs" aria-label={text.loadingDesigns}>
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} h={76} radius="md" />
            ))}
          </Stack>
        }
        empty={{ title: text.emptyTitle, description: text.emptyText, action: text.goToDesigns }}
      >
        {(list) => (
          <DesignList designs={list} store={target} results={results} onThumbnailError={onThumbnailError} />
        )}
      </DesignsListState>
    </>
  );
}

interface DesignListProps {
  designs: DesignLineItem[];
  store: TargetStore;
  /** Each design's outcome in the latest sync; null while it loads. */
  results: Map<string, StoreSyncResult> | null;
  onThumbnailError: () => void;
}

/** The workspace's designs, one row each, with their outcome in the latest sync to the store. */
function DesignList({ designs, store, results, onThumbnailError }: DesignListProps) {
  return (
    <Paper withBorder radius="md">
      <ul className={classes.list} aria-label={text.listLabel}>
        {designs.map((design) => (
          <li key={design.lineitem_id}>
            <StoreDesignRow
              design={design}
              store={store}
              result={results?.get(design.lineitem_id) ?? null}
              synced={results !== null}
              onThumbnailError={onThumbnailError}
            />
          </li>
        ))}
      </ul>
    </Paper>
  );
}
