import { messages } from '@bridge/api';
import { Anchor, Button } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { PageTitle } from '../../components/page-title';
import { site } from '../../lib/site';
import { PlayerPoster } from './components/app-posters';
import { FaqList, type Faq } from './components/faq-list';
import { FeatureGrid, type Feature } from './components/feature-grid';
import { GetTheApp } from './components/get-the-app';
import { HeroMedia } from './components/hero-media';
import { PageHero } from './components/page-hero';
import { Section } from './components/section';

const features: Feature[] = [
  {
    title: 'Smooth bidding boxes',
    text: 'Tap a level, then a strain. Pass, double and redouble are one touch away, and the auction stays on screen while you play.',
  },
  {
    title: 'One-tap claim',
    text: 'Claim the rest of the tricks with a single tap. The opponents see your hand and accept or reject, and the score follows at once.',
  },
  {
    title: 'Card animations',
    text: 'Cards slide to the middle of the table and the trick is gathered to its winner, so you can always see who won it.',
  },
  {
    title: 'Instant, interactive replay',
    text: 'As soon as a board ends, step through the bidding and play card by card, or try another line from any trick.',
  },
  {
    title: 'Video and text chat',
    text: 'Optional real-time video lets the four players at a table see each other. Text chat works at every table.',
  },
  {
    title: 'Live kibitzing',
    text: 'Spectators follow any public table as it is played, so there is no need for a separate vugraph.',
  },
  {
    title: 'Random or pre-dealt hands',
    text: 'Play boards dealt by the app or the hands the director imported, the same for every table in the event.',
  },
  {
    title: 'Hybrid mode with real cards',
    text: 'At the club, hold physical cards and let the app record the bidding, the play and the result.',
  },
  {
    title: 'Player location map',
    text: 'See on a map where the players of your event are joining from, from the next village to the next continent.',
  },
];

const services: Faq[] = [
  {
    question: 'Online tournaments',
    answer:
      'Join pairs events run by clubs and federations from home. The Player app seats you at the right table for each round of the Mitchell or Howell movement and brings the next boards to you.',
  },
  {
    question: 'Club nights with physical cards',
    answer:
      'In hybrid mode the cards on the table are real. Each table uses the app as its bidding box and scorer, so the director sees results arrive live and nobody fills in a traveller by hand.',
  },
  {
    question: 'Private tables',
    answer: 'Invite your partner and two friends to a private table for a practice session. Only the players you invite can sit down.',
  },
  {
    question: 'Public tables',
    answer: 'Sit at a public table to meet new partners and opponents. Kibitzers can watch, and the results are shared like any other event.',
  },
  {
    question: 'Solitaire events',
    answer: 'Play a set of boards on your own, whenever you like, and compare your result on every board with everyone who played the same hands.',
  },
  {
    question: 'Results, score cards and replays',
    answer:
      'After each board you see how the others scored it, in matchpoints or IMPs. At the end of the event your score card and every board replay stay in your account.',
  },
];

const faqs: Faq[] = [
  {
    question: 'What do I need to start?',
    answer: 'A free account with a verified email address, and a computer with Windows 10 or higher or a phone or tablet with Android 10 or higher.',
  },
  {
    question: 'Is the Player app really free?',
    answer: 'Yes. The app, your account and playing in events are free. Clubs may charge their own table money, as they always have.',
  },
  {
    question: 'Is there an iPhone or iPad version?',
    answer: 'iOS is coming. Until it arrives, use a Windows computer or an Android phone or tablet.',
  },
  {
    question: 'Do I have to use video?',
    answer: 'No. Video chat is optional and off until you turn it on. Text chat and the bidding box work without it.',
  },
  {
    question: 'Can other people watch my table?',
    answer: 'At public tables, yes: kibitzers can follow the play live. Private tables are closed to everyone you have not invited.',
  },
];

export function PlayerAppPage() {
  return (
    <>
      <PageTitle
        title="Player App"
        description="Play contract bridge online or at your club with the free Player app: bidding boxes, one-tap claims, replays, kibitzing and video chat."
      />
      <PageHero
        eyebrow="Player app"
        title="Your seat at every bridge table"
        media={<HeroMedia poster={<PlayerPoster />} videoUrl={site.videos.player} videoTitle="A tour of the Player app" />}
        actions={
          <>
            <Button component={Link} to={paths.download.getHref('player')} size="md" variant="white">
              Download the Player app
            </Button>
            <Button component={Link} to={paths.register.getHref()} size="md" variant="outline" color="white">
              Create a free account
            </Button>
          </>
        }
      >
        <p>
          Join club and federation events, sit at private or public tables, and replay every board the moment it ends. Free for Windows and Android.
        </p>
      </PageHero>

      <Section title="Made for the way you play" intro="Everything happens at the table: bid, play, claim and talk, without hunting through menus.">
        <FeatureGrid features={features} />
      </Section>

      <Section title="What you can do with it" muted>
        <FaqList items={services} />
      </Section>

      <GetTheApp
        id="android"
        title="Play on your Android phone or tablet"
        download={{ to: paths.download.getHref('player'), label: 'Get the Android app' }}
        note={{
          title: 'Installing on Android',
          body: (
            <>
              The app is installed from an APK file rather than from a store. Allow installs from unknown sources for your browser, open the
              downloaded file, tap Install, then open the app and sign in. The{' '}
              <Anchor component={Link} to={paths.download.getHref('player')}>
                download page
              </Anchor>{' '}
              walks you through each step.
            </>
          ),
        }}
      >
        Install the Player app straight from our download page: scan the QR code with your phone or download the APK directly.{' '}
        {messages.androidRequirement}
      </GetTheApp>

      <Section title="Questions" muted>
        <FaqList items={faqs} />
      </Section>
    </>
  );
}
