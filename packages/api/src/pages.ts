/**
 * The public pages search engines should index, one canonical path each (the `/landing` and `/organizer-app`
 * spellings lead to the same pages). The server's sitemap lists them; prerendering builds them.
 */
export const publicPagePaths = [
  '/',
  '/aboutus',
  '/tournaments',
  '/player-app',
  '/organiser-app',
  '/download',
  '/contactus',
  '/privacy',
  '/login',
  '/register',
] as const;
