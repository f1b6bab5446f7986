import { EventResultsSchema, type EventResults, type PairStanding, type ResultLine } from '@bridge/api';

const line = (
  fields: Omit<ResultLine, 'contract' | 'adjusted'> & {
    adjusted?: ResultLine['adjusted'];
    contract: [number, ResultLine['contract']['strain'], number];
  },
): ResultLine => {
  const [level, strain, doubled] = fields.contract;
  return { ...fields, adjusted: fields.adjusted ?? null, contract: { level, strain, doubled } };
};

const standing = (direction: 'NS' | 'EW', pair: number, names: string[], total: number, place: number, label: string): PairStanding => ({
  key: `${direction}${pair}`,
  direction,
  pair,
  names,
  boards: 2,
  total,
  factoredTotal: null,
  tops: 4,
  percentage: (total / 4) * 100,
  place,
  label,
});

/**
 * A finished 3-table Mitchell on 2 boards, matchpointed (top 2 on a board): NS 1 and NS 2 share first
 * place, as do EW 2 and EW 3. Board 1 has a known deal, board 2 does not.
 */
export const buildEventResults = (overrides: Partial<EventResults> = {}): EventResults =>
  EventResultsSchema.parse({
    key: 'SPRING26',
    name: 'Spring Pairs',
    movementType: 'Mitchell',
    scoreType: 'Match Point',
    scoringMethod: 'matchpoints',
    winners: 2,
    status: 'complete',
    createdAt: '2026-03-14T18:00:00.000Z',
    completedAt: '2026-03-14T20:30:00.000Z',
    pairs: [
      standing('NS', 1, ['Ann Baker', 'Ben Carter'], 3, 1, '1='),
      standing('NS', 2, ['Cleo Dunn', 'Dan Evans'], 3, 1, '1='),
      standing('NS', 3, ['Eve Fox', 'Finn Gray'], 0, 3, '3'),
      standing('EW', 2, ['Gus Hale', 'Hana Ito'], 3, 1, '1='),
      standing('EW', 3, ['Ivy Jones', 'Jack King'], 3, 1, '1='),
      standing('EW', 1, ['Kai Lee', 'Lena Moss'], 0, 3, '3'),
    ],
    boards: [
      {
        board: 1,
        dealer: 'N',
        vulnerability: 'None',
        deal: 'N:AKQ2.KJ5.A73.K84 JT98.QT97.64.QJ2 7.A84.KQJ5.AT963 6543.632.T982.75',
        // As DDS solves this deal: North-South take 12 tricks in every strain but hearts (11).
        analysis: {
          tricks: {
            N: { C: 12, D: 12, H: 11, S: 12, NT: 12 },
            E: { C: 1, D: 1, H: 2, S: 1, NT: 1 },
            S: { C: 12, D: 12, H: 11, S: 12, NT: 12 },
            W: { C: 1, D: 1, H: 2, S: 1, NT: 1 },
          },
          par: { score: 990, contracts: ['6N-NS'] },
        },
        lines: [
          line({ round: 1, table: 1, nsPair: 1, ewPair: 1, contract: [3, 'NT', 0], declarer: 'N', tricks: 10, nsScore: 430, ns: 2, ew: 0 }),
          line({ round: 1, table: 2, nsPair: 2, ewPair: 2, contract: [3, 'NT', 0], declarer: 'S', tricks: 9, nsScore: 400, ns: 1, ew: 1 }),
          line({ round: 1, table: 3, nsPair: 3, ewPair: 3, contract: [4, 'S', 0], declarer: 'N', tricks: 9, nsScore: -50, ns: 0, ew: 2 }),
        ],
      },
      {
        board: 2,
        dealer: 'E',
        vulnerability: 'NS',
        deal: null,
        analysis: null,
        lines: [
          line({ round: 2, table: 1, nsPair: 1, ewPair: 3, contract: [0, null, 0], declarer: null, tricks: null, nsScore: 0, ns: 1, ew: 1 }),
          line({ round: 2, table: 2, nsPair: 2, ewPair: 1, contract: [2, 'H', 1], declarer: 'E', tricks: 7, nsScore: 100, ns: 2, ew: 0 }),
          line({ round: 2, table: 3, nsPair: 3, ewPair: 2, contract: [3, 'D', 0], declarer: 'W', tricks: 9, nsScore: -110, ns: 0, ew: 2 }),
        ],
      },
    ],
    xmlUrl: '/api/v1/tournaments/SPRING26/results.xml',
    pbnUrl: '/api/v1/tournaments/SPRING26/results.pbn',
    analysisAvailable: true,
    ...overrides,
  });
