import type { EventResults, PairStanding } from '@bridge/api';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { ColumnHeads } from '../../../components/column-heads';
import { ContractText } from '../../../components/contract-text';
import { TableScroll } from '../../../components/table-scroll';
import { boardAnchor, openBoard } from './board-traveller';
import { formatMatchpointTotal, formatPoints, formatScore, formatStandingScore, isImpScoring, pairLabel, scorecardRows } from './format';
import { YouBadge } from './ranking-table';
import classes from './results-page.module.css';

/** One pair's boards: whom it played, the contract, the score and the points it earned, each board a link to its traveller. */
export function Scorecard({
  results,
  standing,
  onClose,
  isMine,
}: {
  results: EventResults;
  standing: PairStanding;
  onClose: () => void;
  isMine: boolean;
}) {
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
              <ColumnHeads columns={['Board', 'Against', 'Contract', 'By']} numbers={['Tricks', 'Score', 'Points']} numberClass={classes.num} />
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
