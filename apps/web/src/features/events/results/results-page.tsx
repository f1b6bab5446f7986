import type { EventResults, PairStanding } from '@bridge/api';
import { Anchor, Badge, Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import { paths } from '../../../config/paths';
import { DownloadIcon } from '../../../components/icons';
import { PageTitle } from '../../../components/page-title';
import { ContractText } from '../../../components/contract-text';
import { TableScroll } from '../../../components/table-scroll';
import { TravellerTable, type PairSide } from '../../../components/traveller-table';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { handRecordsHref, useEventResults, useMyPairs } from '../api/results';
import {
  boardTop,
  dealerText,
  formatMatchpointTotal,
  formatPoints,
  formatScore,
  formatStandingScore,
  isImpScoring,
  pairLabel,
  scorecardRows,
  scoringLabel,
} from './format';
import { againstDoubleDummy } from './analysis';
import analysisClasses from './analysis.module.css';
import { AnalysisPanel, DoubleDummyDifference } from './analysis-panel';
import { HandDiagram } from './hand-diagram';
import classes from './results-page.module.css';

type Board = EventResults['boards'][number];

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' });
const formatDate = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
};

const boardAnchor = (board: number) => `board-${board}`;

/** The mark of the viewer's own pair: a word, not only the row's colour (a plain inline box, so a no-wrap cell grows to hold it). */
function YouBadge() {
  return <span className={classes.youBadge}>You</span>;
}

/** The viewer's pairs among a traveller line's two (keys `NS3` / `EW3`, or `3` with one winner). */
const sidesPlayedBy = (mine: ReadonlySet<string>, line: { nsPair: number; ewPair: number }, twoWinners: boolean): PairSide[] =>
  (['NS', 'EW'] as const).filter((side) => {
    const pair = side === 'NS' ? line.nsPair : line.ewPair;
    return mine.has(twoWinners ? `${side}${pair}` : String(pair));
  });

function RankingTable({
  caption,
  hideCaption = false,
  standings,
  imps,
  selected,
  onSelect,
  mine,
}: {
  caption: string;
  hideCaption?: boolean;
  standings: PairStanding[];
  imps: boolean;
  selected: string | null;
  onSelect: (key: string) => void;
  mine: ReadonlySet<string>;
}) {
  // A pair that played fewer boards is ranked by its IMPs factored to the full schedule: show both figures.
  const factored = imps && standings.some((s) => s.factoredTotal !== null && Math.abs(s.factoredTotal - s.total) > 0.005);
  return (
    <TableScroll label={`${caption} ranking`}>
      <table className={classes.table}>
        <caption className={hideCaption ? classes.srOnly : undefined}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Place</th>
            <th scope="col">Pair</th>
            <th scope="col">Names</th>
            <th scope="col" className={classes.num}>
              {factored ? 'Factored score' : 'Score'}
            </th>
            {factored ? (
              <th scope="col" className={classes.num}>
                IMPs
              </th>
            ) : null}
            <th scope="col" className={classes.num}>
              Boards
            </th>
          </tr>
        </thead>
        <tbody>
          {standings.map((standing) => (
            <tr
              key={standing.key}
              className={
                [selected === standing.key ? classes.selectedRow : '', mine.has(standing.key) ? classes.myRow : ''].join(' ').trim() || undefined
              }
            >
              <td>{standing.label}</td>
              <th scope="row">
                <button type="button" className={classes.pairButton} aria-pressed={selected === standing.key} onClick={() => onSelect(standing.key)}>
                  <span className={classes.srOnly}>Scorecard of pair </span>
                  {pairLabel(standing.direction, standing.pair)}
                </button>
                {mine.has(standing.key) ? <YouBadge /> : null}
              </th>
              <td className={classes.names}>{standing.names.join(' & ') || '–'}</td>
              <td className={classes.num}>
                {formatStandingScore(standing, imps)}
                {imps ? null : (
                  // The matchpoints and the top they are out of, with the percentage, as club results show them; one
                  // cell, so the phone's ranking keeps its width.
                  <span className={classes.matchpointTotal}>
                    {formatMatchpointTotal(standing)}
                    <span className={classes.srOnly}> matchpoints</span>
                  </span>
                )}
              </td>
              {factored ? <td className={classes.num}>{formatStandingScore({ ...standing, factoredTotal: null }, imps)}</td> : null}
              <td className={classes.num}>{standing.boards}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function openBoard(board: number) {
  const details = document.getElementById(boardAnchor(board));
  if (details instanceof HTMLDetailsElement) details.open = true;
}

function Scorecard({ results, standing, onClose, isMine }: { results: EventResults; standing: PairStanding; onClose: () => void; isMine: boolean }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const imps = isImpScoring(results.scoringMethod);
  const rows = scorecardRows(results, standing);
  const label = pairLabel(standing.direction, standing.pair);
  const total = rows.reduce((sum, row) => sum + row.points, 0);
  const opponent = (sat: 'NS' | 'EW', pair: number) => pairLabel(standing.direction ? (sat === 'NS' ? 'EW' : 'NS') : null, pair);

  useEffect(() => {
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [standing.key]);

  return (
    <section className={classes.scorecard} aria-labelledby="scorecard-heading">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={2} fz="h3" id="scorecard-heading" ref={headingRef} tabIndex={-1}>
            Scorecard of pair {label}
            {isMine ? <YouBadge /> : null}
          </Title>
          <Text size="sm" c="dimmed">
            {standing.names.join(' & ') || 'Names not known'} · place {standing.label} · {imps ? '' : `${formatMatchpointTotal(standing)}, `}
            {formatStandingScore(standing, imps)}
          </Text>
        </div>
        <Button variant="default" size="xs" onClick={onClose} className={classes.noPrint}>
          Close scorecard
        </Button>
      </Group>
      <Stack mt="sm" gap="xs">
        {rows.length === 0 ? (
          <Text size="sm">This pair has no boards scored yet.</Text>
        ) : (
          <TableScroll label={`Scorecard of pair ${label}`}>
            <table className={classes.table}>
              <caption className={classes.srOnly}>Boards played by pair {label}</caption>
              <thead>
                <tr>
                  <th scope="col">Board</th>
                  <th scope="col">Against</th>
                  <th scope="col">Contract</th>
                  <th scope="col">By</th>
                  <th scope="col" className={classes.num}>
                    Tricks
                  </th>
                  <th scope="col" className={classes.num}>
                    Score
                  </th>
                  <th scope="col" className={classes.num}>
                    Points
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={`${row.board}-${row.line.round}-${row.line.table}`}>
                    <th scope="row">
                      <Anchor href={`#${boardAnchor(row.board)}`} fz="inherit" onClick={() => openBoard(row.board)}>
                        {row.board}
                      </Anchor>
                    </th>
                    <td>{opponent(row.sat, row.opponent)}</td>
                    <td>
                      <ContractText contract={row.line.contract} adjusted={row.line.adjusted} />
                    </td>
                    <td>{row.line.declarer ?? '–'}</td>
                    <td className={classes.num}>{row.line.tricks ?? '–'}</td>
                    <td className={classes.num}>{row.line.adjusted ? '–' : formatScore(row.score)}</td>
                    <td className={classes.num}>{formatPoints(row.points, imps)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={6}>
                    Total
                  </th>
                  <td className={classes.num}>{formatPoints(total, imps)}</td>
                </tr>
              </tfoot>
            </table>
          </TableScroll>
        )}
      </Stack>
    </section>
  );
}

function Traveller({
  board,
  imps,
  twoWinners,
  mine,
  analysisAvailable,
}: {
  board: Board;
  imps: boolean;
  twoWinners: boolean;
  mine: ReadonlySet<string>;
  analysisAvailable: boolean;
}) {
  const meta = dealerText(board.dealer, board.vulnerability);
  const { analysis } = board;
  // Matchpoints mean little without the top they are out of; IMPs have none.
  const top = imps ? null : boardTop(board.lines);
  return (
    <details className={classes.board} id={boardAnchor(board.board)}>
      <summary>Board {board.board}</summary>
      <div className={classes.boardBody}>
        <p className={classes.boardMeta}>{meta}</p>
        {top === null ? null : <p className={classes.boardMeta}>Top on this board: {formatPoints(top, false)} matchpoints</p>}
        {board.deal ? (
          <div className={analysisClasses.dealAndAnalysis}>
            <HandDiagram board={board.board} deal={board.deal} caption={meta} />
            <AnalysisPanel board={board.board} analysis={analysis} available={analysisAvailable} />
          </div>
        ) : null}
        {board.lines.length === 0 ? (
          <Text size="sm">No results for this board yet.</Text>
        ) : (
          <TravellerTable
            board={board.board}
            lines={board.lines}
            pairLabel={(pair, side) => pairLabel(twoWinners ? side : null, pair)}
            mark={{ badge: 'You', pairs: (line) => sidesPlayedBy(mine, line, twoWinners) }}
            formatPoints={(points) => formatPoints(points, imps)}
            extraColumn={
              analysis
                ? {
                    header: <abbr title="Tricks against double dummy: over (+) or under (−) what the declarer makes with best play">DD</abbr>,
                    cell: (line) => <DoubleDummyDifference difference={againstDoubleDummy(line, analysis)} />,
                  }
                : undefined
            }
          />
        )}
      </div>
    </details>
  );
}

/** Printing shows every board: closed ones are opened for the print and closed again afterwards. */
function useOpenBoardsForPrint(container: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    let opened: HTMLDetailsElement[] = [];
    const before = () => {
      opened = [...(container.current?.querySelectorAll('details:not([open])') ?? [])] as HTMLDetailsElement[];
      for (const details of opened) details.open = true;
    };
    const after = () => {
      for (const details of opened) details.open = false;
      opened = [];
    };
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, [container]);
}

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

function ResultsError({ error, onRetry, videoKey }: { error: unknown; onRetry: () => void; videoKey?: string }) {
  const location = useLocation();
  const status = isApiError(error) ? error.status : 0;
  if (status === 404) {
    return (
      <Paper withBorder radius="md" p="xl" role="alert">
        <Title order={1} fz="h2">
          We could not find results for this event
        </Title>
        <Text c="dimmed" mt="xs">
          Check the event key in the link. Results appear here once an organiser has created the event.
        </Text>
        <Anchor component={Link} to={paths.tournaments.getHref()} mt="md" display="inline-block">
          See our tournaments
        </Anchor>
      </Paper>
    );
  }
  if (status === 401 || status === 403) {
    return (
      <Paper withBorder radius="md" p="xl" role="alert">
        <Title order={1} fz="h2">
          These results are not public yet
        </Title>
        <Text c="dimmed" mt="xs">
          The results are published when the organiser completes the event. Until then only the organiser can follow them live.
        </Text>
        {status === 401 ? (
          <Button component={Link} to={paths.login.getHref(location.pathname)} mt="md">
            Login
          </Button>
        ) : videoKey ? (
          // A player seated in the event in play: the way to their table.
          <Button component={Link} to={paths.video.root.getHref(videoKey)} mt="md">
            Join the table's video
          </Button>
        ) : null}
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md" p="xl" role="alert">
      <Title order={1} fz="h2">
        The results could not be loaded
      </Title>
      <Text c="dimmed" mt="xs">
        {errorMessage(error)}
      </Text>
      <Button mt="md" variant="default" onClick={onRetry}>
        Retry
      </Button>
    </Paper>
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
