import { Skeleton } from '@mantine/core';
import { useState } from 'react';
import classes from './ImageSkeleton.module.css';

/**
 * Whether an image has loaded, for the src it has now (a refreshed signed link starts over).
 * Spread `imageProps` on the <img>: it stays transparent until loaded, so the skeleton shows.
 */
export function useImageLoad(src: string) {
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const loaded = loadedSrc === src;
  return {
    loaded,
    imageProps: {
      onLoad: () => setLoadedSrc(src),
      'data-loaded': loaded || undefined,
      className: classes.image,
    },
  };
}

/** A shimmering placeholder over an image's box (its positioned parent) until the image loads. */
export function ImageSkeleton({ visible }: { visible: boolean }) {
  if (!visible) return null;
  return <Skeleton className={classes.overlay} radius="sm" aria-hidden data-testid="image-skeleton" />;
}
