import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { TravellerTable } from '../../components/traveller-table';
import { errorMessage } from '../../lib/api-client';
import { tableTravellerQueryOptions } from './api';
import { signedScore } from './format';

/** The board's results so far, drawn as the results page draws its travellers, with this table's own line marked. */
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
  const lines = traveller.data?.lines ?? [];
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
          <TravellerTable
            board={board}
            lines={lines}
            mark={{ badge: 'This table', pairs: (line) => (line.table === table && line.round === round ? ['NS'] : []) }}
            formatScore={signedScore}
          />
        )}
        <Button size="lg" onClick={onBack}>
          Back to the boards
        </Button>
      </Stack>
    </section>
  );
}
