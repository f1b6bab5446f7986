import { PageTitle } from '../../components/page-title';
import { FeatureGrid } from './components/feature-grid';
import { PageHero } from './components/page-hero';
import { Section } from './components/section';

export function AboutPage() {
  return (
    <>
      <PageTitle title="About Us" description="Who we are and why we build free tools for contract bridge." />
      <PageHero eyebrow="About us" title="Built by bridge players, for bridge players">
        <p>
          We started this platform because running a bridge event should not take more effort than playing in
          one. Directors wanted movements, scoring and results without spreadsheets; players wanted to meet at
          the table wherever they are.
        </p>
      </PageHero>
      <Section
        title="What we do"
        intro="We make the Organizer app for directors and clubs, the Player app for everyone at the table, and this website, where accounts, results and event records live. All of it is free."
      />
      <Section title="What we stand for" muted>
        <FeatureGrid
          cols={4}
          features={[
            { title: 'Precision', text: 'Correct scores, correct movements, every time.' },
            { title: 'Community', text: 'Clubs and players brought closer, online and in person.' },
            { title: 'Excellence', text: 'Software that is pleasant to use for a whole session.' },
            { title: 'Integrity', text: 'Fair play and respect for your personal data.' },
          ]}
        />
      </Section>
    </>
  );
}
