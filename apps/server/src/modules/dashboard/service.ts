import type { Dashboard } from '@bridge/api';
import type { Db } from '../../db/database.ts';
import type { WeeklyCounts } from '../../db/weekly.ts';
import { weeklyContactMessages } from '../contact/service.ts';
import { weeklyEvents } from '../events/service.ts';
import { weeklyDownloads } from '../insights/service.ts';
import { weeklyUsers } from '../users/service.ts';

// The Dashboard sits above the domains it counts: each figure comes from the service of the module owning the table.

/** The key figures of the Dashboard, each with its weekly additions over the last 8 weeks. */
export async function dashboard(db: Db, now = new Date()): Promise<Dashboard> {
  const [users, active, completed, downloads, contact] = await Promise.all([
    weeklyUsers(db, now),
    weeklyEvents(db, 'active', now),
    weeklyEvents(db, 'complete', now),
    weeklyDownloads(db, now),
    weeklyContactMessages(db, now),
  ]);
  const figure = (counts: WeeklyCounts) => ({ value: counts.total, weekly: counts.weekly });
  return {
    users: figure(users),
    newUsersThisWeek: { value: users.weekly[users.weekly.length - 1] ?? 0, weekly: users.weekly },
    activeEvents: figure(active),
    completedEvents: figure(completed),
    downloads: figure(downloads),
    contactMessages: figure(contact),
  };
}
