import type { DesignLineItem } from '@podflow/contract/designs';
import { ImageSkeleton, useImageLoad } from './ImageSkeleton';

interface DesignThumbProps {
  design: DesignLineItem;
  /** The square, composing DesignThumb.module.css's frame in the list's size. */
  className?: string;
  /** The picture in it, composing that file's image. */
  imageClassName?: string;
  /** Called when the thumbnail does not load (its signed link expired). */
  onError: () => void;
}

/**
 * A design's lazy thumbnail on its checkerboard square, beside or above its name (which names it),
 * with a skeleton until it loads.
 */
export function DesignThumb({ design, className, imageClassName, onError }: DesignThumbProps) {
  const image = useImageLoad(design.image_thumbnail_path);
  return (
    <div className={className}>
      <ImageSkeleton visible={!image.loaded} />
      <img
        {...image.imageProps}
        className={`${imageClassName ?? ''} ${image.imageProps.className}`}
        src={design.image_thumbnail_path}
        alt=""
        width={design.width}
        height={design.height}
        loading="lazy"
        decoding="async"
        onError={onError}
      />
    </div>
  );
}
