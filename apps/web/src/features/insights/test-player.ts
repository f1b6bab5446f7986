import { messages } from '@bridge/api';
import { isApiError } from '../../lib/api-client';
import { notifyError, notifyInfo } from '../../lib/notify';
import { fetchTestPlayerUrl } from './api';

/** Opens the newest test player installer in a new tab, or says that none is published yet. */
export async function openTestPlayer(): Promise<void> {
  try {
    const url = await fetchTestPlayerUrl();
    window.open(url, '_blank', 'noopener');
  } catch (error) {
    if (isApiError(error) && error.status === 404) notifyInfo(error.message || messages.releaseMissing, 'Test Player');
    else notifyError(error, 'Test Player');
  }
}
