import { ListContactMessagesQuery, ListContactMessagesResponse } from '../admin.ts';
import { endpoint } from '../endpoint.ts';

/**
 * The admin's inbox of contact messages: apart from the form's declaration, whose schema checks phone numbers
 * with their metadata (about 30 KB gzip), so the admin console's chunk does not carry it.
 */
export const contactInbox = {
  adminList: endpoint({
    method: 'GET',
    path: '/api/admin/v1/contact-messages',
    query: ListContactMessagesQuery,
    response: ListContactMessagesResponse,
  }),
};
