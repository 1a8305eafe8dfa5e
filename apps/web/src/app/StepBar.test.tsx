import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkspaceSummary } from '@podflow/contract/workspaces';
import { configureApiClient } from '../api/client';
import { setCurrentWorkspaceId } from '../api/session';
import { json, workspaceSummary } from '../test/fake-api';
import { renderRoutes } from '../test/render';
import { StepBar } from './StepBar';

const labels = [
  'Select Workspace',
  'Prepare Designs',
  'Select Mockup Templates',
  'Generate Mockups',
  'Review Mockups',
  'Update Metadata',
  'Create Listings',
  'Publish Listings',
];

function renderAt(path: string, workspaces: WorkspaceSummary[] = []) {
  configureApiClient({ baseUrl: '', onSessionExpired: () => {} });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(200, workspaces)),
  );
  const { router } = renderRoutes([{ path: '*', element: <StepBar /> }], path);
  const links = () => within(screen.getByRole('navigation', { name: 'Workflow steps' })).getAllByRole('link');
  return Object.assign(links(), { links, router });
}

/** The steps whose link says (to a screen reader) that they are done. */
const done = (links: HTMLElement[]) =>
  links.flatMap((link, index) => (link.textContent?.endsWith('(done)') ? [index + 1] : []));

describe('StepBar', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the eight steps in order, each linking to its route', () => {
    const links = renderAt('/welcome');
    const bar = within(screen.getByRole('navigation', { name: 'Workflow steps' }));
    labels.forEach((label, index) => {
      expect(bar.getByRole('link', { name: `Step ${index + 1}: ${label}` })).toBe(links[index]);
    });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/welcome',
      '/prepareDesigns',
      '/SelectMockupImageModeTemplates',
      '/generateMockups',
      '/reviewMockups',
      '/updateMetadata',
      '/createPrintifyListings',
      '/publishListings',
    ]);
  });

  it('marks the current step and checks nothing without a workspace', () => {
    const links = renderAt('/reviewMockups');
    expect(links[4]?.getAttribute('aria-current')).toBe('step');
    expect(done(links)).toEqual([]);
    expect(links.some((link) => link.querySelector('svg') !== null)).toBe(false);
  });

  it("checks the steps the URL's workspace has done, not every step before the current one", async () => {
    const workspaces = [
      workspaceSummary('w1', 'Cats', {
        designs: 3,
        templates: 2,
        mockups: 6,
        designs_with_mockups: 3,
        designs_with_metadata: 1,
        designs_listed: 3,
      }),
      workspaceSummary('w2', 'Dogs'),
    ];
    // Another tab picked Dogs last; this tab's URL names Cats.
    setCurrentWorkspaceId('w2');
    const { links } = renderAt('/reviewMockups?workspace=w1', workspaces);
    await waitFor(() => expect(done(links())).toEqual([1, 2, 3, 4, 5, 7]));
    // Metadata is written for one design of three: not done, though listings are.
    expect(links()[5]?.querySelector('svg')).toBeNull();
    expect(links()[6]?.querySelector('svg')).not.toBeNull();
    // Every step link keeps the workspace.
    expect(links().map((link) => link.getAttribute('href'))).toContain('/updateMetadata?workspace=w1');
    expect(links().every((link) => link.getAttribute('href')?.endsWith('?workspace=w1'))).toBe(true);
  });

  it('falls back to the workspace picked last when the URL names none', async () => {
    setCurrentWorkspaceId('w2');
    const { links } = renderAt('/prepareDesigns', [
      workspaceSummary('w1', 'Cats', { designs: 3 }),
      workspaceSummary('w2', 'Dogs', { designs: 1, templates: 1 }),
    ]);
    await waitFor(() => expect(done(links())).toEqual([1, 2, 3]));
    expect(links()[0]?.getAttribute('href')).toBe('/welcome?workspace=w2');
  });

  it('counts the classic template screen as the templates step', () => {
    const links = renderAt('/selectMockupTemplates');
    expect(links[2]?.getAttribute('aria-current')).toBe('step');
  });
});
