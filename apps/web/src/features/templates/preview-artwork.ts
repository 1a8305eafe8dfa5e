import { useEffect, useState } from 'react';
import { usePreviewDesign } from './get-preview-design.api';

/** Something Konva and a 2D canvas can draw, with its size. */
export type Artwork = HTMLImageElement | HTMLCanvasElement;

let samplePattern: HTMLCanvasElement | null = null;

/**
 * A stand-in design for a workspace without designs: a round badge with rings, a star and the
 * words "Your design", on a transparent background like a real design PNG.
 */
export function makeSamplePattern(size = 480): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d');
  if (!ctx) return canvas;
  const c = size / 2;
  const gradient = ctx.createLinearGradient(0, 0, size, size);
  gradient.addColorStop(0, '#7048e8');
  gradient.addColorStop(1, '#e64980');
  ctx.fillStyle = gradient;
  ctx.beginPath();
  ctx.arc(c, c, c * 0.96, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.55)';
  for (const [radius, width] of [
    [0.84, size * 0.012],
    [0.74, size * 0.006],
  ] as const) {
    ctx.lineWidth = width;
    ctx.beginPath();
    ctx.arc(c, c, c * radius, 0, Math.PI * 2);
    ctx.stroke();
  }
  // A five-pointed star above the words.
  ctx.fillStyle = '#ffd43b';
  ctx.beginPath();
  for (let point = 0; point < 10; point += 1) {
    const radius = point % 2 === 0 ? size * 0.16 : size * 0.065;
    const angle = -Math.PI / 2 + (point * Math.PI) / 5;
    const x = c + radius * Math.cos(angle);
    const y = c * 0.78 + radius * Math.sin(angle);
    if (point === 0) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  }
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.font = `800 ${Math.round(size * 0.105)}px 'Inter Variable', Inter, system-ui, sans-serif`;
  ctx.fillText('YOUR', c, c * 1.22);
  ctx.fillText('DESIGN', c, c * 1.45);
  return canvas;
}

function sharedSamplePattern(): HTMLCanvasElement {
  samplePattern ??= makeSamplePattern();
  return samplePattern;
}

/** An image loaded from a URL, or null while it loads or when it fails. */
export function useLoadedImage(src: string | null): { image: HTMLImageElement | null; failed: boolean } {
  const [state, setState] = useState<{ src: string | null; image: HTMLImageElement | null; failed: boolean }>(
    {
      src: null,
      image: null,
      failed: false,
    },
  );
  useEffect(() => {
    if (!src) return undefined;
    const image = new window.Image();
    image.decoding = 'async';
    image.onload = () => setState({ src, image, failed: false });
    image.onerror = () => setState({ src, image: null, failed: true });
    image.src = src;
    return () => {
      image.onload = null;
      image.onerror = null;
    };
  }, [src]);
  return state.src === src && src
    ? { image: state.image, failed: state.failed }
    : { image: null, failed: false };
}

/**
 * The artwork drawn inside the print area while the seller edits it: the workspace's first design
 * (its thumbnail), or the sample pattern when it has none or it cannot be loaded.
 */
export function usePreviewArtwork(workspaceId: string): {
  artwork: Artwork | null;
  designName: string | null;
} {
  const design = usePreviewDesign(workspaceId);
  const src = design.data?.image_thumbnail_path ?? null;
  const loaded = useLoadedImage(src);
  if (design.isPending) return { artwork: null, designName: null };
  if (src && loaded.image) return { artwork: loaded.image, designName: design.data?.image_file_name ?? null };
  if (src && !loaded.failed) return { artwork: null, designName: null };
  return { artwork: sharedSamplePattern(), designName: null };
}
