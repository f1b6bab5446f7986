import { messages, type User } from '@bridge/api';
import { Button, Group, Modal, Paper, Stack, Switch, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { titleStyles } from '../../components/modal-styles';
import { PagePlaceholder } from '../../components/page-placeholder';
import { SectionPanel } from '../../components/section-panel';
import { errorMessage } from '../../lib/api-client';
import { currentUserQueryOptions, signOut } from '../../lib/auth';
import { notifySuccess } from '../../lib/notify';
import { CurrentPasswordField, useCurrentPassword } from './current-password-field';
import { useUpdateProfile } from './api';
import { ProfileEditDialog } from './profile-edit-dialog';
import { profileFields, type ProfileField } from './profile-fields';
import classes from './profile-page.module.css';
import '@mantine/core/styles/Switch.layer.css';

export function ProfilePage() {
  const { data: user } = useQuery(currentUserQueryOptions());
  const [editing, setEditing] = useState<ProfileField | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const navigate = useNavigate();

  const handleSaved = (field: ProfileField, updated: User) => {
    // A changed address must be verified again: the verify-email page says so and can resend the link.
    if (field.type === 'email' && !updated.emailVerified) navigate(paths.verifyEmail.getHref(updated.email));
  };

  return (
    <PagePlaceholder title="Profile" description="Your account information, as organisers and other players see it.">
      <Paper withBorder radius="md" component="section" aria-labelledby="account-information">
        <Title order={2} id="account-information" fz="lg" px="lg" pt="lg" pb="xs">
          Account information
        </Title>
        <Text size="sm" c="dimmed" px="lg" pb="sm">
          Choose a row to change it.
        </Text>
        <ul className={classes.list}>
          {profileFields.map((field) => {
            const value = user ? field.value(user) : null;
            return (
              <li key={field.key}>
                <UnstyledButton className={classes.row} onClick={() => setEditing(field)} disabled={!user} aria-haspopup="dialog">
                  <span className={classes.term}>{field.label}</span>
                  <span className={classes.value}>
                    {field.type === 'password' ? (
                      <Text span c="dimmed">
                        Change your password
                      </Text>
                    ) : (
                      value || (
                        <Text span c="dimmed">
                          Not set
                        </Text>
                      )
                    )}
                  </span>
                  <span className={classes.action} aria-hidden="true">
                    Edit
                  </span>
                </UnstyledButton>
              </li>
            );
          })}
        </ul>
      </Paper>
      <FindableSection user={user} />
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="delete-account">
        <Stack gap="xs" align="flex-start">
          <Title order={2} id="delete-account" fz="lg">
            Delete account
          </Title>
          <Text size="sm" c="dimmed">
            Deletes your account and everything it owns. This cannot be undone.
          </Text>
          <Button color="red.8" variant="outline" onClick={() => setConfirmingDelete(true)} disabled={!user}>
            Delete account
          </Button>
        </Stack>
      </Paper>
      {user && <ProfileEditDialog field={editing} user={user} onClose={() => setEditing(null)} onSaved={handleSaved} />}
      <DeleteAccountDialog opened={confirmingDelete} onClose={() => setConfirmingDelete(false)} />
    </PagePlaceholder>
  );
}

/**
 * The player's choice to be found by any director's player search (decision 058): off until turned on. Without it,
 * only the directors of events the player has played in find them. Saved as soon as it is switched.
 */
function FindableSection({ user }: { user: User | undefined }) {
  const update = useUpdateProfile();
  const [error, setError] = useState<string | null>(null);
  const handleChange = async (findable: boolean) => {
    setError(null);
    try {
      const result = await update.mutateAsync({ type: 'findable', value: String(findable) });
      notifySuccess(result.message || messages.profileUpdated);
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };
  return (
    <SectionPanel headingId="found-by-directors" title="Found by directors" padding="lg" gap="xs">
      <Text size="sm" c="dimmed">
        A director entering a pair finds you by name or BFI number if you have played in one of their events. Turn this on to be found by any
        director, so they can enter you and you get your results by email. Your email address is never shown.
      </Text>
      <Switch
        label="Directors may find me"
        checked={user?.findable ?? false}
        disabled={!user || update.isPending}
        onChange={(event) => void handleChange(event.currentTarget.checked)}
      />
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </SectionPanel>
  );
}

function DeleteAccountDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const update = useUpdateProfile();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Delete account"
      centered
      radius="md"
      styles={titleStyles}
      closeOnClickOutside={!update.isPending}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened && <DeleteAccountForm update={update} onClose={onClose} />}
    </Modal>
  );
}

/** Asks for the current password, so a stolen session alone cannot delete the account. */
function DeleteAccountForm({ update, onClose }: { update: ReturnType<typeof useUpdateProfile>; onClose: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const current = useCurrentPassword();
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (!current.checkFilled()) return;
    try {
      const result = await update.mutateAsync({ type: 'delete', value: '', currentPassword: current.value });
      notifySuccess(result.message || messages.accountDeleted);
    } catch (caught) {
      // The dialog stays open with the server's sentence: under the password when that was wrong.
      if (!current.showIfWrong(caught)) setError(errorMessage(caught));
      return;
    }
    await signOut(queryClient);
    navigate(paths.login.getHref(), { replace: true });
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack gap="md">
        <Text>
          Delete your account for good? Your profile (name, email, contact, city, PIN, BFI or BBO number), your sign-ins, and the events you
          organised, with those events&apos; score, replay and participant data, are deleted, and you are signed out. This cannot be undone.
        </Text>
        <CurrentPasswordField {...current.fieldProps} data-autofocus />
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" color="red.8" loading={update.isPending}>
            Delete account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
