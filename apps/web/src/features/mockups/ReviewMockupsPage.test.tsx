import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MockupGridRow } from '@podflow/contract/mockups';
import { configureApiClient } from '../../api/client';
import { setCurrentWorkspaceId } from '../../api/session';
import { json, stubApi } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { ReviewMockupsPage } from './ReviewMockupsPage';

function row(designId: string, templates: string[], cutOff: string[] = []): MockupGridRow {
  return {
    design_id: designId,
    design_file_name: `${designId}.png`,
    design_image_path: `/files/${designId}.webp`,
    mockup_images: templates.map((template) => ({
      mockup_id: `${designId}-${template}`,
      mockup_image: `/files/${designId}-${template}.png`,
      mockup_thumbnail: `/files/${designId}-${template}.webp`,
      template: `${template}.png`,
      template_id: template,
      cut_off: cutOff.includes(template),
      adjustment: null,
    })),
  };
}

/** The zip the fake server streams: `chunks` are sent one by one as the test releases them. */
interface ZipStream {
  push: (bytes: number) => void;
  close: () => void;
}

function fakeServer(initial: MockupGridRow[], options: { zipSize?: number } = {}) {
  let grid = initial;
  const zips: ZipStream[] = [];
  const { calls, count } = stubApi((url, body) => {
    if (url.includes('/mockups_app/get_mockup_images_grid/'))
      return json(200, { arr_mockup_images_grid: grid });
    if (url.includes('/mockups_app/delete_selected_mockups/')) {
      const ids = (body as { mockup_ids: string[] }).mockup_ids;
      grid = grid.map((r) => ({
        ...r,
        mockup_images: r.mockup_images.filter((m) => !ids.includes(m.mockup_id)),
      }));
      return json(200, { message: `${ids.length} mockups deleted.`, deleted: ids.length });
    }
    if (url.includes('/mockups_app/adjust_mockup/')) {
      const { mockup_id, adjustment } = body as { mockup_id: string; adjustment: unknown };
      let answered: unknown;
      grid = grid.map((r) => ({
        ...r,
        mockup_images: r.mockup_images.map((m) => {
          if (m.mockup_id !== mockup_id) return m;
          answered = { ...m, mockup_thumbnail: `${m.mockup_thumbnail}?v2`, cut_off: false, adjustment };
          return answered as typeof m;
        }),
      }));
      return json(200, { message: 'The mockup was rendered again with your adjustment.', mockup: answered });
    }
    if (url.includes('/mockups_app/download_mockup_files/')) {
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const stream = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
      zips.push({
        push: (bytes) => controller.enqueue(new Uint8Array(bytes)),
        close: () => controller.close(),
      });
      return new Response(stream, {
        status: 200,
        headers: { 'Content-Type': 'application/zip', 'Content-Length': String(options.zipSize ?? 0) },
      });
    }
    return undefined;
  });
  return { calls, zips, count };
}

const routes = [
  { path: '/reviewMockups', element: <ReviewMockupsPage /> },
  { path: '/generateMockups', element: <h1>Generate page</h1> },
  { path: '/updateMetadata', element: <h1>Metadata page</h1> },
];

const button = (name: string) => screen.getByRole('button', { name });
const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('ReviewMockupsPage', () => {
  beforeEach(() => {
    configureApiClient({ baseUrl: '', onSessionExpired: () => {} });
    setCurrentWorkspaceId('w1');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows one row per design with its mockups captioned 'Template: {name}', and a hint on a row without any", async () => {
    fakeServer([row('cat', ['tee', 'mug', 'tote']), row('dog', ['tee']), row('owl', [])]);
    renderRoutes(routes, '/reviewMockups');
    const rows = within(
      await screen.findByRole('list', { name: 'Designs and their mockups' }),
    ).getAllByTestId('design-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('cat.png')).toBeTruthy();
    expect(within(rows[0]!).getByRole('img', { name: 'cat.png' })).toBeTruthy();
    const catMockups = within(rows[0]!).getByRole('list', { name: 'Mockups of cat.png' });
    expect(within(catMockups).getAllByRole('listitem')).toHaveLength(3);
    expect(within(catMockups).getByText('Template: tee.png')).toBeTruthy();
    expect(within(catMockups).getByText('Template: mug.png')).toBeTruthy();
    expect(
      within(rows[2]!).getByText('No mockups for this design yet. Generate mockups to make them.'),
    ).toBeTruthy();
    expect(screen.getByText('4 mockups of 3 designs')).toBeTruthy();
  });

  it('gives every mockup an alt text and a skeleton until its picture loads', async () => {
    fakeServer([row('cat', ['tee', 'mug'])]);
    renderRoutes(routes, '/reviewMockups');
    await screen.findByText('Template: mug.png');
    const image = screen.getByRole('img', { name: 'The tee.png mockup of cat.png' });
    expect(screen.getAllByTestId('mockup-skeleton')).toHaveLength(2);
    fireEvent.load(image);
    await waitFor(() => expect(screen.getAllByTestId('mockup-skeleton')).toHaveLength(1));
  });

  it('flags a cut-off mockup; Fit inside re-renders only it and is disabled while that runs', async () => {
    const server = fakeServer([row('cat', ['tee', 'mug'], ['mug'])]);
    renderRoutes(routes, '/reviewMockups');
    await screen.findByText('Template: mug.png');
    expect(screen.getAllByText('Part of the design is cut off')).toHaveLength(1);
    const fit = button('Fit cat.png inside the print area of mug.png');
    fireEvent.click(fit);
    fireEvent.click(fit);
    await waitFor(() => expect(screen.queryByText('Part of the design is cut off')).toBeNull());
    const calls = server.calls.filter((entry) => entry.url.includes('/adjust_mockup/'));
    expect(calls.map((entry) => entry.body)).toEqual([
      { mockup_id: 'cat-mug', adjustment: { fit: 'contain', scale: 1, offset_x: 0, offset_y: 0 } },
    ]);
    expect(await screen.findByText('The mockup was rendered again with your adjustment.')).toBeTruthy();
  });

  it('keeps Delete Selected Mockups disabled until a mockup is checked, then asks and deletes it', async () => {
    const server = fakeServer([row('cat', ['tee', 'mug']), row('dog', ['tee'])]);
    renderRoutes(routes, '/reviewMockups');
    await screen.findByText('Template: mug.png');

    const deleteButton = button('Delete Selected Mockups');
    expect(deleteButton.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(deleteButton);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.mouseEnter(deleteButton);
    expect(await screen.findByText('Select one or more mockups to delete them')).toBeTruthy();

    fireEvent.click(checkbox('Select the mug.png mockup of cat.png'));
    expect(button('Delete Selected Mockups').getAttribute('aria-disabled')).toBe('false');
    expect(screen.getByText('3 mockups of 2 designs · 1 selected')).toBeTruthy();
    fireEvent.click(button('Delete Selected Mockups'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Confirm Delete')).toBeTruthy();
    expect(within(dialog).getByText('Are you sure you want to delete the selected items?')).toBeTruthy();
    expect(within(dialog).getByText('1 mockup will be deleted for good.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Proceed' }));

    expect(await screen.findByText('1 mockups deleted.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Template: mug.png')).toBeNull());
    const call = server.calls.find((entry) => entry.url.includes('/delete_selected_mockups/'));
    expect(call?.body).toEqual({ mockup_ids: ['cat-mug'] });
    expect(server.count('/get_mockup_images_grid/')).toBe(2);
    expect(button('Delete Selected Mockups').getAttribute('aria-disabled')).toBe('true');
  });

  it('Select All checks every mockup and becomes Deselect All; a row has its own toggle', async () => {
    fakeServer([row('cat', ['tee', 'mug']), row('dog', ['tee'])]);
    renderRoutes(routes, '/reviewMockups');
    await screen.findByText('Template: mug.png');
    fireEvent.click(button('Select All'));
    for (const name of [
      'tee.png mockup of cat.png',
      'mug.png mockup of cat.png',
      'tee.png mockup of dog.png',
    ]) {
      expect(checkbox(`Select the ${name}`).checked).toBe(true);
    }
    fireEvent.click(button('Deselect All'));
    expect(checkbox('Select the tee.png mockup of cat.png').checked).toBe(false);

    fireEvent.click(checkbox('Select every mockup of cat.png'));
    expect(checkbox('Select the tee.png mockup of cat.png').checked).toBe(true);
    expect(checkbox('Select the mug.png mockup of cat.png').checked).toBe(true);
    expect(checkbox('Select the tee.png mockup of dog.png').checked).toBe(false);
    expect(screen.getByText('3 mockups of 2 designs · 2 selected')).toBeTruthy();
  });

  it('opens a larger preview when a mockup is clicked', async () => {
    fakeServer([row('cat', ['tee'])]);
    renderRoutes(routes, '/reviewMockups');
    fireEvent.click(await screen.findByRole('button', { name: 'Preview the tee.png mockup of cat.png' }));
    const dialog = await screen.findByRole('dialog');
    const image = within(dialog).getByRole('img', {
      name: 'The tee.png mockup of cat.png',
    }) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('/files/cat-tee.png');
    expect(within(dialog).getByText('cat.png · Template: tee.png')).toBeTruthy();
  });

  it('shows the whole-page empty state with a link to Generate Mockups, and download says why it waits', async () => {
    fakeServer([row('cat', []), row('dog', [])]);
    renderRoutes(routes, '/reviewMockups');
    expect(await screen.findByText('No mockups yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Generate Mockups' }).getAttribute('href')).toBe(
      '/generateMockups',
    );
    expect(screen.queryByTestId('design-row')).toBeNull();
    const download = button('Download Your Files');
    expect(download.getAttribute('aria-disabled')).toBe('true');
    fireEvent.mouseEnter(download);
    expect(
      await screen.findByText('There are no mockups to download yet. Generate mockups first.'),
    ).toBeTruthy();
  });

  it('downloads the zip with a progress bar and saves it as mockups.zip', async () => {
    const server = fakeServer([row('cat', ['tee'])], { zipSize: 4096 });
    const createObjectURL = vi.fn((blob: Blob) => `blob:zip-${blob.size}`);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    renderRoutes(routes, '/reviewMockups');
    await screen.findByText('Template: tee.png');

    fireEvent.click(button('Download Your Files'));
    await waitFor(() => expect(server.zips).toHaveLength(1));
    server.zips[0]!.push(1024);
    const progress = await screen.findByRole('progressbar', { name: 'Download progress' });
    await waitFor(() => expect(progress.getAttribute('aria-valuenow')).toBe('25'));
    expect(screen.getByText('1 KB of 4 KB')).toBeTruthy();
    server.zips[0]!.push(3072);
    server.zips[0]!.close();

    expect(await screen.findByText('Saved mockups.zip')).toBeTruthy();
    expect(clicked).toEqual([{ href: 'blob:zip-4096', download: 'mockups.zip' }]);
    expect(screen.queryByTestId('download-progress')).toBeNull();
  });

  it('Next goes to Update Metadata', async () => {
    fakeServer([row('cat', ['tee'])]);
    const { router } = renderRoutes(routes, '/reviewMockups');
    await screen.findByText('Template: tee.png');
    fireEvent.click(button('Next'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/updateMetadata'));
  });
});
