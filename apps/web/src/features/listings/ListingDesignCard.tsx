import { Badge, Text, Tooltip } from '@mantine/core';
import { memo } from 'react';
import type { DesignLineItem } from '@podflow/contract/designs';
import type { ListingResult, ListingResultStatus } from '@podflow/contract/listings';
import { DesignThumb } from '../../ui/DesignThumb';
import { FailureDetails } from '../../ui/FailureDetails';
import { listingsText as text } from './listings-messages';
import classes from './CreateListingsPage.module.css';

const resultColors: Record<ListingResultStatus, string> = {
  pending: 'gray',
  created: 'green',
  updated: 'teal',
  skipped: 'gray',
  failed: 'red',
};

/** A design's outcome in a provider's latest run. */
export interface DesignOutcome {
  provider: string;
  result: ListingResult;
}

interface ListingDesignCardProps {
  design: DesignLineItem;
  /** Its outcomes in the providers' latest runs. */
  outcomes: readonly DesignOutcome[];
  onThumbnailError: () => void;
}

/**
 * One design: a lazy thumbnail on the checkerboard, its file name, its product ids on the
 * providers (SPEC.md: 'Printify Product ID: {id}') and how the latest runs went for it.
 */
export const ListingDesignCard = memo(function ListingDesignCard({
  design,
  outcomes,
  onThumbnailError,
}: ListingDesignCardProps) {
  const name = design.image_file_name;
  return (
    <article className={classes.card} aria-label={name}>
      <DesignThumb
        design={design}
        className={classes.thumb}
        imageClassName={classes.image}
        onError={onThumbnailError}
      />
      <div className={classes.body}>
        <Text fz="sm" fw={500} truncate="end" title={name}>
          {name}
        </Text>
        {design.printify_product_id ? (
          <Text fz="xs" c="dimmed" className={classes.productId}>
            {text.printifyProductId(design.printify_product_id)}
          </Text>
        ) : null}
        {design.gelato_product_id ? (
          <Text fz="xs" c="dimmed" className={classes.productId}>
            {text.gelatoProductId(design.gelato_product_id)}
          </Text>
        ) : null}
        {outcomes.map(({ provider, result }) => (
          <div key={provider}>
            <Badge
              color={resultColors[result.status]}
              // Dark text: a light badge in its own colour falls short of WCAG AA at this size.
              c="dark.6"
              variant="light"
              radius="sm"
              size="sm"
            >
              {text.resultBadge(provider, result.status)}
            </Badge>
            {/* A pending design's reason says what is going on (e.g. 'Creating on Gelato…'). */}
            {result.reason ? (
              <Tooltip label={result.reason} multiline maw={320} withArrow openDelay={300}>
                <Text
                  fz="xs"
                  c={
                    result.status === 'failed' ? 'red.8' : result.published === false ? 'orange.9' : 'dimmed'
                  }
                  lineClamp={3}
                  mt={2}
                  tabIndex={0}
                >
                  {result.reason}
                </Text>
              </Tooltip>
            ) : null}
            <FailureDetails detail={result.detail} label={text.details} />
          </div>
        ))}
      </div>
    </article>
  );
});
