import type { AdminParticipant } from '@bridge/api';
import type * as repo from './repo.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

export const presentParticipant = (key: string, row: repo.ParticipantRow): AdminParticipant => ({
  objectId: row.id,
  key,
  table: row.tableNo,
  side: row.side,
  isBot: row.isBot,
  createdAt: row.createdAt.toISOString(),
  editedAt: row.editedAt.toISOString(),
  registeredAt: iso(row.registeredAt),
  userData: { names: row.names, email: row.email, contact: row.contact },
});
