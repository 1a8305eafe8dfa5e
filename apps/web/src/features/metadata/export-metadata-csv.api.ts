import { useMutation } from '@tanstack/react-query';
import { metadataCsvFileName } from '@podflow/contract/metadata';
import { api } from '../../api/client';
import { saveFile } from '../../ui/save-file';

/** GET /workspace/export_metadata_csv/?workspace_id=: the saved metadata as a CSV file. */
export function exportMetadataCsv(workspaceId: string): Promise<Blob> {
  return api.get<Blob>('/workspace/export_metadata_csv/', {
    query: { workspace_id: workspaceId },
    responseType: 'blob',
  });
}

/** The export as a mutation: fetched with the bearer token, then saved as metadata.csv. */
export function useExportMetadataCsv(workspaceId: string) {
  return useMutation({
    mutationFn: async () => saveFile(await exportMetadataCsv(workspaceId), metadataCsvFileName),
  });
}
