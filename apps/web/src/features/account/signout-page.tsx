import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { FullPageLoader } from '../../components/full-page-loader';
import { PageTitle } from '../../components/page-title';
import { signOut } from '../../lib/auth';

/** Signs out without asking: clears the stored state, tells the server, then opens the login page. */
export function SignOutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOut(queryClient, 'user').then(() => navigate(paths.login.getHref(), { replace: true }));
  }, [navigate, queryClient]);

  return (
    <>
      <PageTitle title="Signing out" />
      <FullPageLoader label="Signing out" />
    </>
  );
}
