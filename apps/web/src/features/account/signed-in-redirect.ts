import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { currentUserQueryOptions } from '../../lib/auth';
import { getStoredUser } from '../../lib/storage';
import { sessionHomePath } from './session-home';

/**
 * Where a signed-in visitor of /login or /register belongs instead (their console, the admin console or the
 * email check, as after signing in), or null while the form is the page. Only a tab that kept a user when the
 * page opened asks the server, so a signed-out visitor's page makes no request; the form shows meanwhile (it
 * is the prerendered page) and stays when the session has ended.
 */
export function useSignedInHome(): string | null {
  const [searchParams] = useSearchParams();
  const [keptUser] = useState(() => getStoredUser() !== null);
  const session = useQuery({ ...currentUserQueryOptions(), enabled: keptUser, retry: false });
  return keptUser && session.data ? sessionHomePath(session.data, searchParams.get('redirectTo')) : null;
}
