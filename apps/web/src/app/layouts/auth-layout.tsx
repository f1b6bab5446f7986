import { Anchor, Group, Text } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { Logo } from '../../components/logo';
import { site } from '../../lib/site';
import { paths } from '../../config/paths';
import classes from './auth-layout.module.css';

/** Account pages: logo bar, one centred card, a one-line footer. */
export function AuthLayout() {
  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <Logo to={paths.landing.getHref()} />
      </header>
      <main className={classes.main}>
        <Outlet />
      </main>
      <footer className={classes.footer}>
        <Group justify="center" gap="lg">
          <Text size="xs" c="dimmed">
            © {new Date().getFullYear()} {site.name}
          </Text>
          <Anchor component={Link} to={paths.privacy.getHref()} size="xs" c="dimmed">
            Privacy Policy
          </Anchor>
          <Anchor component={Link} to={paths.contactUs.getHref()} size="xs" c="dimmed">
            Contact Us
          </Anchor>
        </Group>
      </footer>
    </div>
  );
}
