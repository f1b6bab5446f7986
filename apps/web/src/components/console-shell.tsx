import { AppShell, Avatar, Burger, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, type MouseEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import '@mantine/core/styles/AppShell.layer.css';
import '@mantine/core/styles/Avatar.layer.css';
import '@mantine/core/styles/NavLink.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import { Logo } from './logo';
import classes from './console-shell.module.css';

export type ShellNavItem = {
  label: string;
  icon: ReactNode;
  /** Route to open; items with `children` only expand. */
  href?: string;
  /** Path prefix that marks the item active (defaults to `href`). */
  match?: string;
  /** Runs on a click; an item with `href` may call `event.preventDefault()` to stay on the page. */
  onClick?: (event?: MouseEvent) => void;
  children?: ShellNavItem[];
};

export type ShellNavSection = { label?: string; items: ShellNavItem[] };

type ConsoleShellProps = {
  /** Name of the area, shown beside the logo: 'Console' or 'Admin'. */
  area: string;
  homeHref: string;
  userName: string;
  userEmail?: string;
  sections: ShellNavSection[];
  bottomItems: ShellNavItem[];
  children: ReactNode;
};

const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('') || '?';

function ShellLink({ item, pathname }: { item: ShellNavItem; pathname: string }) {
  const prefix = item.match ?? item.href;
  const active = prefix ? pathname === prefix || pathname.startsWith(`${prefix}/`) : false;

  if (item.children) {
    return (
      <NavLink
        label={item.label}
        leftSection={item.icon}
        className={classes.link}
        defaultOpened={item.children.some((child) => child.href && pathname.startsWith(child.href))}
      >
        {item.children.map((child) => (
          <ShellLink key={child.label} item={child} pathname={pathname} />
        ))}
      </NavLink>
    );
  }
  if (item.href) {
    return (
      <NavLink
        component={Link}
        to={item.href}
        label={item.label}
        leftSection={item.icon}
        active={active}
        aria-current={active ? 'page' : undefined}
        className={classes.link}
        onClick={item.onClick}
      />
    );
  }
  return <NavLink component="button" type="button" label={item.label} leftSection={item.icon} className={classes.link} onClick={item.onClick} />;
}

/** Header, side navigation (a drawer on phones) and content area of the user and admin consoles. */
export function ConsoleShell({ area, homeHref, userName, userEmail, sections, bottomItems, children }: ConsoleShellProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();

  // A phone's navigation closes once the user picked a screen.
  useEffect(() => {
    close();
  }, [pathname, close]);

  return (
    <AppShell header={{ height: 64 }} navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding={{ base: 'md', sm: 'xl' }}>
      <AppShell.Header className={classes.header}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? 'Close navigation' : 'Open navigation'}
              aria-expanded={opened}
            />
            <Logo to={homeHref} size="sm" compactOnPhone />
            <Text component="span" size="sm" c="dimmed" fw={600} visibleFrom="xs" className={classes.area}>
              {area}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <div className={classes.userText}>
              <Text size="sm" fw={600} lh={1.2} truncate="end">
                {userName}
              </Text>
              {userEmail ? (
                <Text size="xs" c="dimmed" lh={1.2} truncate="end" className={classes.userEmail}>
                  {userEmail}
                </Text>
              ) : null}
            </div>
            <Avatar color="felt" radius="xl" size={36} aria-hidden="true" className={classes.avatar}>
              {initials(userName)}
            </Avatar>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label={`${area} navigation`} className={classes.navbar}>
        <AppShell.Section grow component={ScrollArea} type="scroll">
          <Stack gap="md">
            {sections.map((section, index) => (
              <div key={section.label ?? index}>
                {section.label ? (
                  <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" mb={6} className={classes.sectionLabel}>
                    {section.label}
                  </Text>
                ) : null}
                {section.items.map((item) => (
                  <ShellLink key={item.label} item={item} pathname={pathname} />
                ))}
              </div>
            ))}
          </Stack>
        </AppShell.Section>
        <AppShell.Section className={classes.bottom}>
          {bottomItems.map((item) => (
            <ShellLink key={item.label} item={item} pathname={pathname} />
          ))}
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main className={classes.main}>
        <div className={classes.content}>{children}</div>
      </AppShell.Main>
    </AppShell>
  );
}
