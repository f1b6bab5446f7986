import type { RouteObject } from 'react-router';
import { paths } from '../../../config/paths';
import { lazyModule, onInteraction } from '../lazy';

// The public site: marketing pages (prerendered, most of them hydrated on first use) and an event's results.
const page = {
  home: lazyModule('../../features/marketing/home-page.tsx', 'HomePage', onInteraction),
  about: lazyModule('../../features/marketing/about-page.tsx', 'AboutPage', onInteraction),
  tournaments: lazyModule('../../features/marketing/tournaments-page.tsx', 'TournamentsPage'),
  playerApp: lazyModule('../../features/marketing/player-app-page.tsx', 'PlayerAppPage', onInteraction),
  organiserApp: lazyModule('../../features/marketing/organiser-app-page.tsx', 'OrganiserAppPage', onInteraction),
  contact: lazyModule('../../features/marketing/contact-page.tsx', 'ContactPage', onInteraction),
  // Its tiles link to the installers before the release list has loaded. Its content follows `?app=`: each
  // app's page is prerendered, and the server sends the one the query asks for.
  download: lazyModule('../../features/marketing/download-page.tsx', 'DownloadPage', {
    ...onInteraction,
    queryDependent: true,
    queryVariants: { param: 'app', values: ['player', 'organiser', 'organizer', 'math'] },
  }),
  privacy: lazyModule('../../features/marketing/privacy-page.tsx', 'PrivacyPage', onInteraction),
  results: lazyModule('../../features/events/results/results-page.tsx', 'ResultsPage'),
};

/** Pages that need no API. */
export const staticPublicRoutes: RouteObject[] = [
  { path: paths.home.path, ...page.home },
  { path: paths.landing.path, ...page.home },
  { path: paths.aboutUs.path, ...page.about },
  { path: paths.playerApp.path, ...page.playerApp },
  { path: paths.organiserApp.path, ...page.organiserApp },
  { path: paths.organizerApp.path, ...page.organiserApp },
  { path: paths.privacy.path, ...page.privacy },
];

/** Pages that call the API: they sit below the query layout. */
export const apiPublicRoutes: RouteObject[] = [
  { path: paths.tournaments.path, ...page.tournaments },
  { path: paths.contactUs.path, ...page.contact },
  { path: paths.download.path, ...page.download },
  { path: paths.results.path, ...page.results },
];
