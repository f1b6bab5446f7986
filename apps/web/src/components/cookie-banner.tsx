import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { getCookieConsent, setCookieConsent, subscribeStorage } from '../lib/storage';
import classes from './cookie-banner.module.css';

/** Asks once for analytics consent; page views are sent only after 'Accept All'. */
export function CookieBanner({ privacyHref }: { privacyHref: string }) {
  // 'pending' on the server and during hydration. The prerendered page carries the banner hidden, and boot.ts
  // shows it as the page loads when no choice is stored: a banner that appeared only once the app took over
  // would slide under a finger already on its way to a button, and take the press.
  const consent = useSyncExternalStore(
    subscribeStorage,
    () => getCookieConsent() ?? 'unset',
    () => 'pending',
  );
  if (consent !== 'unset' && consent !== 'pending') return null;

  return (
    <div className={classes.wrapper} data-pending={consent === 'pending' || undefined}>
      <Paper className={classes.banner} shadow="lg" withBorder p="md" role="region" aria-label="Cookie consent">
        <Group justify="space-between" gap="md" wrap="wrap">
          <Text size="sm" className={classes.text}>
            We use analytics cookies to count page views and learn which parts of the site help players and organisers most. They are only set if you
            accept them. Read more in our{' '}
            <Anchor component={Link} to={privacyHref} size="sm">
              privacy policy
            </Anchor>
            .
          </Text>
          <Group gap="sm" wrap="nowrap" className={classes.actions}>
            <Button variant="default" onClick={() => setCookieConsent('rejected')}>
              Reject All
            </Button>
            <Button onClick={() => setCookieConsent('accepted')}>Accept All</Button>
          </Group>
        </Group>
      </Paper>
    </div>
  );
}
