import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { lazyPage } from './lazy-route';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { paths } from '../config/paths';
import { RouteError } from './route-error';

// Only the root and the public layout are in the first download; every page is split out by route.
// The modules are found by glob so each route knows its source file: prerendering reads it to put the page's
// stylesheets (and, for pages that hydrate at once, its scripts) into the HTML head.
const modules = import.meta.glob<Record<string, ComponentType>>([
  '../features/*/*-page.tsx',
  '../features/*/*-layout.tsx',
  './layouts/query-layout.tsx',
  './layouts/auth-layout.tsx',
]);

/** A lazily loaded route: `lazy` for the router, `handle.module` (path from src/) for prerendering. */
/**
 * `queryVariants`: the page's content follows one query parameter, and each listed value is prerendered too
 * (the server picks the file by the parameter; any other query leaves the page as the bare path's).
 */
type PrerenderOptions = { hydrate?: 'interaction'; queryDependent?: boolean; queryVariants?: { param: string; values: string[] } };

function lazyModule(file: string, exportName: string, options: PrerenderOptions = {}): Pick<RouteObject, 'lazy' | 'handle'> {
  const load = modules[file];
  if (!load) throw new Error(`Route module ${file} not found`);
  const lazy = lazyPage(() => load().then((module) => module[exportName] as ComponentType));
  return { lazy, handle: { module: `src/${file.replace(/^\.\.\//, '').replace(/^\.\//, 'app/')}`, ...options } };
}

// Pages whose prerendered HTML is complete (text, links, native <details>, a form the app takes over when the
// visitor starts on it): the app loads on first use (boot.ts, docs/decisions/009).
const onInteraction = { hydrate: 'interaction' } as const;

const page = {
  home: lazyModule('../features/marketing/home-page.tsx', 'HomePage', onInteraction),
  about: lazyModule('../features/marketing/about-page.tsx', 'AboutPage', onInteraction),
  tournaments: lazyModule('../features/marketing/tournaments-page.tsx', 'TournamentsPage'),
  playerApp: lazyModule('../features/marketing/player-app-page.tsx', 'PlayerAppPage', onInteraction),
  organiserApp: lazyModule('../features/marketing/organiser-app-page.tsx', 'OrganiserAppPage', onInteraction),
  contact: lazyModule('../features/marketing/contact-page.tsx', 'ContactPage', onInteraction),
  // Its tiles link to the installers before the release list has loaded. Its content follows `?app=`: each
  // app's page is prerendered, and the server sends the one the query asks for.
  download: lazyModule('../features/marketing/download-page.tsx', 'DownloadPage', {
    ...onInteraction,
    queryDependent: true,
    queryVariants: { param: 'app', values: ['player', 'organiser', 'organizer', 'math'] },
  }),
  privacy: lazyModule('../features/marketing/privacy-page.tsx', 'PrivacyPage', onInteraction),
  results: lazyModule('../features/results/results-page.tsx', 'ResultsPage'),

  login: lazyModule('../features/account/login-page.tsx', 'LoginPage'),
  register: lazyModule('../features/account/register-page.tsx', 'RegisterPage'),
  resetPassword: lazyModule('../features/account/reset-password-page.tsx', 'ResetPasswordPage'),
  verifyEmail: lazyModule('../features/account/verify-email-page.tsx', 'VerifyEmailPage'),
  logout: lazyModule('../features/account/logout-page.tsx', 'LogoutPage'),
  signOut: lazyModule('../features/account/signout-page.tsx', 'SignOutPage'),
  sessionClosed: lazyModule('../features/account/session-closed-page.tsx', 'SessionClosedPage'),

  consolePastEvents: lazyModule('../features/console/past-events-page.tsx', 'PastEventsPage'),
  consoleSolitaire: lazyModule('../features/console/solitaire-page.tsx', 'SolitairePage'),
  consoleProfile: lazyModule('../features/console/profile-page.tsx', 'ProfilePage'),
  consolePastEventPreview: lazyModule('../features/console/event-preview-page.tsx', 'PastEventPreviewPage'),
  consoleSolitairePreview: lazyModule('../features/console/event-preview-page.tsx', 'SolitairePreviewPage'),

  adminLogin: lazyModule('../features/admin/admin-login-page.tsx', 'AdminLoginPage'),
  adminLogout: lazyModule('../features/admin/admin-logout-page.tsx', 'AdminLogoutPage'),
  adminAnalytics: lazyModule('../features/admin/analytics-page.tsx', 'AnalyticsPage'),
  adminActiveEvents: lazyModule('../features/admin/active-events-page.tsx', 'ActiveEventsPage'),
  adminPastEvents: lazyModule('../features/admin/past-events-page.tsx', 'PastEventsPage'),
  adminSolitaire: lazyModule('../features/admin/solitaire-page.tsx', 'SolitairePage'),
  adminUsers: lazyModule('../features/admin/users-page.tsx', 'UsersPage'),
  adminAudits: lazyModule('../features/admin/audits-page.tsx', 'AuditsPage'),
  adminDashboard: lazyModule('../features/admin/dashboard-page.tsx', 'DashboardPage'),
  adminTools: lazyModule('../features/admin/tools-page.tsx', 'ToolsPage'),
  adminPastEventPreview: lazyModule('../features/admin/event-preview-page.tsx', 'PastEventPreviewPage'),
  adminActiveEventPreview: lazyModule('../features/admin/event-preview-page.tsx', 'ActiveEventPreviewPage'),

  videoJoin: lazyModule('../features/video/join-page.tsx', 'JoinPage'),
  videoChat: lazyModule('../features/video/chat-page.tsx', 'ChatPage'),
  videoEnd: lazyModule('../features/video/end-video-page.tsx', 'EndVideoPage'),

  notFound: lazyModule('../features/not-found/not-found-page.tsx', 'NotFoundPage'),
};

const layout = {
  // Routes that call the API sit below this pathless route, which brings TanStack Query with it.
  query: lazyModule('./layouts/query-layout.tsx', 'QueryLayout'),
  auth: lazyModule('./layouts/auth-layout.tsx', 'AuthLayout'),
  console: lazyModule('../features/console/console-layout.tsx', 'ConsoleLayout'),
  admin: lazyModule('../features/admin/admin-console-layout.tsx', 'AdminConsoleLayout'),
  video: lazyModule('../features/video/video-layout.tsx', 'VideoLayout'),
};

const redirectTo = (to: string) => <Navigate to={to} replace />;

const consoleRoutes: RouteObject = {
  path: paths.console.root.path,
  ...layout.console,
  children: [
    { index: true, element: redirectTo(paths.console.pastEvents.getHref()) },
    { path: 'my-past-events', element: redirectTo(paths.console.pastEvents.getHref()) },
    { path: 'my-past-events/all-my-past-events', ...page.consolePastEvents },
    { path: 'my-past-events/all-my-past-events/:key', ...page.consolePastEventPreview },
    { path: 'my-past-events/all-my-past-events/:key/:tab', ...page.consolePastEventPreview },
    { path: 'solitaire', element: redirectTo(paths.console.solitaire.getHref()) },
    { path: 'solitaire/solitaire-events/solitaire-past-events', ...page.consoleSolitaire },
    { path: 'solitaire/solitaire-events/solitaire-past-events/:key', ...page.consoleSolitairePreview },
    { path: 'solitaire/solitaire-events/solitaire-past-events/:key/:tab', ...page.consoleSolitairePreview },
    { path: 'profile', ...page.consoleProfile },
  ],
};

const adminConsoleRoutes: RouteObject = {
  path: paths.admin.console.path,
  ...layout.admin,
  children: [
    { index: true, element: redirectTo(paths.admin.analytics.getHref()) },
    { path: 'overview', element: redirectTo(paths.admin.analytics.getHref()) },
    { path: 'overview/all-analytics/analytics', ...page.adminAnalytics },
    { path: 'active-events', element: redirectTo(paths.admin.activeEvents.getHref()) },
    { path: 'active-events/my-active-events/all-my-active-events', ...page.adminActiveEvents },
    { path: 'active-events/my-active-events/all-my-active-events/:key', ...page.adminActiveEventPreview },
    { path: 'active-events/my-active-events/all-my-active-events/:key/:tab', ...page.adminActiveEventPreview },
    { path: 'past-events', element: redirectTo(paths.admin.pastEvents.getHref()) },
    { path: 'past-events/my-past-events/all-my-past-events', ...page.adminPastEvents },
    { path: 'past-events/my-past-events/all-my-past-events/:key', ...page.adminPastEventPreview },
    { path: 'past-events/my-past-events/all-my-past-events/:key/:tab', ...page.adminPastEventPreview },
    { path: 'solitaire', element: redirectTo(paths.admin.solitaire.getHref()) },
    { path: 'solitaire/solitaire-events/solitaire-past-events', ...page.adminSolitaire },
    { path: 'users', element: redirectTo(paths.admin.users.getHref()) },
    { path: 'users/all-users/all', ...page.adminUsers },
    { path: 'audits', element: redirectTo(paths.admin.audits.getHref()) },
    { path: 'audits/all-audits/view-audits', ...page.adminAudits },
    { path: 'dashboard', ...page.adminDashboard },
    { path: 'tools', ...page.adminTools },
  ],
};

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      {
        Component: PublicLayout,
        children: [
          { path: paths.home.path, ...page.home },
          { path: paths.landing.path, ...page.home },
          { path: paths.aboutUs.path, ...page.about },
          { path: paths.playerApp.path, ...page.playerApp },
          { path: paths.organiserApp.path, ...page.organiserApp },
          { path: paths.organizerApp.path, ...page.organiserApp },
          { path: paths.privacy.path, ...page.privacy },
          {
            ...layout.query,
            children: [
              { path: paths.tournaments.path, ...page.tournaments },
              { path: paths.contactUs.path, ...page.contact },
              { path: paths.download.path, ...page.download },
              { path: paths.results.path, ...page.results },
            ],
          },
        ],
      },
      { path: paths.admin.root.path, element: redirectTo(paths.admin.login.getHref()) },
      {
        ...layout.query,
        children: [
          {
            ...layout.auth,
            children: [
              { path: paths.login.path, ...page.login },
              { path: paths.register.path, ...page.register },
              { path: paths.resetPassword.path, ...page.resetPassword },
              { path: paths.verifyEmail.path, ...page.verifyEmail },
              { path: paths.logout.path, ...page.logout },
              { path: paths.signOut.path, ...page.signOut },
              { path: paths.sessionClosed.path, ...page.sessionClosed },
              { path: paths.admin.login.path, ...page.adminLogin },
              { path: paths.admin.logout.path, ...page.adminLogout },
            ],
          },
          consoleRoutes,
          adminConsoleRoutes,
          {
            path: paths.video.root.path,
            ...layout.video,
            children: [
              { index: true, ...page.videoJoin },
              { path: 'onboard', ...page.videoJoin },
              { path: 'chat', ...page.videoChat },
              { path: 'endVideo', ...page.videoEnd },
            ],
          },
        ],
      },
      { path: '*', ...page.notFound },
    ],
  },
];

/**
 * The browser's router. `prerendered`: the page arrived as prerendered HTML that the app is about to hydrate,
 * already placed by the browser and perhaps scrolled by the visitor. Hydration data (there is none to load)
 * tells the router so, and it then leaves the scroll position alone on its first render instead of scrolling
 * to the top as it does after a navigation.
 */
export const createAppRouter = (prerendered = false) =>
  createBrowserRouter(routes, prerendered ? { hydrationData: {} } : undefined);
