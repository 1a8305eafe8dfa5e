import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { MockupJobLog } from '@podflow/contract/mockups';
import { ApiError, apiUrl, networkErrorMessage } from '../../api/client';
import { EventStreamParser } from './event-stream';
import { mockupJobLogsKey } from './get-mockup-job-logs.api';
import { applyJobEvent } from './job-progress';
import { fetchWithSession } from './session-fetch';

const eventsPath = '/mockups_app/mockup_job_events/';

/** Reconnection waits: doubling from the first to the last, with ±20% jitter. */
export const reconnectDelaysMs = { first: 1_000, max: 30_000 } as const;
/** A connection that stayed open this long (or brought an event) starts the waits afresh. */
const healthyAfterMs = 15_000;

interface StreamHandlers {
  signal: AbortSignal;
  /** The stream answered 200 and is open. */
  onOpen?: () => void;
  onJob: (job: MockupJobLog) => void;
}

/**
 * GET /mockups_app/mockup_job_events/?workspace_id=: reads the workspace's live job events until
 * the server ends the stream (resolves) or it breaks (throws ApiError; status 0 when the
 * connection dropped). It needs the bearer token, so it is read with fetch rather than EventSource;
 * a 401 is retried once after a token refresh like every other call.
 */
export async function streamMockupJobEvents(workspaceId: string, handlers: StreamHandlers): Promise<void> {
  const url = apiUrl(eventsPath, { workspace_id: workspaceId });
  const response = await fetchWithSession(url, 'text/event-stream', handlers.signal);
  handlers.onOpen?.();

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = new EventStreamParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      for (const event of parser.push(value)) {
        if (event.event !== 'job') continue;
        try {
          handlers.onJob(JSON.parse(event.data) as MockupJobLog);
        } catch (error) {
          console.error('A mockup job event could not be read', error);
        }
      }
    }
  } catch (error) {
    if (handlers.signal.aborted) throw error;
    throw new ApiError(0, null, networkErrorMessage);
  } finally {
    reader.releaseLock();
  }
}

/** How long to wait before reconnection number `attempt` (1, 2, …). */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(reconnectDelaysMs.max, reconnectDelaysMs.first * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** Answers that will not change by asking again: stop listening (polling still covers the list). */
function isFinal(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return (
    error.status === 401 || (error.status >= 400 && error.status < 500 && ![408, 429].includes(error.status))
  );
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

/**
 * Listens to the workspace's live job events while mounted and applies each to the cached job
 * logs, so progress bars move as designs render. Reconnects with a growing wait when the stream
 * ends or breaks; after a reconnection the list is refetched, since events may have been missed.
 */
export function useMockupJobEvents(workspaceId: string): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const queryKey = mockupJobLogsKey(workspaceId);

    const onJob = (job: MockupJobLog) => {
      const list = queryClient.getQueryData<MockupJobLog[]>(queryKey);
      // Not loaded yet: the load on its way brings the job as it is now.
      if (!list) return;
      const next = applyJobEvent(list, job);
      if (next) queryClient.setQueryData(queryKey, next);
      // A job the list does not know: a new run started (another tab); one fetch brings its list.
      else void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
    };

    async function listen() {
      let attempt = 0;
      let connections = 0;
      while (!signal.aborted) {
        const openedAt = Date.now();
        let healthy = false;
        try {
          await streamMockupJobEvents(workspaceId, {
            signal,
            onOpen: () => {
              connections += 1;
              if (connections > 1) void queryClient.invalidateQueries({ queryKey });
            },
            onJob: (job) => {
              healthy = true;
              onJob(job);
            },
          });
        } catch (error) {
          if (signal.aborted) return;
          if (isFinal(error)) {
            console.warn('Live mockup job events are off; the job list is polled instead.', error);
            return;
          }
        }
        if (healthy || Date.now() - openedAt >= healthyAfterMs) attempt = 0;
        attempt += 1;
        await wait(reconnectDelay(attempt), signal);
      }
    }

    void listen();
    return () => controller.abort();
  }, [queryClient, workspaceId]);
}
