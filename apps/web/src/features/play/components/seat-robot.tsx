import type { PlayTableState } from '@bridge/api';
import { seatName, type Seat } from '@bridge/engine';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { PlayConnection } from '../play-connection';
import classes from './presence.module.css';

/**
 * The director's choice at a person's seat: give it to a robot for the rest of the round (its player away too long),
 * or give a seat a robot took over back to its player; each after a confirmation. Nothing for the players and
 * kibitzers, nor at a seat nobody holds.
 */
export function SeatRobotControl({ state, seat, connection }: { state: PlayTableState; seat: Seat; connection: PlayConnection }) {
  const [asking, setAsking] = useState(false);
  const player = state.players[seat];
  if (state.seat || state.kibitzer || !player || (player.robot && player.name === 'Robot')) return null;
  const giving = !player.robot;
  const where = `${seatName(seat)} (${player.name})`;
  return (
    <div className={classes.seatControl}>
      <Button size="compact-xs" variant="white" color="dark" onClick={() => setAsking(true)}>
        {giving ? 'Give the seat to a robot' : 'Give the seat back'}
      </Button>
      <ConfirmDialog
        opened={asking}
        title={giving ? `Give ${seatName(seat)}'s seat to a robot?` : `Give ${seatName(seat)}'s seat back?`}
        message={
          giving
            ? `A robot plays ${where} for the rest of the round, from the seat's next call or card. You can give the seat back at any time.`
            : `${player.name} plays ${seatName(seat)} again, from the seat's next call or card; the robot stops.`
        }
        confirmLabel={giving ? 'Give it to a robot' : 'Give it back'}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          connection.send({ type: 'robot', seat, robot: giving });
          setAsking(false);
        }}
      />
    </div>
  );
}
