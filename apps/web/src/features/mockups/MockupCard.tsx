import { ActionIcon, Badge, Button, Checkbox, Skeleton, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconAdjustments, IconAlertTriangle, IconArrowsMinimize } from '@tabler/icons-react';
import { memo, useId, useState } from 'react';
import type { MockupImage } from '@podflow/contract/mockups';
import { mockupMessages as text, serverMockupMessages } from './mockup-messages';
import classes from './MockupCard.module.css';

interface MockupCardProps {
  mockup: MockupImage;
  designName: string;
  selected: boolean;
  /** This mockup is being rendered again (Fit inside or an adjustment on its way). */
  busy: boolean;
  onToggle: (mockupId: string) => void;
  onPreview: (mockup: MockupImage, designName: string) => void;
  onFitInside: (mockup: MockupImage) => void;
  onAdjust: (mockup: MockupImage, designName: string) => void;
  onThumbnailError: () => void;
}

/**
 * One mockup: its lazy preview behind a skeleton (click for a larger look), a checkbox and
 * 'Template: {name}', Adjust, and when the render cut off part of the design a warning with
 * one-click "Fit inside".
 */
export const MockupCard = memo(function MockupCard({
  mockup,
  designName,
  selected,
  busy,
  onToggle,
  onPreview,
  onFitInside,
  onAdjust,
  onThumbnailError,
}: MockupCardProps) {
  const checkboxId = useId();
  const caption = text.templateCaption(mockup.template);
  // Keyed by the image's address: a re-rendered mockup shows its skeleton again until it loads.
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const loaded = loadedSrc === mockup.mockup_thumbnail;
  return (
    <div
      className={classes.card}
      data-selected={selected || undefined}
      data-cut-off={mockup.cut_off || undefined}
      data-testid="mockup-card"
    >
      <UnstyledButton
        className={classes.thumb}
        onClick={() => onPreview(mockup, designName)}
        aria-label={text.previewMockup(designName, mockup.template)}
      >
        {loaded ? null : <Skeleton className={classes.skeleton} radius={0} data-testid="mockup-skeleton" />}
        <img
          className={classes.image}
          src={mockup.mockup_thumbnail}
          alt={text.mockupAlt(designName, mockup.template)}
          loading="lazy"
          decoding="async"
          data-loaded={loaded || undefined}
          onLoad={() => setLoadedSrc(mockup.mockup_thumbnail)}
          onError={onThumbnailError}
        />
        {mockup.adjustment ? (
          <Badge className={classes.adjustedBadge} size="xs" variant="white" color="gray">
            {text.adjustedBadge}
          </Badge>
        ) : null}
      </UnstyledButton>
      {mockup.cut_off ? (
        <div className={classes.cutOff} role="note">
          <Tooltip label={text.cutOffHint} multiline maw={260} withArrow>
            <Text fz="xs" fw={500} c="orange.9" className={classes.cutOffText}>
              <IconAlertTriangle size={14} aria-hidden className={classes.cutOffIcon} />
              {serverMockupMessages.cutOff}
            </Text>
          </Tooltip>
          <Button
            size="compact-xs"
            variant="light"
            color="orange"
            className={classes.cutOffButton}
            leftSection={<IconArrowsMinimize size={12} aria-hidden />}
            loading={busy}
            disabled={busy}
            aria-label={text.fitInsideLabel(designName, mockup.template)}
            onClick={() => onFitInside(mockup)}
          >
            {text.fitInside}
          </Button>
        </div>
      ) : null}
      <div className={classes.footer}>
        <Checkbox
          id={checkboxId}
          size="xs"
          checked={selected}
          onChange={() => onToggle(mockup.mockup_id)}
          aria-label={text.selectMockup(designName, mockup.template)}
        />
        <Text
          component="label"
          htmlFor={checkboxId}
          fz="xs"
          fw={500}
          truncate="end"
          title={caption}
          display="block"
          className={classes.name}
        >
          {caption}
        </Text>
        <Tooltip label={text.adjust} withArrow>
          <ActionIcon
            size="sm"
            variant="subtle"
            color="gray"
            disabled={busy}
            aria-label={text.adjustLabel(designName, mockup.template)}
            onClick={() => onAdjust(mockup, designName)}
          >
            <IconAdjustments size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </div>
    </div>
  );
});
