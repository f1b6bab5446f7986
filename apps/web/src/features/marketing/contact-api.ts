import { ContactMessageBody, contactEndpoints } from '@bridge/api';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';

// Apart from api.ts: the contact schema checks phone numbers with their metadata (about 30 KB gzip), which only
// the contact page should download.

/** The contact form shows its own error dialog, hence `handlesError`. */
export const useSendContactMessage = () =>
  useMutation({
    mutationFn: (body: ContactMessageBody) => apiCall(contactEndpoints.send, { body: ContactMessageBody.parse(body) }),
    meta: { handlesError: true },
  });
