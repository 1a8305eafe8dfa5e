import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../api/client';
import { getCurrentWorkspaceId, setCurrentWorkspaceId } from '../../api/session';
import { workspaceSummary } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { WorkspacesPage } from './WorkspacesPage';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const routes = [
  { path: '/welcome', element: <WorkspacesPage /> },
  { path: '/prepareDesigns', element: <h1>Prepare Designs</h1> },
];

describe('WorkspacesPage', () => {
  beforeEach(() => configureApiClient({ baseUrl: '', onSessionExpired: () => {} }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('says there are no workspaces and offers New Workspace', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, [])),
    );
    renderRoutes(routes, '/welcome');
    expect(await screen.findByText('No workspaces available')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New Workspace' }));
    expect(await screen.findByLabelText('Workspace Name')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Workspace' }).hasAttribute('disabled')).toBe(true);
  });

  it('alerts the error message when the list fails to load', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const body = { detail: 'Database down', error: 'Database down', message: 'Database down', code: 'x' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(400, body)),
    );
    renderRoutes(routes, '/welcome');
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Database down'));
  });

  it('opens a workspace as the current one, and deleting the current one forgets it', async () => {
    let list = [workspaceSummary('w2', 'Dogs'), workspaceSummary('w1', 'Cats')];
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'DELETE') {
        list = list.filter((workspace) => !String(input).includes(workspace.workspace_id));
        return json(200, { message: 'Deleted.' });
      }
      return json(200, list);
    });
    vi.stubGlobal('fetch', fetchMock);
    setCurrentWorkspaceId('w1');
    const { router } = renderRoutes(routes, '/welcome');

    const cats = await screen.findByRole('button', { name: 'Open workspace Cats' });
    expect(cats.getAttribute('aria-current')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Delete workspace Cats' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Confirm to delete workspace')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'Are you sure you want to delete this workspace? This operation is irreversible and all your data in this workspace will be deleted permanantly.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'No' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));

    await waitFor(() => expect(screen.queryByRole('button', { name: 'Open workspace Cats' })).toBeNull());
    expect(getCurrentWorkspaceId()).toBeNull();
    // The delete icon did not open the workspace.
    expect(router.state.location.pathname).toBe('/welcome');

    fireEvent.click(screen.getByRole('button', { name: 'Open workspace Dogs' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/prepareDesigns'));
    // The workspace is in the URL, so this tab stays on it whatever another tab picks.
    expect(router.state.location.search).toBe('?workspace=w2');
    expect(getCurrentWorkspaceId()).toBe('w2');
  });

  it('forgets a workspace the URL names that no longer exists (deleted in another tab)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, [workspaceSummary('w2', 'Dogs')])),
    );
    setCurrentWorkspaceId('gone');
    const { router } = renderRoutes(routes, '/welcome?workspace=gone');
    await screen.findByRole('button', { name: 'Open workspace Dogs' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(getCurrentWorkspaceId()).toBeNull();
    expect(window.sessionStorage.getItem('tab_workspace_id')).toBeNull();
  });

  it('shows on each tile what is inside: counts, thumbnails named by their designs, last activity', async () => {
    const busy = {
      ...workspaceSummary('w1', 'Cats', { designs: 3, mockups: 12, designs_listed: 1 }),
      thumbnails: [
        { url: '/files/a.png', file_name: 'tabby.png' },
        { url: '/files/b.png', file_name: 'siamese.png' },
      ],
      last_activity_at: Date.now() - 5 * 60_000,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, [busy, workspaceSummary('w2', 'Empty')])),
    );
    renderRoutes(routes, '/welcome');
    const tile = await screen.findByRole('button', { name: 'Open workspace Cats' });
    expect(within(tile).getByText('3 designs · 12 mockups · 1 listing')).toBeTruthy();
    expect(within(tile).getByText('Last activity 5 minutes ago')).toBeTruthy();
    expect(
      within(tile)
        .getAllByRole('img')
        .map((image) => image.getAttribute('alt')),
    ).toEqual(['tabby.png', 'siamese.png']);
    const empty = screen.getByRole('button', { name: 'Open workspace Empty' });
    expect(within(empty).getByText('0 designs · 0 mockups · 0 listings')).toBeTruthy();
    expect(within(empty).queryAllByRole('img')).toHaveLength(0);
  });

  it('sends one create for a double click, with an Idempotency-Key, and says when the name is at 100 characters', async () => {
    const creates: Array<{ key: string | null; body: unknown }> = [];
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).includes('create_workspace')) {
          creates.push({
            key: new Headers(init?.headers).get('Idempotency-Key'),
            body: JSON.parse(String(init?.body)),
          });
          return new Promise<Response>((resolve) => {
            answer = resolve;
          });
        }
        return json(200, []);
      }),
    );
    renderRoutes(routes, '/welcome');
    fireEvent.click(await screen.findByRole('button', { name: 'New Workspace' }));
    const input = await screen.findByLabelText('Workspace Name');
    fireEvent.change(input, { target: { value: 'x'.repeat(100) } });
    expect(screen.getByText('100 of 100 characters: a workspace name cannot be any longer.')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'x'.repeat(90) } });
    expect(screen.getByText('10 characters left of 100.')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Summer' } });

    const create = screen.getByRole('button', { name: 'Create Workspace' });
    fireEvent.click(create);
    fireEvent.click(create);
    await waitFor(() => expect(creates).toHaveLength(1));
    expect(creates[0]?.body).toEqual({ workspace_name: 'Summer' });
    expect(creates[0]?.key).toMatch(/^[0-9a-f-]{32,36}$/);
    await waitFor(() =>
      expect(create.hasAttribute('disabled') || create.dataset.loading !== undefined).toBe(true),
    );
    answer(json(201, { workspace_id: 'w9', workspace_name: 'Summer' }));
    await waitFor(() => expect(screen.queryByLabelText('Workspace Name')).toBeNull());
    expect(creates).toHaveLength(1);
  });
});
