import { Anchor, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useSyncExternalStore, type ReactNode } from 'react';
import { Link } from 'react-router';
import '@mantine/core/styles/List.layer.css';
import { paths } from '../../config/paths';
import { PageTitle } from '../../components/page-title';
import { office, site } from '../../lib/site';
import { clearCookieConsent, getCookieConsent, subscribeStorage } from '../../lib/storage';
import { PageHero } from './components/page-hero';
import { Section } from './components/section';
import classes from './privacy-page.module.css';

const LAST_UPDATED = '21 November 2026';

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} id={id} fz={{ base: 22, sm: 26 }}>
        {title}
      </Title>
      <Stack gap="sm" mt="sm">
        {children}
      </Stack>
    </section>
  );
}

const contactLink = (
  <Anchor component={Link} to={paths.contactUs.getHref()}>
    contact us
  </Anchor>
);

/** Shows the stored analytics choice and lets the visitor make it again. */
function CookieChoice() {
  // 'pending' while prerendering and hydrating: the choice lives in this browser only.
  const consent = useSyncExternalStore(
    subscribeStorage,
    () => getCookieConsent() ?? 'unset',
    () => 'pending',
  );
  if (consent === 'pending') return null;
  const text =
    consent === 'accepted'
      ? 'You accepted analytics cookies in this browser.'
      : consent === 'rejected'
        ? 'You rejected analytics cookies in this browser.'
        : 'You have not made a choice about analytics cookies in this browser yet.';
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm" role="status">
          {text}
        </Text>
        {consent === 'unset' ? null : (
          <Button variant="default" size="sm" onClick={clearCookieConsent}>
            Change my choice
          </Button>
        )}
      </Group>
    </Paper>
  );
}

const parts = [
  { id: 'who-we-are', title: 'Who we are' },
  { id: 'what-we-collect', title: 'What we collect' },
  { id: 'how-we-use-it', title: 'How we use your data' },
  { id: 'sharing', title: 'Who we share it with' },
  { id: 'cookies', title: 'Cookies and the consent banner' },
  { id: 'retention', title: 'How long we keep it' },
  { id: 'security', title: 'How we protect it' },
  { id: 'children', title: 'Children' },
  { id: 'your-rights', title: 'Your rights' },
  { id: 'changes', title: 'Changes to this policy' },
  { id: 'contact', title: 'Contact' },
];

export function PrivacyPage() {
  return (
    <>
      <PageTitle
        title="Privacy Policy"
        description="What personal data the bridge platform collects, why, who it is shared with, how long it is kept and your rights."
      />
      <PageHero eyebrow="Privacy policy" title="Your data, handled with care">
        <p>
          This policy explains what personal data we collect when you use the Player app, the Organizer app, the Math app and this website, why we
          collect it, and the choices you have.
        </p>
        <p>Last updated: {LAST_UPDATED}</p>
      </PageHero>
      <Section>
        <Stack gap={40} className={classes.body}>
          <nav aria-label="On this page">
            <Text fw={700}>On this page</Text>
            <List mt="xs" spacing={4} className={classes.toc}>
              {parts.map((part) => (
                <List.Item key={part.id}>
                  <Anchor href={`#${part.id}`}>{part.title}</Anchor>
                </List.Item>
              ))}
            </List>
          </nav>

          <Part id="who-we-are" title="Who we are">
            <Text>
              {site.name} runs a free platform for contract bridge tournaments: the Organizer app for directors and clubs, the Player app for everyone
              at the table, the Math app and this website. We are responsible for the personal data described here. Our office is at{' '}
              {office.addressLines.slice(1).join(', ')}.
            </Text>
          </Part>

          <Part id="what-we-collect" title="What we collect">
            <Text>Information you give us when you create an account, edit your profile or write to us:</Text>
            <List spacing={6}>
              <List.Item>your name and email address;</List.Item>
              <List.Item>your phone number;</List.Item>
              <List.Item>your gender;</List.Item>
              <List.Item>your national bridge federation number, so results can be linked to your membership;</List.Item>
              <List.Item>your city;</List.Item>
              <List.Item>the messages you send through the contact form.</List.Item>
            </List>
            <Text>Information created when you play or run events:</Text>
            <List spacing={6}>
              <List.Item>
                the events you join or organise, your seat, partner and opponents, and your bids, cards, claims, scores and rankings;
              </List.Item>
              <List.Item>text chat at the table. Video and audio travel between the players and are never recorded.</List.Item>
            </List>
            <Text>Information collected automatically:</Text>
            <List spacing={6}>
              <List.Item>device data: the type of device, operating system, app or browser version and IP address;</List.Item>
              <List.Item>
                usage data: sign-ins, app downloads, errors, and, only if you accept analytics cookies, the pages of this website you visit.
              </List.Item>
            </List>
            <Text>Your password is never stored as typed: we keep only a one-way hash of it.</Text>
          </Part>

          <Part id="how-we-use-it" title="How we use your data">
            <List spacing={6}>
              <List.Item>To create and run your account, verify your email address and let you sign in.</List.Item>
              <List.Item>
                To run tournaments: seat players, apply the movement, score the boards and publish rankings, score cards and board replays. Results of
                public events, including players' names, are visible to anyone.
              </List.Item>
              <List.Item>To connect the players of a table by video and text chat when they choose to use it.</List.Item>
              <List.Item>To answer your messages and help with your account or your events.</List.Item>
              <List.Item>
                To keep the platform safe: detect abuse and cheating, limit repeated sign-in attempts and keep an audit record of sign-ins and
                administrator actions.
              </List.Item>
              <List.Item>To understand which parts of the apps and site are used, so we can improve them.</List.Item>
              <List.Item>To meet our legal obligations.</List.Item>
            </List>
            <Text>
              We use your data because we need it to provide the service you signed up for, because we have a legitimate interest in keeping it safe
              and improving it, because the law requires it, or, for analytics, because you agreed.
            </Text>
          </Part>

          <Part id="sharing" title="Who we share it with">
            <Text fw={600}>We do not sell your personal data, and we never will.</Text>
            <Text>We share it only with:</Text>
            <List spacing={6}>
              <List.Item>
                service providers who help us run the platform, such as hosting, email delivery and the relay servers that carry video between
                players. They may use the data only to provide their service to us;
              </List.Item>
              <List.Item>
                regulators, courts and public authorities, when the law requires it or to protect the rights and safety of our users;
              </List.Item>
              <List.Item>our affiliates, the companies in our group, who follow this policy.</List.Item>
            </List>
            <Text>The organiser of an event you join sees the details needed to run it: your name, contact details and federation number.</Text>
          </Part>

          <Part id="cookies" title="Cookies and the consent banner">
            <Text>
              We use one essential cookie to keep you signed in. It cannot be read by scripts and is deleted when you log out. The website also keeps
              a few settings in your browser's local storage, such as your cookie choice.
            </Text>
            <Text>
              Analytics are off until you choose. The banner at the bottom of the page offers Accept All and Reject All. After Accept All, the website
              sends us the address and title of each page you open and the page you came from; we use no third-party analytics or advertising scripts.
              After Reject All, or while you have not chosen, nothing is sent.
            </Text>
            <CookieChoice />
          </Part>

          <Part id="retention" title="How long we keep it">
            <List spacing={6}>
              <List.Item>Account and profile data: for as long as your account exists.</List.Item>
              <List.Item>
                Tournament results: as part of the event record, so rankings stay correct for the other players. When you delete your account we
                remove your contact details from them.
              </List.Item>
              <List.Item>Contact form messages: up to two years after we have answered.</List.Item>
              <List.Item>Sign-in and audit records: up to one year.</List.Item>
              <List.Item>Page-view analytics: up to two years, then deleted.</List.Item>
            </List>
            <Text>When you delete your account, your profile is removed within 30 days.</Text>
          </Part>

          <Part id="security" title="How we protect it">
            <List spacing={6}>
              <List.Item>All traffic between your device and our servers is encrypted.</List.Item>
              <List.Item>Passwords are stored only as slow, salted hashes.</List.Item>
              <List.Item>Sessions end when you log out, change your password or when your account is disabled.</List.Item>
              <List.Item>Only administrators can see other users' data, and every administrator action is logged.</List.Item>
            </List>
            <Text>No system is perfectly secure. If a breach affects your data, we will tell you and the authorities.</Text>
          </Part>

          <Part id="children" title="Children">
            <Text>
              The apps are not meant for anyone under 18 without the supervision of a parent or guardian. If you believe a child has given us personal
              data without that supervision, please {contactLink} and we will delete it.
            </Text>
          </Part>

          <Part id="your-rights" title="Your rights">
            <Text>You may at any time:</Text>
            <List spacing={6}>
              <List.Item>access the personal data we hold about you and get a copy of it;</List.Item>
              <List.Item>
                correct it: most of it on your{' '}
                <Anchor component={Link} to={paths.console.profile.getHref()}>
                  profile page
                </Anchor>
                ;
              </List.Item>
              <List.Item>delete it, together with your account;</List.Item>
              <List.Item>withdraw your consent, for example to analytics, without affecting what was done before;</List.Item>
              <List.Item>object to how we use it.</List.Item>
            </List>
            <Text>
              To use any of these rights, {contactLink}. We answer within 30 days. You may also complain to the data protection authority of your
              country.
            </Text>
          </Part>

          <Part id="changes" title="Changes to this policy">
            <Text>
              When we change this policy, we tell you by email at the address you registered with, before the change takes effect. The date at the top
              shows when it last changed.
            </Text>
          </Part>

          <Part id="contact" title="Contact">
            <Text>
              Questions about your data or this policy? Please{' '}
              <Anchor component={Link} to={paths.contactUs.getHref()}>
                contact us
              </Anchor>{' '}
              or write to <Anchor href={`mailto:${office.email}`}>{office.email}</Anchor>.
            </Text>
          </Part>
        </Stack>
      </Section>
    </>
  );
}
