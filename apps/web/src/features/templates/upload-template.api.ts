import type { TemplateDataInput, UploadTemplatesResponse } from '@podflow/contract/templates';
import { uploadForm, type UploadProgress } from '../../api/upload';

/** What goes with the image: its placement, or none (the image is added to listings as it is). */
export type TemplatePlacementField = { templateData: TemplateDataInput } | { noPlaceholder: true };

/**
 * POST /mockups_app/upload_image_mode_mockup_templates/: one template image with its placement.
 * The fields go first (workspace_id, then templateData or no_placeholder) and the file last, so
 * the server knows them before the image streams in; with workspace_id the server also selects
 * the new template for that workspace.
 */
export function uploadImageModeTemplate(
  workspaceId: string,
  file: File,
  placement: TemplatePlacementField,
  options: { signal?: AbortSignal; onProgress?: (progress: UploadProgress) => void } = {},
): Promise<UploadTemplatesResponse> {
  const form = new FormData();
  form.append('workspace_id', workspaceId);
  if ('noPlaceholder' in placement) form.append('no_placeholder', 'true');
  else form.append('templateData', JSON.stringify(placement.templateData));
  form.append('file', file, file.name);
  return uploadForm<UploadTemplatesResponse>(
    '/mockups_app/upload_image_mode_mockup_templates/',
    form,
    options,
  );
}
