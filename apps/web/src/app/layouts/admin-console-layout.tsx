import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet } from 'react-router';
import { paths } from '../../config/paths';
import { ConsoleShell, type ShellNavItem, type ShellNavSection } from '../../components/console-shell';
import { FullPageLoader } from '../../components/full-page-loader';
import { ShellLoadError } from '../../components/shell-load-error';
import { useLogOutItem } from '../../components/sign-out-dialog';
import { CardsIcon, ChartIcon, DashboardIcon, DownloadIcon, HistoryIcon, LiveIcon, ShieldIcon, ToolsIcon, UsersIcon } from '../../components/icons';
import { adminUserQueryOptions } from '../../lib/auth';
import { openTestPlayer } from '../../features/insights/test-player';

// The guard of this area's routes comes with its layout, not as a lazy chunk of its own: a chunk that needs
// React but not Mantine would split React out of the chunk the public pages load (docs/decisions/040).
export { AdminSessionGuard } from '../routes/session-guard';

const base = paths.admin.console.getHref();

function buildSections(isAdmin: boolean): ShellNavSection[] {
  const tools: ShellNavItem[] = [
    { label: 'Dashboard', icon: <DashboardIcon />, href: paths.admin.dashboard.getHref() },
    { label: 'Tools', icon: <ToolsIcon />, href: paths.admin.tools.getHref() },
  ];
  if (isAdmin) {
    tools.push({
      label: 'Test Player',
      icon: <DownloadIcon />,
      onClick: () => void openTestPlayer(),
    });
  }
  return [
    {
      items: [
        { label: 'Overview', icon: <ChartIcon />, href: paths.admin.analytics.getHref(), match: `${base}/overview` },
        { label: 'Active Events', icon: <LiveIcon />, href: paths.admin.activeEvents.getHref(), match: `${base}/active-events` },
        { label: 'Past Events', icon: <HistoryIcon />, href: paths.admin.pastEvents.getHref(), match: `${base}/past-events` },
        { label: 'Solitaire', icon: <CardsIcon />, href: paths.admin.solitaire.getHref(), match: `${base}/solitaire` },
        { label: 'All Users', icon: <UsersIcon />, href: paths.admin.users.getHref(), match: `${base}/users` },
        { label: 'Audits', icon: <ShieldIcon />, href: paths.admin.audits.getHref(), match: `${base}/audits` },
      ],
    },
    { label: 'Dashboard and Tools', items: tools },
  ];
}

/** The admin console (signed-out visitors and players are sent to the admin login by session-guard.tsx). */
export function AdminConsoleLayout() {
  const userQuery = useQuery(adminUserQueryOptions());
  const logOut = useLogOutItem('admin', paths.admin.logout.getHref(), paths.admin.login.getHref());

  if (userQuery.isPending) return <FullPageLoader label="Loading the admin console" />;

  if (userQuery.isError) {
    return (
      <ShellLoadError
        title="We could not load the admin console"
        error={userQuery.error}
        retrying={userQuery.isFetching}
        onRetry={() => void userQuery.refetch()}
      />
    );
  }

  const user = userQuery.data;
  if (user.role !== 'admin') return <Navigate to={paths.admin.login.getHref()} replace />;

  return (
    <ConsoleShell
      area="Admin"
      homeHref={base}
      userName={user.displayName || user.email}
      userEmail={user.displayName ? user.email : undefined}
      sections={buildSections(user.role === 'admin')}
      bottomItems={[logOut.item]}
    >
      <Outlet />
      {logOut.dialog}
    </ConsoleShell>
  );
}
