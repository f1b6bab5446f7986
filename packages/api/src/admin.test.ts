import { describe, expect, it } from 'vitest';
import { EventFilters, ListAuditsQuery, PageQuery, messages } from './index.ts';

describe('admin contract', () => {
  it('keeps the catalogue texts of the admin console as the specification spells them', () => {
    expect([messages.eventDeleted, messages.userDeleted, messages.userDisabled, messages.userEnabled, messages.roleUpdated('admin')]).toEqual([
      'Event deleted',
      'User deleted',
      'User disabled successfully',
      'User enabled successfully',
      'User role updated to "admin" successfully',
    ]);
    expect([messages.noRecords, messages.noParticipants, messages.selectItem, messages.setBothDates, messages.selectBothDates]).toEqual([
      'Oops, No records yet...',
      'Oops, participants yet!',
      'Please select a item ',
      'Please set both start and end date ',
      'Please select both start and end dates',
    ]);
  });

  it('pages 10 rows from page 1 unless told otherwise, and refuses a page of more than 100', () => {
    expect(PageQuery.parse({})).toEqual({ limit: 10, page: 1 });
    expect(PageQuery.parse({ limit: '50', page: '3', lastDocId: 'abc-123' })).toEqual({ limit: 50, page: 3, lastDocId: 'abc-123' });
    expect(PageQuery.safeParse({ limit: '101' }).success).toBe(false);
    expect(PageQuery.safeParse({ lastDocId: "1' or 1=1" }).success).toBe(false);
  });

  it('reads the chips as query parameters', () => {
    expect(EventFilters.parse({ liveTable: 'true', kibitzers: '0', scoreType: 'Match Point' })).toEqual({
      type: 'pair',
      liveTable: true,
      kibitzers: false,
      scoreType: 'Match Point',
    });
    expect(EventFilters.safeParse({ query: 'x'.repeat(201) }).success).toBe(false);
    expect(ListAuditsQuery.safeParse({ startDate: '2026-13-45' }).success).toBe(false);
  });
});
