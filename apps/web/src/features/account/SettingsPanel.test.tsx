import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../api/client';
import { errorBody, json, stubApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { SettingsPanel } from './SettingsPanel';

describe('SettingsPanel', () => {
  beforeEach(() => {
    configureApiClient({ baseUrl: '', onSessionExpired: () => {} });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('switches the daily digest on and saves it with the no-tracking days', async () => {
    const api = stubApi((url, body, init) => {
      if (!url.includes('/orders_app/settings/')) return undefined;
      if (init?.method === 'PUT') return json(200, { message: 'Order settings saved.', settings: body });
      return json(200, { digest: false, no_tracking_days: 7 });
    });
    renderWithProviders(<SettingsPanel />);

    const digest = await screen.findByRole('switch', {
      name: /^E-mail me a daily digest of orders that need attention/,
    });
    expect(digest).toHaveProperty('checked', false);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);

    fireEvent.click(digest);
    fireEvent.change(screen.getByRole('textbox', { name: /Days after shipping without tracking/ }), {
      target: { value: '10' },
    });
    fireEvent.click(save);

    await screen.findByText('Order settings saved.');
    const put = api.callsTo('/orders_app/settings/').find((call) => call.body);
    expect(put?.body).toEqual({ digest: true, no_tracking_days: 10 });
    await waitFor(() => expect(screen.getByRole('switch')).toHaveProperty('checked', true));
  });

  it('refuses a number of days out of range at the field, and shows the server refusal', async () => {
    const api = stubApi((url, _body, init) => {
      if (!url.includes('/orders_app/settings/')) return undefined;
      if (init?.method === 'PUT') {
        return json(400, {
          ...errorBody('Enter at most 30 days.', 'validation_error'),
          fields: { no_tracking_days: 'Enter at most 30 days.' },
        });
      }
      return json(200, { digest: true, no_tracking_days: 7 });
    });
    renderWithProviders(<SettingsPanel />);
    const days = await screen.findByRole('textbox', { name: /Days after shipping without tracking/ });

    fireEvent.change(days, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a whole number of days from 1 to 60.')).toBeTruthy();
    expect(api.callsTo('/orders_app/settings/').filter((call) => call.body)).toHaveLength(0);

    fireEvent.change(days, { target: { value: '45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter at most 30 days.');
    expect(days.getAttribute('aria-invalid')).toBe('true');
  });
});
