import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, json, stubApi } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { TutorialPage } from './TutorialPage';

const routes = [
  { path: '/tutorial/:file', element: <TutorialPage /> },
  { path: '/resources', element: <h1>Resources list</h1> },
];

const html = (body: string) => new Response(body, { status: 200, headers: { 'Content-Type': 'text/html' } });

const tutorial = `<h1>Generate and review mockups</h1>
<p>Press <strong>Generate Mockups</strong> and watch the jobs.</p>
<ol><li>Open the step.</li><li>Press the button.</li></ol>
<figure><img src="/tutorials/mockups-jobs.webp" alt="The mockup jobs, each with its progress bar" width="1280" height="800">
<figcaption>Every template is one job.</figcaption></figure>
<p>Next: <a href="/resources">all tutorials</a>.</p>`;

interface Pwned {
  pwned?: string[];
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete (window as Pwned).pwned;
});

describe('/tutorial/:file', () => {
  it("shows 'Loading...' until the tutorial arrives, then renders its HTML", async () => {
    let answer: (response: Response) => void = () => {};
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);
    renderRoutes(routes, '/tutorial/generate-and-review-mockups.html');
    expect(await screen.findByText('Loading...')).toBeTruthy();
    expect(screen.queryByRole('heading')).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);

    answer(html(tutorial));
    expect(
      await screen.findByRole('heading', { name: 'Generate and review mockups', level: 1 }),
    ).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.getByRole('list').textContent).toContain('Open the step.Press the button.');
    const image = screen.getByRole('img', { name: 'The mockup jobs, each with its progress bar' });
    expect(image.getAttribute('src')).toBe('/tutorials/mockups-jobs.webp');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(screen.getByText('Every template is one job.').tagName).toBe('FIGCAPTION');
  });

  it('asks the server for exactly the file in the route', async () => {
    const api = stubApi((url) =>
      url.endsWith('/tutorials/publish-to-your-store.html') ? html(tutorial) : undefined,
    );
    renderRoutes(routes, '/tutorial/publish-to-your-store.html');
    await screen.findByRole('heading', { name: 'Generate and review mockups' });
    expect(api.calls.map((call) => call.url)).toEqual(['/tutorials/publish-to-your-store.html']);
  });

  it('strips scripts, event handlers and javascript: URLs, so nothing in the tutorial runs', async () => {
    const hostile = `<h1>Harmless title</h1>
<script>(window.pwned ||= []).push('script')</script>
<img src="/tutorials/missing.webp" alt="A broken image" onerror="(window.pwned ||= []).push('onerror')">
<p id="para" onclick="(window.pwned ||= []).push('onclick')" onmouseover="(window.pwned ||= []).push('over')">Click me</p>
<a href="javascript:(window.pwned ||= []).push('href')">A javascript link</a>
<a href="JaVaScRiPt&colon;alert(1)">Encoded scheme</a>
<iframe src="javascript:alert(1)"></iframe>
<svg><script>(window.pwned ||= []).push('svg')</script></svg>
<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">Go</button></form>
<div style="background:url(javascript:alert(1))">Styled</div>
<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">`;
    stubApi((url) => (url.endsWith('/tutorials/hostile.html') ? html(hostile) : undefined));
    const { container } = renderRoutes(routes, '/tutorial/hostile.html');

    expect(await screen.findByRole('heading', { name: 'Harmless title' })).toBeTruthy();
    const article = container.querySelector('article')!;
    expect(article.querySelector('script, iframe, svg, form, button, object, embed, [style]')).toBeNull();
    for (const element of article.querySelectorAll('*')) {
      for (const attribute of element.attributes) expect(attribute.name).not.toMatch(/^on/i);
      for (const name of ['href', 'src', 'action', 'formaction', 'data']) {
        expect(element.getAttribute(name) ?? '').not.toMatch(/javascript/i);
      }
    }
    fireEvent.click(screen.getByText('Click me'));
    fireEvent.mouseOver(screen.getByText('Click me'));
    fireEvent.error(screen.getByRole('img', { name: 'A broken image' }));
    expect((window as Pwned).pwned).toBeUndefined();
    expect(screen.getByText('Styled')).toBeTruthy();
  });

  it("shows the heading 'Error loading tutorial' when the tutorial fails to load", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi((url) =>
      url.endsWith('/tutorials/not-there.html')
        ? json(404, errorBody('No such tutorial.', 'not_found'))
        : undefined,
    );
    renderRoutes(routes, '/tutorial/not-there.html');
    expect(await screen.findByRole('heading', { name: 'Error loading tutorial' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All tutorials' }).getAttribute('href')).toBe('/resources');
  });

  it('fails without asking the server when the name is not a tutorial file', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = stubApi(() => undefined);
    renderRoutes(routes, `/tutorial/${encodeURIComponent('../secret.html')}`);
    expect(await screen.findByRole('heading', { name: 'Error loading tutorial' })).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('opens links to other pages of the app inside the app', async () => {
    stubApi((url) => (url.endsWith('/tutorials/linked.html') ? html(tutorial) : undefined));
    const { router } = renderRoutes(routes, '/tutorial/linked.html');
    fireEvent.click(await screen.findByRole('link', { name: 'all tutorials' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/resources'));
    expect(screen.getByRole('heading', { name: 'Resources list' })).toBeTruthy();
  });
});
