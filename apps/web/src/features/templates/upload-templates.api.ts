import type { UploadTemplatesResponse } from '@podflow/contract/templates';
import { uploadForm, type UploadProgress } from '../../api/upload';

/** What the template pickers accept: the images the server stores. */
export const templateImageTypes = 'image/png,image/jpeg,image/webp';

/**
 * POST /mockups_app/upload_mockup_templates/ (classic mode): several images at once; the server
 * finds each print area from its transparency. workspace_id goes first, so the new templates are
 * selected for the workspace.
 */
export function uploadClassicTemplates(
  workspaceId: string,
  files: readonly File[],
  options: { signal?: AbortSignal; onProgress?: (progress: UploadProgress) => void } = {},
): Promise<UploadTemplatesResponse> {
  const form = new FormData();
  form.append('workspace_id', workspaceId);
  for (const file of files) form.append('files', file, file.name);
  return uploadForm<UploadTemplatesResponse>('/mockups_app/upload_mockup_templates/', form, options);
}
