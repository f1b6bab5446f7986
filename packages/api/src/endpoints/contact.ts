import { ListContactMessagesQuery, ListContactMessagesResponse } from '../admin.ts';
import { ContactMessageBody, ContactMessageResponse } from '../contact.ts';
import { endpoint } from '../endpoint.ts';

const ADMIN = '/api/admin/v1';

/** The contact form and the admin's inbox. */
export const contact = {
  send: endpoint({ method: 'POST', path: '/api/v1/tools/send-email', body: ContactMessageBody, response: ContactMessageResponse }),
  adminList: endpoint({ method: 'GET', path: `${ADMIN}/contact-messages`, query: ListContactMessagesQuery, response: ListContactMessagesResponse }),
};
