import { Badge, Text } from '@mantine/core';
import { memo } from 'react';
import type { DesignLineItem } from '@podflow/contract/designs';
import type { StoreSyncResult, StoreSyncResultStatus, TargetStore } from '@podflow/contract/stores';
import { DesignThumb } from '../../ui/DesignThumb';
import { FailureDetails } from '../../ui/FailureDetails';
import { publishText as text } from './publish-messages';
import classes from './PublishListingsPage.module.css';

const resultColors: Record<StoreSyncResultStatus, string> = {
  pending: 'gray',
  updated: 'green',
  unchanged: 'teal',
  skipped: 'gray',
  failed: 'red',
};

interface StoreDesignRowProps {
  design: DesignLineItem;
  store: TargetStore;
  /** Its outcome in the latest sync to the store, or null when it had none. */
  result: StoreSyncResult | null;
  /** Whether the latest sync is known (a design without a result then was never synced). */
  synced: boolean;
  onThumbnailError: () => void;
}

/**
 * One design: a lazy thumbnail on the checkerboard, its file name, its Printify product (only
 * those have a product in the store) and how the latest sync went for it: what it changed, or
 * why it was skipped or failed.
 */
export const StoreDesignRow = memo(function StoreDesignRow({
  design,
  store,
  result,
  synced,
  onThumbnailError,
}: StoreDesignRowProps) {
  const name = design.image_file_name;
  const why = result?.reason && (result.status === 'failed' || result.status === 'skipped');
  return (
    <article className={classes.row} aria-label={name}>
      <DesignThumb
        design={design}
        className={classes.thumb}
        imageClassName={classes.image}
        onError={onThumbnailError}
      />
      <div className={classes.cell}>
        <Text fz="sm" fw={500} truncate="end" title={name}>
          {name}
        </Text>
        <Text fz="xs" c="dimmed" className={classes.productId}>
          {result?.printify_product_id || design.printify_product_id
            ? text.printifyProductId((result?.printify_product_id || design.printify_product_id)!)
            : text.notOnPrintify}
        </Text>
        {result?.store_product_id ? (
          <Text fz="xs" c="dimmed" className={classes.productId}>
            {text.storeProductId(store, result.store_product_id)}
          </Text>
        ) : null}
      </div>
      <div className={classes.cell}>
        {result ? (
          <div>
            <Badge
              color={resultColors[result.status]}
              // Dark text: a light badge in its own colour falls short of WCAG AA at this size.
              c="dark.6"
              variant="light"
              radius="sm"
              size="sm"
            >
              {text.resultBadge(store, result.status)}
            </Badge>
          </div>
        ) : synced && design.printify_product_id ? (
          <div>
            <Badge color="gray" variant="outline" radius="sm" size="sm">
              {text.notSynced(store)}
            </Badge>
          </div>
        ) : null}
        {result && result.changes.length ? (
          <Text fz="xs" c="dimmed">
            {text.changed(result.changes)}
          </Text>
        ) : null}
        {why ? (
          <Text fz="xs" c={result.status === 'failed' ? 'red.8' : 'dimmed'} className={classes.reason}>
            {result.reason}
          </Text>
        ) : null}
        {result ? <FailureDetails detail={result.detail} label={text.details} /> : null}
      </div>
    </article>
  );
});
