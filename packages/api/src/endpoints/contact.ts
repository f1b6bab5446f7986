import { ContactMessageBody, ContactMessageResponse } from '../contact.ts';
import { endpoint } from '../endpoint.ts';
import { contactInbox } from './contact-inbox.ts';

/** The contact form and the admin's inbox. */
export const contact = {
  send: endpoint({ method: 'POST', path: '/api/v1/tools/send-email', body: ContactMessageBody, response: ContactMessageResponse }),
  ...contactInbox,
};
