import { randomUUID } from 'node:crypto';
import { type Plan, planById } from '@podflow/contract/plans';
import {
  type DesignLineItem,
  type UploadDesignsResponse,
  type UploadedFile,
  designMessages,
  quotaErrors,
} from '@podflow/contract/designs';
import { UserError } from '../../platform/errors.ts';
import {
  type FilePart,
  type UploadPart,
  displayName,
  tooLargeReason,
  tooManyFilesReason,
} from '../../platform/http/multipart.ts';
import type { UrlSigner } from '../../platform/storage/signed-urls.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import { workspacePrefix } from '../workspaces/workspaces.service.ts';
import type { DesignThumbnails } from './design-thumbnails.ts';
import type { DesignRow, DesignsRepo } from './designs.repo.ts';
import { type PngInfo, PngRejection, inspectPng } from './png-inspector.ts';

export type DesignsServiceDeps = {
  repo: DesignsRepo;
  storage: Storage;
  signer: UrlSigner;
  workspaces: WorkspacesService;
  thumbnails: DesignThumbnails;
  limits: { maxFileBytes: number; maxPixels: number; maxFiles: number };
  /** Called with the ids of deleted designs, so what was made from them goes too (mockups). */
  afterDelete?: Array<(userId: string, designIds: string[]) => Promise<void>>;
};

/** Files of one upload being written to storage at once (the one arriving and those finishing). */
const STORING_AT_ONCE = 3;

const NO_ALPHA_WARNING =
  'has no transparent background (no alpha channel): it will print as a filled rectangle.';

/** Designs: streaming upload with content checks and quotas, listing with signed URLs, deletion. */
export function designsService(deps: DesignsServiceDeps) {
  const { repo, storage, signer, workspaces, thumbnails, limits } = deps;

  const designKey = (userId: string, workspaceId: string, id: string) =>
    `${workspacePrefix(userId, workspaceId)}designs/${id}.png`;
  const thumbKey = (userId: string, workspaceId: string, id: string) =>
    `${workspacePrefix(userId, workspaceId)}thumbs/${id}.webp`;

  function toLineItem(row: DesignRow): DesignLineItem {
    return {
      lineitem_id: row.id,
      image_thumbnail_path: signer.sign(row.thumbnail_key),
      image_path: signer.sign(row.storage_key),
      image_file_name: row.file_name,
      product_title: row.product_title,
      product_description: row.product_description,
      seo_keywords: row.seo_keywords,
      printify_product_id: row.printify_product_id,
      gelato_product_id: row.gelato_product_id ?? null,
      width: row.width,
      height: row.height,
      bytes: Number(row.bytes),
      has_alpha: row.has_alpha === 1,
      created_at: new Date(Number(row.created_at)).toISOString(),
    };
  }

  /** Creation times that never repeat in this process, so files stored in one millisecond keep their order. */
  let lastStamp = 0;
  const nextStamp = () => (lastStamp = Math.max(Date.now(), lastStamp + 1));

  /** Streams one file to storage through the PNG check, then takes its quota and inserts its row. */
  async function storeOne(
    userId: string,
    workspaceId: string,
    plan: Plan,
    part: FilePart,
    received: () => void,
    turn: Promise<unknown> = Promise.resolve(),
  ): Promise<UploadedFile> {
    const fileName = displayName(part.fileName, 'design.png');
    const rejected = (reason: string): UploadedFile => ({ file_name: fileName, status: 'rejected', reason });
    if ((await repo.designCount(workspaceId)) >= plan.designSlotsPerWorkspace) {
      await part.discard();
      received();
      return rejected(quotaErrors.designs);
    }

    const id = randomUUID();
    const key = designKey(userId, workspaceId, id);
    const info: Partial<PngInfo> = {};
    let bytes: number;
    try {
      bytes = await storage.write(key, checked(part, info, received));
    } catch (error) {
      if (error instanceof PngRejection) {
        await part.discard();
        received();
        return rejected(`${fileName} ${error.message}`);
      }
      throw error;
    }

    // Rows go in in the order the files were sent (the seller's list keeps it), after the one before.
    await turn.catch(() => undefined);
    const row = {
      id,
      workspace_id: workspaceId,
      user_id: userId,
      file_name: fileName,
      storage_key: key,
      thumbnail_key: thumbKey(userId, workspaceId, id),
      bytes,
      width: info.width ?? 0,
      height: info.height ?? 0,
      has_alpha: info.hasAlpha ? 1 : 0,
      product_title: '',
      product_description: '',
      seo_keywords: '',
      printify_product_id: null,
      created_at: nextStamp(),
    };
    const quota = await repo.insertWithinQuota(row, plan);
    if (quota !== 'ok') {
      await storage.delete(key);
      return rejected(quotaErrors[quota]);
    }
    thumbnails.enqueue({
      ...row,
      product_title: '',
      product_description: '',
      seo_keywords: '',
      printify_product_id: null,
      gelato_product_id: null,
    });
    return {
      file_name: fileName,
      status: 'stored',
      lineitem_id: id,
      ...(info.hasAlpha ? {} : { warning: `${fileName} ${NO_ALPHA_WARNING}` }),
    };
  }

  /**
   * The file's bytes, checked as a PNG as they pass, and refused when they run past the size
   * limit; `received` is called once the last byte has passed.
   */
  async function* checked(
    part: FilePart,
    info: Partial<PngInfo>,
    received: () => void,
  ): AsyncGenerator<Buffer> {
    try {
      yield* inspectPng(part.chunks(), { maxPixels: limits.maxPixels }, info);
    } catch (error) {
      if (part.truncated()) throw new PngRejection(tooLargeReason(limits.maxFileBytes));
      throw error;
    }
    received();
    if (part.truncated()) throw new PngRejection(tooLargeReason(limits.maxFileBytes));
  }

  /**
   * Stores every good file of a multipart upload; one bad file never loses the good ones. The
   * workspace comes from `workspace_id` (query or a field sent before the files).
   */
  async function uploadAll(
    userId: string,
    parts: AsyncIterable<UploadPart>,
    queryWorkspaceId?: string,
  ): Promise<{ status: 201; body: UploadDesignsResponse }> {
    let workspaceId = queryWorkspaceId
      ? (await workspaces.requireOwned(userId, queryWorkspaceId)).id
      : undefined;
    // A file is stored while the next one arrives: once its bytes have passed (an object store
    // may still be taking them), the next part is read. At most STORING_AT_ONCE are in hand.
    const storing: Array<Promise<UploadedFile>> = [];
    const inHand = new Set<Promise<UploadedFile>>();
    let plan: Plan | undefined; // read once per upload, at its first file
    for await (const part of parts) {
      if (part.kind === 'field') {
        if (part.name === 'workspace_id' && !workspaceId)
          workspaceId = (await workspaces.requireOwned(userId, part.value.trim())).id;
        continue;
      }
      if (part.kind === 'too-many-files') {
        storing.push(
          Promise.resolve({
            file_name: '(more files)',
            status: 'rejected',
            reason: tooManyFilesReason(limits.maxFiles),
          }),
        );
        break;
      }
      if (!workspaceId) {
        await part.discard();
        throw new UserError(400, 'Send workspace_id before the files (or as ?workspace_id=).', {
          code: 'workspace_id_missing',
          fields: { workspace_id: 'workspace_id is required.' },
        });
      }
      plan ??= planById(await repo.userPlan(userId));
      const { promise: passed, resolve: received } = Promise.withResolvers<void>();
      const stored = storeOne(userId, workspaceId, plan, part, received, storing.at(-1));
      storing.push(stored);
      inHand.add(stored);
      void stored.then(
        () => inHand.delete(stored),
        () => inHand.delete(stored),
      );
      // A failed store ends the upload here, as it would one file at a time.
      await Promise.race([passed, stored]);
      if (inHand.size >= STORING_AT_ONCE) await Promise.race(inHand);
    }
    const files = await Promise.all(storing);

    const stored = files.filter((f) => f.status === 'stored').length;
    const rejected = files.length - stored;
    if (stored > 0) {
      const message = rejected > 0 ? `${stored} stored, ${rejected} rejected.` : `${stored} stored.`;
      return { status: 201, body: { message, stored, rejected, files } };
    }
    if (files.length === 0)
      throw new UserError(400, designMessages.noFiles, { code: 'no_files', extra: { files } });
    const quota = [quotaErrors.designs, quotaErrors.space].find((q) => files.some((f) => f.reason === q));
    if (quota) throw new UserError(403, quota, { code: 'quota_exceeded', extra: { files } });
    const reasons = files.map((f) => f.reason).join(' ');
    throw new UserError(400, `${designMessages.noneStored} ${reasons}`, {
      code: 'no_file_stored',
      extra: { files },
    });
  }

  return {
    async list(userId: string, workspaceId: string): Promise<DesignLineItem[]> {
      await workspaces.requireOwned(userId, workspaceId);
      return (await repo.listByWorkspace(workspaceId)).map(toLineItem);
    },

    /**
     * Stores every good file of a multipart upload; one bad file never loses the good ones.
     * Background thumbnails wait until it ends, so they do not compete with the stream.
     */
    async upload(
      userId: string,
      parts: AsyncIterable<UploadPart>,
      queryWorkspaceId?: string,
    ): Promise<{ status: 201; body: UploadDesignsResponse }> {
      const resume = thumbnails.holdWhileUploading();
      try {
        return await uploadAll(userId, parts, queryWorkspaceId);
      } finally {
        resume();
      }
    },

    /** The rows of a workspace's designs, oldest first (the caller checked the workspace). */
    listRows: (workspaceId: string) => repo.listByWorkspace(workspaceId),

    /** A design's row by id, or undefined once it is deleted (background jobs; no ownership check). */
    findRow: (id: string) => repo.findById(id),

    /** The user's storage quota in bytes. */
    storageLimit: async (userId: string) => planById(await repo.userPlan(userId)).storageBytes,

    /** Deletes the user's designs and their files; any id that is not theirs makes it a 404 and nothing changes. */
    async delete(userId: string, ids: string[]): Promise<number> {
      const rows = await repo.deleteOwned(userId, ids);
      if (!rows) throw new UserError(404, designMessages.notFound, { code: 'design_not_found' });
      for (const deleted of deps.afterDelete ?? []) await deleted(userId, ids);
      for (const row of rows) {
        await storage.delete(row.storage_key);
        await storage.delete(row.thumbnail_key);
      }
      return rows.length;
    },
  };
}

export type DesignsService = ReturnType<typeof designsService>;
