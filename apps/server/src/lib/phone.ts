// The 'max' metadata checks number patterns, not only lengths, so a made-up number is refused.
import { ParseError, parsePhoneNumberWithError, validatePhoneNumberLength } from 'libphonenumber-js/max';
import { messages } from '@bridge/api';
import { badRequest } from './errors.ts';

/**
 * Checks a phone number and answers it in E.164 form, with the specification's texts for what is wrong.
 * Numbers without a country code are read as Indian. `indianOnly` refuses other countries (the profile).
 */
export function normalisePhone(value: string, { indianOnly }: { indianOnly: boolean }): string {
  try {
    const phone = parsePhoneNumberWithError(value, 'IN');
    if (indianOnly && phone.countryCallingCode !== '91') throw badRequest(messages.invalidCountryCode);
    const lengthProblem = validatePhoneNumberLength(value, 'IN');
    if (lengthProblem === 'TOO_SHORT') throw badRequest(messages.contactTooShort);
    if (indianOnly ? !phone.isValid() : !phone.isPossible()) throw badRequest(messages.checkContact);
    return phone.number;
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    if (error.message === 'TOO_SHORT') throw badRequest(messages.contactTooShort);
    if (error.message === 'INVALID_COUNTRY') throw badRequest(messages.invalidCountryCode);
    throw badRequest(messages.checkContact);
  }
}
