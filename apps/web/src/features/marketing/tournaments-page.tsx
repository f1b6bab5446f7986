import { PageTitle } from '../../components/page-title';
import { FeatureGrid } from './components/feature-grid';
import { PageHero } from './components/page-hero';
import { Section } from './components/section';

export function TournamentsPage() {
  return (
    <>
      <PageTitle title="Tournaments" description="Pair events, solitaire and hybrid club sessions on the bridge platform." />
      <PageHero eyebrow="Tournaments" title="Events for every kind of bridge player">
        <p>
          Organisers create events in the Organizer app and players join them from the Player app. When the last
          board is played, the ranking, travellers and hand records are published here.
        </p>
      </PageHero>
      <Section title="Kinds of events">
        <FeatureGrid
          features={[
            { title: 'Pair events', text: 'Mitchell or Howell movements with Match Point or IMP scoring, for any number of tables.' },
            { title: 'Solitaire', text: 'Play a set of boards on your own and compare your results with everyone who played them.' },
            { title: 'Hybrid club sessions', text: 'Real cards on the table, with bidding, scoring and results handled by the apps.' },
          ]}
        />
      </Section>
    </>
  );
}
