import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { paths } from '../config/paths';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './route-error';
import { adminConsoleRoutes } from './routes/admin/routes';
import { consoleRoutes } from './routes/console/routes';
import { lazyModule } from './routes/lazy';
import { apiPublicRoutes, staticPublicRoutes } from './routes/public/routes';

// The router, built from config/paths.ts. Only the root and the public layout are in the first download; every
// page is split out by route (routes/lazy.ts). The public, console and admin route tables are in routes/.

const page = {
  login: lazyModule('../../features/account/login-page.tsx', 'LoginPage'),
  register: lazyModule('../../features/account/register-page.tsx', 'RegisterPage'),
  resetPassword: lazyModule('../../features/account/reset-password-page.tsx', 'ResetPasswordPage'),
  verifyEmail: lazyModule('../../features/account/verify-email-page.tsx', 'VerifyEmailPage'),
  logout: lazyModule('../../features/account/logout-page.tsx', 'LogoutPage'),
  signOut: lazyModule('../../features/account/signout-page.tsx', 'SignOutPage'),
  sessionClosed: lazyModule('../../features/account/session-closed-page.tsx', 'SessionClosedPage'),
  adminLogin: lazyModule('../../features/account/admin-login-page.tsx', 'AdminLoginPage'),
  adminLogout: lazyModule('../../features/account/admin-logout-page.tsx', 'AdminLogoutPage'),

  videoJoin: lazyModule('../../features/video/join-page.tsx', 'JoinPage'),
  videoChat: lazyModule('../../features/video/chat-page.tsx', 'ChatPage'),
  videoEnd: lazyModule('../../features/video/end-video-page.tsx', 'EndVideoPage'),

  // A table's phone: a frame of its own (no site header), no account, never prerendered or indexed.
  table: lazyModule('../../features/tables/table-page.tsx', 'TablePage'),

  // The online table: a frame of its own, for signed-in players, the director and kibitzers; never prerendered.
  play: lazyModule('./play/play-page.tsx', 'PlayPage'),

  notFound: lazyModule('../../features/not-found/not-found-page.tsx', 'NotFoundPage'),
  videoNotFound: lazyModule('../../features/not-found/not-found-page.tsx', 'VideoNotFoundPage'),
};

const layout = {
  // Routes that call the API sit below this pathless route, which brings TanStack Query with it.
  query: lazyModule('../layouts/query-layout.tsx', 'QueryLayout'),
  auth: lazyModule('../layouts/auth-layout.tsx', 'AuthLayout'),
  console: lazyModule('../layouts/console-layout.tsx', 'ConsoleLayout'),
  admin: lazyModule('../layouts/admin-console-layout.tsx', 'AdminConsoleLayout'),
  video: lazyModule('../layouts/video-layout.tsx', 'VideoLayout'),
};

// A 401 is handled here once, for every page below each guard (routes/session-guard.tsx).
const guard = {
  console: lazyModule('../layouts/console-layout.tsx', 'UserSessionGuard'),
  admin: lazyModule('../layouts/admin-console-layout.tsx', 'AdminSessionGuard'),
  video: lazyModule('../layouts/video-layout.tsx', 'UserSessionGuard'),
};

/** A layout's pages, with an error element that keeps the layout's frame around it. */
const withinLayout = (children: RouteObject[]): RouteObject[] => [{ errorElement: <RouteError inLayout />, children }];

const redirectTo = (to: string) => <Navigate to={to} replace />;

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      {
        Component: PublicLayout,
        children: withinLayout([...staticPublicRoutes, { ...layout.query, children: apiPublicRoutes }]),
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
          {
            path: paths.console.root.path,
            ...guard.console,
            children: [{ ...layout.console, children: withinLayout(consoleRoutes) }],
          },
          {
            path: paths.admin.console.path,
            ...guard.admin,
            children: [{ ...layout.admin, children: withinLayout(adminConsoleRoutes) }],
          },
          { path: paths.table.path, ...page.table, errorElement: <RouteError /> },
          { path: paths.play.path, ...guard.video, errorElement: <RouteError />, children: [{ index: true, ...page.play }] },
          {
            path: paths.video.root.path,
            ...layout.video,
            children: withinLayout([
              {
                ...guard.video,
                children: [
                  { index: true, ...page.videoJoin },
                  { path: 'onboard', ...page.videoJoin },
                  { path: 'chat', ...page.videoChat },
                ],
              },
              // The page after leaving a call reads no session: it only offers to rejoin.
              { path: 'endVideo', ...page.videoEnd },
              { path: '*', ...page.videoNotFound },
            ]),
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
export const createAppRouter = (prerendered = false) => createBrowserRouter(routes, prerendered ? { hydrationData: {} } : undefined);
