import type { EntryView, LiveView } from '@bridge/api';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { errorMessage, isApiError } from '../../lib/api-client';
import { notifySuccess } from '../../lib/notify';
import { useSaveEntries, useStartSession } from './api/entries';
import { draftsOf, entriesBody, fieldOfEntryIssue, type PairDraft } from './entries';

/**
 * The entries as the director edits them before the start: the drafts, what is unsaved, the problems of the last
 * save or start, and the save and start themselves (a field the server refuses gets the focus and its message).
 */
export function useEntriesDraft(event: LiveView['event'], entries: EntryView[]) {
  const navigate = useNavigate();
  const [drafts, setDrafts] = useState(() => draftsOf(entries));
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const save = useSaveEntries(event.key);
  const start = useStartSession(event.key);

  const change = (next: PairDraft[]) => {
    setDrafts(next);
    setDirty(true);
    setErrors({});
    setSaveError(null);
  };

  const focus = (field: string) => {
    const [pair, index] = [field.slice(0, field.lastIndexOf('.')), field.slice(field.lastIndexOf('.') + 1)];
    window.setTimeout(() => document.getElementById(`player-${pair}-${index}`)?.focus(), 0);
  };

  const handleSave = async () => {
    const body = entriesBody(drafts);
    setSaveError(null);
    if (Object.keys(body.errors).length) {
      setErrors(body.errors);
      focus(Object.keys(body.errors)[0]!);
      return;
    }
    try {
      const saved = await save.mutateAsync(body.pairs);
      setDrafts(draftsOf(saved.pairs));
      setDirty(false);
      setErrors({});
      notifySuccess('The entries are saved.');
    } catch (error) {
      const issue = isApiError(error) ? error.issues?.[0] : undefined;
      const field = issue ? fieldOfEntryIssue(issue.path, body.order) : null;
      if (field) {
        setErrors({ [field]: issue!.message });
        focus(field);
      } else setSaveError(errorMessage(error));
    }
  };

  const handleStart = async () => {
    setStartError(null);
    try {
      await start.mutateAsync();
      navigate(paths.console.directLive.getHref(event.key));
    } catch (error) {
      setConfirming(false);
      setStartError(errorMessage(error));
    }
  };

  return {
    drafts,
    dirty,
    errors,
    saveError,
    startError,
    confirming,
    setConfirming,
    saving: save.isPending,
    starting: start.isPending,
    change,
    handleSave,
    handleStart,
  };
}
