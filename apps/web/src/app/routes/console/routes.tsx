import { Navigate, type RouteObject } from 'react-router';
import { paths } from '../../../config/paths';
import { lazyModule } from '../lazy';

// The user console: the user's events (features/events), directing (features/directing) and profile (features/users).
const page = {
  pastEvents: lazyModule('./console/past-events-page.tsx', 'PastEventsPage'),
  solitaire: lazyModule('./console/solitaire-page.tsx', 'SolitairePage'),
  profile: lazyModule('../../features/users/profile-page.tsx', 'ProfilePage'),
  pastEventPreview: lazyModule('./console/event-preview-page.tsx', 'PastEventPreviewPage'),
  solitairePreview: lazyModule('./console/event-preview-page.tsx', 'SolitairePreviewPage'),
  direct: lazyModule('../../features/directing/events-page.tsx', 'DirectEventsPage'),
  directNew: lazyModule('../../features/directing/new-event-page.tsx', 'NewEventPage'),
  directEntries: lazyModule('../../features/directing/entries-page.tsx', 'EntriesPage'),
  directLive: lazyModule('../../features/directing/live/live-view-page.tsx', 'LiveViewPage'),
  directPrint: lazyModule('../../features/directing/print/print-cards-page.tsx', 'PrintCardsPage'),
  notFound: lazyModule('../../features/not-found/not-found-page.tsx', 'ConsoleNotFoundPage'),
};

const redirectTo = (to: string) => <Navigate to={to} replace />;

/** Below the console layout (`/console`). */
export const consoleRoutes: RouteObject[] = [
  { index: true, element: redirectTo(paths.console.pastEvents.getHref()) },
  { path: 'my-past-events', element: redirectTo(paths.console.pastEvents.getHref()) },
  { path: 'my-past-events/all-my-past-events', ...page.pastEvents },
  { path: 'my-past-events/all-my-past-events/:key', ...page.pastEventPreview },
  { path: 'my-past-events/all-my-past-events/:key/:tab', ...page.pastEventPreview },
  { path: 'solitaire', element: redirectTo(paths.console.solitaire.getHref()) },
  { path: 'solitaire/solitaire-events/solitaire-past-events', ...page.solitaire },
  { path: 'solitaire/solitaire-events/solitaire-past-events/:key', ...page.solitairePreview },
  { path: 'solitaire/solitaire-events/solitaire-past-events/:key/:tab', ...page.solitairePreview },
  { path: 'profile', ...page.profile },
  { path: 'direct', ...page.direct },
  { path: 'direct/new', ...page.directNew },
  { path: 'direct/:key/entries', ...page.directEntries },
  { path: 'direct/:key', ...page.directLive },
  { path: 'direct/:key/print/:kind', ...page.directPrint },
  // An unknown address inside the console keeps the console around it.
  { path: '*', ...page.notFound },
];
