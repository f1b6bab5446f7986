import { Paper, SimpleGrid, Text } from '@mantine/core';
import { PageTitle } from '../../components/page-title';
import { PageHero } from './components/page-hero';
import { Section } from './components/section';

export function ContactPage() {
  return (
    <>
      <PageTitle title="Contact Us" description="Questions about the bridge platform, the apps or your account? Get in touch." />
      <PageHero eyebrow="Contact us" title="We'd Love to Hear from You.">
        <p>
          Questions about running an event, trouble with your account, or an idea that would make the apps better
          for your club: write to us and we will get back to you soon.
        </p>
      </PageHero>
      <Section>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" maw={820}>
          <Paper withBorder radius="md" p="lg">
            <Text fw={700}>Opening hours</Text>
            <Text c="dimmed" mt={4}>
              Mon-Sun open 24 hrs
            </Text>
          </Paper>
          <Paper withBorder radius="md" p="lg">
            <Text fw={700}>Players and organisers</Text>
            <Text c="dimmed" mt={4}>
              Tell us your event name or the email address of your account so we can help you faster.
            </Text>
          </Paper>
        </SimpleGrid>
      </Section>
    </>
  );
}
