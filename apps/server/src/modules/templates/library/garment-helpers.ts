import { type Curve, type Xy, ribbon } from './geometry.ts';
import type { SoftGroup } from './render-helpers.ts';

/**
 * A fold in fabric: a lit ridge along `curve` and, shifted away from the light, its shadowed
 * flank. Both taper to nothing at the ends, as real folds do.
 */
export type Fold = { curve: Curve; width: number; strength?: number; shift?: Xy };

/**
 * A soft group of folds: shadowed flanks, then lit ridges over them, blurred together. `sheen` scales
 * the ridges: matte cloth (canvas) catches less light than knit.
 */
export function folds(list: readonly Fold[], blur: number, sheen = 1): SoftGroup {
  const flanks = list.map(
    ({ curve, width, strength = 1, shift = [12, 16] }) =>
      `<path d="${ribbon(curve, width, shift)}" fill="#000" fill-opacity="${(0.2 * strength).toFixed(3)}"/>`,
  );
  const ridges = list.map(
    ({ curve, width, strength = 1 }) =>
      `<path d="${ribbon(curve, width)}" fill="#fff" fill-opacity="${(0.8 * strength * sheen).toFixed(2)}"/>`,
  );
  return [blur, flanks.join('') + ridges.join('')];
}

/** A soft group darkening a shape towards its outline, where fabric turns away from the light. */
export function edgeShade(outline: string, width = 80, opacity = 0.2): SoftGroup {
  return [
    width * 0.4,
    `<path d="${outline}" fill="none" stroke="#000" stroke-opacity="${opacity}" stroke-width="${width}"/>`,
  ];
}

/** Soft groups for the shadow of something lying flat on the backdrop: a wide shadow and a tight contact one. */
export function flatLayShadow(outline: string): SoftGroup[] {
  return [
    [34, `<path d="${outline}" transform="translate(20 34)" fill="#000" fill-opacity="0.15"/>`],
    [8, `<path d="${outline}" transform="translate(5 9)" fill="#000" fill-opacity="0.24"/>`],
  ];
}
