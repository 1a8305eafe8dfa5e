import { z } from 'zod';
import { contactLimits, contactMessages } from './contact.ts';
import { errorBody } from './errors.ts';
import { text } from './fields.ts';

/** The zod schemas of POST /workspace/send-email/, for the server's validation and OpenAPI document. */

const noLineBreak = (value: string) => !/[\r\n]/.test(value);

export const contactRequest = z.object({
  // Line breaks are refused before trimming: a header field never carries one, even at its ends.
  name: text('Name')
    .refine(noLineBreak, { error: contactMessages.nameOneLine })
    .trim()
    .min(1, { error: 'Name is required.' })
    .max(contactLimits.name, { error: `Name has at most ${contactLimits.name} characters.` }),
  email: text('Email')
    .refine(noLineBreak, { error: contactMessages.emailOneLine })
    .trim()
    .min(1, { error: 'Email is required.' })
    .pipe(
      z.email({ error: 'Enter a valid e-mail address.' }).max(contactLimits.email, {
        error: `An e-mail address has at most ${contactLimits.email} characters.`,
      }),
    ),
  message: text('Message')
    .trim()
    .min(1, { error: 'Message is required.' })
    .max(contactLimits.message, { error: `Message has at most ${contactLimits.message} characters.` }),
});

export const contactResponse = z.object({ success: z.literal(true), message: z.string() }).meta({
  id: 'ContactSent',
});

/** The answer when the message was stored but its e-mail could not be sent (502). */
export const contactNotDelivered = errorBody.extend({ success: z.literal(false) });
