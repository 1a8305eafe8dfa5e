import type { DesignLineItem } from '@podflow/contract/designs';

interface DesignThumbProps {
  design: DesignLineItem;
  /** The square, composing DesignThumb.module.css's frame in the list's size. */
  className?: string;
  /** The picture in it, composing that file's image. */
  imageClassName?: string;
  /** Called when the thumbnail does not load (its signed link expired). */
  onError: () => void;
}

/** A design's lazy thumbnail on its checkerboard square, beside or above its name (which names it). */
export function DesignThumb({ design, className, imageClassName, onError }: DesignThumbProps) {
  return (
    <div className={className}>
      <img
        className={imageClassName}
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
