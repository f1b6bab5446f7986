import { messages } from '@bridge/api';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageTitle } from '../../components/page-title';
import { signOut } from '../../lib/auth';

export function AdminLogoutPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const handleCancel = () => {
    if (location.key === 'default') navigate(paths.admin.console.getHref(), { replace: true });
    else navigate(-1);
  };

  const handleConfirm = async () => {
    setBusy(true);
    await signOut(queryClient, 'admin');
    navigate(paths.admin.login.getHref(), { replace: true });
  };

  return (
    <>
      <PageTitle title={messages.logoutTitle} />
      <ConfirmDialog
        opened
        title={messages.logoutTitle}
        message={messages.confirmContinue}
        onCancel={handleCancel}
        onConfirm={handleConfirm}
        loading={busy}
      />
    </>
  );
}
