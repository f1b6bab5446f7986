import { DIRECT_LIMITS, EVENT_LIMITS, type CreateSessionBody, type DealsChoice, type ScoringChoice } from '@bridge/api';

/** What the new-event wizard holds across its steps; Back and Next keep every value. */
export type WizardValues = {
  name: string;
  /** `YYYY-MM-DD` and `HH:MM` from the native inputs, in the director's time zone. */
  date: string;
  time: string;
  pairs: number | string;
  minutesPerBoard: number | string;
  movementSource: 'proposal' | 'upload';
  proposalId: string;
  uploadFormat: 'csv' | 'json';
  uploadText: string;
  uploadBoardsPerRound: number | string;
  /** The upload the server checked and accepted, as sent: Next needs the text on screen to be this one. */
  checkedUpload: string;
  scoring: ScoringChoice;
  deals: DealsChoice;
  showTravellers: boolean;
  online: boolean;
};

export const wizardSteps = [
  { label: 'Event', title: 'Name, date and time' },
  { label: 'Movement', title: 'Pairs and movement' },
  { label: 'Scoring', title: 'Scoring and deals' },
  { label: 'Review', title: 'Review and create' },
] as const;

const pad = (n: number) => String(n).padStart(2, '0');

export function initialWizardValues(now = new Date()): WizardValues {
  return {
    name: '',
    date: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
    time: '19:30',
    pairs: 12,
    minutesPerBoard: 7.5,
    movementSource: 'proposal',
    proposalId: '',
    uploadFormat: 'csv',
    uploadText: '',
    uploadBoardsPerRound: 3,
    checkedUpload: '',
    scoring: 'matchpoints',
    deals: 'random',
    showTravellers: true,
    online: false,
  };
}

/** The session's start as ISO 8601 (UTC), or null when the date or time is not a real one. */
export function startsAtOf(values: Pick<WizardValues, 'date' | 'time'>): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date) || !/^\d{2}:\d{2}$/.test(values.time)) return null;
  const start = new Date(`${values.date}T${values.time}`);
  return Number.isNaN(start.getTime()) ? null : start.toISOString();
}

const asNumber = (value: number | string): number => (typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value));

export const pairsError = (value: number | string): string | null => {
  const pairs = asNumber(value);
  return Number.isInteger(pairs) && pairs >= DIRECT_LIMITS.fewestPairs && pairs <= DIRECT_LIMITS.mostPairs
    ? null
    : `Give ${DIRECT_LIMITS.fewestPairs} to ${DIRECT_LIMITS.mostPairs} pairs`;
};

export const minutesError = (value: number | string): string | null => {
  const minutes = asNumber(value);
  return Number.isFinite(minutes) && minutes >= 2 && minutes <= 20 ? null : 'Minutes per board must be 2 to 20';
};

export const boardsPerRoundError = (value: number | string): string | null => {
  const boards = asNumber(value);
  return Number.isInteger(boards) && boards >= 1 && boards <= EVENT_LIMITS.boardsPerRound
    ? null
    : `Give 1 to ${EVENT_LIMITS.boardsPerRound} boards a round`;
};

/** The upload as the check and the create calls send it. */
export const uploadOf = (values: WizardValues) => ({
  format: values.uploadFormat,
  text: values.uploadText,
  boardsPerRound: asNumber(values.uploadBoardsPerRound),
});

/** A key of the upload that was checked, so an edit after the check asks for a new one. */
export const uploadKey = (values: WizardValues) => JSON.stringify(uploadOf(values));

type Errors = Partial<Record<keyof WizardValues, string>>;

/** The problems of one step, by field; an empty object lets Next go on. */
export function stepErrors(step: number, values: WizardValues): Errors {
  const errors: Errors = {};
  if (step === 0) {
    const name = values.name.trim();
    if (!name) errors.name = 'Give the event a name';
    else if (name.length > 80) errors.name = 'The name is at most 80 characters';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date)) errors.date = 'Give the date of the session';
    if (!/^\d{2}:\d{2}$/.test(values.time)) errors.time = 'Give the time the session starts';
  }
  if (step === 1) {
    const pairs = pairsError(values.pairs);
    if (pairs) errors.pairs = pairs;
    const minutes = minutesError(values.minutesPerBoard);
    if (minutes) errors.minutesPerBoard = minutes;
    if (values.movementSource === 'proposal') {
      if (!pairs && !minutes && !values.proposalId) errors.proposalId = 'Choose one of the movements';
    } else {
      const boards = boardsPerRoundError(values.uploadBoardsPerRound);
      if (boards) errors.uploadBoardsPerRound = boards;
      if (!values.uploadText.trim()) errors.uploadText = 'Choose a movement file or paste its text';
      else if (!boards && values.checkedUpload !== uploadKey(values)) errors.uploadText = 'Check the movement before going on';
    }
  }
  return errors;
}

/** The create call's body from the wizard's values (each step already checked). */
export function createBody(values: WizardValues): CreateSessionBody {
  return {
    name: values.name.trim(),
    startsAt: startsAtOf(values) ?? '',
    pairs: asNumber(values.pairs),
    minutesPerBoard: asNumber(values.minutesPerBoard),
    movement: values.movementSource === 'proposal' ? { kind: 'proposal', id: values.proposalId } : { kind: 'upload', ...uploadOf(values) },
    scoring: values.scoring,
    deals: values.deals,
    showTravellers: values.showTravellers,
    online: values.online,
  };
}

/** Where a server's issue about the create body is shown: the field of the wizard and its step. */
export function fieldOfIssue(path: string): { field: keyof WizardValues | null; step: number } {
  const [head, sub] = path.split('.');
  if (head === 'name') return { field: 'name', step: 0 };
  if (head === 'startsAt') return { field: 'date', step: 0 };
  if (head === 'pairs') return { field: 'pairs', step: 1 };
  if (head === 'minutesPerBoard') return { field: 'minutesPerBoard', step: 1 };
  if (head === 'movement') {
    if (sub === 'id') return { field: 'proposalId', step: 1 };
    if (sub === 'boardsPerRound') return { field: 'uploadBoardsPerRound', step: 1 };
    if (sub === 'text' || sub === 'format') return { field: 'uploadText', step: 1 };
    return { field: 'proposalId', step: 1 };
  }
  if (head === 'scoring') return { field: 'scoring', step: 2 };
  if (head === 'deals') return { field: 'deals', step: 2 };
  if (head === 'showTravellers') return { field: 'showTravellers', step: 2 };
  if (head === 'online') return { field: 'online', step: 2 };
  return { field: null, step: 3 };
}
