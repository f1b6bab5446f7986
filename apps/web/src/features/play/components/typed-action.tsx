import type { PlayTableState } from '@bridge/api';
import { TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { PlayConnection } from '../play-connection';
import classes from '../play-table.module.css';
import { handToPlay, readTyped, toCall } from '../table-model';

/** A call or a card typed instead of clicked: `1NT`, `P`, `SA`. */
export function TypedAction({ state, connection, live }: { state: PlayTableState; connection: PlayConnection; live: boolean }) {
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const submitTyped = (event: FormEvent) => {
    event.preventDefault();
    const action = readTyped(state, typed);
    if (!action) {
      setTypedError(
        toCall(state)
          ? `"${typed}" is not a call you can make now`
          : handToPlay(state)
            ? `"${typed}" is not a card you can play now`
            : 'It is not your turn',
      );
      return;
    }
    connection.send(action.type === 'call' ? { type: 'call', call: action.call } : action);
    setTyped('');
    setTypedError(null);
  };
  return (
    <form onSubmit={submitTyped} className={classes.typedForm}>
      <TextInput
        label="Type a call or a card"
        description="1NT, P, X · SA, H10"
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
        error={typedError}
        size="xs"
        autoComplete="off"
        disabled={!live}
      />
    </form>
  );
}
