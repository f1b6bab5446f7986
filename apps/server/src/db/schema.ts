import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Database tables as TypeScript sees them: snake_case in SQL, camelCase here (CamelCasePlugin). */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  emailTokens: EmailTokensTable;
  outbox: OutboxTable;
  auditLog: AuditLogTable;
  contactMessages: ContactMessagesTable;
  analyticsEvents: AnalyticsEventsTable;
}

export interface ContactMessagesTable {
  id: Generated<string>;
  name: string;
  email: string;
  contact: string;
  description: string;
  type: Generated<number>;
  ip: string | null;
  createdAt: CreatedAt;
}

export interface AnalyticsEventsTable {
  id: Generated<string>;
  eventName: 'file_download' | 'page_view';
  occurredAt: CreatedAt;
  pagePath: string | null;
  referrer: string | null;
  userAgent: string | null;
  osName: string | null;
  osVersion: string | null;
  deviceModel: string | null;
  deviceType: string | null;
  fileName: string | null;
  app: string | null;
  platform: string | null;
  appVersion: string | null;
  userId: string | null;
}

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  names: string;
  passwordHash: string;
  emailVerified: Generated<boolean>;
  role: Generated<'player' | 'admin'>;
  disabled: Generated<boolean>;
  contact: string | null;
  phoneNumber: string | null;
  bfiId: string | null;
  city: string | null;
  postalIndexNumber: string | null;
  photoUrl: string | null;
  createdAt: CreatedAt;
  editedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;

export interface SessionsTable {
  idHash: string;
  userId: string;
  createdAt: CreatedAt;
  expiresAt: ColumnType<Date, Date | string, Date | string>;
  ip: string | null;
  userAgent: string | null;
}

export interface EmailTokensTable {
  tokenHash: string;
  userId: string;
  purpose: 'verify' | 'reset';
  email: string;
  createdAt: CreatedAt;
  expiresAt: ColumnType<Date, Date | string, never>;
  usedAt: ColumnType<Date | null, never, Date | string>;
}

export interface OutboxTable {
  id: Generated<string>;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  link: string | null;
  createdAt: CreatedAt;
  attempts: Generated<number>;
  claimedAt: ColumnType<Date | null, never, Date | string | null>;
  sentAt: ColumnType<Date | null, never, Date | string | null>;
  /** 'smtp' when sent, 'log' when printed to the log because no SMTP server is configured. */
  transport: ColumnType<string | null, never, string | null>;
  lastError: string | null;
}

export interface AuditLogTable {
  id: Generated<string>;
  at: CreatedAt;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  target: string | null;
  outcome: 'success' | 'failure';
  ip: string | null;
  details: ColumnType<Record<string, unknown> | null, string | null, string | null>;
}
