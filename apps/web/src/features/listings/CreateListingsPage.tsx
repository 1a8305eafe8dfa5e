import { Group, SimpleGrid, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import type { ListingRun } from '@podflow/contract/listings';
import { useDesigns, useDesignsThumbnailRefetch } from '../../api/get-designs.api';
import { DesignsListState } from '../../ui/DesignsListState';
import { PageHeader } from '../../ui/PageHeader';
import { PageToolbar } from '../../ui/PageToolbar';
import { RequireWorkspace, type CurrentWorkspace } from '../../ui/RequireWorkspace';
import { StepButtons } from '../../ui/StepButtons';
import { ThumbGrid } from '../../ui/ThumbGrid';
import { ThumbGridSkeleton } from '../../ui/ThumbGridSkeleton';
import { WorkspaceBar } from '../../ui/WorkspaceBar';
import { GelatoPanel } from './GelatoPanel';
import { useListingRun } from './get-listing-run.api';
import { ListingDesignCard, type DesignOutcome } from './ListingDesignCard';
import { listingsText as text, providerNames } from './listings-messages';
import { PrintifyPanel } from './PrintifyPanel';
import classes from './CreateListingsPage.module.css';

/** /createPrintifyListings: step 7, Create Listings on Printify or Gelato. */
export function CreateListingsPage() {
  return (
    <RequireWorkspace title={text.title} description={text.intro} noWorkspaceText={text.noWorkspaceText}>
      {(workspace) => <WorkspaceListings key={workspace.workspaceId} {...workspace} />}
    </RequireWorkspace>
  );
}

const noOutcomes: DesignOutcome[] = [];

/** Each design's outcomes in the latest runs, by design id. */
function outcomesByDesign(runs: readonly (ListingRun | null)[]): Map<string, DesignOutcome[]> {
  const byDesign = new Map<string, DesignOutcome[]>();
  for (const run of runs) {
    if (!run) continue;
    const provider = providerNames[run.provider];
    for (const result of run.results) {
      byDesign.set(result.lineitem_id, [...(byDesign.get(result.lineitem_id) ?? []), { provider, result }]);
    }
  }
  return byDesign;
}

function WorkspaceListings({ workspaceId, workspaceName }: CurrentWorkspace) {
  const designs = useDesigns(workspaceId);
  const printifyRun = useListingRun(workspaceId, 'printify');
  const gelatoRun = useListingRun(workspaceId, 'gelato');

  const onThumbnailError = useDesignsThumbnailRefetch(workspaceId);

  const list = useMemo(() => designs.data ?? [], [designs.data]);
  const outcomes = useMemo(
    () => outcomesByDesign([printifyRun.run, gelatoRun.run]),
    [printifyRun.run, gelatoRun.run],
  );
  const designCount = designs.data ? list.length : null;
  const onPrintify = list.filter((design) => design.printify_product_id).length;
  const onGelato = list.filter((design) => design.gelato_product_id).length;

  return (
    <>
      <PageHeader title={text.title} description={text.intro} />
      <WorkspaceBar workspaceName={workspaceName} />

      <PageToolbar label={text.toolbarLabel}>
        <Text fz="sm" c="dimmed" aria-live="polite">
          {designCount === null
            ? null
            : [
                text.designCount(designCount),
                onPrintify ? text.onProvider(onPrintify, providerNames.printify) : null,
                onGelato ? text.onProvider(onGelato, providerNames.gelato) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
        </Text>
        <Group gap="sm">
          <StepButtons back="/updateMetadata" next="/publishListings" />
        </Group>
      </PageToolbar>

      <SimpleGrid cols={2} spacing="lg" className={classes.providers}>
        <PrintifyPanel workspaceId={workspaceId} designs={designCount} latest={printifyRun} />
        <GelatoPanel workspaceId={workspaceId} designs={designCount} latest={gelatoRun} />
      </SimpleGrid>

      <Title order={2} fz="lg" fw={650} className={classes.designsTitle}>
        {text.gridLabel}
      </Title>
      <DesignsListState
        designs={designs}
        loading={<ThumbGridSkeleton cols={5} spacing="md" height={280} label={text.loadingDesigns} />}
        empty={{ title: text.emptyTitle, description: text.emptyText, action: text.goToDesigns }}
      >
        {(list) => (
          <ThumbGrid
            items={list}
            itemKey={(design) => design.lineitem_id}
            cols={5}
            spacing="md"
            label={text.gridLabel}
          >
            {(design) => (
              <ListingDesignCard
                design={design}
                outcomes={outcomes.get(design.lineitem_id) ?? noOutcomes}
                onThumbnailError={onThumbnailError}
              />
            )}
          </ThumbGrid>
        )}
      </DesignsListState>
    </>
  );
}
