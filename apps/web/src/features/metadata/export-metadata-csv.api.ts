import { useMutation } from '@tanstack/react-query';
import { metadataCsvFileName } from '@podflow/contract/metadata';
import { api } from '../../api/client';

/** GET /workspace/export_metadata_csv/?workspace_id=: the saved metadata as a CSV file. */
export function exportMetadataCsv(workspaceId: string): Promise<Blob> {
  return api.get<Blob>('/workspace/export_metadata_csv/', {
    query: { workspace_id: workspaceId },
    responseType: 'blob',
  });
}

/** Hands a file to the browser's downloads under a name, through a short-lived object URL. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  Object.assign(document.createElement('a'), { href: url, download: fileName }).click();
  // The browser has taken the file once the click is handled; slow ones get a minute.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The export as a mutation: fetched with the bearer token, then saved as metadata.csv. */
export function useExportMetadataCsv(workspaceId: string) {
  return useMutation({
    mutationFn: async () => saveBlob(await exportMetadataCsv(workspaceId), metadataCsvFileName),
  });
}
