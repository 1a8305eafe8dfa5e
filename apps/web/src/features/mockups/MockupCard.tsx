import { Checkbox, Text, UnstyledButton } from '@mantine/core';
import { memo, useId } from 'react';
import type { MockupImage } from '@podflow/contract/mockups';
import { mockupMessages as text } from './mockup-messages';
import classes from './MockupCard.module.css';

interface MockupCardProps {
  mockup: MockupImage;
  designName: string;
  selected: boolean;
  onToggle: (mockupId: string) => void;
  onPreview: (mockup: MockupImage, designName: string) => void;
  onThumbnailError: () => void;
}

/** One mockup: its lazy preview (click for a larger look), a checkbox and 'Template: {name}'. */
export const MockupCard = memo(function MockupCard({
  mockup,
  designName,
  selected,
  onToggle,
  onPreview,
  onThumbnailError,
}: MockupCardProps) {
  const checkboxId = useId();
  const caption = text.templateCaption(mockup.template);
  return (
    <div className={classes.card} data-selected={selected || undefined} data-testid="mockup-card">
      <UnstyledButton
        className={classes.thumb}
        onClick={() => onPreview(mockup, designName)}
        aria-label={text.previewMockup(designName, mockup.template)}
      >
        <img
          className={classes.image}
          src={mockup.mockup_thumbnail}
          alt=""
          loading="lazy"
          decoding="async"
          onError={onThumbnailError}
        />
      </UnstyledButton>
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
      </div>
    </div>
  );
});
