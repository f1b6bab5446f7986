import type { PlayTableState } from '@bridge/api';

/** South's thirteen cards in the frames the play tests build. */
export const SOUTH = ['SA', 'S5', 'S2', 'HK', 'H9', 'H2', 'DA', 'D7', 'D4', 'CT', 'C9', 'C3', 'SJ'];

/** A frame of the online table as South at table 2 gets it before the auction, with what the test changes. */
export function tableState(overrides: Partial<PlayTableState> = {}): PlayTableState {
  return {
    key: 'abc',
    table: 2,
    round: 1,
    board: 3,
    dealer: 'N',
    vulnerability: 'EW',
    seat: 'S',
    kibitzer: false,
    hands: { S: SOUTH },
    auction: [],
    turn: 'N',
    contract: null,
    declarer: null,
    trick: [],
    lastTrick: null,
    tricks: { ns: 0, ew: 0 },
    result: null,
    claim: null,
    disputed: null,
    undo: null,
    players: {
      N: { name: 'Nina North', robot: false, away: null },
      E: { name: 'Eli East', robot: false, away: null },
      S: { name: 'Sam South', robot: false, away: null },
      W: { name: 'Robot', robot: true, away: null },
    },
    boards: { played: 0, total: 2 },
    roundOver: false,
    directorCall: null,
    stopped: null,
    clock: { running: true, elapsedMs: 0, roundMs: 900_000 },
    ...overrides,
  };
}
