import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { ContractText } from '../../components/contract-text';
import { errorMessage } from '../../lib/api-client';
import { tableTravellerQueryOptions } from './api';
import { MINUS, signedScore } from './format';
import classes from './table-page.module.css';

const points = (value: number) => {
  const text = String(Number(value.toFixed(2)));
  return value < 0 ? `${MINUS}${text.slice(1)}` : text;
};

/**
 * The board's results so far, as the results page's traveller shows them: pairs, contract and declarer, the
 * scores first so a phone shows them unscrolled, then the points and the tricks. This table's own line is marked.
 */
export function Traveller({
  eventKey,
  table,
  round,
  board,
  onBack,
}: {
  eventKey: string;
  table: number;
  round: number;
  board: number;
  onBack: () => void;
}) {
  const traveller = useQuery(tableTravellerQueryOptions(eventKey, table, board));
  const headingId = useId();
  const lines = [...(traveller.data?.lines ?? [])].sort((a, b) => a.nsPair - b.nsPair || a.ewPair - b.ewPair);
  return (
    <section aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} id={headingId} tabIndex={-1} data-autofocus>
          Board {board}: traveller
        </Title>
        {traveller.isPending ? (
          <Loader aria-label="Loading the traveller" />
        ) : traveller.isError ? (
          <Text role="alert">{errorMessage(traveller.error)}</Text>
        ) : lines.length === 0 ? (
          <Text>No results for this board yet.</Text>
        ) : (
          <div className={classes.tableWrap} tabIndex={0} role="region" aria-label={`Traveller of board ${board}`}>
            <table className={classes.table}>
              <caption className={classes.srOnly}>Traveller of board {board}</caption>
              <thead>
                <tr>
                  <th scope="col">NS</th>
                  <th scope="col">EW</th>
                  <th scope="col">Contract</th>
                  <th scope="col">By</th>
                  <th scope="col" className={classes.num}>
                    NS score
                  </th>
                  <th scope="col" className={classes.num}>
                    EW score
                  </th>
                  <th scope="col" className={classes.num}>
                    NS points
                  </th>
                  <th scope="col" className={classes.num}>
                    EW points
                  </th>
                  <th scope="col" className={classes.num}>
                    Tricks
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line) => {
                  const ours = line.table === table && line.round === round;
                  return (
                    <tr key={`${line.round}-${line.table}`} className={ours ? classes.ourLine : undefined}>
                      <td>
                        {line.nsPair}
                        {ours ? <span className={classes.usBadge}>This table</span> : null}
                      </td>
                      <td>{line.ewPair}</td>
                      <td>
                        <ContractText contract={line.contract} adjusted={line.adjusted} />
                      </td>
                      <td>{line.declarer ?? '–'}</td>
                      <td className={classes.num}>{line.adjusted ? '–' : signedScore(line.nsScore)}</td>
                      <td className={classes.num}>{line.adjusted ? '–' : signedScore(-line.nsScore)}</td>
                      <td className={classes.num}>{points(line.ns)}</td>
                      <td className={classes.num}>{points(line.ew)}</td>
                      <td className={classes.num}>{line.tricks ?? '–'}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        <Button size="lg" onClick={onBack}>
          Back to the boards
        </Button>
      </Stack>
    </section>
  );
}
