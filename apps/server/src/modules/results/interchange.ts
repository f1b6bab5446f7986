import { exportPbn, exportUsebio, parseDeal, scoreEvent, type Contract, type Seat } from '@bridge/engine';
import type { Db } from '../../db/database.ts';
import type { TournamentRow } from '../../db/schema.ts';
import { analysisKey, findAnalyses } from '../analysis/service.ts';
import { listBoards, pairNames, planEvent, scoringMethodOf, type EventPlan } from '../events/service.ts';
import { listAllParticipants, listSeatNames } from '../entries/service.ts';
import * as repo from './repo.ts';
import { scheduledBoards, travellerLineOf } from './scoring.ts';

// The interchange files (USEBIO, PBN): the event's rows read from the repo and fed to the engine's writers.

type SeatedParticipant = { tableNo: number; side: number; names: string };

/**
 * The players at each seat of a traveller line. A pair is the two players who sat North and South (or East and
 * West) at its table in round 1; when it sits the other way later (a Howell), North's player takes East.
 */
export function seatsOf(plan: EventPlan, participants: readonly SeatedParticipant[]) {
  const firstRound = plan.rows.filter((r) => r.round === 1);
  const twoWinners = plan.movement.winners === 2;
  const playersOf = (direction: 'NS' | 'EW', pair: number): [string, string] => {
    const row = firstRound.find((r) => (twoWinners ? (direction === 'NS' ? r.ns === pair : r.ew === pair) : r.ns === pair || r.ew === pair));
    if (!row) return ['', ''];
    const [first, second] = (twoWinners ? direction === 'NS' : row.ns === pair) ? [0, 2] : [1, 3];
    const at = (side: number) => participants.find((p) => p.tableNo === row.table && p.side === side)?.names ?? '';
    return [at(first), at(second)];
  };
  return (nsPair: number, ewPair: number): Record<Seat, string> => {
    const [n, s] = playersOf('NS', nsPair);
    const [e, w] = playersOf('EW', ewPair);
    return { N: n, E: e, S: s, W: w };
  };
}

/** The USEBIO 1.2 results file of a completed event. */
export async function usebioXml(db: Db, tournament: TournamentRow): Promise<string> {
  const plan = planEvent(tournament);
  const [pairs, results, participants] = await Promise.all([
    repo.listPairScores(db, tournament.id),
    repo.listResultsInOrder(db, tournament.id),
    listAllParticipants(db, tournament.id),
  ]);
  const scored = scoreEvent(results.map(travellerLineOf), {
    method: scoringMethodOf(tournament),
    winners: plan.movement.winners,
    scheduledBoards: scheduledBoards(plan),
  });
  const matchpoints = scored.lines;
  // IMP pairs are placed by their factored totals, so that is the total written beside the place.
  const factored = new Map(scored.pairs.map((p) => [p.key, p.factoredTotal]));
  const namesOf = pairNames(plan, participants);
  const byBoard = new Map<number, typeof matchpoints>();
  for (const line of matchpoints) byBoard.set(line.board, [...(byBoard.get(line.board) ?? []), line]);
  return exportUsebio({
    club: { name: 'Bridge Platform' },
    identifier: tournament.key,
    description: tournament.typeName,
    date: tournament.completedAt ?? tournament.createdAt,
    scoringMethod: tournament.scoreType === 'Match Point' ? 'MATCH_POINTS' : tournament.impMethod === 'Butler' ? 'BUTLER_IMPS' : 'CROSS_IMPS',
    winnerType: plan.movement.winners,
    programName: 'Bridge Platform',
    programVersion: '1.0',
    pairs: pairs.map((p) => ({
      number: p.pairNo,
      direction: p.direction ?? undefined,
      place: p.label,
      totalScore: factored.get(p.pairKey) ?? p.total,
      percentage: p.percentage,
      players: namesOf(p.direction, p.pairNo),
    })),
    boards: [...byBoard.entries()].map(([number, lines]) => ({
      number,
      lines: lines.map((line) => {
        const r = results.find((x) => x.boardNo === line.board && x.nsPair === line.nsPair && x.ewPair === line.ewPair)!;
        return {
          nsPair: r.nsPair,
          ewPair: r.ewPair,
          contract: r.level === 0 ? 'PASS' : `${r.level}${r.strain}${'X'.repeat(r.doubled)}`,
          playedBy: r.declarer ?? '',
          tricks: r.tricks,
          score: r.nsScore,
          // An adjusted score is written as its percentage code (A6040) with no contract.
          adjusted: r.adjustedNs && r.adjustedEw ? { ns: r.adjustedNs, ew: r.adjustedEw } : null,
          nsMatchPoints: line.ns,
          ewMatchPoints: line.ew,
        };
      }),
    })),
  });
}

/** The PBN file of an event: every board's deal, then each played result. */
export async function eventPbn(db: Db, tournament: TournamentRow): Promise<string> {
  const [boards, results, participants] = await Promise.all([
    listBoards(db, tournament.id),
    repo.listResultsInOrder(db, tournament.id),
    listSeatNames(db, tournament.id),
  ]);
  const playersAt = seatsOf(planEvent(tournament), participants);
  const dealt = boards.flatMap((b) => (b.deal ? [{ deal: b.deal, dealer: b.dealer, vulnerability: b.vulnerability }] : []));
  const analyses = await findAnalyses(db, dealt);
  const games = boards.flatMap((board) => {
    const base = {
      event: tournament.typeName,
      site: 'Bridge Platform',
      date: tournament.createdAt,
      board: board.boardNo,
      dealer: board.dealer,
      vulnerability: board.vulnerability,
      deal: board.deal ? parseDeal(board.deal) : null,
      scoring: tournament.scoreType === 'Match Point' ? 'MP' : 'IMP',
      // The solver's analysis, or the one the deal's PBN import carried: OptimumResultTable, OptimumScore, ParContract.
      analysis:
        (board.deal && analyses.get(analysisKey({ deal: board.deal, dealer: board.dealer, vulnerability: board.vulnerability }))) ||
        board.importedAnalysis,
    };
    const played = results.filter((r) => r.boardNo === board.boardNo);
    if (played.length === 0) return [base];
    // Each result names its players, round, table and pairs (PBN 2.1 tags), so a reader can rebuild the event.
    return played.map((r) => {
      const where = { ...base, players: playersAt(r.nsPair, r.ewPair), round: r.round, table: r.tableNo, nsPair: r.nsPair, ewPair: r.ewPair };
      return r.adjustedNs && r.adjustedEw
        ? { ...where, adjusted: { ns: r.adjustedNs, ew: r.adjustedEw } }
        : {
            ...where,
            contract: { level: r.level, strain: r.strain ?? 'NT', doubled: r.doubled } as Contract,
            declarer: r.declarer,
            tricks: r.tricks,
            nsScore: r.nsScore,
          };
    });
  });
  return exportPbn(games);
}
