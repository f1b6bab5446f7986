import type { BiddingRule } from './bidding-language.ts';

// The robots' natural system, described in docs/robot-bidding.md. The first rule that fits the auction and the hand
// wins, so within an auction the order matters: stronger or more precise calls first, the catch-all last.

const OPENINGS: readonly BiddingRule[] = [
  { auction: '', call: '2C', when: { hcp: [22, 37] }, forcing: true, explanation: '22+ HCP, artificial and forcing' },
  { auction: '', call: '2NT', when: { hcp: [20, 21], balanced: true }, explanation: '20-21 HCP, balanced' },
  { auction: '', call: '1NT', when: { hcp: [15, 17], balanced: true }, explanation: '15-17 HCP, balanced' },
  { auction: '', call: '1x', when: { hcp: [12, 21], lengths: { x: [5, 13] } }, explanation: '12-21 HCP, five or more {x}' },
  // No five-card suit: the better minor, diamonds with 4-4 in the minors or 4-4 in the majors and three diamonds.
  { auction: '', call: '1D', when: { hcp: [12, 21], lengths: { D: [4, 4] } }, explanation: '12-21 HCP, three or more diamonds, no five-card suit' },
  {
    auction: '',
    call: '1D',
    when: { hcp: [12, 21], lengths: { D: [3, 3], C: [0, 2] } },
    explanation: '12-21 HCP, three or more diamonds, no five-card suit',
  },
  { auction: '', call: '1C', when: { hcp: [12, 21], lengths: { C: [3, 4] } }, explanation: '12-21 HCP, three or more clubs, no five-card suit' },
  { auction: '', call: '2M', when: { hcp: [6, 10], lengths: { M: [6, 6] } }, explanation: '6-10 HCP, six {M}, weak' },
  { auction: '', call: '2D', when: { hcp: [6, 10], lengths: { D: [6, 6] } }, explanation: '6-10 HCP, six diamonds, weak' },
  {
    auction: '',
    call: '3x',
    when: { hcp: [5, 10], lengths: { x: [7, 13] }, vulnerable: false },
    explanation: '5-10 HCP, seven or more {x}, pre-emptive',
  },
  {
    auction: '',
    call: '3x',
    when: { hcp: [7, 10], lengths: { x: [7, 13] }, vulnerable: true },
    explanation: '7-10 HCP, seven or more {x}, pre-emptive',
  },
  { auction: '', call: 'Pass', when: { hcp: [0, 11] }, explanation: 'Fewer than 12 HCP' },
];

const AFTER_ONE_SUIT = ['1x (P)', '1x (X)'];
const AFTER_ONE_MAJOR = ['1M (P)', '1M (X)'];
const AFTER_ONE_MINOR = ['1m (P)', '1m (X)'];

const RESPONSES_TO_ONE_OF_A_SUIT: readonly BiddingRule[] = [
  {
    auction: AFTER_ONE_MAJOR,
    call: '3M',
    when: { hcp: [11, 12], lengths: { M: [3, 13] } },
    invitational: true,
    explanation: '11-12 HCP, three or more {M}, invitational',
  },
  { auction: AFTER_ONE_MAJOR, call: '2M', when: { hcp: [6, 10], lengths: { M: [3, 13] } }, explanation: '6-10 HCP, three or more {M}' },
  { auction: AFTER_ONE_SUIT, call: '1y', when: { hcp: [6, 37], lengths: { y: [4, 13] } }, forcing: true, explanation: '6+ HCP, four or more {y}' },
  {
    auction: AFTER_ONE_SUIT,
    call: 'cheapest y',
    when: { hcp: [10, 37], lengths: { y: [5, 13] } },
    forcing: true,
    explanation: '10+ HCP, five or more {y}',
  },
  {
    auction: AFTER_ONE_SUIT,
    call: '2NT',
    when: { hcp: [11, 12], balanced: true },
    invitational: true,
    explanation: '11-12 HCP, balanced, invitational',
  },
  { auction: AFTER_ONE_SUIT, call: '3NT', when: { hcp: [13, 15], balanced: true }, explanation: '13-15 HCP, balanced' },
  {
    auction: AFTER_ONE_MINOR,
    call: '3m',
    when: { hcp: [11, 12], lengths: { m: [5, 13] } },
    invitational: true,
    explanation: '11-12 HCP, five or more {m}, invitational',
  },
  { auction: AFTER_ONE_MINOR, call: '2m', when: { hcp: [6, 10], lengths: { m: [5, 13] } }, explanation: '6-10 HCP, five or more {m}' },
  { auction: AFTER_ONE_SUIT, call: '1NT', when: { hcp: [6, 10] }, explanation: '6-10 HCP, nothing to bid at the one level' },
  {
    auction: AFTER_ONE_SUIT,
    call: 'cheapest y',
    when: { hcp: [10, 37], lengths: { y: [4, 13] } },
    forcing: true,
    explanation: '10+ HCP, four or more {y}',
  },
  {
    auction: AFTER_ONE_SUIT,
    call: 'cheapest y',
    when: { hcp: [13, 37], lengths: { y: [3, 13] } },
    forcing: true,
    explanation: '13+ HCP, three or more {y}, forcing',
  },
  { auction: AFTER_ONE_SUIT, call: 'Pass', when: { hcp: [0, 5] }, explanation: 'Fewer than 6 HCP' },
];

const OPENERS_REBIDS: readonly BiddingRule[] = [
  // After a new suit at the one level (forcing).
  { auction: '1x (P) 1M (P)', call: '4M', when: { hcp: [19, 21], lengths: { M: [4, 13] } }, explanation: '19-21 HCP, four {M}' },
  {
    auction: '1x (P) 1M (P)',
    call: '3M',
    when: { hcp: [16, 18], lengths: { M: [4, 13] } },
    invitational: true,
    explanation: '16-18 HCP, four {M}, invitational',
  },
  { auction: '1x (P) 1M (P)', call: '2M', when: { hcp: [12, 15], lengths: { M: [4, 13] } }, explanation: '12-15 HCP, four {M}' },
  { auction: '1x (P) 1y (P)', call: '2NT', when: { hcp: [18, 19], balanced: true }, explanation: '18-19 HCP, balanced' },
  { auction: '1x (P) 1y (P)', call: '1z', when: { hcp: [12, 18], lengths: { z: [4, 13] } }, explanation: '12-18 HCP, four or more {z}' },
  { auction: '1x (P) 1y (P)', call: '1NT', when: { hcp: [12, 14], balanced: true }, explanation: '12-14 HCP, balanced' },
  {
    auction: '1x (P) 1y (P)',
    call: 'jump z',
    when: { hcp: [19, 21], lengths: { z: [4, 13] } },
    forcing: true,
    explanation: '19-21 HCP, four or more {z}, forcing to game',
  },
  {
    auction: '1x (P) 1y (P)',
    call: 'jump x',
    when: { hcp: [16, 21], lengths: { x: [6, 13] } },
    invitational: true,
    explanation: '16-21 HCP, six or more {x}, invitational',
  },
  { auction: '1x (P) 1y (P)', call: 'cheapest x', when: { hcp: [12, 15], lengths: { x: [6, 13] } }, explanation: '12-15 HCP, six or more {x}' },
  {
    auction: '1x (P) 1y (P)',
    call: 'cheapest z',
    when: { hcp: [12, 18], lengths: { z: [4, 13] }, below: ['z', 'x'] },
    explanation: '12-18 HCP, four or more {z}',
  },
  {
    auction: '1x (P) 1y (P)',
    call: 'cheapest z',
    when: { hcp: [16, 21], lengths: { z: [4, 13] }, below: ['x', 'z'] },
    forcing: true,
    explanation: '16-21 HCP, four or more {z}, longer {x} (reverse), forcing',
  },
  { auction: '1x (P) 1y (P)', call: 'cheapest x', explanation: 'Five or more {x}, nothing else to show' },

  // After 1NT (6-10).
  {
    auction: '1x (P) 1NT (P)',
    call: '2NT',
    when: { hcp: [18, 19], balanced: true },
    invitational: true,
    explanation: '18-19 HCP, balanced, invitational',
  },
  { auction: '1x (P) 1NT (P)', call: 'Pass', when: { hcp: [12, 14], balanced: true }, explanation: '12-14 HCP, balanced' },
  {
    auction: '1x (P) 1NT (P)',
    call: 'jump z',
    when: { hcp: [19, 21], lengths: { z: [4, 13] } },
    forcing: true,
    explanation: '19-21 HCP, four or more {z}, forcing to game',
  },
  {
    auction: '1x (P) 1NT (P)',
    call: 'jump x',
    when: { hcp: [16, 21], lengths: { x: [6, 13] } },
    invitational: true,
    explanation: '16-21 HCP, six or more {x}, invitational',
  },
  { auction: '1x (P) 1NT (P)', call: 'cheapest x', when: { hcp: [12, 15], lengths: { x: [6, 13] } }, explanation: '12-15 HCP, six or more {x}' },
  {
    auction: '1x (P) 1NT (P)',
    call: 'cheapest z',
    when: { hcp: [12, 18], lengths: { z: [4, 13] }, below: ['z', 'x'] },
    explanation: '12-18 HCP, four or more {z}',
  },
  {
    auction: '1x (P) 1NT (P)',
    call: 'cheapest z',
    when: { hcp: [16, 21], lengths: { z: [4, 13] }, below: ['x', 'z'] },
    forcing: true,
    explanation: '16-21 HCP, four or more {z}, longer {x} (reverse), forcing',
  },
  { auction: '1x (P) 1NT (P)', call: 'Pass', explanation: 'A minimum, nothing more to show' },

  // After a single raise (6-10).
  { auction: '1M (P) 2M (P)', call: '4M', when: { hcp: [19, 21] }, explanation: '19-21 HCP, to play' },
  { auction: '1M (P) 2M (P)', call: '3M', when: { hcp: [16, 18] }, invitational: true, explanation: '16-18 HCP, invitational' },
  { auction: '1m (P) 2m (P)', call: '3NT', when: { hcp: [19, 21] }, explanation: '19-21 HCP, to play' },
  { auction: '1m (P) 2m (P)', call: '3m', when: { hcp: [16, 18] }, invitational: true, explanation: '16-18 HCP, invitational' },
  { auction: ['1M (P) 2M (P)', '1m (P) 2m (P)'], call: 'Pass', explanation: '12-15 HCP, no game' },

  // After a limit raise (11-12).
  { auction: ['1M (P) 3M (P)'], call: '4M', when: { hcp: [14, 21] }, explanation: 'Accepts the invitation' },
  { auction: ['1m (P) 3m (P)'], call: '3NT', when: { hcp: [14, 21] }, explanation: 'Accepts the invitation' },
  { auction: ['1M (P) 3M (P)', '1m (P) 3m (P)'], call: 'Pass', explanation: '12-13 HCP, declines the invitation' },

  // After 2NT (11-12, balanced) and 3NT (13-15, balanced).
  { auction: '1M (P) 2NT (P)', call: '4M', when: { hcp: [14, 21], lengths: { M: [6, 13] } }, explanation: '14+ HCP, six or more {M}' },
  { auction: '1x (P) 2NT (P)', call: '3NT', when: { hcp: [14, 21] }, explanation: 'Accepts the invitation' },
  { auction: '1x (P) 2NT (P)', call: 'cheapest x', when: { lengths: { x: [6, 13] } }, explanation: 'A minimum with six or more {x}, to play' },
  { auction: '1x (P) 2NT (P)', call: 'Pass', explanation: 'A minimum, declines the invitation' },
  { auction: '1M (P) 3NT (P)', call: '4M', when: { lengths: { M: [6, 13] } }, explanation: 'Six or more {M}' },
  { auction: '1x (P) 3NT (P)', call: 'Pass', explanation: 'To play' },

  // After a new suit at the two level (10+, forcing).
  { auction: '1x (P) 2M (P)', call: 'cheapest M', when: { lengths: { M: [3, 13] } }, explanation: 'Three or more {M}' },
  { auction: '1x (P) 2y (P)', call: 'cheapest y', when: { lengths: { y: [4, 13] } }, explanation: 'Four or more {y}' },
  { auction: '1x (P) 2y (P)', call: '2NT', when: { hcp: [12, 14], balanced: true }, explanation: '12-14 HCP, balanced' },
  { auction: '1x (P) 2y (P)', call: '3NT', when: { hcp: [18, 19], balanced: true }, explanation: '18-19 HCP, balanced' },
  { auction: '1x (P) 2y (P)', call: 'cheapest x', when: { lengths: { x: [6, 13] } }, explanation: 'Six or more {x}' },
  { auction: '1x (P) 2y (P)', call: 'cheapest z', when: { lengths: { z: [4, 13] } }, explanation: 'Four or more {z}' },
  { auction: '1x (P) 2y (P)', call: 'cheapest x', explanation: 'Five or more {x}, nothing else to show' },
];

// Opener has shown two suits without forcing: a weak responder chooses between them. Stronger hands invite or bid
// game by the points together (the last part of the system).
const OPENER_SHOWED_TWO_SUITS = ['1x (P) 1y (P) 1z (P)', '1x (P) 1y (P) 2z (P)', '1x (P) 1NT (P) 2z (P)'];
const RESPONDERS_SECOND_CALLS: readonly BiddingRule[] = [
  {
    auction: OPENER_SHOWED_TWO_SUITS,
    call: 'Pass',
    when: { hcp: [0, 9], lengths: { z: [4, 13] }, forced: false },
    explanation: 'Four or more {z}, to play',
  },
  {
    auction: OPENER_SHOWED_TWO_SUITS,
    call: 'cheapest x',
    when: { hcp: [0, 9], lengths: { x: [3, 13], z: [0, 3] }, forced: false },
    maxLevel: 2,
    explanation: 'Prefers {x} to {z}, to play',
  },
  { auction: '1x (P) 1y (P) 1z (P)', call: '1NT', when: { hcp: [6, 9], forced: false }, explanation: '6-9 HCP, no fit' },
];

const TRANSFER_COMPLETED = ['1NT (P) 2D (P) 2M (P)', '1NT (P) 2H (P) 2M (P)'];
const NO_TRUMP_RESPONSES: readonly BiddingRule[] = [
  {
    auction: '1NT (P)',
    call: '2H',
    when: { lengths: { S: [5, 13] } },
    forcing: true,
    explanation: 'Five or more spades: asks opener to bid 2♠ (transfer)',
  },
  {
    auction: '1NT (P)',
    call: '2D',
    when: { lengths: { H: [5, 13] } },
    forcing: true,
    explanation: 'Five or more hearts: asks opener to bid 2♥ (transfer)',
  },
  {
    auction: '1NT (P)',
    call: '2C',
    when: { hcp: [8, 37], lengths: { M: [4, 4] } },
    forcing: true,
    explanation: '8+ HCP, asks for a four-card major (Stayman)',
  },
  { auction: '1NT (P)', call: '6NT', when: { hcp: [18, 37] }, explanation: '18+ HCP, to play' },
  { auction: '1NT (P)', call: '3NT', when: { hcp: [10, 17] }, explanation: '10-17 HCP, to play' },
  { auction: '1NT (P)', call: '2NT', when: { hcp: [8, 9] }, invitational: true, explanation: '8-9 HCP, invitational' },
  { auction: '1NT (P)', call: 'Pass', when: { hcp: [0, 7] }, explanation: '0-7 HCP' },

  // Opener answers.
  { auction: '1NT (P) 2C (P)', call: '2H', when: { lengths: { H: [4, 5] } }, explanation: 'Four or more hearts (perhaps four spades too)' },
  { auction: '1NT (P) 2C (P)', call: '2S', when: { lengths: { S: [4, 5] } }, explanation: 'Four or more spades, not four hearts' },
  { auction: '1NT (P) 2C (P)', call: '2D', explanation: 'No four-card major' },
  { auction: '1NT (P) 2D (P)', call: '2H', explanation: 'Completes the transfer' },
  { auction: '1NT (P) 2H (P)', call: '2S', explanation: 'Completes the transfer' },
  { auction: '1NT (P) 2NT (P)', call: '3NT', when: { hcp: [16, 17] }, explanation: '16-17 HCP, accepts the invitation' },
  { auction: '1NT (P) 2NT (P)', call: 'Pass', explanation: '15 HCP, declines the invitation' },
  { auction: '1NT (P) 3NT (P)', call: 'Pass', explanation: 'To play' },

  // Responder's second call after Stayman.
  { auction: '1NT (P) 2C (P) 2M (P)', call: '4M', when: { hcp: [10, 17], lengths: { M: [4, 13] } }, explanation: '10-17 HCP, four {M}' },
  {
    auction: '1NT (P) 2C (P) 2M (P)',
    call: '3M',
    when: { hcp: [8, 9], lengths: { M: [4, 13] } },
    invitational: true,
    explanation: '8-9 HCP, four {M}, invitational',
  },
  { auction: ['1NT (P) 2C (P) 2x (P)'], call: '3NT', when: { hcp: [10, 17] }, explanation: '10-17 HCP, no fit: to play' },
  { auction: ['1NT (P) 2C (P) 2x (P)'], call: '2NT', when: { hcp: [8, 9] }, invitational: true, explanation: '8-9 HCP, no fit, invitational' },
  // Stayman promised a major: opener with four spades too knows where the fit is.
  { auction: '1NT (P) 2C (P) 2H (P) 3NT (P)', call: '4S', when: { lengths: { S: [4, 4] } }, explanation: 'Four spades as well' },
  {
    auction: '1NT (P) 2C (P) 2H (P) 2NT (P)',
    call: '4S',
    when: { hcp: [16, 17], lengths: { S: [4, 4] } },
    explanation: '16-17 HCP, four spades as well',
  },
  { auction: ['1NT (P) 2C (P) 2x (P) 2NT (P)'], call: '3NT', when: { hcp: [16, 17] }, explanation: '16-17 HCP, accepts the invitation' },
  { auction: '1NT (P) 2C (P) 2M (P) 3M (P)', call: '4M', when: { hcp: [16, 17] }, explanation: '16-17 HCP, accepts the invitation' },
  {
    auction: ['1NT (P) 2C (P) 2x (P) 2NT (P)', '1NT (P) 2C (P) 2M (P) 3M (P)', '1NT (P) 2C (P) 2x (P) 3NT (P)'],
    call: 'Pass',
    explanation: 'To play',
  },

  // Responder's second call after a transfer.
  { auction: TRANSFER_COMPLETED, call: 'Pass', when: { hcp: [0, 7] }, explanation: '0-7 HCP, to play' },
  { auction: TRANSFER_COMPLETED, call: '4M', when: { hcp: [10, 17], lengths: { M: [6, 13] } }, explanation: '10-17 HCP, six or more {M}' },
  { auction: TRANSFER_COMPLETED, call: '3NT', when: { hcp: [10, 17] }, explanation: '10-17 HCP, five {M}: opener chooses' },
  {
    auction: TRANSFER_COMPLETED,
    call: '3M',
    when: { hcp: [8, 9], lengths: { M: [6, 13] } },
    invitational: true,
    explanation: '8-9 HCP, six or more {M}, invitational',
  },
  { auction: TRANSFER_COMPLETED, call: '2NT', when: { hcp: [8, 9] }, invitational: true, explanation: '8-9 HCP, five {M}, invitational' },
  // Opener's third call.
  { auction: TRANSFER_COMPLETED.map((a) => `${a} 3NT (P)`), call: '4M', when: { lengths: { M: [3, 5] } }, explanation: 'Three or more {M}' },
  {
    auction: TRANSFER_COMPLETED.map((a) => `${a} 2NT (P)`),
    call: '4M',
    when: { hcp: [16, 17], lengths: { M: [3, 5] } },
    explanation: '16-17 HCP, three or more {M}',
  },
  { auction: TRANSFER_COMPLETED.map((a) => `${a} 2NT (P)`), call: '3NT', when: { hcp: [16, 17] }, explanation: '16-17 HCP, two {M}' },
  {
    auction: TRANSFER_COMPLETED.map((a) => `${a} 2NT (P)`),
    call: '3M',
    when: { lengths: { M: [3, 5] } },
    explanation: '15 HCP, three or more {M}, to play',
  },
  { auction: TRANSFER_COMPLETED.map((a) => `${a} 3M (P)`), call: '4M', when: { hcp: [16, 17] }, explanation: '16-17 HCP, accepts the invitation' },
  {
    auction: TRANSFER_COMPLETED.flatMap((a) => [`${a} 3NT (P)`, `${a} 2NT (P)`, `${a} 3M (P)`]),
    call: 'Pass',
    explanation: 'To play',
  },
];

const TWO_NO_TRUMP_TRANSFER_COMPLETED = ['2NT (P) 3D (P) 3M (P)', '2NT (P) 3H (P) 3M (P)'];
const TWO_NO_TRUMP_RESPONSES: readonly BiddingRule[] = [
  {
    auction: '2NT (P)',
    call: '3H',
    when: { lengths: { S: [5, 13] } },
    forcing: true,
    explanation: 'Five or more spades: asks opener to bid 3♠ (transfer)',
  },
  {
    auction: '2NT (P)',
    call: '3D',
    when: { lengths: { H: [5, 13] } },
    forcing: true,
    explanation: 'Five or more hearts: asks opener to bid 3♥ (transfer)',
  },
  {
    auction: '2NT (P)',
    call: '3C',
    when: { hcp: [4, 37], lengths: { M: [4, 4] } },
    forcing: true,
    explanation: '4+ HCP, asks for a four-card major (Stayman)',
  },
  { auction: '2NT (P)', call: '6NT', when: { hcp: [13, 37] }, explanation: '13+ HCP, to play' },
  { auction: '2NT (P)', call: '3NT', when: { hcp: [4, 12] }, explanation: '4-12 HCP, to play' },
  { auction: '2NT (P)', call: 'Pass', when: { hcp: [0, 3] }, explanation: '0-3 HCP' },
  { auction: '2NT (P) 3C (P)', call: '3H', when: { lengths: { H: [4, 5] } }, explanation: 'Four or more hearts' },
  { auction: '2NT (P) 3C (P)', call: '3S', when: { lengths: { S: [4, 5] } }, explanation: 'Four or more spades, not four hearts' },
  { auction: '2NT (P) 3C (P)', call: '3D', explanation: 'No four-card major' },
  { auction: '2NT (P) 3D (P)', call: '3H', explanation: 'Completes the transfer' },
  { auction: '2NT (P) 3H (P)', call: '3S', explanation: 'Completes the transfer' },
  { auction: '2NT (P) 3C (P) 3M (P)', call: '4M', when: { hcp: [4, 12], lengths: { M: [4, 13] } }, explanation: 'Four {M}, to play' },
  { auction: '2NT (P) 3C (P) 3x (P)', call: '3NT', when: { hcp: [4, 12] }, explanation: 'No fit, to play' },
  { auction: TWO_NO_TRUMP_TRANSFER_COMPLETED, call: 'Pass', when: { hcp: [0, 3] }, explanation: '0-3 HCP, to play' },
  { auction: TWO_NO_TRUMP_TRANSFER_COMPLETED, call: '4M', when: { hcp: [4, 12], lengths: { M: [6, 13] } }, explanation: 'Six or more {M}, to play' },
  { auction: TWO_NO_TRUMP_TRANSFER_COMPLETED, call: '3NT', when: { hcp: [4, 12] }, explanation: 'Five {M}: opener chooses' },
  {
    auction: TWO_NO_TRUMP_TRANSFER_COMPLETED.map((a) => `${a} 3NT (P)`),
    call: '4M',
    when: { lengths: { M: [3, 5] } },
    explanation: 'Three or more {M}',
  },
  { auction: TWO_NO_TRUMP_TRANSFER_COMPLETED.map((a) => `${a} 3NT (P)`), call: 'Pass', explanation: 'To play' },
];

const STRONG_TWO_CLUBS: readonly BiddingRule[] = [
  { auction: '2C (P)', call: '2D', explanation: 'Waiting: any hand (artificial)' },
  { auction: '2C (P) 2D (P)', call: '2NT', when: { hcp: [22, 24], balanced: true }, explanation: '22-24 HCP, balanced' },
  { auction: '2C (P) 2D (P)', call: '3NT', when: { hcp: [25, 37], balanced: true }, explanation: '25+ HCP, balanced' },
  {
    auction: '2C (P) 2D (P)',
    call: 'cheapest x',
    when: { lengths: { x: [5, 13] } },
    forcing: true,
    explanation: '22+ HCP, five or more {x}, forcing',
  },
  {
    auction: '2C (P) 2D (P)',
    call: 'cheapest x',
    when: { lengths: { x: [4, 13] } },
    forcing: true,
    explanation: '22+ HCP, four or more {x}, forcing',
  },
];

const AFTER_WEAK_TWO = ['2M (P)'];
const PRE_EMPT_RESPONSES: readonly BiddingRule[] = [
  { auction: AFTER_WEAK_TWO, call: '4M', when: { hcp: [16, 37], lengths: { M: [2, 13] } }, explanation: '16+ HCP, to play' },
  { auction: AFTER_WEAK_TWO, call: '3M', when: { hcp: [6, 15], lengths: { M: [3, 13] } }, explanation: 'Three or more {M}, to play (pre-emptive)' },
  {
    auction: ['2M (P)', '2D (P)'],
    call: 'cheapest y',
    when: { hcp: [16, 37], lengths: { y: [5, 13] } },
    forcing: true,
    explanation: '16+ HCP, five or more {y}, forcing',
  },
  { auction: '2D (P)', call: '3NT', when: { hcp: [16, 37], balanced: true }, explanation: '16+ HCP, balanced, to play' },
  { auction: '2D (P)', call: '3D', when: { hcp: [6, 15], lengths: { D: [3, 13] } }, explanation: 'Three or more diamonds, to play (pre-emptive)' },
  { auction: ['2M (P)', '2D (P)'], call: 'Pass', explanation: 'No game in view' },
  { auction: ['2M (P) 3M (P)', '2D (P) 3D (P)'], call: 'Pass', explanation: 'To play' },
  { auction: '3M (P)', call: '4M', when: { hcp: [15, 37], lengths: { M: [2, 13] } }, explanation: '15+ HCP, to play' },
  { auction: '3x (P)', call: '3NT', when: { hcp: [16, 37], balanced: true }, explanation: '16+ HCP, balanced, to play' },
  { auction: '3x (P)', call: 'Pass', explanation: 'No game in view' },
];

const ONE_LEVEL_OVERCALL = ['1x (1y)'];
const TWO_LEVEL_OVERCALL = ['1x (2y)'];
const AFTER_OVERCALL = [...ONE_LEVEL_OVERCALL, ...TWO_LEVEL_OVERCALL];
const THREE_LEVEL_OVERCALL = ['1x (3y)'];
const AFTER_NEGATIVE_DOUBLE = ['1x (1y) X (P)', '1x (2y) X (P)', '1x (3y) X (P)'];

const OUR_OPENING_OVERCALLED: readonly BiddingRule[] = [
  {
    auction: ['1M (1y)', '1M (2y)'],
    call: 'jump M',
    when: { hcp: [11, 12], lengths: { M: [3, 13] } },
    invitational: true,
    explanation: '11-12 HCP, three or more {M}, invitational',
  },
  {
    auction: ['1M (1y)', '1M (2y)'],
    call: 'cheapest M',
    when: { hcp: [6, 10], lengths: { M: [3, 13] } },
    explanation: '6-10 HCP, three or more {M}',
  },
  {
    auction: ONE_LEVEL_OVERCALL,
    call: 'X',
    when: { hcp: [6, 37], lengths: { M: [4, 13] } },
    forcing: true,
    explanation: '6+ HCP, four or more cards in an unbid major (negative double)',
  },
  {
    auction: TWO_LEVEL_OVERCALL,
    call: 'X',
    when: { hcp: [8, 37], lengths: { M: [4, 13] } },
    forcing: true,
    explanation: '8+ HCP, four or more cards in an unbid major (negative double)',
  },
  {
    auction: ONE_LEVEL_OVERCALL,
    call: '1z',
    when: { hcp: [6, 37], lengths: { z: [5, 13] } },
    forcing: true,
    explanation: '6+ HCP, five or more {z}',
  },
  { auction: ONE_LEVEL_OVERCALL, call: '1NT', when: { hcp: [8, 10], stopper: 'y' }, explanation: '8-10 HCP, a stopper in {y}' },
  {
    auction: AFTER_OVERCALL,
    call: 'cheapest z',
    when: { hcp: [10, 37], lengths: { z: [5, 13] } },
    forcing: true,
    explanation: '10+ HCP, five or more {z}',
  },
  {
    auction: AFTER_OVERCALL,
    call: '2NT',
    when: { hcp: [11, 12], balanced: true, stopper: 'y' },
    invitational: true,
    explanation: '11-12 HCP, balanced, a stopper in {y}, invitational',
  },
  {
    auction: AFTER_OVERCALL,
    call: '3NT',
    when: { hcp: [13, 15], balanced: true, stopper: 'y' },
    explanation: '13-15 HCP, balanced, a stopper in {y}',
  },
  { auction: ['1m (1y)', '1m (2y)'], call: 'cheapest m', when: { hcp: [6, 10], lengths: { m: [5, 13] } }, explanation: '6-10 HCP, five or more {m}' },
  { auction: AFTER_OVERCALL, call: 'Pass', when: { hcp: [0, 12] }, explanation: 'Nothing to add' },
  { auction: '1M (3y)', call: 'cheapest M', when: { hcp: [8, 12], lengths: { M: [3, 13] } }, explanation: '8-12 HCP, three or more {M}' },
  {
    auction: THREE_LEVEL_OVERCALL,
    call: 'X',
    when: { hcp: [10, 37], lengths: { M: [4, 13] } },
    forcing: true,
    explanation: '10+ HCP, four or more cards in an unbid major (negative double)',
  },
  { auction: THREE_LEVEL_OVERCALL, call: '3NT', when: { hcp: [11, 15], stopper: 'y' }, explanation: '11-15 HCP, a stopper in {y}' },
  {
    auction: THREE_LEVEL_OVERCALL,
    call: 'cheapest z',
    when: { hcp: [11, 37], lengths: { z: [6, 13] } },
    maxLevel: 4,
    explanation: '11+ HCP, six or more {z}',
  },
  { auction: THREE_LEVEL_OVERCALL, call: 'Pass', when: { hcp: [0, 12] }, explanation: 'Nothing to add' },

  // Opener after partner's negative double: the double asks for an unbid major.
  { auction: AFTER_NEGATIVE_DOUBLE, call: 'jump M', when: { hcp: [16, 21], lengths: { M: [4, 13] } }, explanation: '16-21 HCP, four {M}' },
  { auction: AFTER_NEGATIVE_DOUBLE, call: 'cheapest M', when: { hcp: [12, 15], lengths: { M: [4, 13] } }, explanation: '12-15 HCP, four {M}' },
  {
    auction: '1x (1y) X (P)',
    call: '1NT',
    when: { hcp: [12, 14], balanced: true, stopper: 'y' },
    explanation: '12-14 HCP, balanced, a stopper in {y}',
  },
  {
    auction: AFTER_NEGATIVE_DOUBLE,
    call: '2NT',
    when: { hcp: [18, 19], balanced: true, stopper: 'y' },
    explanation: '18-19 HCP, balanced, a stopper in {y}',
  },
  { auction: AFTER_NEGATIVE_DOUBLE, call: 'jump x', when: { hcp: [16, 21], lengths: { x: [6, 13] } }, explanation: '16-21 HCP, six or more {x}' },
  { auction: AFTER_NEGATIVE_DOUBLE, call: 'cheapest x', when: { lengths: { x: [6, 13] } }, explanation: 'Six or more {x}' },
  { auction: AFTER_NEGATIVE_DOUBLE, call: 'cheapest z', when: { lengths: { z: [4, 13] } }, explanation: 'Four or more {z}' },
  { auction: AFTER_NEGATIVE_DOUBLE, call: 'cheapest x', explanation: 'Five or more {x}, nothing else to show' },
];

// Direct, after they bid and raise, and in the balancing seat (after two passes).
const REOPENING = ['1x (1y) P (P)', '1x (2y) P (P)'];
const OUR_OPENING_OVERCALLED_AGAIN: readonly BiddingRule[] = [
  // Partner may have passed with length in their suit, waiting for a double to pass for penalties.
  {
    auction: REOPENING,
    call: 'X',
    when: { hcp: [12, 21], lengths: { y: [0, 2] } },
    forcing: true,
    explanation: 'Short in {y} (reopening double): partner may pass with length there',
  },
  { auction: REOPENING, call: 'jump x', when: { hcp: [16, 21], lengths: { x: [6, 13] } }, maxLevel: 3, explanation: '16-21 HCP, six or more {x}' },
  { auction: REOPENING, call: 'cheapest x', when: { lengths: { x: [6, 13] } }, maxLevel: 2, explanation: 'Six or more {x}' },
  { auction: REOPENING, call: 'Pass', explanation: 'Nothing more to say' },
  {
    auction: ['1x (1y) P (P) X (P)', '1x (2y) P (P) X (P)'],
    call: 'Pass',
    when: { hcp: [6, 37], lengths: { y: [4, 13] } },
    explanation: 'Four or more {y}: for penalties',
  },
];

const OVER_ONE_OF_A_SUIT = ['(1x)', '(1x) P (2x)', '(1x) P (P)'];
const OVER_TWO_OF_A_SUIT = ['(2x)', '(2x) P (P)'];
const OVER_THREE_OF_A_SUIT = ['(3x)', '(2x) P (3x)', '(3x) P (P)'];
const THEIR_OPENING: readonly BiddingRule[] = [
  {
    auction: OVER_ONE_OF_A_SUIT,
    call: '1NT',
    when: { hcp: [15, 18], balanced: true, stopper: 'x' },
    explanation: '15-18 HCP, balanced, a stopper in {x}',
  },
  {
    auction: '(1x)',
    call: 'jump y',
    when: { hcp: [6, 10], lengths: { y: [6, 13] }, vulnerable: false },
    maxLevel: 3,
    explanation: '6-10 HCP, six or more {y}, pre-emptive (weak jump overcall)',
  },
  { auction: OVER_ONE_OF_A_SUIT, call: '1y', when: { hcp: [8, 16], lengths: { y: [5, 13] } }, explanation: '8-16 HCP, five or more {y}' },
  {
    auction: OVER_ONE_OF_A_SUIT,
    call: 'cheapest y',
    when: { hcp: [11, 16], lengths: { y: [5, 13] } },
    maxLevel: 2,
    explanation: '11-16 HCP, five or more {y}',
  },
  {
    auction: OVER_ONE_OF_A_SUIT,
    call: 'X',
    when: { hcp: [12, 37], lengths: { x: [0, 2] }, unbidSuits: [3, 13] },
    forcing: true,
    explanation: '12+ HCP, short in {x}, three or more cards in each other suit (takeout double)',
  },
  { auction: OVER_ONE_OF_A_SUIT, call: 'X', when: { hcp: [17, 37] }, forcing: true, explanation: '17+ HCP, any shape (takeout double)' },
  { auction: OVER_ONE_OF_A_SUIT, call: 'Pass', explanation: 'No overcall' },

  { auction: '(1NT)', call: 'X', when: { hcp: [16, 37] }, explanation: '16+ HCP, for penalties' },
  { auction: '(1NT)', call: 'cheapest y', when: { hcp: [8, 15], lengths: { y: [6, 13] } }, explanation: '8-15 HCP, six or more {y}' },
  { auction: '(1NT)', call: 'Pass', explanation: 'No overcall' },

  { auction: ['(2C)', '(2C) P (P)'], call: 'Pass', explanation: 'No bid over a strong 2♣' },
  {
    auction: OVER_TWO_OF_A_SUIT,
    call: '2NT',
    when: { hcp: [15, 18], balanced: true, stopper: 'x' },
    explanation: '15-18 HCP, balanced, a stopper in {x}',
  },
  {
    auction: OVER_TWO_OF_A_SUIT,
    call: 'cheapest y',
    when: { hcp: [12, 17], lengths: { y: [5, 13] } },
    maxLevel: 3,
    explanation: '12-17 HCP, five or more {y}',
  },
  {
    auction: OVER_TWO_OF_A_SUIT,
    call: 'X',
    when: { hcp: [13, 37], lengths: { x: [0, 2] }, unbidSuits: [3, 13] },
    forcing: true,
    explanation: '13+ HCP, short in {x}, three or more cards in each other suit (takeout double)',
  },
  { auction: OVER_TWO_OF_A_SUIT, call: 'X', when: { hcp: [18, 37] }, forcing: true, explanation: '18+ HCP, any shape (takeout double)' },
  { auction: OVER_TWO_OF_A_SUIT, call: 'Pass', explanation: 'No overcall' },

  {
    auction: OVER_THREE_OF_A_SUIT,
    call: 'X',
    when: { hcp: [15, 37], lengths: { x: [0, 2] }, unbidSuits: [3, 13] },
    forcing: true,
    explanation: '15+ HCP, short in {x}, three or more cards in each other suit (takeout double)',
  },
  {
    auction: OVER_THREE_OF_A_SUIT,
    call: '3NT',
    when: { hcp: [16, 20], balanced: true, stopper: 'x' },
    explanation: '16-20 HCP, balanced, a stopper in {x}',
  },
  {
    auction: OVER_THREE_OF_A_SUIT,
    call: 'cheapest y',
    when: { hcp: [14, 37], lengths: { y: [6, 13] } },
    maxLevel: 4,
    explanation: '14+ HCP, six or more {y}',
  },
  {
    auction: OVER_THREE_OF_A_SUIT,
    call: 'cheapest y',
    when: { hcp: [16, 37], lengths: { y: [5, 13] } },
    maxLevel: 4,
    explanation: '16+ HCP, five or more {y}',
  },
  { auction: OVER_THREE_OF_A_SUIT, call: 'X', when: { hcp: [19, 37] }, forcing: true, explanation: '19+ HCP, any shape (takeout double)' },
  { auction: OVER_THREE_OF_A_SUIT, call: 'Pass', explanation: 'No overcall' },
];

const ADVANCING_OVERCALL = ['(1x) 1y (P)', '(1x) 2y (P)'];
const ADVANCING_WEAK_TWO_OVERCALL = ['(2x) 2y (P)', '(2x) 3y (P)', '(2x) P (P) 2y (P)', '(2x) P (P) 3y (P)'];
const ADVANCING_DOUBLE = ['(1x) X (P)', '(1x) P (P) X (P)', '(2x) X (P)', '(2x) P (P) X (P)'];
const DOUBLER_REBID = ['(1x) X (P) 1y (P)', '(1x) X (P) 2y (P)'];
const DOUBLER_REBID_OVER_TWO = ['(2x) X (P) 2y (P)', '(2x) X (P) 3y (P)'];

const PARTNERS_OVERCALL_OR_DOUBLE: readonly BiddingRule[] = [
  {
    auction: [...ADVANCING_OVERCALL, '(1x) 1y (2x)'],
    call: 'cheapest y',
    when: { hcp: [6, 10], lengths: { y: [3, 13] } },
    explanation: '6-10 HCP, three or more {y}',
  },
  {
    auction: ADVANCING_OVERCALL,
    call: 'jump y',
    when: { hcp: [11, 16], lengths: { y: [3, 13] } },
    maxLevel: 3,
    invitational: true,
    explanation: '11-16 HCP, three or more {y}, invitational',
  },
  { auction: '(1x) 1y (P)', call: '1NT', when: { hcp: [8, 11], stopper: 'x' }, explanation: '8-11 HCP, a stopper in {x}' },
  { auction: ADVANCING_OVERCALL, call: '3NT', when: { combined: [24, 40], stopper: 'x' }, explanation: 'Game values together, a stopper in {x}' },
  { auction: ADVANCING_OVERCALL, call: 'cheapest z', when: { hcp: [8, 16], lengths: { z: [5, 13] } }, explanation: '8-16 HCP, five or more {z}' },
  { auction: ADVANCING_OVERCALL, call: 'Pass', when: { hcp: [0, 16] }, explanation: 'No fit, or too weak' },
  // Over a weak two, partner's overcall shows 12-17 HCP.
  {
    auction: ADVANCING_WEAK_TWO_OVERCALL,
    call: 'cheapest y',
    when: { hcp: [11, 37], lengths: { y: [3, 13] } },
    maxLevel: 4,
    explanation: '11+ HCP, three or more {y}',
  },
  { auction: ADVANCING_WEAK_TWO_OVERCALL, call: '3NT', when: { hcp: [11, 37], stopper: 'x' }, explanation: '11+ HCP, a stopper in {x}' },
  { auction: ADVANCING_WEAK_TWO_OVERCALL, call: 'Pass', when: { hcp: [0, 10] }, explanation: 'No game in view' },

  // Partner's takeout double asks for our best suit; a pass would be for penalties, so the robots always bid.
  { auction: ADVANCING_DOUBLE, call: 'cheapest x', when: { hcp: [13, 37] }, forcing: true, explanation: '13+ HCP, forcing (cue-bid)' },
  {
    auction: ADVANCING_DOUBLE,
    call: 'jump M',
    when: { hcp: [9, 12], lengths: { M: [4, 13] } },
    invitational: true,
    explanation: '9-12 HCP, four or more {M}, invitational',
  },
  { auction: ADVANCING_DOUBLE, call: '1NT', when: { hcp: [6, 10], stopper: 'x' }, explanation: '6-10 HCP, a stopper in {x}' },
  { auction: ADVANCING_DOUBLE, call: 'cheapest M', when: { hcp: [0, 8], lengths: { M: [4, 13] } }, explanation: '0-8 HCP, four or more {M}' },
  {
    auction: ADVANCING_DOUBLE,
    call: 'jump z',
    when: { hcp: [9, 12], lengths: { z: [5, 13] } },
    invitational: true,
    explanation: '9-12 HCP, five or more {z}, invitational',
  },
  {
    auction: ADVANCING_DOUBLE,
    call: '2NT',
    when: { hcp: [11, 12], stopper: 'x' },
    invitational: true,
    explanation: '11-12 HCP, a stopper in {x}, invitational',
  },
  { auction: ADVANCING_DOUBLE, call: 'cheapest z', when: { lengths: { z: [4, 13] } }, explanation: 'Four or more {z}' },
  { auction: ADVANCING_DOUBLE, call: 'cheapest z', explanation: 'Three or more {z}, forced to bid' },
  { auction: '(1x) X (1y)', call: 'cheapest z', when: { hcp: [6, 11], lengths: { z: [5, 13] } }, explanation: '6-11 HCP, five or more {z}' },

  { auction: DOUBLER_REBID, call: 'jump y', when: { hcp: [19, 37], lengths: { y: [4, 13] } }, explanation: '19+ HCP, four {y}' },
  {
    auction: DOUBLER_REBID,
    call: 'cheapest y',
    when: { hcp: [16, 18], lengths: { y: [4, 13] } },
    invitational: true,
    explanation: '16-18 HCP, four {y}, invitational',
  },
  { auction: DOUBLER_REBID, call: 'cheapest z', when: { hcp: [17, 37], lengths: { z: [5, 13] } }, explanation: '17+ HCP, five or more {z}' },
  {
    auction: DOUBLER_REBID,
    call: 'cheapest NT',
    when: { hcp: [18, 37], balanced: true, stopper: 'x' },
    maxLevel: 2,
    explanation: '18+ HCP, balanced, a stopper in {x}',
  },
  { auction: DOUBLER_REBID, call: 'Pass', explanation: 'No game in view' },
  {
    auction: DOUBLER_REBID_OVER_TWO,
    call: 'cheapest y',
    when: { hcp: [17, 37], lengths: { y: [4, 13] } },
    maxLevel: 4,
    explanation: '17+ HCP, four {y}',
  },
  { auction: DOUBLER_REBID_OVER_TWO, call: 'cheapest z', when: { hcp: [17, 37], lengths: { z: [5, 13] } }, explanation: '17+ HCP, five or more {z}' },
  { auction: DOUBLER_REBID_OVER_TWO, call: '3NT', when: { hcp: [17, 37], stopper: 'x' }, explanation: '17+ HCP, a stopper in {x}' },
  { auction: DOUBLER_REBID_OVER_TWO, call: 'Pass', explanation: 'No game in view' },
];

// Any auction the rules above don't know: place the contract from the points together and the fits found.
const ANY = '...';
const PLACING_THE_CONTRACT: readonly BiddingRule[] = [
  { auction: ANY, call: '6M', when: { combined: [33, 40], fit: 'M', before: 'slam' }, explanation: 'Slam: 33+ HCP together and a fit in {M}' },
  { auction: ANY, call: '6NT', when: { combined: [33, 40], before: 'slam' }, explanation: 'Slam: 33+ HCP together' },
  { auction: ANY, call: '4M', when: { combined: [25, 40], fit: 'M', before: 'game' }, explanation: 'Game: 25+ HCP together and a fit in {M}' },
  { auction: ANY, call: '3NT', when: { combined: [25, 40], before: 'game' }, explanation: 'Game: 25+ HCP together' },
  { auction: ANY, call: '5m', when: { combined: [25, 40], fit: 'm', before: 'game' }, explanation: 'Game: 25+ HCP together and a fit in {m}' },
  // Partner invited: game with 24 together (partner has more than the minimum the invitation shows), else stop.
  {
    auction: ANY,
    call: '4M',
    when: { invited: true, combined: [24, 40], fit: 'M', before: 'game' },
    explanation: 'Accepts the invitation: a fit in {M}',
  },
  { auction: ANY, call: '3NT', when: { invited: true, combined: [24, 40], before: 'game' }, explanation: 'Accepts the invitation' },
  { auction: ANY, call: 'Pass', when: { invited: true }, explanation: 'Declines the invitation' },
  {
    auction: ANY,
    call: 'cheapest M',
    when: { combined: [22, 24], fit: 'M', before: 'game' },
    maxLevel: 3,
    invitational: true,
    explanation: 'Invitational: 22-24 HCP together and a fit in {M}',
  },
  { auction: ANY, call: '2NT', when: { combined: [22, 24], before: 'game' }, invitational: true, explanation: 'Invitational: 22-24 HCP together' },
  // Partner's last call was forcing: the cheapest natural call.
  { auction: ANY, call: 'cheapest M', when: { forced: true, fit: 'M' }, explanation: 'A fit in {M}' },
  { auction: ANY, call: 'cheapest x', when: { forced: true, lengths: { x: [5, 13] } }, explanation: 'Five or more {x}' },
  { auction: ANY, call: 'cheapest NT', when: { forced: true }, maxLevel: 3, explanation: 'No fit and no long suit' },
  { auction: ANY, call: 'cheapest x', when: { forced: true, lengths: { x: [3, 13] } }, explanation: 'Three or more {x}' },
  { auction: ANY, call: 'Pass', explanation: 'Nothing more to say' },
];

/** The robots' bidding system, in the order the rules are tried. */
export const BIDDING_SYSTEM: readonly BiddingRule[] = [
  ...OPENINGS,
  ...RESPONSES_TO_ONE_OF_A_SUIT,
  ...OPENERS_REBIDS,
  ...RESPONDERS_SECOND_CALLS,
  ...NO_TRUMP_RESPONSES,
  ...TWO_NO_TRUMP_RESPONSES,
  ...STRONG_TWO_CLUBS,
  ...PRE_EMPT_RESPONSES,
  ...OUR_OPENING_OVERCALLED,
  ...OUR_OPENING_OVERCALLED_AGAIN,
  ...THEIR_OPENING,
  ...PARTNERS_OVERCALL_OR_DOUBLE,
  ...PLACING_THE_CONTRACT,
];
