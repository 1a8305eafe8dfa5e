import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAccessToken, getRefreshToken } from '../../api/session';
import { renderRoutes } from '../../test/render';
import { RegisterPage } from './RegisterPage';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' }), {
    target: { value },
  });
}

function fillForm(confirmation = 'correct horse') {
  fill('First Name', 'Ada');
  fill('Last Name', 'Lovelace');
  fill('Email', 'ada@example.com');
  fireEvent.change(screen.getByLabelText(/^Password/, { selector: 'input[name="password"]' }), {
    target: { value: 'correct horse' },
  });
  fill('Password Confirmation', confirmation);
}

const routes = [
  { path: '/register', element: <RegisterPage /> },
  { path: '/welcome', element: <h1>Your Workspaces</h1> },
];

describe('RegisterPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete window.dataLayer;
  });

  it('says the passwords differ and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/register');

    fillForm('something else');
    fireEvent.click(screen.getByRole('button', { name: 'Create an account' }));

    expect((await screen.findAllByText('Passwords do not match')).length).toBeGreaterThan(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('registers, signs in at once, records the analytics event and opens the workspaces', async () => {
    const user = { username: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' };
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith('/api/user/register/')
        ? json(201, { user, message: 'Your account has been created.' })
        : json(200, { access: 'a1', refresh: 'r1', user }),
    );
    vi.stubGlobal('fetch', fetchMock);
    window.localStorage.setItem('stale', 'x');
    renderRoutes(routes, '/register');
    await waitFor(() => expect(window.localStorage.getItem('stale')).toBeNull());

    fillForm();
    fireEvent.click(screen.getByLabelText(/I want to receive emails/));
    fireEvent.click(screen.getByRole('button', { name: 'Create an account' }));

    expect(await screen.findByRole('heading', { name: 'Your Workspaces' })).toBeTruthy();
    const registerBody = JSON.parse(
      String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body),
    );
    expect(registerBody).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      username: 'ada@example.com',
      password: 'correct horse',
      marketing_opt_in: true,
    });
    expect(getAccessToken()).toBe('a1');
    expect(getRefreshToken()).toBe('r1');
    expect(window.dataLayer).toContainEqual({
      event: 'analytics',
      category: 'User',
      action: 'Created an Account',
    });
  });

  it("shows the server's message for a duplicate e-mail", async () => {
    const message = 'An account with this e-mail already exists. Sign in or reset your password.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(409, { detail: message, error: message, message, code: 'duplicate_email' })),
    );
    renderRoutes(routes, '/register');

    fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Create an account' }));

    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('shows field messages inline and the spec text for a server failure', async () => {
    const fieldMessage = 'Use at least 8 characters for the password.';
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        json(400, {
          detail: fieldMessage,
          error: fieldMessage,
          message: fieldMessage,
          code: 'validation_error',
          fields: { password: fieldMessage },
        }),
      )
      .mockResolvedValueOnce(json(500, { message: 'boom' }));
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/register');

    fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    // Once in the toast, once under the field.
    await waitFor(() => expect(screen.getAllByText(fieldMessage)).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(
      await screen.findByText('Some error occurred. Please try again in sometime or contact us for support!'),
    ).toBeTruthy();
  });
});
