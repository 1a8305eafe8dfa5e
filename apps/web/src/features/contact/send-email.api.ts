import { useMutation } from '@tanstack/react-query';
import type { ContactRequest, ContactResponse } from '@podflow/contract/contact';
import { ApiError, api } from '../../api/client';

/** POST /workspace/send-email/ (SPEC.md section 7): a public call, no session needed. */
export function sendEmail(request: ContactRequest): Promise<ContactResponse> {
  return api.post<ContactResponse>('/workspace/send-email/', request, { auth: false });
}

/** The contact call as a mutation. */
export function useSendEmail() {
  return useMutation({ mutationFn: sendEmail });
}

/** SPEC.md section 8's three contact alerts. */
export const contactAlerts = {
  sent: 'Email sent successfully',
  notSent: 'Failed to send email',
  failed: 'An error occurred while sending email',
} as const;

/**
 * Which alert a failed call gets: the server saying `success: false` (it kept the message but
 * could not e-mail it) is "not sent"; anything else (no answer, a refusal) is "an error occurred".
 */
export function alertForError(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.errorBody as { success?: unknown } | null;
    if (body && body.success === false) return contactAlerts.notSent;
  }
  return contactAlerts.failed;
}
