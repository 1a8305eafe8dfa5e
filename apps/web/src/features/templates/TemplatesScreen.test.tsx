import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TemplateInfo } from '@podflow/contract/templates';
import { configureApiClient } from '../../api/client';
import { setCurrentWorkspaceId } from '../../api/session';
import { stubImageLoading } from '../../test/konva-mock';
import { json, stubApi } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { SelectImageModeTemplatesPage } from './SelectImageModeTemplatesPage';

vi.mock('react-konva/lib/ReactKonvaCore', async () => (await import('../../test/konva-mock')).konvaMock);

function template(id: string, source: 'library' | 'own' = 'own'): TemplateInfo {
  return {
    mkp_template_id: id,
    thumbnail_image_path: `/files/${id}.webp`,
    user_file_name: `${id}.png`,
    image_path: `/files/${id}.png`,
    width: 800,
    height: 1000,
    source,
    placement: {
      corners: {
        topLeft: { x: 0.2, y: 0.2 },
        topRight: { x: 0.8, y: 0.2 },
        bottomRight: { x: 0.8, y: 0.8 },
        bottomLeft: { x: 0.2, y: 0.8 },
      },
      rotation: 0,
      dimensions: null,
      fit: 'contain',
      behindPhoto: false,
    },
  };
}

/** A fake server keeping both panels, answering the template calls as the real one does. */
function fakeServer(initial: { remaining: TemplateInfo[]; selected: TemplateInfo[] }) {
  const state = { remaining: [...initial.remaining], selected: [...initial.selected] };
  const move = (ids: string[], from: 'remaining' | 'selected', to: 'remaining' | 'selected') => {
    const moving = state[from].filter((t) => ids.includes(t.mkp_template_id));
    state[from] = state[from].filter((t) => !ids.includes(t.mkp_template_id));
    state[to] = [...state[to], ...moving];
  };
  const { callsTo } = stubApi((url, body) => {
    if (url.includes('/get_templates_information/'))
      return json(200, { templates_information: state.remaining });
    if (url.includes('/get_workspace_templates_information/'))
      return json(200, { templates_information: state.selected });
    if (url.includes('/set_templates_for_workspace/')) {
      const ids = (body as { selectedTemplates: string[] }).selectedTemplates;
      move(ids, 'remaining', 'selected');
      return json(200, { count: ids.length, message: 'ok' });
    }
    if (url.includes('/remove_templates_from_workspace/')) {
      const ids = (body as { removeTemplates: string[] }).removeTemplates;
      move(ids, 'selected', 'remaining');
      return json(200, { count: ids.length, message: 'ok' });
    }
    if (url.includes('/delete_user_templates/')) {
      const ids = (body as { removeTemplates: string[] }).removeTemplates;
      state.remaining = state.remaining.filter((t) => !ids.includes(t.mkp_template_id));
      state.selected = state.selected.filter((t) => !ids.includes(t.mkp_template_id));
      return json(200, { count: ids.length, message: 'ok' });
    }
    return undefined;
  });
  return { state, posted: callsTo };
}

const routes = [
  { path: '/SelectMockupImageModeTemplates', element: <SelectImageModeTemplatesPage /> },
  { path: '/welcome', element: <h1>Your Workspaces</h1> },
  { path: '/generateMockups', element: <h1>Generate Mockups</h1> },
];

const panel = (name: string) => screen.getByRole('list', { name });
const moveRight = () => screen.getByRole('button', { name: /^>> / });
const moveLeft = () => screen.getByRole('button', { name: /^<< / });

describe('the image-mode template screen', () => {
  beforeEach(() => configureApiClient({ baseUrl: '', onSessionExpired: () => {} }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for a workspace first when none is chosen', async () => {
    fakeServer({ remaining: [], selected: [] });
    const { router } = renderRoutes(routes, '/SelectMockupImageModeTemplates');
    expect(await screen.findByText('Choose a workspace first')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Go to your workspaces' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'));
  });

  it('says what to do next when there are no templates at all', async () => {
    fakeServer({ remaining: [], selected: [] });
    setCurrentWorkspaceId('w1');
    renderRoutes(routes, '/SelectMockupImageModeTemplates');
    expect(await screen.findByText('No templates yet')).toBeTruthy();
    expect(screen.getByText('No templates selected yet')).toBeTruthy();
  });

  it('moves only the checked templates, and only when some are checked', async () => {
    const server = fakeServer({
      remaining: [template('a'), template('b'), template('lib', 'library')],
      selected: [template('c')],
    });
    setCurrentWorkspaceId('w1');
    renderRoutes(routes, '/SelectMockupImageModeTemplates');
    await screen.findByRole('checkbox', { name: 'Check a.png' });
    expect(within(panel('Selected Templates')).getAllByRole('listitem')).toHaveLength(1);

    // Nothing checked: both moves are disabled and fire no call.
    expect(moveRight().getAttribute('aria-disabled')).toBe('true');
    expect(moveLeft().getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(moveRight());
    fireEvent.click(moveLeft());
    expect(server.posted('/set_templates_for_workspace/')).toHaveLength(0);
    expect(server.posted('/remove_templates_from_workspace/')).toHaveLength(0);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Check b.png' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Check lib.png' }));
    expect(moveRight().getAttribute('aria-disabled')).toBe('false');
    fireEvent.click(moveRight());
    await waitFor(() => expect(server.posted('/set_templates_for_workspace/')).toHaveLength(1));
    expect(server.posted('/set_templates_for_workspace/')[0]?.body).toEqual({
      selectedTemplates: ['b', 'lib'],
      workspace_id: 'w1',
    });
    await waitFor(() => expect(within(panel('Selected Templates')).getAllByRole('listitem')).toHaveLength(3));
    expect(within(panel('Remaining Templates')).getAllByRole('listitem')).toHaveLength(1);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Check c.png' }));
    fireEvent.click(moveLeft());
    await waitFor(() => expect(server.posted('/remove_templates_from_workspace/')).toHaveLength(1));
    expect(server.posted('/remove_templates_from_workspace/')[0]?.body).toEqual({
      removeTemplates: ['c'],
      workspace_id: 'w1',
    });
    await waitFor(() =>
      expect(within(panel('Remaining Templates')).getAllByRole('listitem')).toHaveLength(2),
    );
  });

  it('deletes own templates only, after the confirmation', async () => {
    const server = fakeServer({ remaining: [template('a'), template('lib', 'library')], selected: [] });
    setCurrentWorkspaceId('w1');
    renderRoutes(routes, '/SelectMockupImageModeTemplates');
    await screen.findByRole('checkbox', { name: 'Check a.png' });
    const remove = () => screen.getByRole('button', { name: 'Delete' });
    expect(remove().getAttribute('aria-disabled')).toBe('true');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Check lib.png' }));
    expect(remove().getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(remove());
    expect(screen.queryByText('Are you sure you want to delete the selected items?')).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Check lib.png' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Check a.png' }));
    fireEvent.click(remove());
    expect(await screen.findByText('Are you sure you want to delete the selected items?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(server.posted('/delete_user_templates/')).toHaveLength(1));
    expect(server.posted('/delete_user_templates/')[0]?.body).toEqual({
      removeTemplates: ['a'],
      workspace_id: 'w1',
    });
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Check a.png' })).toBeNull());
  });

  it('marks starter templates and goes on to Generate Mockups with Next', async () => {
    fakeServer({ remaining: [template('lib', 'library')], selected: [template('a')] });
    setCurrentWorkspaceId('w1');
    const { router } = renderRoutes(routes, '/SelectMockupImageModeTemplates');
    await screen.findByRole('checkbox', { name: 'Check lib.png' });
    expect(within(panel('Remaining Templates')).getByText('Starter')).toBeTruthy();
    expect(within(panel('Selected Templates')).queryByText('Starter')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/generateMockups'));
  });

  it('steps through the chosen files, one editor at a time; with every file skipped it does not claim an upload', async () => {
    fakeServer({ remaining: [], selected: [] });
    setCurrentWorkspaceId('w1');
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const restore = stubImageLoading(800, 1000);
    renderRoutes(routes, '/SelectMockupImageModeTemplates');
    await screen.findByText('No templates yet');
    const input = screen.getByLabelText('Choose template images') as HTMLInputElement;

    // No file chosen: nothing happens.
    fireEvent.change(input, { target: { files: [] } });
    expect(screen.queryByText('Template 1 of 2')).toBeNull();

    const files = [
      new File(['1'], 'one.png', { type: 'image/png' }),
      new File(['2'], 'two.png', { type: 'image/png' }),
    ];
    fireEvent.change(input, { target: { files } });
    expect(await screen.findByText('Template 1 of 2')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Skip' }));
    expect(await screen.findByText('Template 2 of 2')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Skip' }));
    expect(await screen.findByText('All 2 files were skipped: no template was uploaded.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Template 2 of 2')).toBeNull());
    expect(alert).not.toHaveBeenCalledWith('All templates uploaded.');
    restore();
  });
});
