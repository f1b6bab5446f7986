import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { lazyPage } from './lazy-route';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { paths } from './paths';
import { RouteError } from './route-error';

// Only the root and the public layout are in the first download; every page is split out by route.
const page = {
  home: lazyPage(() => import('../features/marketing/home-page').then((m) => m.HomePage)),
  about: lazyPage(() => import('../features/marketing/about-page').then((m) => m.AboutPage)),
  tournaments: lazyPage(() => import('../features/marketing/tournaments-page').then((m) => m.TournamentsPage)),
  playerApp: lazyPage(() => import('../features/marketing/player-app-page').then((m) => m.PlayerAppPage)),
  organiserApp: lazyPage(() => import('../features/marketing/organiser-app-page').then((m) => m.OrganiserAppPage)),
  contact: lazyPage(() => import('../features/marketing/contact-page').then((m) => m.ContactPage)),
  download: lazyPage(() => import('../features/marketing/download-page').then((m) => m.DownloadPage)),
  privacy: lazyPage(() => import('../features/marketing/privacy-page').then((m) => m.PrivacyPage)),
  results: lazyPage(() => import('../features/results/results-page').then((m) => m.ResultsPage)),

  login: lazyPage(() => import('../features/account/login-page').then((m) => m.LoginPage)),
  register: lazyPage(() => import('../features/account/register-page').then((m) => m.RegisterPage)),
  resetPassword: lazyPage(() => import('../features/account/reset-password-page').then((m) => m.ResetPasswordPage)),
  verifyEmail: lazyPage(() => import('../features/account/verify-email-page').then((m) => m.VerifyEmailPage)),
  logout: lazyPage(() => import('../features/account/logout-page').then((m) => m.LogoutPage)),
  signOut: lazyPage(() => import('../features/account/signout-page').then((m) => m.SignOutPage)),
  sessionClosed: lazyPage(() => import('../features/account/session-closed-page').then((m) => m.SessionClosedPage)),

  consolePastEvents: lazyPage(() => import('../features/console/past-events-page').then((m) => m.PastEventsPage)),
  consoleSolitaire: lazyPage(() => import('../features/console/solitaire-page').then((m) => m.SolitairePage)),
  consoleProfile: lazyPage(() => import('../features/console/profile-page').then((m) => m.ProfilePage)),

  adminLogin: lazyPage(() => import('../features/admin/admin-login-page').then((m) => m.AdminLoginPage)),
  adminLogout: lazyPage(() => import('../features/admin/admin-logout-page').then((m) => m.AdminLogoutPage)),
  adminAnalytics: lazyPage(() => import('../features/admin/analytics-page').then((m) => m.AnalyticsPage)),
  adminActiveEvents: lazyPage(() => import('../features/admin/active-events-page').then((m) => m.ActiveEventsPage)),
  adminPastEvents: lazyPage(() => import('../features/admin/past-events-page').then((m) => m.PastEventsPage)),
  adminSolitaire: lazyPage(() => import('../features/admin/solitaire-page').then((m) => m.SolitairePage)),
  adminUsers: lazyPage(() => import('../features/admin/users-page').then((m) => m.UsersPage)),
  adminAudits: lazyPage(() => import('../features/admin/audits-page').then((m) => m.AuditsPage)),
  adminDashboard: lazyPage(() => import('../features/admin/dashboard-page').then((m) => m.DashboardPage)),
  adminTools: lazyPage(() => import('../features/admin/tools-page').then((m) => m.ToolsPage)),

  videoJoin: lazyPage(() => import('../features/video/join-page').then((m) => m.JoinPage)),
  videoChat: lazyPage(() => import('../features/video/chat-page').then((m) => m.ChatPage)),
  videoEnd: lazyPage(() => import('../features/video/end-video-page').then((m) => m.EndVideoPage)),

  notFound: lazyPage(() => import('../features/not-found/not-found-page').then((m) => m.NotFoundPage)),
};

const layout = {
  // Routes that call the API sit below this pathless route, which brings TanStack Query with it.
  query: lazyPage(() => import('./layouts/query-layout').then((m) => m.QueryLayout)),
  auth: lazyPage(() => import('./layouts/auth-layout').then((m) => m.AuthLayout)),
  console: lazyPage(() => import('../features/console/console-layout').then((m) => m.ConsoleLayout)),
  admin: lazyPage(() => import('../features/admin/admin-console-layout').then((m) => m.AdminConsoleLayout)),
  video: lazyPage(() => import('../features/video/video-layout').then((m) => m.VideoLayout)),
};

const redirectTo = (to: string) => <Navigate to={to} replace />;

const consoleRoutes: RouteObject = {
  path: paths.console.root.path,
  lazy: layout.console,
  children: [
    { index: true, element: redirectTo(paths.console.pastEvents.getHref()) },
    { path: 'my-past-events', element: redirectTo(paths.console.pastEvents.getHref()) },
    { path: 'my-past-events/all-my-past-events', lazy: page.consolePastEvents },
    { path: 'solitaire', element: redirectTo(paths.console.solitaire.getHref()) },
    { path: 'solitaire/solitaire-events/solitaire-past-events', lazy: page.consoleSolitaire },
    { path: 'profile', lazy: page.consoleProfile },
  ],
};

const adminConsoleRoutes: RouteObject = {
  path: paths.admin.console.path,
  lazy: layout.admin,
  children: [
    { index: true, element: redirectTo(paths.admin.analytics.getHref()) },
    { path: 'overview', element: redirectTo(paths.admin.analytics.getHref()) },
    { path: 'overview/all-analytics/analytics', lazy: page.adminAnalytics },
    { path: 'active-events', element: redirectTo(paths.admin.activeEvents.getHref()) },
    { path: 'active-events/my-active-events/all-my-active-events', lazy: page.adminActiveEvents },
    { path: 'past-events', element: redirectTo(paths.admin.pastEvents.getHref()) },
    { path: 'past-events/my-past-events/all-my-past-events', lazy: page.adminPastEvents },
    { path: 'solitaire', element: redirectTo(paths.admin.solitaire.getHref()) },
    { path: 'solitaire/solitaire-events/solitaire-past-events', lazy: page.adminSolitaire },
    { path: 'users', element: redirectTo(paths.admin.users.getHref()) },
    { path: 'users/all-users/all', lazy: page.adminUsers },
    { path: 'audits', element: redirectTo(paths.admin.audits.getHref()) },
    { path: 'audits/all-audits/view-audits', lazy: page.adminAudits },
    { path: 'dashboard', lazy: page.adminDashboard },
    { path: 'tools', lazy: page.adminTools },
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
          { path: paths.home.path, lazy: page.home },
          { path: paths.landing.path, lazy: page.home },
          { path: paths.aboutUs.path, lazy: page.about },
          { path: paths.playerApp.path, lazy: page.playerApp },
          { path: paths.organiserApp.path, lazy: page.organiserApp },
          { path: paths.organizerApp.path, lazy: page.organiserApp },
          { path: paths.privacy.path, lazy: page.privacy },
          {
            lazy: layout.query,
            children: [
              { path: paths.tournaments.path, lazy: page.tournaments },
              { path: paths.contactUs.path, lazy: page.contact },
              { path: paths.download.path, lazy: page.download },
              { path: paths.results.path, lazy: page.results },
            ],
          },
        ],
      },
      { path: paths.admin.root.path, element: redirectTo(paths.admin.login.getHref()) },
      {
        lazy: layout.query,
        children: [
          {
            lazy: layout.auth,
            children: [
              { path: paths.login.path, lazy: page.login },
              { path: paths.register.path, lazy: page.register },
              { path: paths.resetPassword.path, lazy: page.resetPassword },
              { path: paths.verifyEmail.path, lazy: page.verifyEmail },
              { path: paths.logout.path, lazy: page.logout },
              { path: paths.signOut.path, lazy: page.signOut },
              { path: paths.sessionClosed.path, lazy: page.sessionClosed },
              { path: paths.admin.login.path, lazy: page.adminLogin },
              { path: paths.admin.logout.path, lazy: page.adminLogout },
            ],
          },
          consoleRoutes,
          adminConsoleRoutes,
          {
            path: paths.video.root.path,
            lazy: layout.video,
            children: [
              { index: true, lazy: page.videoJoin },
              { path: 'onboard', lazy: page.videoJoin },
              { path: 'chat', lazy: page.videoChat },
              { path: 'endVideo', lazy: page.videoEnd },
            ],
          },
        ],
      },
      { path: '*', lazy: page.notFound },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
