import { messages } from '@bridge/api';
import { Anchor, Button } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { PageTitle } from '../../components/page-title';
import { site } from '../../lib/site';
import { OrganiserPoster } from './components/app-posters';
import { FaqList, type Faq } from './components/faq-list';
import { FeatureGrid, type Feature } from './components/feature-grid';
import { GetTheApp } from './components/get-the-app';
import { HeroMedia } from './components/hero-media';
import { PageHero } from './components/page-hero';
import { Section } from './components/section';

const features: Feature[] = [
  {
    title: 'Mitchell or Howell',
    text: 'Pick the movement that suits the field: Mitchell for larger sections, Howell when every pair should meet every other.',
  },
  {
    title: 'Unlimited pairs and boards',
    text: 'From a three-table club night to a national final, with as many boards per round as you want.',
  },
  {
    title: 'Match Points or IMPs',
    text: 'Score the event by matchpoints or by IMPs; the app applies the Laws of Duplicate Bridge to every contract.',
  },
  {
    title: 'Random, imported or hybrid hands',
    text: 'Let the app deal random boards, import the deals from a PBN file, or record hands dealt by hand at the club.',
  },
  {
    title: 'Score cards and board replays',
    text: 'Every pair gets a full score card, and every board can be replayed card by card once the event ends.',
  },
  {
    title: 'Online, club or hybrid',
    text: 'Run the same event fully online, face to face with physical cards, or both at once.',
  },
];

const services: Faq[] = [
  {
    question: 'Setting up an event',
    answer:
      'Name the event, choose online, club or hybrid play, set the number of tables, rounds and boards per round, and choose public or private. Players join from the Player app with the event key you share.',
  },
  {
    question: 'Movements',
    answer:
      'In a Mitchell movement North-South pairs stay at their tables while East-West pairs move up one table and the boards move down one each round. A Howell movement moves the pairs by a schedule so that, in a small field, everyone plays against everyone. The app seats the pairs and tells each table where to go next.',
  },
  {
    question: 'Scoring: matchpoints and IMPs',
    answer:
      'With matchpoints each result is compared with every other result on the same board: two points for each score you beat and one for each tie, shown as a percentage. With IMPs the difference between scores is converted on the standard IMP scale, so big swings count more than overtricks.',
  },
  {
    question: 'Dealing the hands',
    answer:
      'Random deals come from the app and are identical at every table that plays the board. Imported deals come from a PBN file made by a dealing machine or another program. In hybrid mode players deal real cards at the table and the app records what was held.',
  },
  {
    question: 'During the session',
    answer:
      'Follow every table live: which board it is playing, the contracts bid and the scores entered. Spectators can kibitz public tables without a separate vugraph.',
  },
  {
    question: 'Publishing results',
    answer:
      'When the last board is scored the ranking, the travellers of each board, the score cards and the board replays are ready for the players, and the event record stays available afterwards.',
  },
];

const faqs: Faq[] = [
  {
    question: 'Does it cost anything to run an event?',
    answer: 'No. The Organizer app and hosting your events are free, whatever the size of the field.',
  },
  {
    question: 'Which computer do I need?',
    answer: `The Organizer app runs on Windows. ${messages.windowsRequirement}. Your players can use the Player app on Windows or Android.`,
  },
  {
    question: 'Can players use real cards?',
    answer: 'Yes. In hybrid mode players hold physical cards and the apps take care of the bidding, the scoring and the results.',
  },
  {
    question: 'Can I use deals from our dealing machine?',
    answer: 'Yes. Export the deals as a PBN file and import it when you set up the event, so the hand records match the boards on the table.',
  },
  {
    question: 'How many tables can one event have?',
    answer: 'There is no limit on pairs or boards. Choose a Howell movement for small fields and a Mitchell movement for larger ones.',
  },
];

export function OrganiserAppPage() {
  return (
    <>
      <PageTitle
        title="Organiser App"
        description="Direct contract bridge tournaments with the free Organizer app: Mitchell and Howell movements, matchpoints or IMPs, dealt or imported hands and instant results."
      />
      <PageHero
        eyebrow="Organizer app"
        title="Direct a tournament in minutes"
        media={<HeroMedia poster={<OrganiserPoster />} videoUrl={site.videos.organiser} videoTitle="A tour of the Organizer app" />}
        actions={
          <Button component={Link} to={paths.download.getHref('organiser')} size="md" variant="white">
            Download the Organizer app
          </Button>
        }
      >
        <p>
          Choose a movement, seat the pairs, deal the boards and let the app score as you go. Results are ready the moment the last board is played.
        </p>
      </PageHero>

      <Section title="Everything a director needs" intro="Built with club directors, for the evening session and the championship alike.">
        <FeatureGrid features={features} />
      </Section>

      <Section title="How it works" muted>
        <FaqList items={services} />
      </Section>

      <GetTheApp
        id="download"
        title="Get the Organizer app"
        download={{ to: paths.download.getHref('organiser'), label: 'Download the Organizer app' }}
        note={{
          title: 'Your players join on Android or Windows',
          body: (
            <>
              Players use the free Player app on their own phone, tablet or computer. Android phones install it from a QR code on the download page.{' '}
              {messages.androidRequirement} Send them to the{' '}
              <Anchor component={Link} to={paths.playerApp.getHref()}>
                Player app page
              </Anchor>{' '}
              to get started.
            </>
          ),
        }}
      >
        Install the Organizer app on the computer you direct from. {messages.windowsRequirement}.
      </GetTheApp>

      <Section title="Questions" muted>
        <FaqList items={faqs} />
      </Section>
    </>
  );
}
