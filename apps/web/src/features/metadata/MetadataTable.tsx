import { memo } from 'react';
import type { DesignLineItem } from '@podflow/contract/designs';
import type { DraftStore } from './draft-store';
import { metadataText as text } from './metadata-messages';
import { MetadataTableRow } from './MetadataTableRow';
import classes from './UpdateMetadataPage.module.css';

interface MetadataTableProps {
  designs: readonly DesignLineItem[];
  store: DraftStore;
  onPreview: (design: DesignLineItem) => void;
  onThumbnailError: () => void;
}

const columns = [text.columnDesign, text.columnTitle, text.columnKeywords, text.columnDescription];

/**
 * SPEC.md section 2: a table of the designs, each row with Title, Keywords and Description text
 * areas. Memoised: the page re-renders when the unsaved count moves, the table need not.
 */
export const MetadataTable = memo(function MetadataTable({
  designs,
  store,
  onPreview,
  onThumbnailError,
}: MetadataTableProps) {
  return (
    <div
      className={classes.table}
      role="table"
      aria-label={text.tableLabel}
      aria-rowcount={designs.length + 1}
    >
      <div role="rowgroup">
        <div className={`${classes.row} ${classes.head}`} role="row">
          {columns.map((column) => (
            <div key={column} role="columnheader">
              {column}
            </div>
          ))}
        </div>
      </div>
      <div role="rowgroup" className={classes.body}>
        {designs.map((design) => (
          <MetadataTableRow
            key={design.lineitem_id}
            design={design}
            store={store}
            onPreview={onPreview}
            onThumbnailError={onThumbnailError}
          />
        ))}
      </div>
    </div>
  );
});
