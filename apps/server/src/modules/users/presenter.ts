import type { AdminUser, User } from '@bridge/api';
import type { UserRow } from '../../db/schema.ts';

/** Shapes a user row as the session answer of the specification (section 3). */
export const presentUser = (row: UserRow): User => ({
  uid: row.id,
  displayName: row.names,
  email: row.email,
  emailVerified: row.emailVerified,
  photoUrl: row.photoUrl,
  phoneNumber: row.phoneNumber,
  contact: row.contact,
  bfiId: row.bfiId,
  city: row.city,
  postalIndexNumber: row.postalIndexNumber,
  role: row.role,
  findable: row.findable,
});

/** Shapes a user row as the admin list shows it (specification section 3, "User (admin list)"). */
export const presentAdminUser = (row: UserRow, eventsOrganised: number): AdminUser => ({
  objectId: row.id,
  uid: row.id,
  names: row.names,
  email: row.email,
  emailVerified: row.emailVerified,
  disabled: row.disabled,
  role: row.role,
  contact: row.contact,
  bfiId: row.bfiId,
  city: row.city,
  postalIndexNumber: row.postalIndexNumber,
  createdAt: row.createdAt.toISOString(),
  editedAt: row.editedAt.toISOString(),
  eventsOrganised,
});
