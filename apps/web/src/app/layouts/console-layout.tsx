import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { ConsoleShell, type ShellNavItem, type ShellNavSection } from '../../components/console-shell';
import { FullPageLoader } from '../../components/full-page-loader';
import { ShellLoadError } from '../../components/shell-load-error';
import {
  AppsIcon,
  BookIcon,
  CardsIcon,
  LogoutIcon,
  MailIcon,
  TrophyIcon,
  UserIcon,
} from '../../components/icons';
import { isApiError } from '../../lib/api-client';
import { currentUserQueryOptions } from '../../lib/auth';

const sections: ShellNavSection[] = [
  {
    label: 'Events',
    items: [
      {
        label: 'Bridge Results',
        icon: <TrophyIcon />,
        href: paths.console.pastEvents.getHref(),
        match: `${paths.console.root.getHref()}/my-past-events`,
      },
      {
        label: 'Solitaire',
        icon: <CardsIcon />,
        href: paths.console.solitaire.getHref(),
        match: `${paths.console.root.getHref()}/solitaire`,
      },
    ],
  },
  { label: 'Account', items: [{ label: 'Profile', icon: <UserIcon />, href: paths.console.profile.getHref() }] },
];

const bottomItems: ShellNavItem[] = [
  {
    label: 'Apps',
    icon: <AppsIcon />,
    children: [
      { label: 'Player App', icon: <AppsIcon size={16} />, href: paths.playerApp.getHref() },
      { label: 'Organiser App', icon: <AppsIcon size={16} />, href: paths.organiserApp.getHref() },
    ],
  },
  { label: 'Documentation', icon: <BookIcon />, href: `${paths.download.getHref()}#guide` },
  { label: 'Contact Us', icon: <MailIcon />, href: paths.contactUs.getHref() },
  { label: 'Log Out', icon: <LogoutIcon />, href: paths.logout.getHref() },
];

/** The user console: only for signed-in users with a verified email address. */
export function ConsoleLayout() {
  const location = useLocation();
  const userQuery = useQuery(currentUserQueryOptions());

  if (userQuery.isPending) return <FullPageLoader label="Loading your account" />;

  if (userQuery.isError) {
    if (isApiError(userQuery.error) && userQuery.error.status === 401) {
      return <Navigate to={paths.login.getHref(location.pathname + location.search)} replace />;
    }
    return (
      <ShellLoadError title="We could not load your account" error={userQuery.error} retrying={userQuery.isFetching} onRetry={() => void userQuery.refetch()} />
    );
  }

  const user = userQuery.data;
  if (!user.emailVerified) return <Navigate to={paths.verifyEmail.getHref(user.email)} replace />;

  return (
    <ConsoleShell
      area="Console"
      homeHref={paths.console.root.getHref()}
      userName={user.displayName || user.email}
      userEmail={user.displayName ? user.email : undefined}
      sections={sections}
      bottomItems={bottomItems}
    >
      <Outlet />
    </ConsoleShell>
  );
}
