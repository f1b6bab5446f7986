import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { PageTitle } from '../../components/page-title';
import { FaqList } from './components/faq-list';
import { FeatureGrid } from './components/feature-grid';
import { PageHero } from './components/page-hero';
import { Section } from './components/section';

export function OrganiserAppPage() {
  return (
    <>
      <PageTitle title="Organiser App" description="Set up and direct bridge tournaments with the free Organizer app." />
      <PageHero
        eyebrow="Organizer app"
        title="Direct a tournament in minutes"
        actions={
          <Button component={Link} to={paths.download.getHref('organiser')} size="md" variant="white">
            Download the Organizer app
          </Button>
        }
      >
        <p>
          Choose a movement, seat the pairs, deal the boards and let the app score as you go. Results are
          published the moment the last board is played.
        </p>
      </PageHero>
      <Section title="Everything a director needs">
        <FeatureGrid
          features={[
            { title: 'Mitchell or Howell', text: 'Standard movements for any number of tables, with unlimited pairs and boards.' },
            { title: 'Match Points or IMPs', text: 'Scoring by the Laws of Duplicate Bridge, computed automatically.' },
            { title: 'Hand generation', text: 'Random, imported or hybrid hands, ready to play or to print.' },
            { title: 'Score cards', text: 'Every pair gets a full score card with a replay of each board.' },
            { title: 'Online, club or hybrid', text: 'Run the same event online, face to face, or both at once.' },
            { title: 'Live scoring', text: 'Follow the event table by table as results come in.' },
          ]}
        />
      </Section>
      <Section title="Questions" muted>
        <FaqList
          items={[
            { question: 'Does it cost anything to run an event?', answer: 'No. The Organizer app and hosting your events are free.' },
            { question: 'Can players use real cards?', answer: 'Yes. In hybrid mode players hold physical cards and the apps handle bidding, scoring and results.' },
          ]}
        />
      </Section>
    </>
  );
}
