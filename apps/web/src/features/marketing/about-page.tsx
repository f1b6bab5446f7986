import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { PageTitle } from '../../components/page-title';
import { FeatureGrid, type Feature } from './components/feature-grid';
import { PageHero } from './components/page-hero';
import { Section } from './components/section';

const products: Feature[] = [
  {
    title: 'Organizer app',
    text: 'For directors and clubs: set up an event, choose a Mitchell or Howell movement, deal or import the hands and score by matchpoints or IMPs.',
  },
  {
    title: 'Player app',
    text: 'For everyone at the table: bidding boxes, one-tap claims, instant replays, kibitzing and optional video chat, on Windows and Android.',
  },
  {
    title: 'Math app',
    text: 'For learners: short exercises in the counting and arithmetic that good declarer play depends on.',
  },
  {
    title: 'This website',
    text: 'Where accounts are created and verified, past events and solitaire results are kept, and the results of every event are published.',
  },
];

const values: Feature[] = [
  { title: 'Precision', text: 'Correct movements and correct scores, by the Laws of Duplicate Bridge, every time.' },
  { title: 'Community', text: 'Clubs and players brought closer, at the same table or from across the country.' },
  { title: 'Excellence', text: 'Software that stays pleasant to use for a whole session, for the director and for the players.' },
  { title: 'Integrity', text: 'Fair play at the table, and your personal data never sold.' },
];

export function AboutPage() {
  return (
    <>
      <PageTitle title="About Us" description="Who we are and why we build free tools for contract bridge players, directors and clubs." />
      <PageHero eyebrow="About us" title="Built by bridge players, for bridge players">
        <p>
          We started this platform because running a bridge event should not take more effort than playing in one. Directors wanted movements, scoring
          and results without spreadsheets; players wanted to meet at the table wherever they are.
        </p>
      </PageHero>

      <Section
        title="Why we do it"
        intro="Bridge clubs run on volunteers. Every hour a director spends typing travellers into a spreadsheet is an hour not spent at the table or welcoming a new member."
      >
        <Stack gap="md" maw={720}>
          <Text>
            When clubs had to close their doors, many of them moved online and found that the tools were either expensive, or fine for casual play but
            poor at running a proper duplicate event. When the doors opened again, most clubs wanted both: the feel of real cards at the club, and the
            convenience of instant, accurate results.
          </Text>
          <Text>
            So we built one platform for all of it. The same event can be played online, face to face with physical cards, or with some tables in the
            club and some at home. It is free for players, directors and clubs, because the game grows when it is easy to start playing.
          </Text>
        </Stack>
      </Section>

      <Section title="What we make" muted>
        <FeatureGrid features={products} cols={2} />
      </Section>

      <Section title="What we stand for">
        <FeatureGrid cols={4} features={values} />
      </Section>

      <Section muted>
        <Stack gap="sm" align="flex-start">
          <Title order={2} fz={{ base: 26, sm: 32 }}>
            Talk to us
          </Title>
          <Text c="dimmed" size="lg" maw={640}>
            Running a club or a federation event and wondering whether the platform fits? We are happy to help you set up your first session. Read how
            we handle your data in our{' '}
            <Anchor component={Link} to={paths.privacy.getHref()}>
              privacy policy
            </Anchor>
            .
          </Text>
          <Group gap="sm" mt="xs">
            <Button component={Link} to={paths.contactUs.getHref()} size="md">
              Contact us
            </Button>
            <Button component={Link} to={paths.organiserApp.getHref()} size="md" variant="default">
              See the Organizer app
            </Button>
          </Group>
        </Stack>
      </Section>
    </>
  );
}
