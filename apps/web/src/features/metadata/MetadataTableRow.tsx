import { Badge, Text } from '@mantine/core';
import { memo, useCallback, useMemo, useSyncExternalStore, type ChangeEvent } from 'react';
import type { DesignLineItem } from '@podflow/contract/designs';
import { checkListing, listingLimits, splitKeywords, type ListingIssue } from '@podflow/contract/metadata';
import { savedValues, shownValues, type DraftStore, type MetadataField as Field } from './draft-store';
import { MetadataField, type FieldCounter } from './MetadataField';
import { metadataText as text } from './metadata-messages';
import classes from './UpdateMetadataPage.module.css';

interface MetadataTableRowProps {
  design: DesignLineItem;
  store: DraftStore;
  onPreview: (design: DesignLineItem) => void;
  onThumbnailError: () => void;
}

/** The three text areas of a row, in the table's column order. */
const fields = [
  { key: 'product_title', issue: 'title', column: text.columnTitle, placeholder: text.titlePlaceholder },
  {
    key: 'seo_keywords',
    issue: 'keywords',
    column: text.columnKeywords,
    placeholder: text.keywordsPlaceholder,
  },
  {
    key: 'product_description',
    issue: 'description',
    column: text.columnDescription,
    placeholder: text.descriptionPlaceholder,
  },
] as const;

/** '42/140', and '42 characters of 140' for screen readers. */
function counterOf(count: number, limit: number, noun: string): FieldCounter {
  return { text: `${count}/${limit}`, label: text.counterLabel(count, limit, noun), over: count > limit };
}

const warningsOf = (issues: readonly ListingIssue[], field: ListingIssue['field']) =>
  issues.filter((issue) => issue.field === field).map((issue) => issue.message);

/**
 * One design: its thumbnail and name, then its title, keywords and description with live checks
 * against the stores' limits. It follows its own draft only, so typing re-renders this row alone.
 */
export const MetadataTableRow = memo(function MetadataTableRow({
  design,
  store,
  onPreview,
  onThumbnailError,
}: MetadataTableRowProps) {
  const id = design.lineitem_id;
  const name = design.image_file_name;
  const saved = useMemo(() => savedValues(design), [design]);
  const subscribe = useCallback((listener: () => void) => store.subscribeRow(id, listener), [store, id]);
  const draft = useSyncExternalStore(subscribe, () => store.draftOf(id));
  const values = shownValues(draft, saved);
  const dirty = values !== saved;

  const keywords = useMemo(() => splitKeywords(values.seo_keywords), [values.seo_keywords]);
  const issues = useMemo(
    () => checkListing({ title: values.product_title, keywords, description: values.product_description }),
    [values.product_title, keywords, values.product_description],
  );
  const counters: Partial<Record<Field, FieldCounter>> = {
    product_title: counterOf([...values.product_title].length, listingLimits.titleMaxChars, 'character'),
    seo_keywords: counterOf(keywords.length, listingLimits.keywordsMax, 'keyword'),
  };

  const edit = (field: Field) => (event: ChangeEvent<HTMLTextAreaElement>) =>
    store.edit(id, saved, field, event.currentTarget.value);

  return (
    <div className={classes.row} role="row" aria-label={name} data-dirty={dirty || undefined}>
      <div className={classes.design} role="cell">
        <button
          type="button"
          className={classes.thumb}
          onClick={() => onPreview(design)}
          aria-label={text.previewDesign(name)}
        >
          <img
            className={classes.thumbImage}
            src={design.image_thumbnail_path}
            alt={name}
            loading="lazy"
            decoding="async"
            onError={onThumbnailError}
          />
        </button>
        <Text fz="sm" fw={600} lh={1.35} title={name} lineClamp={3} className={classes.fileName}>
          {name}
        </Text>
        {dirty ? (
          <Badge size="xs" variant="light" radius="sm">
            {text.unsavedRow}
          </Badge>
        ) : null}
      </div>
      {fields.map(({ key, issue, column, placeholder }) => (
        <div role="cell" key={key}>
          <MetadataField
            label={text.fieldLabel(column, name)}
            value={values[key]}
            placeholder={placeholder}
            onChange={edit(key)}
            warnings={warningsOf(issues, issue)}
            counter={counters[key]}
          />
        </div>
      ))}
    </div>
  );
});
