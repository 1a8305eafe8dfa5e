import { escapeHtml } from '../../platform/http/html.ts';
import type { MailMessage } from '../../platform/mail/mail.ts';

/** The e-mail with the reset link, as text and as simple HTML that any mail client shows. */
export function passwordResetMail(input: {
  to: string;
  firstName: string;
  link: string;
  expiresAt: number;
}): MailMessage {
  const until = `${new Date(input.expiresAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const greeting = input.firstName ? `Hello ${input.firstName},` : 'Hello,';
  const text = [
    greeting,
    '',
    `Someone, we hope you, asked to reset the password of the PodFlow account ${input.to}.`,
    'Open this link to choose a new password:',
    '',
    input.link,
    '',
    `The link works once, within one hour (until ${until}). After the reset, every device signed in to the account is signed out.`,
    '',
    'If you did not ask for this, ignore this e-mail: the password stays as it is.',
    '',
    '-- PodFlow',
  ].join('\n');
  const link = escapeHtml(input.link);
  const html = `<!doctype html>
<html><body style="font-family:Inter,Arial,sans-serif;color:#1f2330;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>Someone, we hope you, asked to reset the password of the PodFlow account <strong>${escapeHtml(input.to)}</strong>.</p>
<p><a href="${link}" style="display:inline-block;background:#5b3fd9;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:600">Choose a new password</a></p>
<p style="font-size:13px;color:#5c6070">Or paste this link into your browser: <a href="${link}">${link}</a></p>
<p style="font-size:13px;color:#5c6070">The link works once, within one hour (until ${until}). After the reset, every device signed in to the account is signed out.</p>
<p style="font-size:13px;color:#5c6070">If you did not ask for this, ignore this e-mail: the password stays as it is.</p>
<p>PodFlow</p>
</body></html>`;
  return { to: input.to, subject: 'Reset your PodFlow password', text, html };
}
