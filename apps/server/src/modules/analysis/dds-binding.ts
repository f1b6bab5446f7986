import koffi from 'koffi';
import type { DealAnalysis, DoubleDummyTricks, ParResult } from '@bridge/api';

/**
 * The double-dummy solver DDS (Bo Haglund and Soren Hein, Apache-2.0), as Debian's `libdds0` ships it, called
 * through koffi. Only the solver processes load it (solver-process.ts): the library's own finaliser crashes the
 * process that loaded it at exit (docs/decisions/049), so that process leaves through `exitWithoutFinalisers`.
 */

/** DDS's limits (dll.h): CalcAllTablesPBN takes at most MAXNOOFTABLES deals when all five strains are asked. */
const MAX_TABLES = 40;
const STRAINS = 5;
const RETURN_NO_FAULT = 1;

/** DDS's order in `resTable[strain][hand]`: spades, hearts, diamonds, clubs, no trumps; hands N, E, S, W. */
const DDS_STRAINS = ['S', 'H', 'D', 'C', 'NT'] as const;
const DDS_HANDS = ['N', 'E', 'S', 'W'] as const;
const DEALERS = { N: 0, E: 1, S: 2, W: 3 } as const;
const VULNERABILITIES = { None: 0, All: 1, NS: 2, EW: 3 } as const;

export type Dealer = keyof typeof DEALERS;
export type Vulnerability = keyof typeof VULNERABILITIES;

/** DDS's suits in `dealPBN` and `futureTricks`: 0 spades ... 3 clubs, and 4 for no trumps as the trump. */
const DDS_SUITS = ['S', 'H', 'D', 'C'] as const;
/** DDS's ranks run 2 ... 14 (the ace): the index of a rank letter here. */
const DDS_RANKS = '--23456789TJQKA';

/** A position of the play for `SolveBoardPBN`: whose trick it is, the cards on it and what each hand still holds. */
export interface PlayPosition {
  trump: 'S' | 'H' | 'D' | 'C' | 'NT';
  /** The seat that led to the current trick, or leads to it when it is empty. */
  first: 'N' | 'E' | 'S' | 'W';
  /** The cards played to the current trick so far, in order, at most three ('SA', 'HT'). */
  trick: string[];
  /** The cards each hand still holds, less those on the current trick, as a PBN deal ("N:AK.Q.. ..."). */
  remaining: string;
}

/** A card the seat to play may play, and the tricks its side then takes of those left (the current one included). */
export interface CardTricks {
  card: string;
  tricks: number;
}

export interface DdsLibrary {
  /**
   * The double-dummy table of each deal (PBN deal strings, "N:AKQ.x.x.x ..."), in order. Solved on a thread of
   * koffi's, so the process still hears the server (a stop) while the library works.
   */
  calcTables(deals: readonly string[]): Promise<DoubleDummyTricks[]>;
  /** The par of a table for a dealer and vulnerability, from North-South's side. */
  dealerPar(tricks: DoubleDummyTricks, dealer: Dealer, vulnerability: Vulnerability): ParResult;
  /**
   * Every card the seat to play may play in a position, each with the tricks its side takes double dummy
   * (`SolveBoardPBN`), best first; on a thread of koffi's like `calcTables`.
   */
  solvePlay(position: PlayPosition): Promise<CardTricks[]>;
  /** The most tricks the side to play takes double dummy of those left in a position, the current trick included. */
  mostTricks(position: PlayPosition): Promise<number>;
}

export class DdsError extends Error {}

/** What `SolveBoardPBN` writes in its `futureTricks`, as koffi reads it back. */
interface SolvedPlay {
  cards?: number;
  suit?: ArrayLike<number>;
  rank?: ArrayLike<number>;
  equals?: ArrayLike<number>;
  score?: ArrayLike<number>;
}

/** Loads the library; throws when it is not installed (`apt-get install libdds0`) or lacks the functions used. */
export function loadDds(libraryPath = 'libdds.so.0', threads = 1): DdsLibrary {
  const lib = koffi.load(libraryPath);
  // Names unique to this binding: koffi's type names are global to the process.
  const tableDeal = koffi.struct('BridgeDdTableDealPBN', { cards: koffi.array('char', 80) });
  const tableDeals = koffi.struct('BridgeDdTableDealsPBN', { noOfTables: 'int', deals: koffi.array(tableDeal, MAX_TABLES * STRAINS) });
  const tableResults = koffi.struct('BridgeDdTableResults', { resTable: koffi.array('int', STRAINS * 4) });
  const tablesRes = koffi.struct('BridgeDdTablesRes', { noOfBoards: 'int', results: koffi.array(tableResults, MAX_TABLES * STRAINS) });
  const parResults = koffi.struct('BridgeParResults', { parScore: koffi.array('uint8', 32), parContractsString: koffi.array('uint8', 256) });
  const allParResults = koffi.struct('BridgeAllParResults', { presults: koffi.array(parResults, MAX_TABLES) });
  const parResultsDealer = koffi.struct('BridgeParResultsDealer', { number: 'int', score: 'int', contracts: koffi.array('uint8', 100) });
  const dealPBN = koffi.struct('BridgeDealPBN', {
    trump: 'int',
    first: 'int',
    currentTrickSuit: koffi.array('int', 3),
    currentTrickRank: koffi.array('int', 3),
    remainCards: koffi.array('char', 80),
  });
  const futureTricks = koffi.struct('BridgeFutureTricks', {
    nodes: 'int',
    cards: 'int',
    suit: koffi.array('int', 13),
    rank: koffi.array('int', 13),
    equals: koffi.array('int', 13),
    score: koffi.array('int', 13),
  });

  const setMaxThreads = lib.func('void SetMaxThreads(int userThreads)');
  const calcAllTablesPBN = lib.func('CalcAllTablesPBN', 'int', [
    koffi.pointer(tableDeals),
    'int',
    koffi.pointer('int'),
    koffi.out(koffi.pointer(tablesRes)),
    koffi.out(koffi.pointer(allParResults)),
  ]);
  const dealerParFn = lib.func('DealerPar', 'int', [koffi.pointer(tableResults), koffi.out(koffi.pointer(parResultsDealer)), 'int', 'int']);
  const errorMessage = lib.func('void ErrorMessage(int code, _Out_ uint8 *line)');
  // SolveBoardPBN(dealPBN dl, int target, int solutions, int mode, futureTricks *futp, int threadIndex): the deal by value.
  const solveBoardPBN = lib.func('SolveBoardPBN', 'int', [dealPBN, 'int', 'int', 'int', koffi.out(koffi.pointer(futureTricks)), 'int']);

  const fail = (call: string, code: number): never => {
    const line = new Uint8Array(80);
    errorMessage(code, line);
    throw new DdsError(`${call}: ${cString(line)} (${code})`);
  };

  /** `SolveBoardPBN` for the seat to play in a position, with target -1 (the most tricks) and the solutions asked. */
  const solveBoard = async (position: PlayPosition, solutions: 1 | 3): Promise<SolvedPlay> => {
    const trick = [0, 1, 2].map((i) => position.trick[i]);
    const deal = {
      trump: position.trump === 'NT' ? 4 : DDS_SUITS.indexOf(position.trump),
      first: DEALERS[position.first],
      currentTrickSuit: trick.map((card) => (card ? DDS_SUITS.indexOf(card[0] as (typeof DDS_SUITS)[number]) : 0)),
      currentTrickRank: trick.map((card) => (card ? DDS_RANKS.indexOf(card[1]!) : 0)),
      remainCards: position.remaining,
    };
    const out: SolvedPlay = {};
    // Mode 1 searches even when the seat has a single choice (mode 0 would answer -2 there instead of the tricks).
    // Thread 0: each process solves on one thread.
    const code = await new Promise<number>((resolve, reject) =>
      solveBoardPBN.async(deal, -1, solutions, 1, out, 0, (error: unknown, answer: number) => (error ? reject(error) : resolve(answer))),
    );
    if (code !== RETURN_NO_FAULT) fail('SolveBoardPBN', code);
    return out;
  };

  setMaxThreads(threads);
  const noFilter = [0, 0, 0, 0, 0];
  const emptyDeal = { cards: '' };

  return {
    async calcTables(deals) {
      const tables: DoubleDummyTricks[] = [];
      for (let start = 0; start < deals.length; start += MAX_TABLES) {
        const chunk = deals.slice(start, start + MAX_TABLES);
        const input = {
          noOfTables: chunk.length,
          deals: Array.from({ length: MAX_TABLES * STRAINS }, (_, i) => (i < chunk.length ? { cards: chunk[i] } : emptyDeal)),
        };
        const results: { results?: { resTable: ArrayLike<number> }[] } = {};
        const code = await new Promise<number>((resolve, reject) =>
          calcAllTablesPBN.async(input, -1, noFilter, results, {}, (error: unknown, answer: number) => (error ? reject(error) : resolve(answer))),
        );
        if (code !== RETURN_NO_FAULT) fail('CalcAllTablesPBN', code);
        for (let i = 0; i < chunk.length; i++) tables.push(tricksOf(results.results![i]!.resTable));
      }
      return tables;
    },
    dealerPar(tricks, dealer, vulnerability) {
      const out: { number?: number; score?: number; contracts?: ArrayLike<number> } = {};
      const code = dealerParFn({ resTable: resTableOf(tricks) }, out, DEALERS[dealer], VULNERABILITIES[vulnerability]) as number;
      if (code !== RETURN_NO_FAULT) fail('DealerPar', code);
      const bytes = Uint8Array.from(out.contracts!);
      const contracts = Array.from({ length: out.number! }, (_, i) => cString(bytes.subarray(i * 10, i * 10 + 10)));
      // DealerPar writes "pass" for a deal nobody can make: par is then 0 and there is no contract.
      return { score: out.score!, contracts: contracts.filter((text) => text.toLowerCase() !== 'pass') };
    },
    async solvePlay(position) {
      // Solutions 3: every card with its score.
      const out = await solveBoard(position, 3);
      return Array.from({ length: out.cards! }, (_, i) => {
        const suit = DDS_SUITS[out.suit![i]!]!;
        // `equals` holds the lower cards of the same worth, one bit per rank (bit 2 for the two).
        const ranks = [out.rank![i]!, ...[...DDS_RANKS].flatMap((_letter, rank) => (rank >= 2 && out.equals![i]! & (1 << rank) ? [rank] : []))];
        return ranks.map((rank) => ({ card: suit + DDS_RANKS[rank], tricks: out.score![i]! }));
      }).flat();
    },
    async mostTricks(position) {
      // Solutions 1: one best card, whose score is the most the side to play takes.
      return (await solveBoard(position, 1)).score![0]!;
    },
  };
}

/** DDS's flat `resTable` (strain-major, hands N E S W) as `{ N: { C, D, H, S, NT }, ... }`. */
export function tricksOf(resTable: ArrayLike<number>): DoubleDummyTricks {
  const table = {} as Record<(typeof DDS_HANDS)[number], Record<(typeof DDS_STRAINS)[number], number>>;
  DDS_HANDS.forEach((hand, h) => {
    const row = {} as Record<(typeof DDS_STRAINS)[number], number>;
    for (const strain of ['C', 'D', 'H', 'S', 'NT'] as const) row[strain] = resTable[DDS_STRAINS.indexOf(strain) * 4 + h]!;
    table[hand] = row;
  });
  return table;
}

/** The inverse of `tricksOf`: DealerPar reads the table in DDS's layout. */
export function resTableOf(tricks: DoubleDummyTricks): number[] {
  const flat: number[] = [];
  for (const strain of DDS_STRAINS) for (const hand of DDS_HANDS) flat.push(tricks[hand][strain]);
  return flat;
}

const cString = (bytes: Uint8Array) => {
  const end = bytes.indexOf(0);
  return Buffer.from(end === -1 ? bytes : bytes.subarray(0, end)).toString('latin1');
};

/**
 * Ends the process without running the finalisers of the libraries it loaded: libdds's own runs after the
 * destructors of its globals and reads freed memory, a segmentation fault at every exit (docs/decisions/049).
 */
export function exitWithoutFinalisers(code: number): never {
  const libc = koffi.load('libc.so.6');
  const exit = libc.func('void _exit(int status)');
  exit(code);
  throw new Error('unreachable');
}

export type { DealAnalysis };
