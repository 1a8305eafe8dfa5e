import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportMetadataResponse } from '@podflow/contract/metadata';
import { api } from '../../api/client';
import { designsQuery } from '../../api/get-designs.api';

/**
 * POST /workspace/import_metadata_csv/?workspace_id=&apply=: with apply=false a preview of what
 * the file would change (nothing is saved); with apply=true it saves and answers the same report.
 */
export function importMetadataCsv(
  workspaceId: string,
  file: File,
  apply: boolean,
): Promise<ImportMetadataResponse> {
  const form = new FormData();
  form.append('file', file);
  return api.post<ImportMetadataResponse>('/workspace/import_metadata_csv/', form, {
    query: { workspace_id: workspaceId, apply },
  });
}

/** The preview of a file. */
export function usePreviewMetadataCsv(workspaceId: string) {
  return useMutation({ mutationFn: (file: File) => importMetadataCsv(workspaceId, file, false) });
}

/** Applying a file; the designs reload with what it saved. */
export function useApplyMetadataCsv(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => importMetadataCsv(workspaceId, file, true),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: designsQuery(workspaceId).queryKey }),
  });
}
