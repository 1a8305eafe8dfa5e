/**
 * SPEC.md's Contact page and POST /workspace/send-email/: what the form sends, what the server
 * answers and the server's sentences. Plain data and types (no zod), so the web app may import
 * it; the schemas are in contact-calls.ts.
 */

/** The longest name, e-mail address and message the form accepts (characters). */
export const contactLimits = { name: 100, email: 254, message: 5000 } as const;

/** What the contact form sends (SPEC.md section 3 "Contact message"). */
export type ContactRequest = { name: string; email: string; message: string };

/** The answer: SPEC.md's client reads `success`; `message` says what happened in words. */
export type ContactResponse = { success: boolean; message: string };

/** The server's sentences about a contact message. */
export const contactMessages = {
  sent: 'Thank you for your message. We will answer by e-mail, usually within one business day.',
  notDelivered:
    'Your message could not be sent just now. Please try again in a few minutes, or write to us by e-mail.',
  throttled:
    'You have sent several messages in a short time. Please wait about 10 minutes before sending another.',
  nameOneLine: 'Name must be on one line: line breaks are not allowed.',
  emailOneLine: 'Email must be on one line: line breaks are not allowed.',
} as const;
