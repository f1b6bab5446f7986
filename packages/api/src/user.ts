import { z } from 'zod';
import { messages } from './messages.ts';
import { resultOf } from './errors.ts';
import { isSingleLine } from './text.ts';

export const RoleSchema = z.enum(['player', 'admin']);
export type Role = z.infer<typeof RoleSchema>;

/** The signed-in user as the session answers it (specification section 3, "User (session)"). */
export const UserSchema = z.object({
  uid: z.string(),
  displayName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  photoUrl: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  contact: z.string().nullable(),
  bfiId: z.string().nullable(),
  city: z.string().nullable(),
  postalIndexNumber: z.string().nullable(),
  role: RoleSchema,
  /**
   * The player chose to be found by any director's player search (decision 058); off until they turn it on. The
   * server always says; optional so the specification's session shape stays valid without it (absent means off).
   */
  findable: z.boolean().optional(),
});
export type User = z.infer<typeof UserSchema>;
export const UserResponse = resultOf(UserSchema);

/**
 * A new password must be MORE than 8 characters, as SPEC's message 'Password must be more than 8 character long' says,
 * so the rule, the message and the forms' hint agree. Signing in does not apply it: older, shorter passwords still work.
 */
export const PASSWORD_MIN_LENGTH = 9;
export const PASSWORD_HINT = 'More than 8 characters';
export const NAME_MAX_LENGTH = 120;

const email = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .max(254, messages.invalidEmail)
  .pipe(z.email({ error: messages.invalidEmail }))
  .transform((value) => value.toLowerCase());
const password = z.string({ error: messages.passwordRequired }).min(PASSWORD_MIN_LENGTH, messages.passwordTooShort).max(256, 'Password is too long');

export const LoginBody = z.object({
  email,
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(256),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const RegisterBody = z.object({
  email,
  password,
  names: z
    .string({ error: messages.invalidName })
    .trim()
    .min(1, messages.invalidName)
    .max(NAME_MAX_LENGTH)
    .refine(isSingleLine, messages.invalidName),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

/** Registration never reveals whether the email already had an account: the answer is the same. */
export const RegisterResponse = resultOf(z.object({ email: z.string(), message: z.string() }));

export const MessageResponse = resultOf(z.object({ message: z.string() }));
export type MessageResponse = z.infer<typeof MessageResponse>;

export const SendPasswordResetBody = z.object({ email });
/**
 * Resend the verification mail. Signed in, the server always uses the session's user (`uid` is accepted for
 * compatibility with the apps); signed out, `email` names the address, answered alike whether or not it exists.
 */
export const VerifyBody = z.object({
  uid: z.string().max(64).refine(isSingleLine, messages.controlCharacters).optional(),
  email: z.string().trim().toLowerCase().max(254).refine(isSingleLine, messages.controlCharacters).optional(),
});
export type VerifyBody = z.infer<typeof VerifyBody>;
export const VerifyConfirmBody = z.object({ token: z.string().min(1).max(200) });
export type VerifyConfirmBody = z.infer<typeof VerifyConfirmBody>;
export const ResetPasswordBody = z.object({ token: z.string().min(1).max(200), password });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;
export type SendPasswordResetBody = z.infer<typeof SendPasswordResetBody>;

/** Profile edit types (specification section 3), and `findable` (value 'true' or 'false', decision 058). */
export const EditTypeSchema = z.enum(['email', 'password', 'text', 'bfi id', 'tel', 'city', 'pin', 'contact', 'name', 'delete', 'findable']);
/** The refusal of a `findable` edit whose value is neither 'true' nor 'false'. */
export const FINDABLE_VALUE_MESSAGE = "Choose 'true' or 'false' for being found by directors";
export type EditType = z.infer<typeof EditTypeSchema>;
export const UpdateUserBody = z
  .object({
    type: EditTypeSchema,
    value: z.string().max(256),
    /** Needed to change the password, the email or to delete the account. */
    currentPassword: z.string().max(256).optional(),
  })
  .superRefine((edit, context) => {
    // Every profile field but the password is one line of text (a name, a city, a number).
    if (edit.type !== 'password' && !isSingleLine(edit.value.trim())) {
      const message = edit.type === 'name' || edit.type === 'text' ? messages.invalidName : messages.controlCharacters;
      context.addIssue({ code: 'custom', path: ['value'], message });
    }
  });
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;
export const UpdateUserResponse = resultOf(z.object({ message: z.string(), user: UserSchema.nullable() }));

/** `analysis`: whether the double-dummy solver loaded (it is optional: the platform works without it). */
export const HealthResponse = z.object({ status: z.enum(['ok', 'unavailable']), database: z.boolean(), analysis: z.boolean() });
