import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { PageTitle } from '../../components/page-title';
import { FaqList } from './components/faq-list';
import { FeatureGrid } from './components/feature-grid';
import { PageHero } from './components/page-hero';
import { Section } from './components/section';

export function PlayerAppPage() {
  return (
    <>
      <PageTitle title="Player App" description="Join bridge tournaments online or at your club with the free Player app." />
      <PageHero
        eyebrow="Player app"
        title="Your seat at every bridge table"
        actions={
          <Button component={Link} to={paths.download.getHref('player')} size="md" variant="white">
            Download the Player app
          </Button>
        }
      >
        <p>
          Join public or private tables, play with friends or your club, and replay every hand afterwards. Free
          for Windows and Android.
        </p>
      </PageHero>
      <Section title="Made for the way you play">
        <FeatureGrid
          features={[
            { title: 'Natural bidding and play', text: 'Smooth bidding boxes, card animations and one-tap claims.' },
            { title: 'Video and text chat', text: 'See your partner and opponents, or just send a quick message.' },
            { title: 'Instant replay', text: 'Step through any board you played, card by card, as soon as it ends.' },
            { title: 'Kibitz live', text: 'Watch the tables you care about while they are being played.' },
            { title: 'Hybrid mode', text: 'Play with physical cards at the club while the app records everything.' },
            { title: 'Player map', text: 'See where everyone at your event is joining from.' },
          ]}
        />
      </Section>
      <Section title="Questions" muted>
        <FaqList
          items={[
            { question: 'What do I need to start?', answer: 'A free account with a verified email address, and Windows 10 or Android 10 or higher.' },
            { question: 'Is there an iPhone version?', answer: 'iOS support is coming. Until then, use a Windows computer or an Android phone or tablet.' },
          ]}
        />
      </Section>
    </>
  );
}
