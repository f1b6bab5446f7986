import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet } from 'react-router';
import { paths } from '../../config/paths';
import { ConsoleShell, type ShellNavItem, type ShellNavSection } from '../../components/console-shell';
import { FullPageLoader } from '../../components/full-page-loader';
import { ShellLoadError } from '../../components/shell-load-error';
import { useLogOutItem } from '../../components/sign-out-dialog';
import { AppsIcon, BookIcon, CardsIcon, LiveIcon, MailIcon, TrophyIcon, UserIcon } from '../../components/icons';
import { currentUserQueryOptions } from '../../lib/auth';

// The guard of this area's routes comes with its layout, not as a lazy chunk of its own: a chunk that needs
// React but not Mantine would split React out of the chunk the public pages load (docs/decisions/040).
export { UserSessionGuard } from '../routes/session-guard';

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
      { label: 'Directing', icon: <LiveIcon />, href: paths.console.direct.getHref() },
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
];

/** The user console: only for users with a verified email address (signed-out visitors never reach it: session-guard.tsx). */
export function ConsoleLayout() {
  const userQuery = useQuery(currentUserQueryOptions());
  const logOut = useLogOutItem('user', paths.logout.getHref(), paths.login.getHref());

  if (userQuery.isPending) return <FullPageLoader label="Loading your account" />;

  if (userQuery.isError) {
    return (
      <ShellLoadError
        title="We could not load your account"
        error={userQuery.error}
        retrying={userQuery.isFetching}
        onRetry={() => void userQuery.refetch()}
      />
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
      bottomItems={[...bottomItems, logOut.item]}
    >
      <Outlet />
      {logOut.dialog}
    </ConsoleShell>
  );
}
