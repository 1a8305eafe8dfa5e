import type { CSSProperties } from 'react';
import { ImageSkeleton, useImageLoad } from '../../ui/ImageSkeleton';
import type { Placement } from '@podflow/contract/templates';
import classes from './TemplateCard.module.css';

interface TemplateImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  placement: Placement | null;
  loading?: 'lazy' | 'eager';
  onError?: () => void;
  onLoad?: () => void;
}

/**
 * Sizes a box to its image's aspect ratio, as large as fits its parent (a size container: see
 * `.fit` in the CSS), before and after the image loads.
 */
function fittedStyle(width: number, height: number): CSSProperties {
  const ratio = Math.max(width, 1) / Math.max(height, 1);
  return {
    aspectRatio: `${Math.max(width, 1)} / ${Math.max(height, 1)}`,
    width: `min(100cqw, calc(100cqh * ${ratio.toFixed(6)}))`,
  };
}

/** The print area as SVG points in a 0..1 view box. */
export function printAreaPoints(placement: Placement): string {
  const { topLeft, topRight, bottomRight, bottomLeft } = placement.corners;
  return [topLeft, topRight, bottomRight, bottomLeft].map((p) => `${p.x},${p.y}`).join(' ');
}

/**
 * A template image with its aspect ratio kept and its print area drawn as a thin outline over it.
 * Its parent must be a size container (the `fit` class) that centres it.
 */
export function TemplateImage({
  src,
  alt,
  width,
  height,
  placement,
  loading = 'lazy',
  onError,
  onLoad,
}: TemplateImageProps) {
  const image = useImageLoad(src);
  return (
    <span className={classes.imageBox} style={fittedStyle(width, height)}>
      <ImageSkeleton visible={!image.loaded} />
      <img
        {...image.imageProps}
        className={`${classes.image} ${image.imageProps.className}`}
        src={src}
        alt={alt}
        width={width}
        height={height}
        loading={loading}
        decoding="async"
        onError={onError}
        onLoad={() => {
          image.imageProps.onLoad();
          onLoad?.();
        }}
      />
      {placement ? (
        <svg className={classes.outline} viewBox="0 0 1 1" preserveAspectRatio="none" aria-hidden>
          <polygon className={classes.outlineHalo} points={printAreaPoints(placement)} />
          <polygon className={classes.outlineLine} points={printAreaPoints(placement)} />
        </svg>
      ) : null}
    </span>
  );
}
