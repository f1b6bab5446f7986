import type { LiveView } from '@bridge/api';
import { boardRange, pairLabel, pairRoundLine } from '@bridge/engine';
import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { ColumnHeads } from '../../../components/column-heads';
import { PageTitle } from '../../../components/page-title';
import { QrCodeImage } from '../../../components/qr-code-image';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { cardsPdfHref, usePrintView, useTableCodes, type CardsKind } from './api';
import { pairCardsOf, tableCardsOf, type PairCardView, type TableCardView } from './cards';
import classes from './print-cards.module.css';

const titles: Record<CardsKind, string> = { tables: 'Table cards', pairs: 'Pair guide cards' };
const isKind = (kind: string | undefined): kind is CardsKind => kind === 'tables' || kind === 'pairs';

/** A table card's schedule is split into side-by-side columns of at most this many rounds, so a card fits half a page. */
const ROUNDS_PER_COLUMN = 16;

/** The session's day and time, in the director's own time zone. */
const whenOf = (startsAt: string | null) =>
  startsAt
    ? new Date(startsAt).toLocaleString('en-GB', {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      })
    : null;

/**
 * The table cards or pair guide cards of an event, laid out for the browser's Print: two table cards or up to eight
 * pair guides to an A4 page, cut along the dashed lines, without the console around them.
 */
export function PrintCardsPage() {
  const params = useParams();
  const key = params.key ?? '';
  const kind = params.kind;
  const view = usePrintView(key);
  // An online event's tables have no codes: its phones do not score.
  const withCodes = kind === 'tables' && view.data?.event.online === false;
  const codes = useTableCodes(key, withCodes);

  if (!isKind(kind)) return <Navigate to={paths.console.directPrint.getHref(key, 'tables')} replace />;

  const back = (
    <Button component={Link} to={paths.console.directLive.getHref(key)} variant="subtle" leftSection={<span aria-hidden="true">←</span>} px="xs">
      Live view
    </Button>
  );
  const failed = view.error ?? (withCodes ? codes.error : null);
  if (failed) {
    return (
      <Stack align="flex-start">
        <PageTitle title={titles[kind]} />
        {back}
        <Alert color="red" variant="light" role="alert" title="We could not load the cards">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(failed)}</Text>
            <Button size="xs" variant="default" onClick={() => void Promise.all([view.refetch(), withCodes ? codes.refetch() : null])}>
              Try again
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  }
  const data = view.data;
  if (!data || (withCodes && codes.isPending)) {
    return (
      <Stack align="flex-start">
        {back}
        <Center py="xl" w="100%" role="status" aria-label="Loading the cards">
          <Loader />
        </Center>
      </Stack>
    );
  }

  const { event } = data;
  const heading = { name: event.name, when: whenOf(event.startsAt) };
  const cards =
    kind === 'tables'
      ? tableCardsOf(data, (withCodes && codes.data) || []).map((card) => <TableCard key={card.table} card={card} heading={heading} />)
      : pairCardsOf(data).map((card) => <PairCard key={card.label} card={card} heading={heading} />);

  return (
    <Stack gap="lg" data-print-cards="">
      <PageTitle title={`${event.name} - ${titles[kind]}`} />
      <Toolbar eventKey={key} kind={kind} event={event} back={back} />
      {cards.length === 0 ? (
        <Text c="dimmed">The movement gives no {kind === 'tables' ? 'tables' : 'pairs'} yet.</Text>
      ) : (
        <div className={classes.sheet} data-kind={kind}>
          {cards}
        </div>
      )}
    </Stack>
  );
}

function Toolbar({ eventKey, kind, event, back }: { eventKey: string; kind: CardsKind; event: LiveView['event']; back: ReactNode }) {
  const other: CardsKind = kind === 'tables' ? 'pairs' : 'tables';
  return (
    <Stack gap="sm" align="flex-start" className={classes.toolbar}>
      {back}
      <Title order={1} fz={{ base: 24, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
        {titles[kind]}: {event.name}
      </Title>
      <Text c="dimmed" size="sm">
        {kind === 'tables'
          ? 'One card a table, two to an A4 page: its number, its code and QR code for the phone, and each round’s pairs and boards.'
          : 'One card a pair, up to eight to an A4 page: where the pair plays each round.'}{' '}
        Print on A4 and cut along the dashed lines.
      </Text>
      <Group gap="sm" wrap="wrap">
        <Button onClick={() => window.print()}>Print</Button>
        <Button component="a" href={cardsPdfHref(eventKey, kind)} target="_blank" rel="noopener" variant="default">
          Download PDF
        </Button>
        <Button component={Link} to={paths.console.directPrint.getHref(eventKey, other)} variant="subtle">
          {titles[other]}
        </Button>
      </Group>
    </Stack>
  );
}

type Heading = { name: string; when: string | null };

function CardHeading({ heading }: { heading: Heading }) {
  return (
    <div>
      <p className={classes.eventName}>{heading.name}</p>
      {heading.when ? <p className={classes.when}>{heading.when}</p> : null}
    </div>
  );
}

function TableCard({ card, heading }: { card: TableCardView; heading: Heading }) {
  const columns = Math.ceil(card.rounds.length / ROUNDS_PER_COLUMN);
  const perColumn = Math.ceil(card.rounds.length / Math.max(1, columns));
  const chunks = Array.from({ length: columns }, (_, i) => card.rounds.slice(i * perColumn, (i + 1) * perColumn));
  return (
    <article className={`${classes.card} ${classes.tableCard}`} aria-label={`Table ${card.table}`}>
      <div className={classes.tableSide}>
        <CardHeading heading={heading} />
        <p className={classes.label}>Table</p>
        <p className={classes.tableNumber}>{card.table}</p>
        <p className={classes.label}>Table code</p>
        <p className={classes.code} data-testid="table-code">
          {card.code ?? '—'}
        </p>
        {card.url ? (
          <>
            <QrCodeImage value={card.url} alt={`QR code of table ${card.table}'s page`} size={112} />
            <p className={classes.note}>Scan with a phone to score at this table, or open this address and type the code:</p>
            <p className={classes.url}>{card.url}</p>
          </>
        ) : null}
      </div>
      <div className={classes.schedules}>
        {chunks.map((rounds, i) => (
          <table key={i} className={classes.schedule}>
            <ColumnHeads columns={['Round', 'NS', 'EW', 'Boards']} />
            <tbody>
              {rounds.map((round) => (
                <tr key={round.round}>
                  <th scope="row">{round.round}</th>
                  {round.idle ? (
                    <td colSpan={3} className={classes.muted}>
                      no play at this table
                    </td>
                  ) : round.sitsOut ? (
                    <td colSpan={3} className={classes.muted}>
                      {pairLabel(round.sitsOut)} sits out{round.boards.length > 0 ? `; boards ${boardRange(round.boards)} rest` : ''}
                    </td>
                  ) : (
                    <>
                      <td>{round.ns!.pair}</td>
                      <td>{round.ew!.pair}</td>
                      <td>{boardRange(round.boards)}</td>
                    </>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </article>
  );
}

function PairCard({ card, heading }: { card: PairCardView; heading: Heading }) {
  return (
    <article className={`${classes.card} ${classes.pairCard}`} aria-label={`Pair ${card.label}`}>
      <div className={classes.pairHead}>
        <CardHeading heading={heading} />
        <p className={classes.pairLabel}>
          <span className={classes.label}>Pair</span> {card.label}
        </p>
      </div>
      <p className={card.names.length > 0 ? classes.names : `${classes.names} ${classes.muted}`}>
        {card.names.length > 0 ? card.names.join(' & ') : 'Players not entered yet'}
      </p>
      <ol className={classes.rounds} data-long={card.rounds.length > 10 ? '' : undefined}>
        {card.rounds.map((round) => (
          <li key={round.round} className={round.sitsOut ? classes.muted : undefined}>
            {pairRoundLine(round)}
          </li>
        ))}
      </ol>
    </article>
  );
}
