import { useCallback, useEffect, useRef, useState } from 'react';
import { apiUrl } from '../../api/client';
import { saveFile } from '../../ui/save-file';
import { mockupsZipFileName } from './mockup-messages';
import { fetchWithSession } from './session-fetch';

/** Bytes of the zip received so far; total is 0 when the server did not say (no Content-Length). */
export interface DownloadProgress {
  loaded: number;
  total: number;
}

/**
 * GET /mockups_app/download_mockup_files/?workspace_id=: the workspace's mockups as one zip,
 * read as a stream so its progress can be shown (from Content-Length).
 */
export async function downloadMockupsZip(
  workspaceId: string,
  signal: AbortSignal,
  onProgress: (progress: DownloadProgress) => void,
): Promise<Blob> {
  const url = apiUrl('/mockups_app/download_mockup_files/', { workspace_id: workspaceId });
  const response = await fetchWithSession(url, 'application/zip, application/json', signal);
  const total = Number(response.headers.get('content-length')) || 0;
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let loaded = 0;
  onProgress({ loaded, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    loaded += value.byteLength;
    onProgress({ loaded, total });
  }
  return new Blob(chunks, { type: 'application/zip' });
}

interface DownloadHandlers {
  onSaved: () => void;
  onError: (error: unknown) => void;
  onCancelled: () => void;
}

/**
 * The zip download with its progress: `start` fetches and saves it as mockups.zip, `cancel` stops
 * it; leaving the screen stops it too. `progress` is null when no download is running.
 */
export function useDownloadMockups(workspaceId: string) {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  const left = useRef(false);

  useEffect(() => {
    left.current = false;
    return () => {
      left.current = true;
      controller.current?.abort();
    };
  }, []);

  const start = useCallback(
    async ({ onSaved, onError, onCancelled }: DownloadHandlers) => {
      if (controller.current) return;
      const current = new AbortController();
      controller.current = current;
      setProgress({ loaded: 0, total: 0 });
      try {
        const zip = await downloadMockupsZip(workspaceId, current.signal, setProgress);
        saveFile(zip, mockupsZipFileName);
        onSaved();
      } catch (error) {
        if (left.current) return;
        if (current.signal.aborted) onCancelled();
        else onError(error);
      } finally {
        controller.current = null;
        setProgress(null);
      }
    },
    [workspaceId],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);

  return { start, cancel, progress, running: progress !== null };
}
