import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MockupsService } from './mockups.service.ts';

/** Closes every open stream; the routes call it when the server shuts down. */
export type OpenStreams = Set<() => void>;

const pollMs = 1000;
const pingMs = 15_000;

/**
 * Streams the latest run's job logs as server-sent events: a `job` event for each job whose
 * status or counts moved since the last one sent. Changes made in this process are pushed at
 * once; a one-second poll also catches jobs run by other processes (BullMQ workers).
 */
export function streamJobEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  mockups: MockupsService,
  workspaceId: string,
  open: OpenStreams,
): void {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  res.flushHeaders();

  const sent = new Map<string, string>();
  let closed = false;
  let busy = false;
  let again = false;

  async function push(): Promise<void> {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      do {
        again = false;
        for (const job of await mockups.latestRun(workspaceId)) {
          const signature = `${job.status}|${job.done}|${job.failed}|${job.total}|${job.reason ?? ''}`;
          if (closed || sent.get(job.id) === signature) continue;
          sent.set(job.id, signature);
          res.write(`event: job\ndata: ${JSON.stringify(job)}\n\n`);
        }
      } while (again && !closed);
    } catch (error) {
      request.log.warn({ err: error }, 'mockup job events: reading the jobs failed');
    } finally {
      busy = false;
    }
  }

  const onChanged = (changedWorkspace: string) => {
    if (changedWorkspace === workspaceId) void push();
  };
  const poll = setInterval(() => void push(), pollMs);
  const ping = setInterval(() => res.write('event: ping\ndata: {}\n\n'), pingMs);
  function close(): void {
    if (closed) return;
    closed = true;
    clearInterval(poll);
    clearInterval(ping);
    mockups.events.off('changed', onChanged);
    open.delete(close);
    res.end();
  }
  mockups.events.on('changed', onChanged);
  open.add(close);
  request.raw.on('close', close);
  void push();
}
