import { describe, expect, it } from 'vitest';
import {
  AddParticipantsBody,
  ContactMessageBody,
  CreateTournamentBody,
  RegisterBody,
  UpdateUserBody,
  isCleanText,
  isSingleLine,
  messages,
} from './index.ts';

// Characters no name may hold: C0 and C1 controls, DEL, U+FFFE/U+FFFF, lone surrogates, line and paragraph separators.
const BAD = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\t',
  '\n',
  '\r',
  '\u000B',
  '\u001F',
  '\u007F',
  '\u0085',
  '\u009F',
  '\uFFFE',
  '\uFFFF',
  '\uD800',
  '\uDFFF',
  '\u2028',
  '\u2029',
];

describe('single-line text', () => {
  it.each(BAD.map((c) => [c.codePointAt(0)!.toString(16).padStart(4, '0'), c]))('U+%s is refused inside a line', (_hex, c) => {
    expect(isSingleLine(`Ann${c}Smith`)).toBe(false);
  });

  it('keeps the letters of any script, emoji (surrogate pairs) and ordinary punctuation', () => {
    for (const name of ['Ann Smith', "Zoë O'Brien-Łukasz", 'हिन्दी नाम', '山田 太郎', 'محمد', 'Ann 🂡 Smith', 'A. B. "Cee"']) {
      expect(isSingleLine(name), name).toBe(true);
    }
  });

  it('a message body keeps its line breaks and tabs, not the other controls', () => {
    expect(isCleanText('Hello,\r\n\tthanks')).toBe(true);
    expect(isCleanText('Hello\u0001')).toBe(false);
    expect(isCleanText('Hello\uFFFF')).toBe(false);
  });
});

describe('every name field of the contract refuses control characters', () => {
  const game = {
    type: 1,
    typeName: 'Pairs',
    players: 12,
    rounds: 3,
    movementType: 'Mitchell',
    scoreType: 'Match Point',
    handgeneratedModeAsString: 'Random',
  } as const;
  it.each(BAD.filter((c) => c !== '\u0000').map((c) => [c.codePointAt(0)!.toString(16).padStart(4, '0'), c]))('U+%s', (_hex, c) => {
    const name = `Ann${c}Smith`;
    const register = RegisterBody.safeParse({ email: 'ann@example.com', password: 'long enough', names: name });
    expect(register.error?.issues[0]?.message).toBe(messages.invalidName);
    expect(UpdateUserBody.safeParse({ type: 'name', value: name }).success).toBe(false);
    expect(UpdateUserBody.safeParse({ type: 'city', value: name }).success).toBe(false);
    expect(ContactMessageBody.safeParse({ name, email: 'ann@example.com', contact: '9876543210', description: 'Hi' }).success).toBe(false);
    expect(CreateTournamentBody.safeParse({ tables: 3, boardsPerRound: 2, gameDetails: { ...game, typeName: name } }).success).toBe(false);
    expect(AddParticipantsBody.safeParse({ participants: [{ names: name, table: 1, side: 0, isBot: true }] }).success).toBe(false);
  });

  it('trims line breaks at the ends, and a password may hold anything', () => {
    expect(RegisterBody.parse({ email: 'ann@example.com', password: 'long enough', names: '\tAnn Smith\r\n' }).names).toBe('Ann Smith');
    expect(UpdateUserBody.safeParse({ type: 'password', value: 'pass\u0001word\n' }).success).toBe(true);
  });
});
