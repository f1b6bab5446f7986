import { Container, Group, Text } from '@mantine/core';
import { Outlet } from 'react-router';
import { paths } from '../../config/paths';
import { Logo } from '../../components/logo';
import classes from './video-layout.module.css';

// The guard of this area's routes comes with its layout, not as a lazy chunk of its own: a chunk that needs
// React but not Mantine would split React out of the chunk the public pages load (docs/decisions/040).
export { UserSessionGuard } from '../routes/session-guard';

/** Frame of the table video chat: a slim bar and a dark stage that keeps faces in focus. */
export function VideoLayout() {
  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <Container size="xl">
          <Group h={60} justify="space-between" wrap="nowrap">
            <Logo to={paths.landing.getHref()} size="sm" />
            <Text size="sm" fw={600} c="dimmed">
              Table video chat
            </Text>
          </Group>
        </Container>
      </header>
      <main className={classes.main}>
        <Outlet />
      </main>
    </div>
  );
}
