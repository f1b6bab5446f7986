import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Badge.layer.css';
import { fieldKey, isEntered, pairLabel, startText, type PairDraft } from '../entries';
import { PlayerField } from './player-field';

/** One pair before the start: its two players to enter, and the way to withdraw it. */
export function PairCard({
  draft,
  sitsOut,
  errors,
  onChange,
  onWithdraw,
}: {
  draft: PairDraft;
  sitsOut: boolean;
  errors: Record<string, string>;
  onChange: (index: 0 | 1, player: PairDraft['players'][number]) => void;
  onWithdraw: () => void;
}) {
  const entered = isEntered(draft);
  const headingId = `pair-${draft.pair}`;
  return (
    <Paper withBorder radius="md" p="md" component="li" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Title order={3} fz="md" id={headingId}>
              {pairLabel(draft.pair)}
            </Title>
            <Text size="sm" c="dimmed">
              {startText(draft)}
            </Text>
            {sitsOut ? (
              <Badge color="orange" variant="light">
                Sits out round 1
              </Badge>
            ) : null}
            {!entered ? (
              <Badge color="gray" variant="light">
                Not entered
              </Badge>
            ) : null}
          </Group>
          <Button variant="subtle" color="red.8" size="xs" onClick={onWithdraw} disabled={!entered} aria-label={`Withdraw ${pairLabel(draft.pair)}`}>
            Withdraw
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {([0, 1] as const).map((index) => (
            <PlayerField
              key={index}
              id={`player-${draft.pair}-${index}`}
              label={`${pairLabel(draft.pair)}, player ${index + 1}`}
              value={draft.players[index]}
              onChange={(player) => onChange(index, player)}
              error={errors[fieldKey(draft.pair, index)]}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
