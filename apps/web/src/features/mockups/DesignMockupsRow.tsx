import { Checkbox, Text } from '@mantine/core';
import { memo } from 'react';
import type { MockupGridRow, MockupImage } from '@podflow/contract/mockups';
import { ThumbGrid } from '../../ui/ThumbGrid';
import { MockupCard } from './MockupCard';
import { mockupMessages as text } from './mockup-messages';
import classes from './MockupCard.module.css';

/** SPEC.md section 9: mockups show in 4 columns. */
const mockupColumns = 4;

interface DesignMockupsRowProps {
  row: MockupGridRow;
  selected: ReadonlySet<string>;
  /** Mockups being rendered again. */
  busy: ReadonlySet<string>;
  onToggle: (mockupId: string) => void;
  onToggleRow: (row: MockupGridRow, select: boolean) => void;
  onPreview: (mockup: MockupImage, designName: string) => void;
  onFitInside: (mockup: MockupImage) => void;
  onAdjust: (mockup: MockupImage, designName: string) => void;
  onThumbnailError: () => void;
}

/** One design: its thumbnail and file name, then its mockups in 4 columns (or a short hint). */
export const DesignMockupsRow = memo(function DesignMockupsRow({
  row,
  selected,
  busy,
  onToggle,
  onToggleRow,
  onPreview,
  onFitInside,
  onAdjust,
  onThumbnailError,
}: DesignMockupsRowProps) {
  const name = row.design_file_name;
  const count = row.mockup_images.length;
  const checked = row.mockup_images.filter((mockup) => selected.has(mockup.mockup_id)).length;
  return (
    <li className={classes.row} data-testid="design-row" aria-label={name}>
      <div className={classes.design}>
        <div className={classes.designThumb}>
          <img
            className={classes.designImage}
            src={row.design_image_path}
            alt={name}
            loading="lazy"
            decoding="async"
            onError={onThumbnailError}
          />
        </div>
        <div>
          <Text fz="sm" fw={600} lh={1.35} title={name} style={{ overflowWrap: 'anywhere' }} lineClamp={3}>
            {name}
          </Text>
          <Text fz="xs" c="dimmed" mt={2}>
            {text.mockupCount(count)}
          </Text>
        </div>
        {count ? (
          <Checkbox
            size="xs"
            label={checked === count ? text.deselectRow : text.selectRowLabel(count)}
            aria-label={text.selectRow(name)}
            checked={checked === count}
            indeterminate={checked > 0 && checked < count}
            onChange={() => onToggleRow(row, checked < count)}
          />
        ) : null}
      </div>
      <div className={classes.mockups}>
        {count ? (
          <ThumbGrid
            items={row.mockup_images}
            itemKey={(mockup) => mockup.mockup_id}
            cols={mockupColumns}
            spacing="sm"
            label={text.mockupsOf(name)}
          >
            {(mockup) => (
              <MockupCard
                mockup={mockup}
                designName={name}
                selected={selected.has(mockup.mockup_id)}
                busy={busy.has(mockup.mockup_id)}
                onToggle={onToggle}
                onPreview={onPreview}
                onFitInside={onFitInside}
                onAdjust={onAdjust}
                onThumbnailError={onThumbnailError}
              />
            )}
          </ThumbGrid>
        ) : (
          <div className={classes.rowEmpty}>
            <Text fz="sm" c="dimmed">
              {text.rowEmpty}
            </Text>
          </div>
        )}
      </div>
    </li>
  );
});
