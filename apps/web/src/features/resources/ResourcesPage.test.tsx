import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TutorialListItem } from '@podflow/contract/tutorials';
import { errorBody, json, stubApi } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { ResourcesPage } from './ResourcesPage';

const routes = [
  { path: '/resources', element: <ResourcesPage /> },
  { path: '/tutorial/:file', element: <p>Tutorial {'page'}</p> },
];

const tutorials: TutorialListItem[] = [
  {
    id: 1,
    file: 'upload-your-designs.html',
    title: 'Create a workspace and upload your designs',
    description: 'Folders for each collection, and the PNG files that go in them.',
    date_published: '2025-03-10',
  },
  {
    id: 2,
    file: 'generate-and-review-mockups.html',
    title: 'Generate and review mockups',
    description: 'One click renders every design on every chosen template.',
    date_published: '2025-04-02',
  },
];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/resources', () => {
  it('shows each tutorial as a card with its date, title and description, linking to /tutorial/{file}', async () => {
    const api = stubApi((url) =>
      url.endsWith('/tutorials/tutorials.json') ? json(200, tutorials) : undefined,
    );
    renderRoutes(routes, '/resources');

    const list = await screen.findByRole('list', { name: 'Tutorials' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    // The title is the card's link, named by the title alone.
    const first = within(cards[0]!).getByRole('link', { name: 'Create a workspace and upload your designs' });
    expect(first.getAttribute('href')).toBe('/tutorial/upload-your-designs.html');
    expect(within(cards[0]!).getByRole('heading', { level: 3 }).textContent).toBe(
      'Create a workspace and upload your designs',
    );
    expect(cards[0]!.textContent).toContain('Mar 10, 2025');
    expect(cards[0]!.textContent).toContain(
      'Folders for each collection, and the PNG files that go in them.',
    );
    expect(cards[0]!.querySelector('time')?.getAttribute('datetime')).toBe('2025-03-10');
    expect(
      within(cards[1]!).getByRole('link', { name: 'Generate and review mockups' }).getAttribute('href'),
    ).toBe('/tutorial/generate-and-review-mockups.html');
    expect(cards[1]!.textContent).toContain('Apr 2, 2025');
    expect(api.count('/tutorials/tutorials.json')).toBe(1);
  });

  it('credits the header image', async () => {
    stubApi((url) => (url.endsWith('/tutorials/tutorials.json') ? json(200, tutorials) : undefined));
    renderRoutes(routes, '/resources');
    expect(screen.getByText(/Image credit: illustration drawn by the PodFlow team/)).toBeTruthy();
    expect(screen.getByRole('img', { name: /Illustration of a seller's desk/ })).toBeTruthy();
    await screen.findByRole('list', { name: 'Tutorials' });
  });

  it('only logs a failed list, and shows a friendly empty state instead of cards', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi((url) =>
      url.endsWith('/tutorials/tutorials.json')
        ? json(500, errorBody('Something went wrong', 'internal'))
        : undefined,
    );
    renderRoutes(routes, '/resources');

    expect(await screen.findByRole('heading', { name: 'No tutorials to show right now' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Tutorials' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contactus');
    expect(logged).toHaveBeenCalledWith('Error fetching tutorials:', expect.anything());
  });

  it('shows the same empty state for an empty list, without logging an error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi((url) => (url.endsWith('/tutorials/tutorials.json') ? json(200, []) : undefined));
    renderRoutes(routes, '/resources');
    expect(await screen.findByRole('heading', { name: 'No tutorials to show right now' })).toBeTruthy();
    expect(logged).not.toHaveBeenCalled();
  });
});
