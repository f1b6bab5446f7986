import type { PairStanding, ScoringChoice } from '@bridge/api';
import { DataTable, type DataColumn } from '../../../components/data-table';

/** A pair's score as the event counts it: a percentage for matchpoints, IMPs (factored to the full schedule) otherwise. */
export function standingScore(standing: PairStanding, scoring: ScoringChoice): string {
  if (scoring === 'matchpoints') return standing.percentage === null ? '-' : `${standing.percentage.toFixed(2)}%`;
  const imps = standing.factoredTotal ?? standing.total;
  return `${imps > 0 ? '+' : ''}${imps.toFixed(1)}`;
}

/** The provisional ranking from the results so far. */
export function RankingTable({ ranking, scoring }: { ranking: PairStanding[]; scoring: ScoringChoice }) {
  const columns: DataColumn<PairStanding>[] = [
    { header: 'Place', cell: (row) => row.label, nowrap: true },
    { header: 'Pair', cell: (row) => row.key, nowrap: true },
    { header: 'Names', cell: (row) => row.names.join(' & ') },
    { header: 'Boards', cell: (row) => row.boards, nowrap: true, visibleFrom: 'sm' },
    { header: scoring === 'matchpoints' ? 'Score' : 'IMPs', cell: (row) => standingScore(row, scoring), nowrap: true },
  ];
  return (
    <DataTable
      caption="Provisional ranking"
      columns={columns}
      rows={ranking}
      rowKey={(row) => row.key}
      emptyText="No results yet: the ranking appears with the first board entered."
      minWidth={320}
    />
  );
}
