import { Anchor, List, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import '@mantine/core/styles/List.layer.css';
import { paths } from '../../app/paths';
import { PageTitle } from '../../components/page-title';
import { PageHero } from './components/page-hero';
import { Section } from './components/section';

const apps = {
  player: {
    name: 'Player app',
    text: 'Join tournaments, play at private or public tables and replay your boards.',
    android: true,
  },
  organiser: {
    name: 'Organizer app',
    text: 'Create events, choose movements and scoring, and publish results.',
    android: false,
  },
  math: {
    name: 'Math app',
    text: 'Practise the arithmetic behind the game with short, playful exercises.',
    android: false,
  },
} as const;

const pickApp = (value: string | null): keyof typeof apps =>
  value === 'organiser' || value === 'organizer' ? 'organiser' : value === 'math' ? 'math' : 'player';

export function DownloadPage() {
  const [searchParams] = useSearchParams();
  const app = apps[pickApp(searchParams.get('app'))];

  return (
    <>
      <PageTitle title={`Download the ${app.name}`} description={app.text} />
      <PageHero eyebrow="Download" title={`Get the ${app.name}`}>
        <p>{app.text} Free to download and use.</p>
      </PageHero>
      <Section title="System requirements">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" maw={820}>
          <Paper withBorder radius="md" p="lg">
            <Text fw={700}>Windows</Text>
            <Text c="dimmed" mt={4}>
              Requires Windows 10 or higher
            </Text>
          </Paper>
          {app.android ? (
            <Paper withBorder radius="md" p="lg">
              <Text fw={700}>Android</Text>
              <Text c="dimmed" mt={4}>
                Requires Android 10 or higher.
              </Text>
            </Paper>
          ) : null}
        </SimpleGrid>
      </Section>
      <Section title="Getting started" muted id="guide">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <div>
            <Title order={3} fz="lg">
              Your account
            </Title>
            <List type="ordered" mt="sm" spacing={6}>
              <List.Item>
                <Anchor component={Link} to={paths.register.getHref()}>Create an account</Anchor> and sign in to the app with it.
              </List.Item>
              <List.Item>Open the link in the email we send you to verify your email address.</List.Item>
            </List>
          </div>
          {app.android ? (
            <div>
              <Title order={3} fz="lg">
                Installing on Android
              </Title>
              <List type="ordered" mt="sm" spacing={6}>
                <List.Item>Allow installing apps from unknown sources in your phone's settings.</List.Item>
                <List.Item>Find the downloaded APK file in your Downloads folder.</List.Item>
                <List.Item>Tap it and confirm the installation.</List.Item>
                <List.Item>Open the app and sign in.</List.Item>
              </List>
            </div>
          ) : null}
        </SimpleGrid>
        <Text mt="xl" c="dimmed">
          Need help? <Anchor component={Link} to={paths.contactUs.getHref()}>Contact us</Anchor>.
        </Text>
      </Section>
    </>
  );
}
