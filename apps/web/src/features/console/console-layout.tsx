import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../app/paths';
import { ConsoleShell, type ShellNavItem, type ShellNavSection } from '../../components/console-shell';
import { FullPageLoader } from '../../components/full-page-loader';
import {
  AppsIcon,
  BookIcon,
  CardsIcon,
  LogoutIcon,
  MailIcon,
  TrophyIcon,
  UserIcon,
} from '../../components/icons';
import { errorMessage, isApiError } from '../../lib/api-client';
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
      <Center mih="100dvh" p="md">
        <Stack align="center" gap="sm" maw={420} ta="center">
          <Title order={1} fz={24}>
            We could not load your account
          </Title>
          <Text c="dimmed" role="alert">
            {errorMessage(userQuery.error)}
          </Text>
          <Button onClick={() => void userQuery.refetch()} loading={userQuery.isFetching}>
            Try again
          </Button>
        </Stack>
      </Center>
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
