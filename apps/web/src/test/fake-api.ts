import { vi } from 'vitest';
import type { WorkspaceProgress, WorkspaceSummary } from '@podflow/contract/workspaces';

/** A JSON answer. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The server's error body: one sentence under each of its names, and a code. */
export function errorBody(sentence: string, code: string) {
  return { detail: sentence, message: sentence, error: sentence, code };
}

/** A workspace as the list answers it: nothing in it yet unless `progress` says so. */
export function workspaceSummary(
  id: string,
  name: string,
  progress: Partial<WorkspaceProgress> = {},
): WorkspaceSummary {
  return {
    workspace_id: id,
    workspace_name: name,
    progress: {
      designs: 0,
      templates: 0,
      mockups: 0,
      designs_with_mockups: 0,
      designs_with_metadata: 0,
      designs_listed: 0,
      designs_synced: 0,
      ...progress,
    },
    thumbnails: [],
    last_activity_at: Date.now(),
  };
}

/** A call the fake API got: its URL and its JSON body (undefined when it had none). */
export interface ApiCall {
  url: string;
  body: unknown;
}

/** Answers one call, or leaves it (undefined) to the 404. */
type Answer = (url: string, body: unknown, init: RequestInit | undefined) => Response | undefined;

/**
 * Stubs fetch with a fake API: it records every call, lists one workspace ('w1', 'Cats
 * collection'), lets `answer` answer the rest and says 404 to whatever `answer` leaves.
 */
export function stubApi(answer: Answer) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ url, body });
      if (url.includes('/workspace/get_workspaces/'))
        return json(200, [workspaceSummary('w1', 'Cats collection')]);
      return answer(url, body, init) ?? json(404, errorBody('Not found', 'not_found'));
    }),
  );
  /** The calls to a path. */
  const callsTo = (path: string) => calls.filter((call) => call.url.includes(path));
  return { calls, callsTo, count: (path: string) => callsTo(path).length };
}

/** The fields of a multipart body a call sent, in order ([] when it sent no FormData). */
export function formEntries(init: RequestInit | undefined): [string, string][] {
  if (!(init?.body instanceof FormData)) return [];
  return [...init.body.entries()].map(([name, value]) => [
    name,
    typeof value === 'string' ? value : value.name,
  ]);
}
