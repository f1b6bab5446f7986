import { messages } from '@bridge/api';
import { badRequest } from './errors.ts';

// The admin lists' date filters: whole UTC days, YYYY-MM-DD.

export const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
export const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

const MAX_RANGE_DAYS = 366;

/** The [from, to) instants of a YYYY-MM-DD range, both days included; refuses a reversed or over-long range. */
export function dayRange(startDate: string, endDate: string): { from: Date; to: Date } {
  const from = dayStart(startDate);
  const to = dayAfter(endDate);
  if (from >= to) throw badRequest(messages.dateRangeReversed);
  if ((to.getTime() - from.getTime()) / 86_400_000 > MAX_RANGE_DAYS) throw badRequest(messages.dateRangeTooLong);
  return { from, to };
}
