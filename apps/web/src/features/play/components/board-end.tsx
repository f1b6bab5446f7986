import type { PlayTableState } from '@bridge/api';
import { seatName, type Seat } from '@bridge/engine';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ContractText } from '../../../components/contract-text';
import { TravellerTable } from '../../../components/traveller-table';
import { boardReviewQueryOptions } from '../api';
import classes from '../play-table.module.css';
import { KibitzerDeal } from './board-deal';
import { HandRows } from './card-hand';

/** The board's traveller so far, as the results page shows it (where the event shows travellers). */
function BoardTraveller({ finished }: { finished: PlayTableState }) {
  const review = useQuery(boardReviewQueryOptions(finished.key, finished.board));
  if (!review.data || review.data.lines.length === 0) return null;
  return <TravellerTable board={finished.board} lines={review.data.lines} />;
}

/**
 * A finished board: the contract, the tricks, the score and the four hands, until the player goes on. A kibitzer sees
 * the four hands only once every table has finished the board.
 */
export function BoardEnd({ finished, onClose }: { finished: PlayTableState; onClose: () => void }) {
  const result = finished.result!;
  return (
    <Modal opened onClose={onClose} title={`Board ${finished.board} is over`} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text>
          {finished.contract && finished.declarer ? (
            <>
              <ContractText contract={finished.contract} /> by {seatName(finished.declarer)}: {result.tricks} tricks.
            </>
          ) : (
            'Passed out.'
          )}{' '}
          North-South score <strong>{result.score > 0 ? `+${result.score}` : result.score}</strong>.
        </Text>
        {finished.kibitzer ? (
          <KibitzerDeal finished={finished} />
        ) : (
          <div className={classes.endHands}>
            {(['N', 'W', 'E', 'S'] as Seat[]).map((seat) =>
              finished.hands[seat] ? (
                <div key={seat} className={classes[`end_${seat}`]}>
                  <Text size="sm" fw={700}>
                    {seatName(seat)} · {finished.players[seat]?.name}
                  </Text>
                  <HandRows label={`${seatName(seat)}'s hand`} cards={finished.hands[seat]} />
                </div>
              ) : null,
            )}
          </div>
        )}
        <BoardTraveller finished={finished} />
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {finished.kibitzer ? 'Back to the table' : 'Next board'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
