import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import '@mantine/core/styles/ThemeIcon.layer.css';
import { paths } from '../../app/paths';
import { PageTitle } from '../../components/page-title';
import { FeatureGrid } from './components/feature-grid';
import { PageHero } from './components/page-hero';
import { Section } from './components/section';

export function TournamentsPage() {
  return (
    <>
      <PageTitle title="Tournaments" description="Public pair events, solitaire and hybrid club sessions on the bridge platform." />
      <PageHero eyebrow="Tournaments" title="Events for every kind of bridge player">
        <p>
          Organisers create events in the Organizer app and players join them from the Player app. When the last
          board is played, the ranking, travellers and hand records are published.
        </p>
      </PageHero>

      <Section title="Public tournaments">
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="xs" py="lg" ta="center">
            <ThemeIcon size={52} radius="xl" variant="light" aria-hidden="true">
              <svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
                <path d="M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0V4zM7 6H4a3 3 0 0 0 3 4M17 6h3a3 3 0 0 1-3 4" />
              </svg>
            </ThemeIcon>
            <Title order={3} fz="xl">
              No public tournaments yet
            </Title>
            <Text c="dimmed" maw={520}>
              When organisers open an event to the public, it will be listed here with its date, movement and scoring,
              so you can join it from the Player app or follow the results as they come in.
            </Text>
            <Group gap="sm" mt="md" justify="center">
              <Button component={Link} to={paths.organiserApp.getHref()}>
                Run an event
              </Button>
              <Button component={Link} to={paths.playerApp.getHref()} variant="default">
                Get the Player app
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Section>

      <Section title="Kinds of events" muted>
        <FeatureGrid
          features={[
            { title: 'Pair events', text: 'Mitchell or Howell movements with matchpoint or IMP scoring, for any number of tables.' },
            { title: 'Solitaire', text: 'Play a set of boards on your own and compare your results with everyone who played them.' },
            { title: 'Hybrid club sessions', text: 'Real cards on the table, with bidding, scoring and results handled by the apps.' },
          ]}
        />
      </Section>
    </>
  );
}
