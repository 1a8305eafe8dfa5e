import type { UploadDesignsResponse } from '@podflow/contract/designs';
import { uploadForm, type UploadProgress } from '../../api/upload';

interface UploadDesignsOptions {
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
}

/**
 * POST /workspace/upload_designs/: one batch of files, multipart, with upload progress. The
 * workspace_id field goes first so the server knows the workspace before the files arrive.
 */
export function uploadDesigns(
  workspaceId: string,
  files: readonly File[],
  options: UploadDesignsOptions = {},
): Promise<UploadDesignsResponse> {
  const form = new FormData();
  form.append('workspace_id', workspaceId);
  for (const file of files) form.append('files', file, file.name);
  return uploadForm<UploadDesignsResponse>('/workspace/upload_designs/', form, options);
}
