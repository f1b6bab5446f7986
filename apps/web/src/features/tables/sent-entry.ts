import type { EntryBody } from './entry-form';
import type { TableBoard } from './format';

/** The entry as the server keeps it, from the body this phone sent (or still has to send). */
export const entryOfBody = (body: EntryBody): NonNullable<TableBoard['entry']> => ({
  declarer: body.declarer ?? null,
  contract: body.contract,
  tricks: body.contract.level === 0 ? null : body.tricks,
  lead: body.lead ?? null,
});
