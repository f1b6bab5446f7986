import type { MovementProposal } from '@bridge/api';
import { Stack } from '@mantine/core';
import { DetailList } from '../../../components/detail-list';
import { plural } from '../../../lib/plural';
import { dealsLabels, formatDuration, formatStart, scoringLabels } from '../format';
import { startsAtOf, type WizardValues } from '../wizard';
import type { CheckedFigures } from './movement-step';

type ReviewStepProps = { values: WizardValues; proposal: MovementProposal | undefined; checked: CheckedFigures | null };

/** Step 4: every choice in one place before Create. */
export function ReviewStep({ values, proposal, checked }: ReviewStepProps) {
  const movement = values.movementSource === 'proposal' ? proposal : checked;
  const movementName = values.movementSource === 'proposal' ? (proposal?.name ?? '-') : `Uploaded movement (${values.uploadFormat.toUpperCase()})`;
  return (
    <Stack gap="md">
      <DetailList
        title="Event"
        headingOrder={3}
        items={[
          { label: 'Name', value: values.name.trim() },
          { label: 'Starts', value: formatStart(startsAtOf(values)) },
        ]}
      />
      <DetailList
        title="Movement"
        headingOrder={3}
        items={[
          { label: 'Movement', value: movementName },
          { label: 'Pairs', value: String(values.pairs) },
          { label: 'Tables', value: movement ? String(movement.tables) : '-' },
          { label: 'Rounds', value: movement ? `${movement.rounds} of ${plural(movement.boardsPerRound, 'board')}` : '-' },
          { label: 'Boards', value: movement ? String(movement.totalBoards) : '-' },
          { label: 'Expected duration', value: movement ? formatDuration(movement.minutes) : '-' },
          { label: 'Minutes per board', value: String(values.minutesPerBoard) },
          { label: 'Sit-out', value: movement ? (movement.sitOut ? 'One pair sits out each round' : 'None') : '-' },
        ]}
      />
      <DetailList
        title="Scoring and deals"
        headingOrder={3}
        items={[
          { label: 'Scoring', value: scoringLabels[values.scoring] },
          { label: 'Deals', value: dealsLabels[values.deals] },
          { label: 'Travellers at the table', value: values.showTravellers ? 'Shown' : 'Hidden' },
          { label: 'Online event', value: values.online ? 'Yes, with video chat at each table' : 'No' },
        ]}
      />
    </Stack>
  );
}
