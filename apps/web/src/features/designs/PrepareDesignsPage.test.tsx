import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesignLineItem } from '@podflow/contract/designs';
import { configureApiClient } from '../../api/client';
import { setCurrentWorkspaceId } from '../../api/session';
import { renderRoutes } from '../../test/render';
import { PrepareDesignsPage } from './PrepareDesignsPage';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function design(id: string, fileName: string, hasAlpha = true): DesignLineItem {
  return {
    lineitem_id: id,
    image_thumbnail_path: `/files/${id}.webp`,
    image_path: `/files/${id}.png`,
    image_file_name: fileName,
    product_title: '',
    product_description: '',
    seo_keywords: '',
    printify_product_id: null,
    gelato_product_id: null,
    width: 1200,
    height: 1500,
    bytes: 250_000,
    has_alpha: hasAlpha,
    created_at: '2025-01-01T00:00:00.000Z',
  };
}

const designs = [design('d1', 'cat.png'), design('d2', 'dog.png'), design('d3', 'opaque.png', false)];

function fakeServer(options: { deleteStatus?: number; designs?: DesignLineItem[] } = {}) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init });
    if (url.includes('/workspace/get_workspaces/'))
      return json(200, [{ workspace_id: 'w1', workspace_name: 'Cats collection' }]);
    if (url.includes('/workspace/get_workarea_information/')) return json(200, options.designs ?? designs);
    if (url.includes('/workspace/delete_designs/')) {
      const status = options.deleteStatus ?? 200;
      return status === 200
        ? json(200, { message: 'Deleted.', deleted: 1 })
        : json(status, { detail: 'Boom', error: 'Boom', message: 'Boom', code: 'internal' });
    }
    return json(404, { detail: 'Not found', error: 'Not found', message: 'Not found', code: 'not_found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}

const routes = [
  { path: '/prepareDesigns', element: <PrepareDesignsPage /> },
  { path: '/welcome', element: <h1>Your Workspaces</h1> },
];

const button = (name: string) => screen.getByRole('button', { name });

describe('PrepareDesignsPage', () => {
  beforeEach(() => configureApiClient({ baseUrl: '', onSessionExpired: () => {} }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for a workspace first when none is chosen', async () => {
    fakeServer();
    const { router } = renderRoutes(routes, '/prepareDesigns');
    expect(await screen.findByText('Choose a workspace first')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Go to your workspaces' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'));
  });

  it('shows the designs of the current workspace with a badge on the opaque one', async () => {
    fakeServer();
    setCurrentWorkspaceId('w1');
    renderRoutes(routes, '/prepareDesigns');
    expect(await screen.findByRole('checkbox', { name: 'Select cat.png' })).toBeTruthy();
    expect(await screen.findByText('Cats collection')).toBeTruthy();
    const cards = within(screen.getByRole('list', { name: 'Designs' })).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(within(cards[2]!).getByText('No transparency')).toBeTruthy();
    expect(within(cards[0]!).queryByText('No transparency')).toBeNull();
  });

  it('shows a skeleton on each tile until its thumbnail loads, and names every thumbnail', async () => {
    fakeServer();
    setCurrentWorkspaceId('w1');
    renderRoutes(routes, '/prepareDesigns');
    const cat = await screen.findByRole('img', { name: 'cat.png' });
    const cards = within(screen.getByRole('list', { name: 'Designs' })).getAllByRole('listitem');
    expect(cards.map((card) => within(card).queryByTestId('image-skeleton') !== null)).toEqual([
      true,
      true,
      true,
    ]);
    expect(screen.getByRole('img', { name: 'dog.png' })).toBeTruthy();
    fireEvent.load(cat);
    expect(within(cards[0]!).queryByTestId('image-skeleton')).toBeNull();
    expect(within(cards[1]!).queryByTestId('image-skeleton')).not.toBeNull();
    expect(cat.hasAttribute('data-loaded')).toBe(true);
  });

  it('toggles Select All to Deselect All once every design is selected', async () => {
    fakeServer();
    setCurrentWorkspaceId('w1');
    renderRoutes(routes, '/prepareDesigns');
    await screen.findByRole('checkbox', { name: 'Select cat.png' });

    fireEvent.click(button('Select All'));
    for (const name of ['cat.png', 'dog.png', 'opaque.png']) {
      expect((screen.getByRole('checkbox', { name: `Select ${name}` }) as HTMLInputElement).checked).toBe(
        true,
      );
    }
    fireEvent.click(button('Deselect All'));
    expect((screen.getByRole('checkbox', { name: 'Select cat.png' }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect(button('Select All')).toBeTruthy();

    // Selecting every design one by one also offers Deselect All.
    for (const name of ['cat.png', 'dog.png', 'opaque.png']) {
      fireEvent.click(screen.getByRole('checkbox', { name: `Select ${name}` }));
    }
    expect(button('Deselect All')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select dog.png' }));
    expect(button('Select All')).toBeTruthy();
  });

  it('keeps Delete Selected disabled with nothing selected, then confirms with the spec text', async () => {
    const server = fakeServer();
    setCurrentWorkspaceId('w1');
    renderRoutes(routes, '/prepareDesigns');
    await screen.findByRole('checkbox', { name: 'Select cat.png' });

    const deleteButton = button('Delete Selected');
    expect(deleteButton.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(deleteButton);
    expect(screen.queryByText('Confirm Delete')).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select dog.png' }));
    expect(button('Delete Selected').getAttribute('aria-disabled')).toBe('false');
    fireEvent.click(button('Delete Selected'));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Confirm Delete')).toBeTruthy();
    expect(within(dialog).getByText('Are you sure you want to delete the selected items?')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Proceed' }));

    await waitFor(() => {
      const call = server.calls.find((entry) => entry.url.includes('/workspace/delete_designs/'));
      expect(call?.init?.body).toBe(JSON.stringify({ lineitem_ids: ['d2'] }));
    });
  });

  it("says 'Failed to delete designs' in red when the delete fails", async () => {
    fakeServer({ deleteStatus: 500 });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setCurrentWorkspaceId('w1');
    renderRoutes(routes, '/prepareDesigns');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select cat.png' }));
    fireEvent.click(button('Delete Selected'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Proceed' }));
    const message = await screen.findByText('Failed to delete designs');
    expect(message.getAttribute('role')).toBe('alert');
  });

  it('shows the empty state with an upload button', async () => {
    fakeServer({ designs: [] });
    setCurrentWorkspaceId('w1');
    renderRoutes(routes, '/prepareDesigns');
    expect(await screen.findByText('No designs available')).toBeTruthy();
    expect(screen.getByText('No designs yet — upload PNG files with a transparent background')).toBeTruthy();
    expect(button('Select All').hasAttribute('disabled')).toBe(true);
  });
});
