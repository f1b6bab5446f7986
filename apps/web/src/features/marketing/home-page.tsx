import { Button, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import '@mantine/core/styles/List.layer.css';
import { paths } from '../../config/paths';
import { PageTitle } from '../../components/page-title';
import { FaqList, type Faq } from './components/faq-list';
import { FeatureGrid, type Feature } from './components/feature-grid';
import { PageHero } from './components/page-hero';
import { ResultsPreview } from './components/results-preview';
import { Section } from './components/section';

const values: Feature[] = [
  { title: 'Precision', text: 'Every contract is scored by the Laws of Duplicate Bridge, and every board can be replayed card by card.' },
  { title: 'Community', text: 'Clubs, friends and federations play together, at the same table or from across the country.' },
  { title: 'Excellence', text: 'Smooth bidding boxes, one-tap claims and instant replays keep the game moving.' },
  { title: 'Integrity', text: 'Fair movements, recorded results and your data kept private and never sold.' },
];

const services: Feature[] = [
  {
    title: 'Online, club or hybrid',
    text: 'Play fully online, run a face-to-face session at the club, or mix both with physical cards at the table.',
  },
  { title: 'Video at the table', text: 'Optional real-time video chat lets the four players at a table see and hear each other.' },
  { title: 'Live kibitzing', text: 'Spectators follow tables as they are played, so there is no need for a separate vugraph.' },
  { title: 'Movements and scoring', text: 'Mitchell or Howell movements, unlimited pairs and boards, Match Points or IMPs.' },
  { title: 'Hands your way', text: 'Random, imported or pre-dealt hands, or hybrid generation for clubs that deal by hand.' },
  { title: 'Results in seconds', text: 'Rankings, score cards and board replays are ready the moment the last board is scored.' },
];

const faqs: Faq[] = [
  {
    question: 'Is the platform free?',
    answer: 'Yes. Creating an account, playing and running events with the Organizer and Player apps costs nothing.',
  },
  {
    question: 'Which devices are supported?',
    answer: 'The apps run on Windows 10 or higher and Android 10 or higher. An iOS version is on its way.',
  },
  {
    question: 'Do I need an account to play?',
    answer: 'Yes. Create a free account and verify your email address, then sign in to the Player app with it. Tables can be private or public.',
  },
  {
    question: 'Can our club keep playing with real cards?',
    answer: 'Yes. Hybrid mode lets players use physical cards while the app takes care of bidding, scoring and results.',
  },
];

export function HomePage() {
  return (
    <>
      <PageTitle />
      <PageHero
        eyebrow="Contract bridge, made simple"
        title="Run and play bridge tournaments anywhere"
        media={<ResultsPreview />}
        actions={
          <>
            <Button component={Link} to={paths.register.getHref()} size="md" variant="white">
              Create a free account
            </Button>
            <Button component={Link} to={paths.download.getHref()} size="md" variant="outline" color="white">
              Download the apps
            </Button>
          </>
        }
      >
        <p>
          A free platform for bridge players, directors and clubs. Organise events with the Organizer app, join them with the Player app, and follow
          every result online.
        </p>
      </PageHero>

      <Section
        title="What we aim for"
        intro="Bridge is best when the game, not the paperwork, takes the attention. We build tools that let directors set up an event in minutes and let players focus on the bidding and the play."
      />

      <Section title="Our values" muted>
        <FeatureGrid features={values} cols={4} />
      </Section>

      <Section title="Everything a bridge event needs" intro="From a friendly club night to a national pairs final.">
        <FeatureGrid features={services} />
      </Section>

      <Section muted>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Stack gap="sm">
            <Title order={2} fz={{ base: 26, sm: 32 }}>
              A community that plays together
            </Title>
            <Text c="dimmed" size="lg">
              Players find their partners and opponents from clubs everywhere, share replays of the hands they loved, and watch the best tables live.
            </Text>
          </Stack>
          <Paper withBorder radius="md" p="lg">
            <Text fw={700}>In the Player app</Text>
            <List mt="sm" spacing={6} size="sm">
              <List.Item>Bidding boxes and card play that feel natural</List.Item>
              <List.Item>One-tap claims and instant, interactive replays</List.Item>
              <List.Item>Text chat and optional video at the table</List.Item>
              <List.Item>A map of where the players are joining from</List.Item>
            </List>
          </Paper>
        </SimpleGrid>
      </Section>

      <Section title="Frequently asked questions">
        <FaqList items={faqs} />
      </Section>

      <Section muted>
        <Stack align="center" ta="center" gap="md">
          <Title order={2} fz={{ base: 26, sm: 32 }}>
            Ready for your first board?
          </Title>
          <Text c="dimmed" maw={560}>
            Create your free account, verify your email address and sign in to the Player or Organizer app.
          </Text>
          <Button component={Link} to={paths.register.getHref()} size="md">
            Sign Up
          </Button>
        </Stack>
      </Section>
    </>
  );
}
