import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../api/client';
import { getCurrentWorkspaceId, setCurrentWorkspaceId } from '../../api/session';
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
    let list = [
      { workspace_id: 'w2', workspace_name: 'Dogs' },
      { workspace_id: 'w1', workspace_name: 'Cats' },
    ];
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
    expect(getCurrentWorkspaceId()).toBe('w2');
  });
});
