import { ParseError, parsePhoneNumberWithError, validatePhoneNumberLength } from 'libphonenumber-js/min';
import { z } from 'zod';
import { messages } from './messages.ts';
import { resultOf } from './errors.ts';
import { isCleanText, isSingleLine } from './text.ts';

/**
 * Why a contact number is refused (the specification's texts), or its E.164 form. Any country is accepted:
 * visitors write from abroad; a number without a country code is read as Indian. Only the number's possible
 * lengths are checked, which the small metadata holds as fully as the complete one, so the web form can run the
 * same check without the complete metadata's extra 20 KB.
 */
export function checkContactPhone(value: string): { number: string } | { problem: string } {
  try {
    const phone = parsePhoneNumberWithError(value, 'IN');
    if (validatePhoneNumberLength(value, 'IN') === 'TOO_SHORT') return { problem: messages.contactTooShort };
    return phone.isPossible() ? { number: phone.number } : { problem: messages.checkContact };
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    if (error.message === 'TOO_SHORT') return { problem: messages.contactTooShort };
    if (error.message === 'INVALID_COUNTRY') return { problem: messages.invalidCountryCode };
    return { problem: messages.checkContact };
  }
}

/**
 * The contact form (specification section 3, "Contact message"); `type` is always 1. The web form checks it
 * as the server does, so a mistyped number is shown at its field and never sent. Parsed, `contact` is in E.164.
 */
export const ContactMessageBody = z.object({
  name: z
    .string({ error: messages.contactNameRequired })
    .trim()
    .min(1, messages.contactNameRequired)
    .max(120)
    .refine(isSingleLine, messages.controlCharacters),
  email: z
    .string({ error: messages.emailRequired })
    .trim()
    .min(1, messages.emailRequired)
    .max(254)
    .pipe(z.email({ error: messages.invalidEmail })),
  contact: z
    .string({ error: messages.contactTooShort })
    .trim()
    .min(1, messages.contactTooShort)
    .max(40)
    .refine(isSingleLine, messages.controlCharacters)
    .transform((value, ctx) => {
      const checked = checkContactPhone(value);
      if ('number' in checked) return checked.number;
      ctx.addIssue({ code: 'custom', message: checked.problem });
      return z.NEVER;
    }),
  // The specification keeps, as observed, the password text for an empty required text area.
  description: z
    .string({ error: messages.passwordTooShort })
    .trim()
    .min(1, messages.passwordTooShort)
    .max(5000)
    .refine(isCleanText, messages.controlCharacters),
  type: z.literal(1).default(1),
});
export type ContactMessageBody = z.input<typeof ContactMessageBody>;
export const ContactMessageResponse = resultOf(z.object({ message: z.string() }));
