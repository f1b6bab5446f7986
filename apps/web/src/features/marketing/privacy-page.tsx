import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { PageTitle } from '../../components/page-title';
import { PageHero } from './components/page-hero';
import { Section } from './components/section';

const sections = [
  {
    title: 'What we collect',
    text: 'Your name, phone number, email address, gender, national bridge federation number and city, and data about your device and how you use the apps and this website.',
  },
  {
    title: 'How we share it',
    text: 'We do not sell your data. We share it only with service providers who help us run the platform, with regulators where the law requires it, and with our affiliates.',
  },
  {
    title: 'Children',
    text: 'The apps are not meant for anyone under 18 without the supervision of a parent or guardian.',
  },
  {
    title: 'Your rights',
    text: 'You may access, correct or delete your data, withdraw your consent and object to how we use it.',
  },
  {
    title: 'Changes to this policy',
    text: 'When this policy changes, we tell you by email at the address you registered with.',
  },
];

export function PrivacyPage() {
  return (
    <>
      <PageTitle title="Privacy Policy" description="How the bridge platform collects, uses and protects your personal data." />
      <PageHero eyebrow="Privacy policy" title="Your data, handled with care">
        <p>This policy explains what personal data we collect when you use our apps and website, and why.</p>
      </PageHero>
      <Section>
        <Stack gap="xl" maw={760}>
          {sections.map((section) => (
            <div key={section.title}>
              <Title order={2} fz="xl">
                {section.title}
              </Title>
              <Text mt="xs">{section.text}</Text>
            </div>
          ))}
          <Text>
            Questions about your data? <Anchor component={Link} to={paths.contactUs.getHref()}>Contact us</Anchor>.
          </Text>
        </Stack>
      </Section>
    </>
  );
}
