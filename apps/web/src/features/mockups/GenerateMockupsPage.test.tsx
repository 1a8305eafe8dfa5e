import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MockupJobLog } from '@podflow/contract/mockups';
import { configureApiClient } from '../../api/client';
import { setCurrentWorkspaceId } from '../../api/session';
import { buildJobLog as job } from '../../test/factories';
import { errorBody, json, stubApi } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { GenerateMockupsPage } from './GenerateMockupsPage';

/** The live event stream the fake server holds open: send() pushes raw text/event-stream. */
interface EventStream {
  send: (text: string) => void;
  close: () => void;
}

interface FakeServerOptions {
  jobs?: MockupJobLog[];
  generate?: () => Response;
  /** Answers of the events call; by default a stream that stays open. */
  events?: () => Response;
}

function fakeServer(options: FakeServerOptions = {}) {
  const state = { jobs: options.jobs ?? [] };
  const streams: EventStream[] = [];
  const { count } = stubApi((url, _body, init) => {
    if (url.includes('/mockups_app/get_mockup_job_logs/')) return json(200, { job_logs: state.jobs });
    if (url.includes('/mockups_python_engine_app/generate_mockups/')) return options.generate!();
    if (url.includes('/mockups_app/mockup_job_events/')) {
      if (options.events) return options.events();
      const encoder = new TextEncoder();
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
      init?.signal?.addEventListener('abort', () =>
        controller.error(new DOMException('Aborted', 'AbortError')),
      );
      streams.push({
        send: (text) => controller.enqueue(encoder.encode(text)),
        close: () => controller.close(),
      });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    }
    return undefined;
  });
  return { state, streams, count };
}

const routes = [
  { path: '/generateMockups', element: <GenerateMockupsPage /> },
  { path: '/reviewMockups', element: <h1>Review page</h1> },
  { path: '/SelectMockupImageModeTemplates', element: <h1>Templates page</h1> },
];

const jobRows = () => within(screen.getByRole('list', { name: 'Mockup jobs' })).getAllByRole('listitem');
const bar = (templateName: string) =>
  screen.getByRole('progressbar', { name: `Progress of ${templateName}` });

/** A job in progress on fake timers, with no live events (404), so the page has to poll. */
async function renderPolledRun() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const server = fakeServer({
    jobs: [job('tee', { status: 'In Progress', done: 1 })],
    events: () => json(404, errorBody('Not found', 'not_found')),
  });
  renderRoutes(routes, '/generateMockups');
  await screen.findByText('tee.png');
  return server;
}

describe('GenerateMockupsPage', () => {
  beforeEach(() => {
    configureApiClient({ baseUrl: '', onSessionExpired: () => {} });
    setCurrentWorkspaceId('w1');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("says 'Loading...' until the first load, then 'No active jobs'", async () => {
    fakeServer();
    renderRoutes(routes, '/generateMockups');
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByText('No active jobs')).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Progress Information' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate Mockups' }).getAttribute('aria-disabled')).toBe(
      'false',
    );
  });

  it('shows each job with its status, template, progress, failed designs and why a job failed', async () => {
    fakeServer({
      jobs: [
        job('tee', {
          status: 'Completed',
          done: 9,
          failed: 1,
          finished_at: '2026-01-01T00:01:00.000Z',
          errors: [
            { design_id: 'd9', design_file_name: 'broken-cat.png', reason: 'The design file is unreadable.' },
          ],
        }),
        job('mug', { status: 'In Progress', done: 4 }),
        job('poster', { status: 'Pending' }),
        job('tote', { status: 'Failed', reason: 'The template image could not be read.' }),
      ],
    });
    renderRoutes(routes, '/generateMockups');
    await screen.findByText('tee.png');
    const rows = jobRows();
    expect(rows.map((row) => row.getAttribute('data-status'))).toEqual([
      'Completed',
      'In Progress',
      'Pending',
      'Failed',
    ]);
    expect(within(rows[0]!).getByText('Completed')).toBeTruthy();
    expect(within(rows[1]!).getByText('In Progress')).toBeTruthy();
    expect(within(rows[2]!).getByText('Pending')).toBeTruthy();
    expect(within(rows[3]!).getByText('Failed')).toBeTruthy();
    expect(within(rows[3]!).getByText('The job failed: The template image could not be read.')).toBeTruthy();

    expect(bar('tee.png').getAttribute('aria-valuenow')).toBe('9');
    expect(bar('tee.png').getAttribute('aria-valuemax')).toBe('10');
    expect(within(rows[0]!).getByText('1 failed')).toBeTruthy();
    expect(bar('mug.png').getAttribute('aria-valuetext')).toBe('4 / 10 designs');

    // The failed design and its reason are one click away.
    const toggle = within(rows[0]!).getByRole('button', { name: 'Show 1 error' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(within(rows[0]!).getByRole('button', { name: 'Hide 1 error' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    const errors = await within(rows[0]!).findByRole('list', { name: 'Failed designs of tee.png' });
    expect(within(errors).getByText('broken-cat.png')).toBeTruthy();
    expect(within(errors).getByText('The design file is unreadable.')).toBeTruthy();

    // The whole run: 13 of 40 rendered, still running, so both ways to generate say why they wait.
    expect(screen.getByTestId('run-summary-rendered').textContent).toBe('13 of 40 mockups rendered');
    expect(screen.getByRole('button', { name: 'Generate new only' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: 'Regenerate all' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('moves a bar when a live job event arrives, and points to Review once every job is done', async () => {
    const server = fakeServer({
      jobs: [job('tee', { status: 'In Progress', done: 2 }), job('mug', { status: 'Completed', done: 10 })],
    });
    renderRoutes(routes, '/generateMockups');
    await screen.findByText('tee.png');
    await waitFor(() => expect(server.streams).toHaveLength(1));
    expect(bar('tee.png').getAttribute('aria-valuenow')).toBe('2');
    expect(screen.queryByRole('link', { name: 'Review Mockups' })).toBeNull();

    // Events may arrive split anywhere; pings are ignored.
    const event = JSON.stringify(job('tee', { status: 'In Progress', done: 7, failed: 1 }));
    server.streams[0]!.send('event: ping\ndata: {}\n\nevent: job\ndata: ');
    server.streams[0]!.send(`${event}\n\n`);
    await waitFor(() => expect(bar('tee.png').getAttribute('aria-valuenow')).toBe('7'));
    expect(within(jobRows()[0]!).getByText('1 failed')).toBeTruthy();
    expect(screen.getByTestId('run-summary-rendered').textContent).toBe('17 of 20 mockups rendered');

    server.streams[0]!.send(
      `event: job\ndata: ${JSON.stringify(job('tee', { status: 'Completed', done: 10 }))}\n\n`,
    );
    await waitFor(() => expect(within(jobRows()[0]!).getByText('Completed')).toBeTruthy());
    expect(screen.getByText('Your mockups are ready')).toBeTruthy();
    expect(screen.getByTestId('run-summary-rendered').textContent).toBe('20 of 20 mockups rendered');
    expect(screen.getByRole('link', { name: 'Review Mockups' }).getAttribute('href')).toBe('/reviewMockups');
    expect(screen.getByRole('button', { name: 'Generate new only' }).getAttribute('aria-disabled')).toBe(
      'false',
    );
  });

  it('an event of a job the list does not know (a run started elsewhere) refetches the list', async () => {
    const server = fakeServer({ jobs: [job('tee', { status: 'Completed', done: 10 })] });
    renderRoutes(routes, '/generateMockups');
    await screen.findByText('tee.png');
    await waitFor(() => expect(server.streams).toHaveLength(1));
    server.state.jobs = [job('mug', { status: 'In Progress', done: 1 })];
    server.streams[0]!.send(`event: job\ndata: ${JSON.stringify(server.state.jobs[0])}\n\n`);
    expect(await screen.findByText('mug.png')).toBeTruthy();
    expect(screen.queryByText('tee.png')).toBeNull();
  });

  it("generates: the server's message as a toast, its jobs listed at once, Generate held while they run", async () => {
    const queued = [job('tee'), job('mug')];
    const server = fakeServer({
      generate: () =>
        json(200, {
          message: 'Generating 20 mockups: 2 templates × 10 designs.',
          job_logs: queued,
          mode: 'new',
          queued: 20,
          already_running: false,
        }),
    });
    renderRoutes(routes, '/generateMockups');
    await screen.findByText('No active jobs');
    // Before the first run there is one button, as SPEC.md names it.
    expect(screen.queryByRole('button', { name: 'Regenerate all' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Generate Mockups' }));
    expect(await screen.findByText('Generating 20 mockups: 2 templates × 10 designs.')).toBeTruthy();
    expect(jobRows()).toHaveLength(2);
    expect(within(jobRows()[0]!).getByText('Pending')).toBeTruthy();
    expect(screen.getByTestId('run-summary-rendered').textContent).toBe('0 of 20 mockups rendered');

    const generate = screen.getByRole('button', { name: 'Generate new only' });
    expect(generate.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(generate);
    expect(server.count('/generate_mockups/')).toBe(1);
    fireEvent.mouseEnter(generate);
    expect(await screen.findByText(/Mockups are being generated/)).toBeTruthy();
  });

  it('a double click on Generate sends one request', async () => {
    let release!: () => void;
    const server = fakeServer({
      generate: () => {
        void new Promise<void>((resolve) => (release = resolve));
        return json(200, {
          message: 'Generating 2 mockups: 1 design on 2 templates.',
          job_logs: [job('tee'), job('mug')],
          mode: 'new',
          queued: 2,
          already_running: false,
        });
      },
    });
    renderRoutes(routes, '/generateMockups');
    await screen.findByText('No active jobs');
    const generate = screen.getByRole('button', { name: 'Generate Mockups' });
    fireEvent.click(generate);
    fireEvent.click(generate);
    fireEvent.click(generate);
    expect(await screen.findByText('Generating 2 mockups: 1 design on 2 templates.')).toBeTruthy();
    expect(server.count('/generate_mockups/')).toBe(1);
    release();
  });

  it('Regenerate all asks first and says what happens; only Proceed sends mode=all', async () => {
    const calls: string[] = [];
    const server = fakeServer({
      jobs: [job('tee', { status: 'Completed', done: 10 })],
      generate: () =>
        json(200, {
          message: 'Generating 10 mockups: 10 designs on 1 template.',
          job_logs: [job('tee')],
          mode: 'all',
          queued: 10,
          already_running: false,
        }),
    });
    const fetchSpy = vi.mocked(globalThis.fetch);
    renderRoutes(routes, '/generateMockups');
    await screen.findByText('tee.png');
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate all' }));
    let dialog = await screen.findByRole('dialog', { name: 'Regenerate all mockups?' });
    expect(within(dialog).getByText(/Mockups you deleted come back/)).toBeTruthy();
    expect(within(dialog).getByText(/adjustments .* are kept/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.count('/generate_mockups/')).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Regenerate all' }));
    dialog = await screen.findByRole('dialog', { name: 'Regenerate all mockups?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Regenerate all' }));
    expect(await screen.findByText('Generating 10 mockups: 10 designs on 1 template.')).toBeTruthy();
    for (const [input] of fetchSpy.mock.calls) calls.push(String(input));
    expect(calls.filter((url) => url.includes('/generate_mockups/'))).toEqual([
      expect.stringContaining('mode=all'),
    ]);
  });

  it('Generate new only sends mode=new; a run already going on is shown without an error', async () => {
    fakeServer({
      jobs: [job('tee', { status: 'Completed', done: 10 })],
      generate: () =>
        json(200, {
          message: 'Mockups are already being generated for this workspace: here is the running run.',
          job_logs: [job('mug', { status: 'In Progress', done: 3 })],
          mode: 'new',
          queued: 0,
          already_running: true,
        }),
    });
    const fetchSpy = vi.mocked(globalThis.fetch);
    renderRoutes(routes, '/generateMockups');
    await screen.findByText('tee.png');
    fireEvent.click(screen.getByRole('button', { name: 'Generate new only' }));
    const toast = await screen.findByText(
      'Mockups are already being generated for this workspace: here is the running run.',
    );
    // An information toast (blue), not a failure (red).
    const look = toast.closest('[style*="--notification-color"]')?.getAttribute('style') ?? '';
    expect(look).toContain('blue');
    expect(look).not.toContain('red');
    expect(await screen.findByText('mug.png')).toBeTruthy();
    const urls = fetchSpy.mock.calls
      .map(([input]) => String(input))
      .filter((url) => url.includes('/generate_mockups/'));
    expect(urls).toEqual([expect.stringContaining('mode=new')]);
  });

  it("toasts the error's detail when generating is refused", async () => {
    fakeServer({
      generate: () =>
        json(
          400,
          errorBody(
            'Select at least one mockup template for this workspace before generating mockups.',
            'bad_request',
          ),
        ),
    });
    renderRoutes(routes, '/generateMockups');
    await screen.findByText('No active jobs');
    fireEvent.click(screen.getByRole('button', { name: 'Generate Mockups' }));
    expect(
      await screen.findByText(
        'Select at least one mockup template for this workspace before generating mockups.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('No active jobs')).toBeTruthy();
  });

  it('Refresh Logs fetches the list again', async () => {
    const server = fakeServer();
    renderRoutes(routes, '/generateMockups');
    await screen.findByText('No active jobs');
    server.state.jobs = [job('tee', { status: 'In Progress', done: 3 })];
    fireEvent.click(screen.getByRole('button', { name: 'Refresh Logs' }));
    expect(await screen.findByText('tee.png')).toBeTruthy();
    expect(server.count('/get_mockup_job_logs/')).toBe(2);
  });

  it('Next goes to Review Mockups and Back to the templates', async () => {
    fakeServer();
    const { router } = renderRoutes(routes, '/generateMockups');
    await screen.findByText('No active jobs');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reviewMockups'));
    await router.navigate('/generateMockups');
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/SelectMockupImageModeTemplates'));
  });

  it('reconnects when the live stream ends, and refetches the list it may have missed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeServer({ jobs: [job('tee', { status: 'In Progress', done: 2 })] });
    renderRoutes(routes, '/generateMockups');
    await screen.findByText('tee.png');
    await waitFor(() => expect(server.streams).toHaveLength(1));
    server.state.jobs = [job('tee', { status: 'In Progress', done: 6 })];
    server.streams[0]!.close();
    await vi.advanceTimersByTimeAsync(1_300);
    await waitFor(() => expect(server.streams).toHaveLength(2));
    await waitFor(() => expect(bar('tee.png').getAttribute('aria-valuenow')).toBe('6'));
    server.streams[1]!.send(
      `event: job\ndata: ${JSON.stringify(job('tee', { status: 'In Progress', done: 7 }))}\n\n`,
    );
    await waitFor(() => expect(bar('tee.png').getAttribute('aria-valuenow')).toBe('7'));
  });

  it('polls the job logs every 10 s while jobs run, at most 10 times', async () => {
    const server = await renderPolledRun();
    expect(server.count('/get_mockup_job_logs/')).toBe(1);
    await vi.advanceTimersByTimeAsync(9_000);
    expect(server.count('/get_mockup_job_logs/')).toBe(1);
    await vi.advanceTimersByTimeAsync(1_500);
    await waitFor(() => expect(server.count('/get_mockup_job_logs/')).toBe(2));
    // A second at a time, so each poll's next timer starts as it would in a browser.
    for (let second = 0; second < 130; second += 1) await vi.advanceTimersByTimeAsync(1_000);
    expect(server.count('/get_mockup_job_logs/')).toBe(11);

    // Refresh Logs starts another ten.
    fireEvent.click(screen.getByRole('button', { name: 'Refresh Logs' }));
    await waitFor(() => expect(server.count('/get_mockup_job_logs/')).toBe(12));
    await vi.advanceTimersByTimeAsync(10_500);
    await waitFor(() => expect(server.count('/get_mockup_job_logs/')).toBe(13));
  });

  it('stops polling once every job has ended', async () => {
    const server = await renderPolledRun();
    server.state.jobs = [job('tee', { status: 'Completed', done: 10 })];
    await vi.advanceTimersByTimeAsync(10_500);
    await waitFor(() => expect(within(jobRows()[0]!).getByText('Completed')).toBeTruthy());
    for (let second = 0; second < 50; second += 1) await vi.advanceTimersByTimeAsync(1_000);
    expect(server.count('/get_mockup_job_logs/')).toBe(2);
  });
});
