import type { FastifyBaseLogger } from 'fastify';
import type { FitMode, Placement, Point } from '@podflow/contract/templates';
import { makeThumbnail } from '../../platform/images/thumbnail.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { TemplatesRepo } from './templates.repo.ts';

/** A template of the starter library, drawn by code (library/starter-templates.ts). */
export type LibraryTemplate = {
  id: string;
  name: string;
  width: number;
  height: number;
  corners: { topLeft: Point; topRight: Point; bottomRight: Point; bottomLeft: Point };
  rotation: number;
  fit: FitMode;
  /** Its cylinder, folds and occluders, stored with the placement. */
  realism?: Pick<Placement, 'cylinder' | 'displacement' | 'occluders'>;
  render: () => Promise<Buffer>;
};

type Deps = {
  repo: TemplatesRepo;
  storage: Storage;
  templates: readonly LibraryTemplate[];
  log: FastifyBaseLogger;
  maxPixels: number;
};

/** Bump when the library's artwork changes: images are kept in storage under this version. */
const LIBRARY_VERSION = 'v1';
const imageKey = (id: string) => `library/${LIBRARY_VERSION}/${id}.png`;
const thumbnailKey = (id: string) => `library/${LIBRARY_VERSION}/${id}.webp`;

/**
 * The starter library every account sees. Its rows are written at start-up; its images are drawn
 * the first time anyone asks for them (or by warm()) and kept in storage from then on.
 */
export function templateLibrary({ repo, storage, templates, log, maxPixels }: Deps) {
  const byId = new Map(templates.map((t) => [t.id, t]));
  const inFlight = new Map<string, Promise<boolean>>();
  // One drawing at a time: each takes about 70 MB while it runs.
  let queue: Promise<unknown> = Promise.resolve();

  async function draw(template: LibraryTemplate): Promise<boolean> {
    if ((await storage.size(imageKey(template.id))) === undefined) {
      await storage.write(imageKey(template.id), [await template.render()]);
    }
    if ((await storage.size(thumbnailKey(template.id))) === undefined) {
      const thumbnail = await makeThumbnail(await storage.read(imageKey(template.id)), {
        size: 512,
        maxPixels,
      });
      await storage.write(thumbnailKey(template.id), [thumbnail]);
    }
    return true;
  }

  function ensure(template: LibraryTemplate): Promise<boolean> {
    let pending = inFlight.get(template.id);
    if (!pending) {
      pending = queue
        .then(() => draw(template))
        .catch((error: unknown) => {
          log.error({ err: error, template: template.id }, 'could not draw a library template');
          return false;
        })
        .finally(() => inFlight.delete(template.id));
      inFlight.set(template.id, pending);
      queue = pending;
    }
    return pending;
  }

  return {
    /** Writes (or updates) the library's rows. */
    async seed(): Promise<void> {
      await repo.upsertLibrary(
        templates.map((t) => {
          const placement: Placement = {
            corners: t.corners,
            rotation: t.rotation,
            dimensions: null,
            fit: t.fit,
            behindPhoto: false,
            ...t.realism,
          };
          return {
            id: t.id,
            user_id: null,
            name: t.name,
            storage_key: imageKey(t.id),
            thumbnail_key: thumbnailKey(t.id),
            bytes: 0,
            width: t.width,
            height: t.height,
            placement: JSON.stringify(placement),
            created_at: 0,
          };
        }),
      );
    },

    /** A FileProducer: draws a library image or thumbnail that is not in storage yet. */
    async produce(key: string): Promise<boolean> {
      const match = /^library\/[^/]+\/(.+)\.(png|webp)$/.exec(key);
      const template = match ? byId.get(match[1] as string) : undefined;
      return template ? ensure(template) : false;
    },

    /** Draws every library image not drawn yet, one at a time. */
    async warm(): Promise<void> {
      for (const template of templates) await ensure(template);
    },

    /** The library image itself, for the renderer. */
    imageKey,
  };
}

export type TemplateLibrary = ReturnType<typeof templateLibrary>;
