import type { EventResults } from '@bridge/api';
import { Badge, Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import { paths } from '../../../config/paths';
import { DownloadIcon } from '../../../components/icons';
import { PageTitle } from '../../../components/page-title';
import { handRecordsHref, useEventResults, useMyPairs } from '../api/results';
import { Traveller, useOpenBoardsForPrint } from './board-traveller';
import { formatStandingScore, isImpScoring, pairLabel, scoringLabel } from './format';
import { RankingTable } from './ranking-table';
import { ResultsError } from './results-error';
import classes from './results-page.module.css';
import { Scorecard } from './scorecard';

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' });
const formatDate = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
};

function ResultsView({ results, mine }: { results: EventResults; mine: ReadonlySet<string> }) {
  // `?pair=NS1` (the link in a player's results mail) opens that pair's scorecard.
  const [searchParams] = useSearchParams();
  const [selected, setSelected] = useState<string | null>(() => {
    const linked = searchParams.get('pair');
    return linked && results.pairs.some((pair) => pair.key === linked) ? linked : null;
  });
  const travellersRef = useRef<HTMLElement>(null);
  useOpenBoardsForPrint(travellersRef);
  const imps = isImpScoring(results.scoringMethod);
  const twoWinners = results.winners === 2;
  const standing = results.pairs.find((pair) => pair.key === selected);
  const select = (key: string) => setSelected((current) => (current === key ? null : key));
  const date = results.completedAt ?? results.createdAt;
  const rankingProps = { imps, selected, onSelect: select, mine };
  const myStandings = results.pairs.filter((pair) => mine.has(pair.key));

  return (
    <Stack gap="xl">
      <PageTitle
        title={`${results.name} results`}
        description={`Ranking, travellers and hands of ${results.name}, a ${results.movementType} event scored by ${scoringLabel(results.scoringMethod)}.`}
      />
      <header>
        <Text size="sm" fw={700} c="felt.8" tt="uppercase">
          Event results
        </Text>
        <Group gap="sm" mt={4} align="center">
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {results.name}
          </Title>
          {results.status === 'active' ? (
            <Badge size="lg" variant="filled">
              Live results
            </Badge>
          ) : null}
        </Group>
        <dl className={classes.subtitle}>
          <div>
            <dt>Key</dt>
            <dd>{results.key}</dd>
          </div>
          <div>
            <dt>Movement</dt>
            <dd>{results.movementType}</dd>
          </div>
          <div>
            <dt>Scoring</dt>
            <dd>{scoringLabel(results.scoringMethod)}</dd>
          </div>
          <div>
            <dt>Date</dt>
            <dd>
              <time dateTime={date}>{formatDate(date)}</time>
            </dd>
          </div>
        </dl>
        {results.status === 'active' ? (
          <Text size="sm" c="dimmed" mt="xs">
            The event is still being played: this page updates as boards are scored.
          </Text>
        ) : null}
        <Group gap="sm" mt="md" className={classes.noPrint}>
          {results.status === 'active' && mine.size > 0 ? (
            // A player seated in the event: the join page opens on their table.
            <Button component={Link} to={paths.video.root.getHref(results.key)}>
              Join the table's video
            </Button>
          ) : null}
          {results.xmlUrl ? (
            <Button component="a" href={results.xmlUrl} download variant="default" leftSection={<DownloadIcon size={18} />}>
              Download XML
            </Button>
          ) : null}
          <Button component="a" href={results.pbnUrl} download variant="default" leftSection={<DownloadIcon size={18} />}>
            Download PBN
          </Button>
          {results.boards.some((board) => board.deal) ? (
            <Button component="a" href={handRecordsHref(results.key)} target="_blank" variant="default" leftSection={<DownloadIcon size={18} />}>
              Hand records (PDF)
            </Button>
          ) : null}
        </Group>
      </header>

      <section aria-labelledby="ranking-heading">
        <Title order={2} id="ranking-heading" mb="sm">
          Ranking
        </Title>
        {results.pairs.length === 0 ? (
          <Text>No pairs have been ranked yet.</Text>
        ) : twoWinners ? (
          <Stack gap="lg">
            <RankingTable caption="North-South" standings={results.pairs.filter((p) => p.direction === 'NS')} {...rankingProps} />
            <RankingTable caption="East-West" standings={results.pairs.filter((p) => p.direction !== 'NS')} {...rankingProps} />
          </Stack>
        ) : (
          <RankingTable caption="Ranking" hideCaption standings={results.pairs} {...rankingProps} />
        )}
        {myStandings.length ? (
          <Text size="sm" mt="xs" className={classes.noPrint}>
            {myStandings
              .map((pair) => `You played as pair ${pairLabel(pair.direction, pair.pair)}: place ${pair.label}, ${formatStandingScore(pair, imps)}.`)
              .join(' ')}{' '}
            Your rows are marked “You”.
          </Text>
        ) : null}
        <Text size="sm" c="dimmed" mt="xs" className={classes.noPrint}>
          Choose a pair to see its scorecard.
        </Text>
      </section>

      {standing ? <Scorecard results={results} standing={standing} onClose={() => setSelected(null)} isMine={mine.has(standing.key)} /> : null}

      <section aria-labelledby="travellers-heading" ref={travellersRef}>
        <Title order={2} id="travellers-heading" mb="sm">
          Travellers
        </Title>
        {results.analysisAvailable ? null : (
          <Text size="sm" c="dimmed" mb="sm">
            Double-dummy analysis is not available on this server.
          </Text>
        )}
        {results.boards.length === 0 ? (
          <Text>No boards have been played yet.</Text>
        ) : (
          results.boards.map((board) => (
            <Traveller
              key={board.board}
              board={board}
              imps={imps}
              twoWinners={twoWinners}
              mine={mine}
              analysisAvailable={results.analysisAvailable}
            />
          ))
        )}
      </section>
    </Stack>
  );
}

function ResultsSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading results">
      <Skeleton height={16} width={120} />
      <Skeleton height={40} width="60%" />
      <Skeleton height={18} width="80%" />
      <Skeleton height={220} radius="md" />
      <Skeleton height={44} radius="md" />
      <Skeleton height={44} radius="md" />
    </Stack>
  );
}

export function ResultsPage() {
  const { key = '' } = useParams();
  const results = useEventResults(key);
  const mine = useMyPairs(key);
  return (
    <Container size="lg" py={{ base: 32, sm: 56 }}>
      {results.data ? (
        // A failed background refresh of live results keeps the last answer on screen.
        <ResultsView results={results.data} mine={mine} />
      ) : results.isError ? (
        <>
          <PageTitle title={`Results ${key}`} />
          <ResultsError error={results.error} onRetry={() => void results.refetch()} videoKey={mine.size > 0 ? key : undefined} />
        </>
      ) : (
        <>
          <PageTitle title={`Results ${key}`} />
          <ResultsSkeleton />
        </>
      )}
    </Container>
  );
}
