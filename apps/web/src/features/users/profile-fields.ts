import { messages, PASSWORD_HINT, PASSWORD_MIN_LENGTH, type EditType, type User } from '@bridge/api';

export type ProfileFieldKey = 'name' | 'bfi' | 'contact' | 'city' | 'pin' | 'email' | 'password';

export type ProfileField = {
  key: ProfileFieldKey;
  /** The row's label and the edit dialog's title. */
  label: string;
  type: EditType;
  value: (user: User) => string | null;
  inputLabel: string;
  hint?: string;
  autoComplete: string;
  inputMode?: 'text' | 'tel' | 'numeric' | 'email';
  /** Checks made before asking the server; the server checks again and its sentence is shown as is. */
  validate: (value: string) => string | null;
};

const PIN_PATTERN = /^[1-9][0-9]{5}$/;
const notBlank = (value: string) => (value.trim().length < 1 ? messages.invalidName : null);

export const profileFields: readonly ProfileField[] = [
  {
    key: 'name',
    label: 'Full Name',
    type: 'name',
    value: (user) => user.displayName,
    inputLabel: 'Full name',
    autoComplete: 'name',
    validate: (value) => notBlank(value) ?? (value.trim().length > 120 ? messages.invalidName : null),
  },
  {
    key: 'bfi',
    label: 'BFI or BBO number',
    type: 'bfi id',
    value: (user) => user.bfiId,
    inputLabel: 'BFI or BBO number',
    hint: 'Your Bridge Federation of India membership number or your BBO username (letters, digits and dashes).',
    autoComplete: 'off',
    validate: notBlank,
  },
  {
    key: 'contact',
    label: 'Contact',
    type: 'contact',
    value: (user) => user.contact,
    inputLabel: 'Contact number',
    hint: 'Only Indian contact numbers are accepted, for example 98765 43210 or +91 98765 43210.',
    autoComplete: 'tel',
    inputMode: 'tel',
    validate: notBlank,
  },
  {
    key: 'city',
    label: 'City',
    type: 'city',
    value: (user) => user.city,
    inputLabel: 'City',
    autoComplete: 'address-level2',
    validate: notBlank,
  },
  {
    key: 'pin',
    label: 'Postal Index Number',
    type: 'pin',
    value: (user) => user.postalIndexNumber,
    inputLabel: 'Postal Index Number (PIN code)',
    hint: 'The 6-digit Indian PIN code, for example 110001.',
    autoComplete: 'postal-code',
    inputMode: 'numeric',
    validate: (value) => notBlank(value) ?? (PIN_PATTERN.test(value.trim()) ? null : 'Please enter a valid 6-digit PIN code'),
  },
  {
    key: 'email',
    label: 'Email',
    type: 'email',
    value: (user) => user.email,
    inputLabel: 'New email address',
    hint: 'We send a verification link to the new address. Until you open it, you cannot use the console.',
    autoComplete: 'email',
    inputMode: 'email',
    validate: (value) => {
      if (value.trim().length < 1) return messages.emailRequired;
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ? null : messages.invalidEmail;
    },
  },
  {
    key: 'password',
    label: 'Password',
    type: 'password',
    value: () => null,
    inputLabel: 'New password',
    hint: `${PASSWORD_HINT}. You stay signed in here; other devices are signed out.`,
    autoComplete: 'new-password',
    validate: (value) => (value.length < PASSWORD_MIN_LENGTH ? messages.passwordTooShort : null),
  },
];
