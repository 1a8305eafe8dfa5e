import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, json, stubApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { ContactPage } from './ContactPage';

const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input, textarea' });

function fillForm() {
  fireEvent.change(field('Name'), { target: { value: ' Zoë Ärger ' } });
  fireEvent.change(field('Email'), { target: { value: 'zoe@example.com' } });
  fireEvent.change(field('Message'), { target: { value: 'Can PodFlow list on Etsy?' } });
}

const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send Email' }));

describe('ContactPage', () => {
  let alert: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    alert = vi.fn();
    vi.stubGlobal('alert', alert);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for name, e-mail and message, all required, the e-mail checked by the browser', () => {
    stubApi(() => undefined);
    renderWithProviders(<ContactPage />);
    expect(field('Name')).toHaveProperty('required', true);
    expect(field('Email')).toHaveProperty('required', true);
    expect(field('Email')).toHaveProperty('type', 'email');
    expect(field('Message')).toHaveProperty('required', true);
    expect(field('Message').tagName).toBe('TEXTAREA');
  });

  it("sends the message, alerts 'Email sent successfully' and empties the form", async () => {
    const api = stubApi((url) =>
      url.endsWith('/workspace/send-email/') ? json(200, { success: true, message: 'Thanks' }) : undefined,
    );
    renderWithProviders(<ContactPage />);
    fillForm();
    send();

    await waitFor(() => expect(alert).toHaveBeenCalledWith('Email sent successfully'));
    expect(api.callsTo('/workspace/send-email/')[0]?.body).toEqual({
      name: 'Zoë Ärger',
      email: 'zoe@example.com',
      message: 'Can PodFlow list on Etsy?',
    });
    expect(await screen.findByText('Thank you. We will answer at zoe@example.com.')).toBeTruthy();
    expect(field('Message')).toHaveProperty('value', '');
  });

  it("alerts 'Failed to send email' when the answer's success is not true", async () => {
    stubApi(() => json(200, { success: false }));
    renderWithProviders(<ContactPage />);
    fillForm();
    send();
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to send email'));
    expect(field('Message')).toHaveProperty('value', 'Can PodFlow list on Etsy?');
  });

  it("alerts 'Failed to send email' when the server kept the message but could not e-mail it", async () => {
    const sentence = 'Your message could not be sent just now.';
    stubApi(() => json(502, { success: false, ...errorBody(sentence, 'mail_not_delivered') }));
    renderWithProviders(<ContactPage />);
    fillForm();
    send();
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to send email'));
    expect(await screen.findByText(sentence)).toBeTruthy();
  });

  it("alerts 'An error occurred while sending email' when the request fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderWithProviders(<ContactPage />);
    fillForm();
    send();
    await waitFor(() => expect(alert).toHaveBeenCalledWith('An error occurred while sending email'));
    expect(
      await screen.findByText('We could not reach PodFlow. Check your connection and try again.'),
    ).toBeTruthy();
  });

  it("shows the server's reason under the field it refused, and a rate limit's sentence", async () => {
    const lineBreak = 'Name must be on one line: line breaks are not allowed.';
    const throttled = 'You have sent several messages in a short time.';
    let calls = 0;
    stubApi(() =>
      (calls += 1) === 1
        ? json(400, { ...errorBody(lineBreak, 'validation_error'), fields: { name: lineBreak } })
        : json(429, errorBody(throttled, 'rate_limited')),
    );
    renderWithProviders(<ContactPage />);
    fillForm();
    send();
    await waitFor(() => expect(alert).toHaveBeenCalledWith('An error occurred while sending email'));
    expect(await screen.findByText(lineBreak)).toBeTruthy();

    send();
    expect(await screen.findByText(throttled)).toBeTruthy();
    expect(alert).toHaveBeenCalledTimes(2);
  });
});
