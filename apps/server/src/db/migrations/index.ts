import type { Migration } from 'kysely';
import * as accounts from './0001-accounts.ts';
import * as site from './0002-site.ts';
import * as tournaments from './0003-tournaments.ts';
import * as adjustedScores from './0004-adjusted-scores.ts';
import * as admin from './0005-admin.ts';
import * as dealAnalysis from './0006-deal-analysis.ts';
import * as clubSessions from './0007-club-sessions.ts';
import * as onlinePlay from './0008-online-play.ts';
import * as directorCalls from './0009-director-calls.ts';
import * as disputedClaims from './0010-disputed-claims.ts';
import * as withdrawnEntries from './0011-withdrawn-entries.ts';
import * as analysisLineByEvent from './0012-analysis-line-by-event.ts';
import * as findablePlayers from './0013-findable-players.ts';
import * as withdrawnEntryReason from './0014-withdrawn-entry-reason.ts';

/** Every migration in order. Listed here, not read from the folder, so they load the same under every runner. */
export const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-site': site,
  '0003-tournaments': tournaments,
  '0004-adjusted-scores': adjustedScores,
  '0005-admin': admin,
  '0006-deal-analysis': dealAnalysis,
  '0007-club-sessions': clubSessions,
  '0008-online-play': onlinePlay,
  '0009-director-calls': directorCalls,
  '0010-disputed-claims': disputedClaims,
  '0011-withdrawn-entries': withdrawnEntries,
  '0012-analysis-line-by-event': analysisLineByEvent,
  '0013-findable-players': findablePlayers,
  '0014-withdrawn-entry-reason': withdrawnEntryReason,
};
