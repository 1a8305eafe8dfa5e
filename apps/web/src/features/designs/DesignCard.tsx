import { Badge, Checkbox, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useId, type CSSProperties } from 'react';
import type { DesignLineItem } from '@podflow/contract/designs';
import { ImageSkeleton, useImageLoad } from '../../ui/ImageSkeleton';
import { designMessages as text } from './design-messages';
import { formatBytes } from './upload-plan';
import classes from './DesignCard.module.css';

/** Sizes an image to fit its box by its known aspect ratio, before and after it loads. */
export function fittedImageStyle(width: number, height: number): CSSProperties {
  const landscape = width >= height;
  return {
    aspectRatio: `${Math.max(width, 1)} / ${Math.max(height, 1)}`,
    width: landscape ? '100%' : 'auto',
    height: landscape ? 'auto' : '100%',
  };
}

interface DesignCardProps {
  design: DesignLineItem;
  selected: boolean;
  onToggle: (lineitemId: string) => void;
  onPreview: (design: DesignLineItem) => void;
  onThumbnailError: () => void;
}

/** One design: a lazy thumbnail on a checkerboard (click to preview), its file name and a checkbox. */
export function DesignCard({ design, selected, onToggle, onPreview, onThumbnailError }: DesignCardProps) {
  const checkboxId = useId();
  const name = design.image_file_name;
  const image = useImageLoad(design.image_thumbnail_path);
  return (
    <div className={classes.card} data-selected={selected || undefined}>
      <UnstyledButton
        className={classes.thumb}
        onClick={() => onPreview(design)}
        aria-label={text.previewDesign(name)}
      >
        <span className={classes.frame}>
          <ImageSkeleton visible={!image.loaded} />
          <img
            {...image.imageProps}
            className={`${classes.image} ${classes.checkerboard} ${image.imageProps.className}`}
            src={design.image_thumbnail_path}
            alt={name}
            width={design.width}
            height={design.height}
            style={fittedImageStyle(design.width, design.height)}
            loading="lazy"
            decoding="async"
            onError={onThumbnailError}
          />
        </span>
      </UnstyledButton>
      {design.has_alpha ? null : (
        <Tooltip label={text.noTransparencyHint} multiline w={240} withArrow>
          <Badge className={classes.badge} color="orange" variant="filled" size="sm" radius="sm" tabIndex={0}>
            {text.noTransparency}
          </Badge>
        </Tooltip>
      )}
      <div className={classes.footer}>
        <Checkbox
          id={checkboxId}
          checked={selected}
          onChange={() => onToggle(design.lineitem_id)}
          aria-label={text.selectDesign(name)}
        />
        <div className={classes.name}>
          <Text
            component="label"
            htmlFor={checkboxId}
            fz="sm"
            fw={500}
            truncate="end"
            title={name}
            display="block"
          >
            {name}
          </Text>
          <Text fz="xs" c="dimmed" truncate="end">
            {design.width} × {design.height} px · {formatBytes(design.bytes)}
          </Text>
        </div>
      </div>
    </div>
  );
}
