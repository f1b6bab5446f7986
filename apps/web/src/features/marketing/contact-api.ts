import { ContactMessageBody, ContactMessageResponse } from '@bridge/api';
import { useMutation } from '@tanstack/react-query';
import { API_BASE, apiRequest } from '../../lib/api-client';

// Apart from api.ts: the contact schema checks phone numbers with their metadata (about 30 KB gzip), which only
// the contact page should download.
const contactResult = ContactMessageResponse.shape.result;

/** The contact form shows its own error dialog, hence `handlesError`. */
export const useSendContactMessage = () =>
  useMutation({
    mutationFn: (body: ContactMessageBody) =>
      apiRequest(`${API_BASE}/tools/send-email`, { body: ContactMessageBody.parse(body), schema: contactResult }),
    meta: { handlesError: true },
  });
