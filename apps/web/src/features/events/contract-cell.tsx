import type { ScoreData, ScoreEntry } from '@bridge/api';

const strains: Record<string, { symbol: string; name: string; red: boolean }> = {
  '1': { symbol: '♣', name: 'clubs', red: false },
  '2': { symbol: '♦', name: 'diamonds', red: true },
  '3': { symbol: '♥', name: 'hearts', red: true },
  '4': { symbol: '♠', name: 'spades', red: false },
};

const srOnly = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/**
 * A contract sent as 'level,suit' (suit 1 clubs, 2 diamonds, 3 hearts, 4 spades, 5 no-trump): `4♠`, `3NT×`,
 * `2♥××`, read out with the suit's name; '-' when missing, the text as is when it is not two parts.
 */
export function ContractCell({
  contract,
  doubled = 0,
  adjusted,
}: {
  contract: string | null | undefined;
  doubled?: number;
  adjusted?: string | null;
}) {
  if (adjusted) return <span>Adjusted {adjusted}</span>;
  if (!contract) return <span>-</span>;
  const parts = contract.split(',');
  if (parts.length !== 2) return <span>{contract}</span>;
  const [level, suit] = parts.map((part) => part.trim()) as [string, string];
  const strain = strains[suit];
  const times = Math.min(2, Math.max(0, doubled));
  return (
    <span style={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
      {level}
      {suit === '5' ? (
        'NT'
      ) : strain ? (
        <span style={{ color: strain.red ? 'var(--mantine-color-red-8)' : 'inherit' }}>
          <span aria-hidden="true">{strain.symbol}</span>
          <span style={srOnly}>{` ${strain.name}`}</span>
        </span>
      ) : (
        `,${suit}`
      )}
      {times > 0 ? (
        <>
          <span aria-hidden="true">{'×'.repeat(times)}</span>
          <span style={srOnly}>{times === 2 ? ' redoubled' : ' doubled'}</span>
        </>
      ) : null}
    </span>
  );
}

export type BoardResultRow = ScoreEntry & { round: number; board: number };

const numberAfter = (key: string): number => Number(key.replace(/^\D+/, '')) || 0;

/** scoreData (`round_number_{n}` -> `board_number_{m}` -> `table_{t}`) as rows in round, board, table order. */
export function boardResultRows(scoreData: ScoreData | undefined): BoardResultRow[] {
  const rows: BoardResultRow[] = [];
  for (const [roundKey, boards] of Object.entries(scoreData ?? {})) {
    for (const [boardKey, tables] of Object.entries(boards)) {
      for (const entry of Object.values(tables)) rows.push({ ...entry, round: numberAfter(roundKey), board: numberAfter(boardKey) });
    }
  }
  return rows.sort((a, b) => a.round - b.round || a.board - b.board || a.table - b.table);
}
