import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { plans } from '@podflow/contract/plans';
import { renderRoutes } from '../../test/render';
import { LandingPage } from './LandingPage';

function stubVideoAnswer(status: number, contentType: string) {
  const fetchMock = vi.fn(
    async () => new Response(null, { status, headers: { 'Content-Type': contentType } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const routes = [{ path: '/', element: <LandingPage /> }];

describe('LandingPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('has the hero, six steps and every plan of the shared table, Basic marked popular', async () => {
    stubVideoAnswer(404, 'application/json');
    renderRoutes(routes, '/');

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'From design files to live listings in minutes',
    );
    const steps = within(screen.getByRole('region', { name: /Six steps/ })).getAllByRole('listitem');
    expect(steps).toHaveLength(6);

    const pricing = screen.getByRole('region', { name: /Start free/ });
    for (const plan of plans) {
      expect(within(pricing).getByRole('article', { name: `${plan.name} plan` })).toBeTruthy();
    }
    const basic = within(pricing).getByRole('article', { name: 'Basic plan' });
    expect(within(basic).getByText('Popular')).toBeTruthy();
    expect(within(basic).getByText('$9')).toBeTruthy();
    expect(within(pricing).getAllByText('Popular')).toHaveLength(1);
    await screen.findByText('The demo video is not available right now');
  });

  it("sends every 'Try for Free' to /register", async () => {
    stubVideoAnswer(404, 'application/json');
    renderRoutes(routes, '/');
    const tryLinks = screen.getAllByRole('link', { name: /^Try for Free/ });
    expect(tryLinks.length).toBeGreaterThanOrEqual(5); // hero, three plans, closing
    for (const link of tryLinks) expect(link.getAttribute('href')).toBe('/register');
    await screen.findByText('The demo video is not available right now');
  });

  it('links to the demo, About, Contact, Returns, Terms and Privacy', async () => {
    stubVideoAnswer(404, 'application/json');
    renderRoutes(routes, '/');
    expect(screen.getByRole('link', { name: 'Watch the demo video' }).getAttribute('href')).toBe('/#demo');
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    const hrefs = within(footer)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/',
        '/aboutus',
        '/contactus',
        '/returns',
        '/terms-and-conditions',
        '/privacy-policy',
      ]),
    );
    await screen.findByText('The demo video is not available right now');
  });

  it('plays the recording when the server has it, fetching nothing of it before play', async () => {
    const fetchMock = stubVideoAnswer(200, 'video/webm');
    const { container } = renderRoutes(routes, '/');
    const link = await screen.findByRole('link', { name: 'Open the video in a new tab' });
    expect(link.getAttribute('href')).toBe('/media/podflow-demo.webm');
    const video = container.querySelector('video');
    expect(video?.getAttribute('preload')).toBe('none');
    expect(video?.getAttribute('poster')).toBe('/media/podflow-demo.jpg');
    expect(video?.querySelector('source')?.getAttribute('src')).toBe('/media/podflow-demo.webm');
    expect(fetchMock).toHaveBeenCalledWith('/media/podflow-demo.webm', { method: 'HEAD' });
  });

  it('falls back to the tutorials when the answer is the app page rather than a video', async () => {
    stubVideoAnswer(200, 'text/html');
    const { container } = renderRoutes(routes, '/');
    await screen.findByText('The demo video is not available right now');
    expect(screen.getByRole('link', { name: 'Read the tutorials' }).getAttribute('href')).toBe('/resources');
    expect(container.querySelector('video')).toBeNull();
  });
});
