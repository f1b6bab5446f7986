import type { PlayTableState } from '@bridge/api';
import { seatName } from '@bridge/engine';
import { Alert, Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { PlayConnection } from '../play-connection';
import classes from '../play-table.module.css';

/** The claim dialog: how many of the tricks left, and a statement of the line. */
export function ClaimDialog({
  state,
  opened,
  onClose,
  onClaim,
}: {
  state: PlayTableState;
  opened: boolean;
  onClose: () => void;
  onClaim: (tricks: number, statement: string) => void;
}) {
  const left = 13 - state.tricks.ns - state.tricks.ew;
  const [tricks, setTricks] = useState<number | string>(left);
  const [statement, setStatement] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onClaim(Number(tricks), statement.trim());
    onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Claim">
      <form onSubmit={submit}>
        <Stack>
          <NumberInput label={`Tricks you claim of the ${left} left`} min={0} max={left} value={tricks} onChange={setTricks} allowDecimal={false} />
          <TextInput label="Statement (how you will play)" maxLength={300} value={statement} onChange={(e) => setStatement(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Claim</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A seat asked a question answers it with two buttons; a seat not asked waits for the others. */
function Answer({ asked, accept, refuse, onAnswer }: { asked: boolean; accept: string; refuse: string; onAnswer: (accept: boolean) => void }) {
  if (!asked)
    return (
      <Text size="sm" c="gray.7">
        Waiting for the opponents to answer.
      </Text>
    );
  return (
    <Group gap="xs">
      <Button size="xs" onClick={() => onAnswer(true)}>
        {accept}
      </Button>
      <Button size="xs" variant="default" onClick={() => onAnswer(false)}>
        {refuse}
      </Button>
    </Group>
  );
}

/** The question waiting for this seat: accept or reject an opponent's claim or undo. */
export function Question({ state, connection }: { state: PlayTableState; connection: PlayConnection }) {
  if (!state.seat) return null;
  if (state.claim) {
    const claimer = seatName(state.claim.seat);
    const asked = state.claim.awaiting.includes(state.seat);
    return (
      <Alert color="gray" title={`${claimer} claims ${state.claim.tricks} of the tricks left`} className={classes.question}>
        <Stack gap="xs">
          {state.claim.statement ? <Text size="sm">“{state.claim.statement}”</Text> : null}
          <Answer asked={asked} accept="Accept the claim" refuse="Reject" onAnswer={(accept) => connection.send({ type: 'claimResponse', accept })} />
        </Stack>
      </Alert>
    );
  }
  if (state.undo) {
    const asked = state.undo.awaiting.includes(state.seat);
    return (
      <Alert
        color="gray"
        title={`${seatName(state.undo.seat)} asks to undo their last ${state.contract ? 'card' : 'call'}`}
        className={classes.question}
      >
        <Answer asked={asked} accept="Allow the undo" refuse="Refuse" onAnswer={(accept) => connection.send({ type: 'undoResponse', accept })} />
      </Alert>
    );
  }
  return null;
}

/**
 * The board's last rejected claim: withdrawn, and play went on. Everyone at the table reads it; the director (sat
 * with every hand) may rule on it while the board is in play, which ends the board from where the claim stood.
 */
export function Dispute({ state, connection, live }: { state: PlayTableState; connection: PlayConnection; live: boolean }) {
  const disputed = state.disputed;
  const [tricks, setTricks] = useState<number | string>(disputed?.tricks ?? 0);
  if (!disputed || state.result) return null;
  const claimer = seatName(disputed.seat);
  const director = !state.seat && !state.kibitzer;
  const rule = (event: FormEvent) => {
    event.preventDefault();
    const given = Number(tricks);
    if (Number.isInteger(given) && given >= 0 && given <= disputed.left) connection.send({ type: 'ruling', tricks: given });
  };
  return (
    <Alert color="yellow" variant="light" title="Disputed claim" className={classes.question}>
      <Stack gap="xs">
        <Text size="sm">
          {claimer} claimed {disputed.tricks} of the {disputed.left} tricks left; {seatName(disputed.rejectedBy)} rejected it. Play goes on
          {director ? '.' : ': the director may still rule on it.'}
        </Text>
        {disputed.statement ? <Text size="sm">“{disputed.statement}”</Text> : null}
        {director ? (
          <form onSubmit={rule}>
            <Stack gap={6}>
              <NumberInput
                label={`Tricks for ${claimer}'s side of the ${disputed.left} left at the claim`}
                value={tricks}
                onChange={setTricks}
                min={0}
                max={disputed.left}
                allowDecimal={false}
                allowNegative={false}
                size="xs"
              />
              <Button type="submit" size="xs" disabled={!live} style={{ alignSelf: 'flex-start' }}>
                Rule and end the board
              </Button>
            </Stack>
          </form>
        ) : null}
      </Stack>
    </Alert>
  );
}
