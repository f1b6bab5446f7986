import { Navigate, type RouteObject } from 'react-router';
import { paths } from '../../../config/paths';
import { lazyModule } from '../lazy';

// The admin console: events (features/events), users (features/users), insights (features/insights).
const page = {
  analytics: lazyModule('../../features/insights/analytics-page.tsx', 'AnalyticsPage'),
  activeEvents: lazyModule('./admin/active-events-page.tsx', 'ActiveEventsPage'),
  pastEvents: lazyModule('./admin/past-events-page.tsx', 'PastEventsPage'),
  solitaire: lazyModule('./admin/solitaire-page.tsx', 'SolitairePage'),
  users: lazyModule('../../features/users/users-page.tsx', 'UsersPage'),
  audits: lazyModule('../../features/insights/audits-page.tsx', 'AuditsPage'),
  dashboard: lazyModule('../../features/insights/dashboard-page.tsx', 'DashboardPage'),
  tools: lazyModule('../../features/insights/tools-page.tsx', 'ToolsPage'),
  pastEventPreview: lazyModule('./admin/event-preview-page.tsx', 'PastEventPreviewPage'),
  activeEventPreview: lazyModule('./admin/event-preview-page.tsx', 'ActiveEventPreviewPage'),
  notFound: lazyModule('../../features/not-found/not-found-page.tsx', 'AdminNotFoundPage'),
};

const redirectTo = (to: string) => <Navigate to={to} replace />;

/** Below the admin console layout (`/admin/console`). */
export const adminConsoleRoutes: RouteObject[] = [
  { index: true, element: redirectTo(paths.admin.analytics.getHref()) },
  { path: 'overview', element: redirectTo(paths.admin.analytics.getHref()) },
  { path: 'overview/all-analytics/analytics', ...page.analytics },
  { path: 'active-events', element: redirectTo(paths.admin.activeEvents.getHref()) },
  { path: 'active-events/my-active-events/all-my-active-events', ...page.activeEvents },
  { path: 'active-events/my-active-events/all-my-active-events/:key', ...page.activeEventPreview },
  { path: 'active-events/my-active-events/all-my-active-events/:key/:tab', ...page.activeEventPreview },
  { path: 'past-events', element: redirectTo(paths.admin.pastEvents.getHref()) },
  { path: 'past-events/my-past-events/all-my-past-events', ...page.pastEvents },
  { path: 'past-events/my-past-events/all-my-past-events/:key', ...page.pastEventPreview },
  { path: 'past-events/my-past-events/all-my-past-events/:key/:tab', ...page.pastEventPreview },
  { path: 'solitaire', element: redirectTo(paths.admin.solitaire.getHref()) },
  { path: 'solitaire/solitaire-events/solitaire-past-events', ...page.solitaire },
  { path: 'users', element: redirectTo(paths.admin.users.getHref()) },
  { path: 'users/all-users/all', ...page.users },
  { path: 'audits', element: redirectTo(paths.admin.audits.getHref()) },
  { path: 'audits/all-audits/view-audits', ...page.audits },
  { path: 'dashboard', ...page.dashboard },
  { path: 'tools', ...page.tools },
  // An unknown address inside the admin console keeps the console around it.
  { path: '*', ...page.notFound },
];
