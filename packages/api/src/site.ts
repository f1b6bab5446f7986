import { z } from 'zod';
import { messages } from './messages.ts';
import { resultOf } from './errors.ts';
import { isCleanText, isSingleLine } from './text.ts';

/** The contact form (specification section 3, "Contact message"); `type` is always 1. */
export const ContactMessageBody = z.object({
  name: z.string({ error: messages.contactNameRequired }).trim().min(1, messages.contactNameRequired).max(120).refine(isSingleLine, messages.controlCharacters),
  email: z
    .string({ error: messages.emailRequired })
    .trim()
    .min(1, messages.emailRequired)
    .max(254)
    .pipe(z.email({ error: messages.invalidEmail })),
  contact: z.string({ error: messages.contactTooShort }).trim().min(1, messages.contactTooShort).max(40).refine(isSingleLine, messages.controlCharacters),
  // The specification keeps, as observed, the password text for an empty required text area.
  description: z.string({ error: messages.passwordTooShort }).trim().min(1, messages.passwordTooShort).max(5000).refine(isCleanText, messages.controlCharacters),
  type: z.literal(1).default(1),
});
export type ContactMessageBody = z.input<typeof ContactMessageBody>;
export const ContactMessageResponse = resultOf(z.object({ message: z.string() }));

export const AppIdSchema = z.enum(['player', 'organiser', 'math']);
export type AppId = z.infer<typeof AppIdSchema>;
export const PlatformSchema = z.enum(['windows', 'android']);
export type Platform = z.infer<typeof PlatformSchema>;

/** One installer available for download: the newest version of an app on a platform. */
export const ReleaseSchema = z.object({
  app: AppIdSchema,
  platform: PlatformSchema,
  version: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  /** Relative download address, e.g. `/api/v1/apps/download?platform=windows&file=player`. */
  url: z.string(),
});
export type Release = z.infer<typeof ReleaseSchema>;
export const ListReleasesResponse = resultOf(z.array(ReleaseSchema));

/**
 * `GET /api/v1/apps/download`: `platform=windows&file=player|organiser|math`, or `platform=android&file=apk`
 * (the player app; `file=player` is accepted too). Streams the newest installer; 404 when there is none.
 */
export const DownloadQuery = z.object({
  platform: PlatformSchema,
  file: z.enum(['player', 'organiser', 'math', 'apk']),
});
export type DownloadQuery = z.infer<typeof DownloadQuery>;

/** Sent by the web app only after Accept All on the cookie banner. */
export const PageViewBody = z.object({
  path: z.string().min(1).max(500).startsWith('/').refine(isSingleLine, messages.controlCharacters),
  referrer: z.string().max(1000).refine(isSingleLine, messages.controlCharacters).optional(),
  title: z.string().max(300).refine(isSingleLine, messages.controlCharacters).optional(),
});
export type PageViewBody = z.infer<typeof PageViewBody>;
