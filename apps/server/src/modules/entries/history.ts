import type { MyHistory, MyHistoryEvent } from '@bridge/api';
import type { Db } from '../../db/database.ts';
import type { TournamentRow } from '../../db/schema.ts';
import { findEvent, pairNames, planEvent, seatPair, type EventPlan } from '../events/service.ts';
import { notFound } from '../../lib/errors.ts';
import * as repo from './repo.ts';

/** The history answers at most this many events (the latest ones), so one request stays small however long a player plays. */
export const HISTORY_LIMIT = 200;

/** A plan, or null for an event whose stored shape no longer makes one (never fails a whole history). */
function planOrNull(t: TournamentRow): EventPlan | null {
  try {
    return planEvent(t);
  } catch {
    return null;
  }
}

const twoDecimals = (value: number) => Math.round(value * 100) / 100;

/**
 * The completed pair events a user had a seat in (organising alone does not count), oldest first, each with
 * their pair's score and place from the stored pair scores; events where their pair scored no board are left out.
 * Three queries whatever the number of events.
 */
export async function myHistory(db: Db, userId: string): Promise<MyHistory> {
  const latest = await repo.listPlayedEvents(db, userId, HISTORY_LIMIT);
  if (latest.length === 0) return { events: [], summary: { eventsPlayed: 0, bestPercentage: null, bestImps: null } };
  const ids = latest.map((t) => t.id);
  const [seats, scores] = await Promise.all([repo.listSeatsOfEvents(db, ids), repo.listPairScoresOfEvents(db, ids)]);

  const events: MyHistoryEvent[] = [];
  for (const t of latest.reverse()) {
    const plan = planOrNull(t);
    if (!plan) continue;
    const participants = seats.filter((s) => s.tournamentId === t.id);
    const ranked = scores.filter((s) => s.tournamentId === t.id);
    // A user seated twice in one event (N and S of the same pair, say) counts once, with their first scored pair.
    for (const seat of participants.filter((s) => s.userId === userId)) {
      const pair = seatPair(plan, seat.tableNo, seat.side);
      const score = pair && ranked.find((s) => s.pairNo === pair.pairNo && (pair.direction === null || s.direction === pair.direction));
      if (!pair || !score) continue;
      const imps = t.scoreType === 'IMP';
      events.push({
        key: t.key,
        name: t.typeName,
        completedAt: (t.completedAt ?? t.createdAt).toISOString(),
        scoreType: t.scoreType,
        movementType: t.movementType,
        pair: { ...pair, names: pairNames(plan, participants)(pair.direction, pair.pairNo).map((n) => n.name) },
        percentage: !imps && score.percentage !== null ? twoDecimals(score.percentage) : null,
        imps: imps ? twoDecimals(score.total) : null,
        place: score.place,
        label: score.label,
        of: ranked.filter((s) => s.direction === score.direction).length,
      });
      break;
    }
  }

  const best = (value: (e: MyHistoryEvent) => number | null) =>
    events.reduce<{ key: string; value: number } | null>((top, e) => {
      const v = value(e);
      return v !== null && (top === null || v > top.value) ? { key: e.key, value: v } : top;
    }, null);
  return { events, summary: { eventsPlayed: events.length, bestPercentage: best((e) => e.percentage), bestImps: best((e) => e.imps) } };
}

/** The pairs a user sat in at one event (any status: it tells them only about their own seat). */
export async function myPairs(db: Db, userId: string, key: string): Promise<string[]> {
  const t = await findEvent(db, key);
  if (!t) throw notFound('Tournament not found');
  const plan = planOrNull(t);
  if (!plan) return [];
  const seats = await repo.findSeats(db, t.id, userId);
  return [...new Set(seats.flatMap((s) => seatPair(plan, s.tableNo, s.side)?.key ?? []))];
}
