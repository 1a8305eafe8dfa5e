import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { DesignLineItem } from '@podflow/contract/designs';
import * as contractModule from '@podflow/contract/metadata';
import type { ImportMetadataResponse, TaskStatusSummary } from '@podflow/contract/metadata';
import { configureApiClient } from '../../api/client';
import { setCurrentWorkspaceId } from '../../api/session';
import { buildDesign } from '../../test/factories';
import { errorBody, formEntries, json, stubApi } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { UpdateMetadataPage } from './UpdateMetadataPage';

// The live checks, watched: typing in one row must check that row alone.
vi.mock('@podflow/contract/metadata', async (importOriginal) => {
  const contract = await importOriginal<typeof contractModule>();
  return { ...contract, checkListing: vi.fn(contract.checkListing) };
});

const catDesign = buildDesign('cat', {
  product_title: 'Funny cat shirt',
  seo_keywords: 'cat, funny cat, cat lover gift',
  product_description: 'A cat for cat people.',
});
const dogDesign = buildDesign('dog');

function summaryOf(
  counts: Partial<TaskStatusSummary['status_summary']>,
  failures: TaskStatusSummary['failures'] = [],
) {
  return {
    status_summary: { Pending: 0, 'In Progress': 0, Completed: 0, Failed: 0, ...counts },
    failures,
  } satisfies TaskStatusSummary;
}

interface ServerOptions {
  designs?: DesignLineItem[];
  generate?: () => Response;
  designsAnswer?: () => Response;
  importReport?: ImportMetadataResponse;
  tokensRemaining?: number;
}

const longDescription = `A cat for cat people. ${'Soft cotton, '.repeat(20)}machine washable.`;
const importReport: ImportMetadataResponse = {
  message: 'Imported the metadata of 1 design.',
  applied: false,
  changed: [
    {
      lineitem_id: 'cat',
      image_file_name: 'cat.png',
      changes: [
        { field: 'title', from: 'Funny cat shirt', to: 'Imported cat title' },
        { field: 'description', from: 'A cat for cat people.', to: longDescription },
      ],
    },
  ],
  unchanged: 1,
  unmatched: [{ row: 4, file_name: 'owl.png' }],
  invalid: [{ row: 5, reason: 'The row has 7 columns; the header has 4.' }],
};

/** The metadata calls as the server answers them; `state` lets a test move the AI run along. */
function fakeServer(options: ServerOptions = {}) {
  const state = {
    designs: options.designs ?? [catDesign, dogDesign],
    summary: summaryOf({}),
    forms: [] as { path: string; entries: [string, string][] }[],
  };
  const api = stubApi((url, _body, init) => {
    const { pathname } = new URL(url, 'http://podflow.test');
    if (init?.body instanceof FormData) state.forms.push({ path: pathname, entries: formEntries(init) });
    switch (pathname) {
      case '/workspace/get_workarea_information/':
        return options.designsAnswer?.() ?? json(200, state.designs);
      case '/workspace/save_metadata/': {
        const values = (name: string) => formEntries(init).filter(([field]) => field === name);
        const ids = values('lineitem_id').map(([, id]) => id);
        state.designs = state.designs.map((design) => {
          const index = ids.indexOf(design.lineitem_id);
          if (index < 0) return design;
          return {
            ...design,
            product_title: values('product_title')[index]![1],
            seo_keywords: values('seo_keywords')[index]![1],
            product_description: values('product_description')[index]![1],
          };
        });
        return json(200, {
          message: `${ids.length} design${ids.length === 1 ? '' : 's'} saved.`,
          saved: ids.length,
          warnings: [
            {
              lineitem_id: 'cat',
              image_file_name: 'cat.png',
              issues: [{ field: 'title', message: 'Title is too long.' }],
            },
          ],
        });
      }
      case '/openai_app/ai_tokens/':
        return json(200, {
          allowance: 50,
          used: 50 - (options.tokensRemaining ?? 40),
          remaining: options.tokensRemaining ?? 40,
          period: '2026-01',
        });
      case '/openai_app/generate_textfields_openai/':
        if (options.generate) return options.generate();
        state.summary = summaryOf({ Pending: state.designs.length });
        return json(200, { message: 'Writing metadata for 2 designs.', queued: 2, tokens_remaining: 38 });
      case '/openai_app/task-status-summary/':
        return json(200, state.summary);
      case '/workspace/import_metadata_csv/': {
        const apply = new URL(url, 'http://podflow.test').searchParams.get('apply') === 'true';
        if (apply) state.designs = [{ ...catDesign, product_title: 'Imported cat title' }, dogDesign];
        return json(200, { ...(options.importReport ?? importReport), applied: apply });
      }
      default:
        return undefined;
    }
  });
  return { ...api, state };
}

const routes = [
  { path: '/updateMetadata', element: <UpdateMetadataPage /> },
  { path: '/createPrintifyListings', element: <h1>Listings page</h1> },
  { path: '/reviewMockups', element: <h1>Review page</h1> },
  { path: '/prepareDesigns', element: <h1>Designs page</h1> },
];

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLTextAreaElement;
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const row = (name: string) => screen.getByRole('row', { name });

async function renderLoaded() {
  renderRoutes(routes, '/updateMetadata');
  await screen.findByRole('textbox', { name: 'Title of cat.png' });
}

describe('UpdateMetadataPage', () => {
  beforeEach(() => {
    configureApiClient({ baseUrl: '', onSessionExpired: () => {} });
    setCurrentWorkspaceId('w1');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows every design with its saved title, keywords and description and their counters', async () => {
    fakeServer();
    await renderLoaded();
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Design',
      'Title',
      'Keywords',
      'Description',
    ]);
    expect(field('Title of cat.png').value).toBe('Funny cat shirt');
    expect(field('Keywords of cat.png').value).toBe('cat, funny cat, cat lover gift');
    expect(field('Description of cat.png').value).toBe('A cat for cat people.');
    expect(within(row('cat.png')).getByRole('img', { name: 'cat.png' })).toBeTruthy();
    expect(within(row('cat.png')).getByText('15/140')).toBeTruthy();
    expect(within(row('cat.png')).getByText('3/13')).toBeTruthy();
    expect(field('Title of dog.png').value).toBe('');
    expect(within(row('dog.png')).getByText('0/140')).toBeTruthy();
  });

  it('counts an over-long title past the limit and says by how much, without blocking the save', async () => {
    fakeServer();
    await renderLoaded();
    fireEvent.change(field('Title of cat.png'), { target: { value: 'x'.repeat(141) } });
    const cat = row('cat.png');
    expect(within(cat).getByText('141/140').parentElement?.hasAttribute('data-over')).toBe(true);
    expect(within(cat).getByText('Title is 141 characters; stores allow 140. Shorten it by 1.')).toBeTruthy();
    expect(within(cat).getByText('Unsaved')).toBeTruthy();
    expect(screen.getByText('1 design with unsaved changes')).toBeTruthy();
    expect(button('Update Metadata').getAttribute('aria-disabled')).toBe('false');
    expect(within(row('dog.png')).queryByText('Unsaved')).toBeNull();
  });

  it('re-checks only the row being typed in, however many designs there are', async () => {
    const designs = Array.from({ length: 60 }, (_, index) => buildDesign(`design-${index}`));
    fakeServer({ designs: [catDesign, ...designs] });
    await renderLoaded();
    vi.mocked(contractModule.checkListing).mockClear();
    fireEvent.change(field('Title of design-7.png'), { target: { value: 'Seven' } });
    fireEvent.change(field('Title of design-7.png'), { target: { value: 'Seven!' } });
    expect(vi.mocked(contractModule.checkListing).mock.calls.map(([listing]) => listing.title)).toEqual([
      'Seven',
      'Seven!',
    ]);
  });

  it('warns of repeated keywords, too many keywords and a character used twice in a title', async () => {
    fakeServer();
    await renderLoaded();
    fireEvent.change(field('Keywords of cat.png'), { target: { value: 'cat, dog, Cat' } });
    const cat = row('cat.png');
    expect(within(cat).getByText("Repeated keyword: 'Cat'.")).toBeTruthy();
    expect(within(cat).getByText('3/13')).toBeTruthy();

    const fourteen = Array.from({ length: 14 }, (_, index) => `tag${index}`).join(', ');
    fireEvent.change(field('Keywords of dog.png'), { target: { value: fourteen } });
    expect(within(row('dog.png')).getByText('14/13')).toBeTruthy();
    expect(within(row('dog.png')).getByText('14 keywords; stores allow 13. Remove 1.')).toBeTruthy();

    fireEvent.change(field('Title of dog.png'), { target: { value: 'Dogs & cats & birds' } });
    expect(within(row('dog.png')).getByText("Etsy allows '&' only once in a title.")).toBeTruthy();
  });

  it('keeps Update Metadata disabled with its reason until something changes, then posts the edited rows and counts them', async () => {
    const server = fakeServer();
    await renderLoaded();
    const save = button('Update Metadata');
    expect(save.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(save);
    fireEvent.mouseEnter(save);
    expect(
      await screen.findByText('Nothing has changed since the metadata was last loaded or saved.'),
    ).toBeTruthy();
    expect(server.count('/save_metadata/')).toBe(0);

    fireEvent.change(field('Title of dog.png'), { target: { value: 'Good dog tee' } });
    fireEvent.change(field('Keywords of dog.png'), { target: { value: 'dog, good dog' } });
    // Typing back what was saved is not a change.
    fireEvent.change(field('Title of cat.png'), { target: { value: 'Funny cat shirt!' } });
    fireEvent.change(field('Title of cat.png'), { target: { value: 'Funny cat shirt' } });
    expect(screen.getByText('1 design with unsaved changes')).toBeTruthy();

    fireEvent.click(button('Update Metadata'));
    // The cat row was typed back to what was saved: only the dog is sent, and the toast counts one.
    expect(await screen.findByText('1 design saved.')).toBeTruthy();
    expect(
      screen.getByText('1 design still breaks a store limit: cat.png. Fix them before creating listings.'),
    ).toBeTruthy();
    expect(server.state.forms.find((form) => form.path === '/workspace/save_metadata/')?.entries).toEqual([
      ['lineitem_id', 'dog'],
      ['product_title', 'Good dog tee'],
      ['seo_keywords', 'dog, good dog'],
      ['product_description', ''],
    ]);
    await waitFor(() => expect(button('Update Metadata').getAttribute('aria-disabled')).toBe('true'));
    expect(screen.queryByText(/unsaved changes/)).toBeNull();
    expect(field('Title of dog.png').value).toBe('Good dog tee');
    await waitFor(() => expect(server.count('/get_workarea_information/')).toBe(2));
  });

  it('asks before leaving with unsaved edits: Stay keeps them, Save and continue saves and moves on', async () => {
    const server = fakeServer();
    const { router } = renderRoutes(routes, '/updateMetadata');
    await screen.findByRole('textbox', { name: 'Title of cat.png' });
    fireEvent.change(field('Title of dog.png'), { target: { value: 'Good dog tee' } });

    fireEvent.click(button('Next'));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(within(dialog).getByText(/unsaved changes to 1 design\./)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/updateMetadata');
    expect(field('Title of dog.png').value).toBe('Good dog tee');

    fireEvent.click(button('Next'));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save and continue' }),
    );
    expect(await screen.findByRole('heading', { name: 'Listings page' })).toBeTruthy();
    expect(server.count('/save_metadata/')).toBe(1);
    expect(server.state.designs[1]!.product_title).toBe('Good dog tee');
  });

  it('leaves without a question when nothing is unsaved', async () => {
    fakeServer();
    await renderLoaded();
    fireEvent.click(button('Next'));
    expect(await screen.findByRole('heading', { name: 'Listings page' })).toBeTruthy();
  });

  it('asks before generating with AI, shows the tokens left, then polls the Task Status Summary until done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeServer();
    await renderLoaded();
    fireEvent.change(field('Title of dog.png'), { target: { value: 'dog hint' } });

    fireEvent.click(button('Generate Metadata (AI)'));
    const confirm = await screen.findByRole('dialog', { name: 'Generate metadata with AI' });
    expect(
      within(confirm).getByText(
        'AI will write the title, keywords and description of all 2 designs of this workspace.',
      ),
    ).toBeTruthy();
    expect(within(confirm).getByText('It uses one AI token per design: 2 tokens for this run.')).toBeTruthy();
    expect(await within(confirm).findByText('You have 40 of 50 AI tokens left this month.')).toBeTruthy();
    expect(within(confirm).getByText(/sent to the AI as hints/)).toBeTruthy();
    expect(server.count('/generate_textfields_openai/')).toBe(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Proceed' }));

    const summary = await screen.findByRole('dialog', { name: 'Task Status Summary' });
    expect(screen.getByText('Writing metadata for 2 designs.')).toBeTruthy();
    expect(server.state.forms.find((form) => form.path.includes('generate'))?.entries).toContainEqual([
      'product_title',
      'dog hint',
    ]);
    await waitFor(() => expect(within(summary).getByTestId('status-Pending').textContent).toBe('2'));
    expect(within(summary).getByText('AI is writing your metadata…')).toBeTruthy();

    server.state.summary = summaryOf({ 'In Progress': 1, Completed: 1 });
    await act(() => vi.advanceTimersByTimeAsync(1_600));
    await waitFor(() => expect(within(summary).getByTestId('status-Completed').textContent).toBe('1'));
    expect(within(summary).getByTestId('status-In Progress').textContent).toBe('1');
    expect(
      within(summary).getByRole('progressbar', { name: 'AI run progress' }).getAttribute('aria-valuetext'),
    ).toBe('1 of 2 designs done');

    server.state.summary = summaryOf({ Completed: 1, Failed: 1 }, [
      { image_file_name: 'dog.png', reason: 'The AI service did not answer.' },
    ]);
    server.state.designs = [{ ...catDesign, product_title: 'AI cat title' }, dogDesign];
    await act(() => vi.advanceTimersByTimeAsync(1_600));
    expect(await within(summary).findByText('Finished, but some designs could not be written')).toBeTruthy();
    expect(within(summary).getByText('The AI service did not answer.')).toBeTruthy();
    const polls = server.count('/task-status-summary/');
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(server.count('/task-status-summary/')).toBe(polls);

    const loads = server.count('/get_workarea_information/');
    fireEvent.click(within(summary).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(server.count('/get_workarea_information/')).toBeGreaterThan(loads));
    await waitFor(() => expect(field('Title of cat.png').value).toBe('AI cat title'));
    // The dog failed: what was typed as a hint is still there, unsaved.
    expect(field('Title of dog.png').value).toBe('dog hint');
  });

  it('shows a run already going when the screen opens, and its summary on request', async () => {
    const server = fakeServer();
    server.state.summary = summaryOf({ 'In Progress': 1, Completed: 1 });
    await renderLoaded();
    expect(await screen.findByText('AI is writing metadata: 1 of 2 designs done.')).toBeTruthy();
    expect(button('Generate Metadata (AI)').getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button('View progress'));
    const summary = await screen.findByRole('dialog', { name: 'Task Status Summary' });
    expect(within(summary).getByTestId('status-Completed').textContent).toBe('1');
  });

  it("shows SPEC's alert when the AI tokens quota is spent", async () => {
    fakeServer({ generate: () => json(403, errorBody('AI tokens quota exceeded', 'quota_exceeded')) });
    await renderLoaded();
    fireEvent.click(button('Generate Metadata (AI)'));
    const confirm = await screen.findByRole('dialog', { name: 'Generate metadata with AI' });
    await within(confirm).findByText('You have 40 of 50 AI tokens left this month.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Proceed' }));
    expect((await within(confirm).findByRole('alert')).textContent).toContain(
      'You have exceeded your AI tokens quota. Please upgrade your plan or try again later.',
    );
    expect(screen.queryByRole('dialog', { name: 'Task Status Summary' })).toBeNull();
  });

  it('says before sending when no AI tokens are left this month, or too few for every design', async () => {
    const server = fakeServer({ tokensRemaining: 0 });
    await renderLoaded();
    fireEvent.click(button('Generate Metadata (AI)'));
    const confirm = await screen.findByRole('dialog', { name: 'Generate metadata with AI' });
    expect((await within(confirm).findByRole('alert')).textContent).toContain(
      'You have exceeded your AI tokens quota. Please upgrade your plan or try again later.',
    );
    expect(within(confirm).getByRole('button', { name: 'Proceed' }).hasAttribute('disabled')).toBe(true);
    expect(server.count('/generate_textfields_openai/')).toBe(0);
  });

  it('says so when a run is still going (409) and shows its summary', async () => {
    const server = fakeServer({
      generate: () =>
        json(409, errorBody('AI metadata is still being written for this workspace.', 'conflict')),
    });
    await renderLoaded();
    server.state.summary = summaryOf({ 'In Progress': 2 });
    fireEvent.click(button('Generate Metadata (AI)'));
    const confirm = await screen.findByRole('dialog', { name: 'Generate metadata with AI' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByText('AI metadata is still being written for this workspace.')).toBeTruthy();
    const summary = await screen.findByRole('dialog', { name: 'Task Status Summary' });
    await waitFor(() => expect(within(summary).getByTestId('status-In Progress').textContent).toBe('2'));
  });

  it('downloads metadata.csv through the client with the bearer token', async () => {
    window.localStorage.setItem('access', 'token-1');
    fakeServer();
    const saved: string[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:csv';
    URL.revokeObjectURL = () => {};
    onTestFinished(() => {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    const fetchMock = vi.mocked(fetch);
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      String(input).includes('/export_metadata_csv/')
        ? new Response('file_name,title,keywords,description\n', { headers: { 'Content-Type': 'text/csv' } })
        : answer(input, init),
    );
    await renderLoaded();
    fireEvent.click(button('Export CSV'));
    expect(await screen.findByText('Saved metadata.csv')).toBeTruthy();
    expect(saved).toEqual(['metadata.csv blob:csv']);
    const call = fetchMock.mock.calls.find(([input]) => String(input).includes('/export_metadata_csv/'));
    expect(String(call?.[0])).toContain('workspace_id=w1');
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe('Bearer token-1');
  });

  it('previews a CSV import (changes, unmatched and unreadable rows) and applies it with apply=true', async () => {
    const server = fakeServer();
    await renderLoaded();
    fireEvent.click(button('Import CSV'));
    const dialog = await screen.findByRole('dialog', { name: 'Import metadata from a CSV file' });
    const apply = within(dialog).getByRole('button', { name: 'Apply' });
    expect(apply.hasAttribute('disabled')).toBe(true);

    const file = new File(['file_name,title\ncat.png,Imported cat title\n'], 'metadata.csv', {
      type: 'text/csv',
    });
    fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [file] } });

    const changes = await within(dialog).findByRole('table', { name: 'Changes the import makes' });
    const changeRows = within(changes).getAllByRole('row').slice(1);
    expect(changeRows).toHaveLength(2);
    expect(within(changeRows[0]!).getByText('cat.png')).toBeTruthy();
    expect(within(changeRows[0]!).getByText('Title')).toBeTruthy();
    expect(within(changeRows[0]!).getByText('Funny cat shirt')).toBeTruthy();
    expect(within(changeRows[0]!).getByText('Imported cat title')).toBeTruthy();
    const clipped = within(changeRows[1]!).getByTitle(longDescription);
    expect(clipped.textContent!.length).toBeLessThanOrEqual(90);
    expect(clipped.textContent!.endsWith('…')).toBe(true);
    expect(within(dialog).getByText('1 design will change')).toBeTruthy();
    expect(within(dialog).getByText('1 design unchanged')).toBeTruthy();
    const unmatched = within(dialog).getByRole('list', { name: 'Rows that match no design' });
    expect(unmatched.textContent).toBe('Row 4 · owl.png');
    const invalid = within(dialog).getByRole('list', { name: 'Rows that could not be read' });
    expect(invalid.textContent).toBe('Row 5 · The row has 7 columns; the header has 4.');
    const preview = server.calls.find((call) => call.url.includes('/import_metadata_csv/'));
    expect(preview?.url).toContain('apply=false');
    expect(server.state.forms.at(-1)?.entries).toEqual([['file', 'metadata.csv']]);
    expect(field('Title of cat.png').value).toBe('Funny cat shirt');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply changes to 1 design' }));
    expect(await screen.findByText('Imported the metadata of 1 design.')).toBeTruthy();
    expect(server.calls.filter((call) => call.url.includes('/import_metadata_csv/')).at(-1)?.url).toContain(
      'apply=true',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(field('Title of cat.png').value).toBe('Imported cat title'));
  });

  it('keeps Apply disabled with its reason when the file changes nothing', async () => {
    const server = fakeServer({
      importReport: { ...importReport, changed: [], unmatched: [], invalid: [], unchanged: 2 },
    });
    await renderLoaded();
    fireEvent.click(button('Import CSV'));
    const dialog = await screen.findByRole('dialog', { name: 'Import metadata from a CSV file' });
    const file = new File(['file_name\n'], 'same.csv', { type: 'text/csv' });
    fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [file] } });
    expect(await within(dialog).findByText('2 designs unchanged')).toBeTruthy();
    const apply = within(dialog).getByRole('button', { name: 'Apply' });
    expect(apply.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(apply);
    fireEvent.mouseEnter(apply);
    expect(await screen.findByText('Nothing in this file differs from the saved metadata.')).toBeTruthy();
    expect(server.calls.filter((call) => call.url.includes('apply=true'))).toHaveLength(0);
  });

  it('has an empty state that sends the seller to Prepare Designs, with the actions disabled', async () => {
    fakeServer({ designs: [] });
    renderRoutes(routes, '/updateMetadata');
    expect(await screen.findByRole('heading', { name: 'No designs yet' })).toBeTruthy();
    for (const name of ['Generate Metadata (AI)', 'Update Metadata', 'Import CSV', 'Export CSV']) {
      expect(button(name).getAttribute('aria-disabled')).toBe('true');
    }
    fireEvent.mouseEnter(button('Generate Metadata (AI)'));
    expect(await screen.findByText('This workspace has no designs yet. Upload designs first.')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Go to Prepare Designs' }));
    expect(await screen.findByRole('heading', { name: 'Designs page' })).toBeTruthy();
  });

  it("shows SPEC's load failure with a way to try again", async () => {
    let fail = true;
    fakeServer({
      designsAnswer: () =>
        fail ? json(404, errorBody('Workspace not found', 'not_found')) : json(200, [catDesign]),
    });
    renderRoutes(routes, '/updateMetadata');
    expect(await screen.findByText('Error: 404 - Workspace not found')).toBeTruthy();
    fail = false;
    fireEvent.click(button('Try again'));
    expect(await screen.findByRole('textbox', { name: 'Title of cat.png' })).toBeTruthy();
  });

  it('asks for a workspace when none is chosen', async () => {
    window.localStorage.clear();
    fakeServer();
    renderRoutes(routes, '/updateMetadata');
    expect(await screen.findByRole('heading', { name: 'Choose a workspace first' })).toBeTruthy();
  });
});
