import { z } from 'zod';
import { messages } from './messages.ts';
import { resultOf } from './errors.ts';
import { isSingleLine } from './text.ts';

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
  /**
   * `test-player`: started from the admin's Tools -> Test Player, recorded apart from public downloads (only when
   * an admin asks; anyone else's download counts as public whatever this says).
   */
  source: z.literal('test-player').optional(),
});
export type DownloadQuery = z.infer<typeof DownloadQuery>;

/** Sent by the web app only after Accept All on the cookie banner. */
export const PageViewBody = z.object({
  path: z.string().min(1).max(500).startsWith('/').refine(isSingleLine, messages.controlCharacters),
  referrer: z.string().max(1000).refine(isSingleLine, messages.controlCharacters).optional(),
  title: z.string().max(300).refine(isSingleLine, messages.controlCharacters).optional(),
});
export type PageViewBody = z.infer<typeof PageViewBody>;
