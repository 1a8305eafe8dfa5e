import { Button } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DesignLineItem } from '@podflow/contract/designs';
import { designsLoadErrorText } from '../api/get-designs.api';
import { EmptyPanel } from './EmptyPanel';
import { LoadFailedAlert } from './LoadFailedAlert';
import { useStepLink } from './tab-workspace';

interface DesignsListStateProps {
  /** The workspace's designs query (useDesigns). */
  designs: UseQueryResult<DesignLineItem[]>;
  /** What stands in for the list while it loads. */
  loading: ReactNode;
  /** What the empty state says: why this step needs designs, and its button to Prepare Designs. */
  empty: { title: string; description: string; action: string };
  /** The list itself, once there is something in it. */
  children: (designs: DesignLineItem[]) => ReactNode;
}

/**
 * A later step's list of the workspace's designs: a placeholder while it loads, SPEC.md's load
 * failure with a retry, an empty state that sends the seller to Prepare Designs, or the list.
 */
export function DesignsListState({ designs, loading, empty, children }: DesignsListStateProps) {
  const stepLink = useStepLink();
  if (designs.isPending) return loading;
  if (!designs.data) {
    return (
      <LoadFailedAlert message={designsLoadErrorText(designs.error)} onRetry={() => void designs.refetch()} />
    );
  }
  if (designs.data.length > 0) return children(designs.data);
  return (
    <EmptyPanel icon={<IconPhotoUp size={30} />} title={empty.title} description={empty.description}>
      <Button
        component={Link}
        to={stepLink('/prepareDesigns')}
        leftSection={<IconPhotoUp size={18} aria-hidden />}
      >
        {empty.action}
      </Button>
    </EmptyPanel>
  );
}
