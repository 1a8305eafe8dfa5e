import {
  type Placement,
  type TemplateData,
  templateData,
  templateMessages,
} from '@podflow/contract/templates';
import type { Box } from '../../platform/images/probe.ts';
import { UserError } from '../../platform/errors.ts';

/** Parses the templateData field of an upload into a placement, or refuses it with a clear 400. */
export function placementFromTemplateData(raw: string): Placement {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new UserError(400, `templateData is not valid JSON. ${templateMessages.badTemplateData}`, {
      code: 'invalid_template_data',
      fields: { templateData: 'templateData is not valid JSON.' },
    });
  }
  const parsed = templateData.safeParse(json);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const name = ['templateData', ...issue.path.map(String)].join('.');
      fields[name] ??= issue.message;
    }
    throw new UserError(400, [...new Set(Object.values(fields))].join(' '), {
      code: 'invalid_template_data',
      fields,
    });
  }
  return toPlacement(parsed.data);
}

/** The stored placement of a valid templateData: the corners are final positions, rotation included. */
export function toPlacement(data: TemplateData): Placement {
  return {
    corners: {
      topLeft: data.topLeft,
      topRight: data.topRight,
      bottomRight: data.bottomRight,
      bottomLeft: data.bottomLeft,
    },
    rotation: data.rotation,
    dimensions: data.dimensions ?? null,
    fit: data.fit,
    behindPhoto: false,
    ...(data.occluders?.length ? { occluders: data.occluders } : {}),
    ...(data.cylinder ? { cylinder: data.cylinder } : {}),
    ...(data.displacement ? { displacement: data.displacement } : {}),
    ...(data.shading && (data.shading.strength !== undefined || (data.shading.tone ?? 'auto') !== 'auto')
      ? { shading: data.shading }
      : {}),
  };
}

/**
 * The placement of a classic-mode template sent without templateData: a transparent window's
 * bounding quad (the design is drawn behind the photo), or else a centred square half the
 * image's width (kept inside the image).
 */
export function derivedPlacement(window: Box | undefined, width: number, height: number): Placement {
  if (window) {
    return {
      corners: {
        topLeft: { x: window.left, y: window.top },
        topRight: { x: window.right, y: window.top },
        bottomRight: { x: window.right, y: window.bottom },
        bottomLeft: { x: window.left, y: window.bottom },
      },
      rotation: 0,
      dimensions: null,
      fit: 'contain',
      behindPhoto: true,
    };
  }
  const side = Math.min(width / 2, height * 0.9);
  const halfW = side / width / 2;
  const halfH = side / height / 2;
  return {
    corners: {
      topLeft: { x: 0.5 - halfW, y: 0.5 - halfH },
      topRight: { x: 0.5 + halfW, y: 0.5 - halfH },
      bottomRight: { x: 0.5 + halfW, y: 0.5 + halfH },
      bottomLeft: { x: 0.5 - halfW, y: 0.5 + halfH },
    },
    rotation: 0,
    dimensions: null,
    fit: 'contain',
    behindPhoto: false,
  };
}
