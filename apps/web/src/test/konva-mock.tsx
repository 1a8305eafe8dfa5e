import type { ReactNode } from 'react';

/**
 * jsdom has no canvas: tests replace react-konva with plain elements, so the editor's controls
 * can be driven while its maths is tested on its own:
 * `vi.mock('react-konva/lib/ReactKonvaCore', async () => (await import('…/konva-mock')).konvaMock)`.
 */
function element(name: string) {
  return function KonvaStandIn({ children }: { children?: ReactNode }) {
    return <div data-konva={name}>{children}</div>;
  };
}

export const konvaMock = {
  Stage: element('Stage'),
  Layer: element('Layer'),
  Image: element('Image'),
  Group: element('Group'),
  Rect: element('Rect'),
  Transformer: element('Transformer'),
  Line: element('Line'),
  Circle: element('Circle'),
  Shape: element('Shape'),
};

/** An Image that "loads" at once with the given natural size (jsdom never decodes images). */
export function stubImageLoading(naturalWidth: number, naturalHeight: number): () => void {
  const OriginalImage = window.Image;
  class LoadedImage {
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    decoding = 'auto';
    naturalWidth = naturalWidth;
    naturalHeight = naturalHeight;
    width = naturalWidth;
    height = naturalHeight;
    set src(_value: string) {
      setTimeout(() => this.onload?.(), 0);
    }
  }
  window.Image = LoadedImage as unknown as typeof window.Image;
  const created = URL.createObjectURL;
  const revoked = URL.revokeObjectURL;
  URL.createObjectURL = () => 'blob:template';
  URL.revokeObjectURL = () => {};
  return () => {
    window.Image = OriginalImage;
    URL.createObjectURL = created;
    URL.revokeObjectURL = revoked;
  };
}
