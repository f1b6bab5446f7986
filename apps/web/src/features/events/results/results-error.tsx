import { Anchor, Button, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessage, isApiError } from '../../../lib/api-client';

/** Why there are no results to show, and the way on. */
function Problem({ title, text, children }: { title: string; text: ReactNode; children?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xl" role="alert">
      <Title order={1} fz="h2">
        {title}
      </Title>
      <Text c="dimmed" mt="xs">
        {text}
      </Text>
      {children}
    </Paper>
  );
}

/** The results could not be shown: no such event, not public yet, or the request failed. */
export function ResultsError({ error, onRetry, videoKey }: { error: unknown; onRetry: () => void; videoKey?: string }) {
  const location = useLocation();
  const status = isApiError(error) ? error.status : 0;
  if (status === 404) {
    return (
      <Problem
        title="We could not find results for this event"
        text="Check the event key in the link. Results appear here once an organiser has created the event."
      >
        <Anchor component={Link} to={paths.tournaments.getHref()} mt="md" display="inline-block">
          See our tournaments
        </Anchor>
      </Problem>
    );
  }
  if (status === 401 || status === 403) {
    return (
      <Problem
        title="These results are not public yet"
        text="The results are published when the organiser completes the event. Until then only the organiser can follow them live."
      >
        {status === 401 ? (
          <Button component={Link} to={paths.login.getHref(location.pathname)} mt="md">
            Login
          </Button>
        ) : videoKey ? (
          // A player seated in the event in play: the way to their table.
          <Button component={Link} to={paths.video.root.getHref(videoKey)} mt="md">
            Join the table's video
          </Button>
        ) : null}
      </Problem>
    );
  }
  return (
    <Problem title="The results could not be loaded" text={errorMessage(error)}>
      <Button mt="md" variant="default" onClick={onRetry}>
        Retry
      </Button>
    </Problem>
  );
}
