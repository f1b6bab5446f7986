import type { PlayTableState } from '@bridge/api';
import { seatName } from '@bridge/engine';
import { callWords, cardWords, turnWords } from './table-model';

/** What changed between two frames, said once for screen readers: the call or card made, then whose turn it is. */
export function announcement(before: PlayTableState | null, after: PlayTableState): string {
  const parts: string[] = [];
  if (!before || before.board !== after.board) parts.push(`Board ${after.board}. Dealer ${seatName(after.dealer)}.`);
  else {
    for (const call of after.auction.slice(before.auction.length))
      parts.push(
        `${seatName(call.seat)}: ${callWords(call.call)}${call.alert ? ', alerted' : ''}${call.explanation ? `: ${call.explanation}` : ''}.`,
      );
    const playedBefore = 4 * (before.tricks.ns + before.tricks.ew) + before.trick.length;
    const playedAfter = 4 * (after.tricks.ns + after.tricks.ew) + after.trick.length;
    const count = playedAfter - playedBefore;
    if (count > 0) {
      // The cards played since the last frame: the end of a trick just completed, then the start of the next.
      const completed = after.trick.length < count && after.lastTrick ? after.lastTrick : [];
      for (const played of [...completed, ...after.trick].slice(-count)) parts.push(`${seatName(played.seat)} plays the ${cardWords(played.card)}.`);
      if (completed.length > 0) parts.push(`Tricks: North-South ${after.tricks.ns}, East-West ${after.tricks.ew}.`);
    }
    if (before.claim && !after.claim && after.disputed && !after.result)
      parts.push(`${seatName(after.disputed.rejectedBy)} rejects ${seatName(after.disputed.seat)}'s claim: play goes on.`);
    if (!before.contract && after.contract && after.declarer)
      parts.push(`The contract is ${after.contract.level} ${callWords(`1${after.contract.strain}`).slice(2)} by ${seatName(after.declarer)}.`);
  }
  if (after.result) parts.push(`The board is over: ${after.result.tricks} tricks, North-South score ${after.result.score}.`);
  else parts.push(`${turnWords(after)}.`);
  return parts.join(' ');
}
