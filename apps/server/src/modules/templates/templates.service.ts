import { randomUUID } from 'node:crypto';
import { quotaErrors } from '@podflow/contract/designs';
import { planById } from '@podflow/contract/plans';
import {
  type Placement,
  type TemplateInfo,
  type UploadTemplatesResponse,
  templateMessages,
} from '@podflow/contract/templates';
import { UserError } from '../../platform/errors.ts';
import {
  type FilePart,
  type UploadPart,
  displayName,
  tooLargeReason,
  tooManyFilesReason,
} from '../../platform/http/multipart.ts';
import {
  type ImageFormat,
  probeImage,
  sniffImageFormat,
  transparentWindow,
} from '../../platform/images/probe.ts';
import { makeThumbnail } from '../../platform/images/thumbnail.ts';
import type { UrlSigner } from '../../platform/storage/signed-urls.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { PngRejection, inspectPng } from '../designs/png-inspector.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import { derivedPlacement, placementFromTemplateData } from './template-placement.ts';
import type { TemplateRow, TemplatesRepo } from './templates.repo.ts';

export type TemplatesServiceDeps = {
  repo: TemplatesRepo;
  storage: Storage;
  signer: UrlSigner;
  workspaces: WorkspacesService;
  planOf: (userId: string) => Promise<string>;
  limits: { maxFileBytes: number; maxPixels: number; maxFiles: number };
};

type StoredImage = {
  id: string;
  key: string;
  bytes: number;
  width: number;
  height: number;
  fileName: string;
};
type Outcome = {
  file_name: string;
  status: 'stored' | 'rejected';
  mkp_template_id?: string;
  reason?: string;
};

class FileRejection extends Error {}

const unreadable = (fileName: string) =>
  new FileRejection(`${fileName} could not be read as an image (it may be damaged).`);

/** Mockup templates: the starter library and a user's own uploads, and each workspace's selection. */
export function templatesService(deps: TemplatesServiceDeps) {
  const { repo, storage, signer, workspaces, limits } = deps;
  const ownKey = (userId: string, id: string, ext: string) => `u/${userId}/templates/${id}.${ext}`;

  function toInfo(row: TemplateRow): TemplateInfo {
    return {
      mkp_template_id: row.id,
      thumbnail_image_path: signer.sign(row.thumbnail_key),
      user_file_name: row.name,
      image_path: signer.sign(row.storage_key),
      width: row.width,
      height: row.height,
      source: row.user_id === null ? 'library' : 'own',
      placement: row.placement ? (JSON.parse(row.placement) as Placement) : null,
    };
  }

  /** Streams an image to storage, refusing anything that is not PNG, JPEG or WebP by its content. */
  async function storeImage(userId: string, part: FilePart): Promise<StoredImage> {
    const id = randomUUID();
    const fileName = displayName(part.fileName, 'template');
    const staging = ownKey(userId, id, 'upload');
    let format: ImageFormat | undefined;
    const tooLarge = () => new FileRejection(`${fileName} ${tooLargeReason(limits.maxFileBytes)}`);
    async function* sniffed(): AsyncGenerator<Buffer> {
      const source = part.chunks()[Symbol.asyncIterator]();
      const head: Buffer[] = [];
      while (Buffer.concat(head).length < 12) {
        const next = await source.next();
        if (next.done) break;
        head.push(next.value);
      }
      format = sniffImageFormat(Buffer.concat(head));
      if (!format) throw new FileRejection(`${fileName} is not a PNG, JPEG or WebP image.`);
      async function* whole(): AsyncGenerator<Buffer> {
        yield* head;
        for (let next = await source.next(); !next.done; next = await source.next()) yield next.value;
      }
      if (format !== 'png') {
        yield* whole();
      } else {
        // A PNG is checked as it streams and stored without text chunks or bytes after IEND.
        try {
          yield* inspectPng(whole(), { maxPixels: limits.maxPixels });
        } catch (error) {
          if (part.truncated()) throw tooLarge();
          if (error instanceof PngRejection) throw new FileRejection(`${fileName} ${error.message}`);
          throw error;
        }
      }
      if (part.truncated()) throw tooLarge();
    }
    let bytes: number;
    try {
      bytes = await storage.write(staging, sniffed());
    } catch (error) {
      await part.discard();
      throw error;
    }
    const key = ownKey(userId, id, format === 'jpeg' ? 'jpg' : (format as ImageFormat));
    await storage.move(staging, key);
    try {
      const { width, height } = await probeImage(await storage.read(key));
      if (width * height > limits.maxPixels) {
        throw new FileRejection(
          `${fileName} is ${width} × ${height} pixels; the limit is ${limits.maxPixels / 1e6} megapixels.`,
        );
      }
      return { id, key, bytes, width, height, fileName };
    } catch (error) {
      await storage.delete(key);
      if (error instanceof FileRejection) throw error;
      throw unreadable(fileName);
    }
  }

  /** Makes the thumbnail and inserts the row within the storage quota; cleans up if it does not fit. */
  async function commit(
    userId: string,
    image: StoredImage,
    placement: Placement | null,
  ): Promise<TemplateRow> {
    const thumbnailKey = ownKey(userId, image.id, 'webp');
    const row = {
      id: image.id,
      user_id: userId,
      name: image.fileName,
      storage_key: image.key,
      thumbnail_key: thumbnailKey,
      bytes: image.bytes,
      width: image.width,
      height: image.height,
      placement: placement ? JSON.stringify(placement) : null,
      created_at: Date.now(),
    };
    try {
      const thumbnail = await makeThumbnail(await storage.read(image.key), {
        size: 512,
        maxPixels: limits.maxPixels,
      });
      await storage.write(thumbnailKey, [thumbnail]);
      const plan = planById(await deps.planOf(userId));
      if (!(await repo.insertWithinQuota(row, plan.storageBytes))) throw new FileRejection(quotaErrors.space);
      return row;
    } catch (error) {
      await storage.delete(image.key);
      await storage.delete(thumbnailKey);
      if (error instanceof FileRejection) throw error;
      throw unreadable(image.fileName);
    }
  }

  /** Reads an upload's parts: files are stored as they stream, fields are collected. */
  async function readUpload(userId: string, parts: AsyncIterable<UploadPart>) {
    const fields = new Map<string, string>();
    const images: StoredImage[] = [];
    const outcomes: Outcome[] = [];
    try {
      await readParts();
    } catch (error) {
      // A malformed body (or any other failure) stores nothing: the files already in go too.
      await cleanUp(images);
      throw error;
    }
    return { fields, images, outcomes };

    async function readParts(): Promise<void> {
      for await (const part of parts) {
        if (part.kind === 'field') fields.set(part.name, part.value);
        else if (part.kind === 'too-many-files') {
          outcomes.push({
            file_name: '(more files)',
            status: 'rejected',
            reason: tooManyFilesReason(limits.maxFiles),
          });
        } else {
          try {
            images.push(await storeImage(userId, part));
          } catch (error) {
            if (!(error instanceof FileRejection)) throw error;
            outcomes.push({
              file_name: displayName(part.fileName, 'template'),
              status: 'rejected',
              reason: error.message,
            });
          }
        }
      }
    }
  }

  async function finish(
    userId: string,
    stored: TemplateRow[],
    outcomes: Outcome[],
    workspaceId?: string,
  ): Promise<UploadTemplatesResponse> {
    if (workspaceId && stored.length > 0)
      await repo.select(
        workspaceId,
        stored.map((r) => r.id),
        Date.now(),
      );
    const storedCount = outcomes.filter((o) => o.status === 'stored').length;
    const rejected = outcomes.length - storedCount;
    if (storedCount === 0) {
      if (outcomes.length === 0)
        throw new UserError(400, templateMessages.noFile, { code: 'no_files', extra: { files: outcomes } });
      const quota = outcomes.some((o) => o.reason === quotaErrors.space);
      const reasons = outcomes.map((o) => o.reason).join(' ');
      throw new UserError(
        quota ? 403 : 400,
        quota ? quotaErrors.space : `No template could be stored. ${reasons}`,
        {
          code: quota ? 'quota_exceeded' : 'no_file_stored',
          extra: { files: outcomes },
        },
      );
    }
    return {
      message: rejected > 0 ? `${storedCount} stored, ${rejected} rejected.` : `${storedCount} stored.`,
      stored: storedCount,
      rejected,
      files: outcomes,
      templates: stored.map(toInfo),
    };
  }

  /** A workspace_id field, if sent, must be the caller's; uploaded templates are selected for it. */
  async function workspaceOf(userId: string, fields: Map<string, string>): Promise<string | undefined> {
    const id = fields.get('workspace_id')?.trim();
    return id ? (await workspaces.requireOwned(userId, id)).id : undefined;
  }

  async function cleanUp(images: StoredImage[]): Promise<void> {
    for (const image of images) await storage.delete(image.key);
  }

  return {
    toInfo,

    async listAll(userId: string): Promise<TemplateInfo[]> {
      return (await repo.listVisible(userId)).map(toInfo);
    },

    async listSelected(userId: string, workspaceId: string): Promise<TemplateInfo[]> {
      await workspaces.requireOwned(userId, workspaceId);
      return (await repo.listSelected(userId, workspaceId)).map(toInfo);
    },

    /** The rows of the workspace's selected templates (the caller checked the workspace). */
    listSelectedRows: (userId: string, workspaceId: string) => repo.listSelected(userId, workspaceId),

    /** Template rows by id, whoever owns them (for background jobs queued after a check). */
    findRows: (ids: string[]): Promise<TemplateRow[]> => repo.findByIds(ids),

    /** A template row by id, whoever owns it. */
    findRow: async (id: string): Promise<TemplateRow | undefined> => (await repo.findByIds([id]))[0],

    async listRemaining(userId: string, workspaceId: string): Promise<TemplateInfo[]> {
      await workspaces.requireOwned(userId, workspaceId);
      return (await repo.listRemaining(userId, workspaceId)).map(toInfo);
    },

    /** Image mode: one file with templateData (its placement) or no_placeholder. */
    async uploadImageMode(
      userId: string,
      parts: AsyncIterable<UploadPart>,
    ): Promise<UploadTemplatesResponse> {
      const { fields, images, outcomes } = await readUpload(userId, parts);
      let workspaceId: string | undefined;
      let placementOf: (image: StoredImage) => Promise<Placement | null>;
      try {
        workspaceId = await workspaceOf(userId, fields);
        const noPlaceholder = ['true', '1', 'on', 'yes'].includes(
          (fields.get('no_placeholder') ?? '').toLowerCase(),
        );
        const raw = fields.get('templateData');
        const fixed = noPlaceholder ? null : raw !== undefined ? placementFromTemplateData(raw) : undefined;
        placementOf = async (image) => (fixed !== undefined ? fixed : derive(image));
      } catch (error) {
        await cleanUp(images);
        throw error;
      }
      return finish(userId, await commitAll(userId, images, outcomes, placementOf), outcomes, workspaceId);
    },

    /** Classic mode: several files; each gets templateData's placement if sent, else one from its transparency. */
    async uploadClassic(userId: string, parts: AsyncIterable<UploadPart>): Promise<UploadTemplatesResponse> {
      const { fields, images, outcomes } = await readUpload(userId, parts);
      let workspaceId: string | undefined;
      let fixed: Placement | undefined;
      try {
        workspaceId = await workspaceOf(userId, fields);
        const raw = fields.get('templateData');
        fixed = raw !== undefined ? placementFromTemplateData(raw) : undefined;
      } catch (error) {
        await cleanUp(images);
        throw error;
      }
      return finish(
        userId,
        await commitAll(userId, images, outcomes, async (image) => fixed ?? derive(image)),
        outcomes,
        workspaceId,
      );
    },

    async select(userId: string, workspaceId: string, ids: string[]): Promise<number> {
      await workspaces.requireOwned(userId, workspaceId);
      await requireVisible(userId, ids);
      await repo.select(workspaceId, ids, Date.now());
      return new Set(ids).size;
    },

    async unselect(userId: string, workspaceId: string, ids: string[]): Promise<number> {
      await workspaces.requireOwned(userId, workspaceId);
      await requireVisible(userId, ids);
      await repo.unselect(workspaceId, ids);
      return new Set(ids).size;
    },

    /** Deletes the user's own templates, from every workspace too; library ids are refused, others' are 404. */
    async deleteOwn(userId: string, ids: string[]): Promise<number> {
      const visible = await repo.findVisible(userId, ids);
      if (visible.length !== new Set(ids).size)
        throw new UserError(404, templateMessages.notFound, { code: 'template_not_found' });
      if (visible.some((t) => t.user_id === null))
        throw new UserError(403, templateMessages.libraryNotDeletable, { code: 'library_template' });
      const rows = await repo.deleteOwn(userId, ids);
      if (!rows) throw new UserError(404, templateMessages.notFound, { code: 'template_not_found' });
      for (const row of rows) {
        await storage.delete(row.storage_key);
        await storage.delete(row.thumbnail_key);
      }
      return rows.length;
    },
  };

  async function derive(image: StoredImage): Promise<Placement> {
    let window;
    try {
      window = image.key.endsWith('.jpg')
        ? undefined
        : await transparentWindow(await storage.read(image.key), limits.maxPixels);
    } catch {
      // The header was readable (it was probed) but the pixels are not: a cut or damaged file.
      throw unreadable(image.fileName);
    }
    return derivedPlacement(window, image.width, image.height);
  }

  async function commitAll(
    userId: string,
    images: StoredImage[],
    outcomes: Outcome[],
    placementOf: (image: StoredImage) => Promise<Placement | null>,
  ): Promise<TemplateRow[]> {
    const stored: TemplateRow[] = [];
    for (const image of images) {
      try {
        let placement: Placement | null;
        try {
          placement = await placementOf(image);
        } catch (error) {
          await storage.delete(image.key);
          throw error;
        }
        const row = await commit(userId, image, placement);
        stored.push(row);
        outcomes.push({ file_name: image.fileName, status: 'stored', mkp_template_id: row.id });
      } catch (error) {
        if (!(error instanceof FileRejection)) throw error;
        outcomes.push({ file_name: image.fileName, status: 'rejected', reason: error.message });
      }
    }
    return stored;
  }

  async function requireVisible(userId: string, ids: string[]): Promise<void> {
    const found = await repo.findVisible(userId, ids);
    if (found.length !== new Set(ids).size)
      throw new UserError(404, templateMessages.notFound, { code: 'template_not_found' });
  }
}

export type TemplatesService = ReturnType<typeof templatesService>;
