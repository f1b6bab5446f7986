import type { MovementProposal } from '@bridge/api';
import {
  Alert,
  Badge,
  Button,
  Center,
  FileInput,
  Group,
  Loader,
  NumberInput,
  Radio,
  SegmentedControl,
  type SegmentedControlProps,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/RadioCard.layer.css';
import '@mantine/core/styles/RadioIndicator.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import { errorMessage } from '../../../lib/api-client';
import { plural } from '../../../lib/plural';
import { proposalsQueryOptions } from '../api/new-event';
import { formatDuration } from '../format';
import { minutesError, pairsError, type WizardValues } from '../wizard';
import { MovementFormatHelp } from './movement-format-help';
import classes from './movement-step.module.css';

export type CheckedFigures = {
  tables: number;
  rounds: number;
  pairs: number;
  boardsPerRound: number;
  totalBoards: number;
  minutes: number;
  sitOut: boolean;
};

type MovementStepProps = {
  form: UseFormReturnType<WizardValues>;
  /** The figures of the upload last accepted by the server, shown under it. */
  checked: CheckedFigures | null;
  checking: boolean;
  onCheck: () => void;
};

const figuresOf = (m: { rounds: number; boardsPerRound: number; totalBoards: number; minutes: number }) => [
  plural(m.rounds, 'round'),
  `${plural(m.boardsPerRound, 'board')} a round`,
  `${plural(m.totalBoards, 'board')} in all`,
  `about ${formatDuration(m.minutes)}`,
];

function ProposalCard({ proposal }: { proposal: MovementProposal }) {
  return (
    <Radio.Card value={proposal.id} radius="md" p="md" className={classes.card}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator mt={2} />
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={700}>{proposal.name}</Text>
            {proposal.sitOut ? (
              <Badge variant="light" color="orange">
                Sit-out
              </Badge>
            ) : null}
            <Badge variant="light" color="gray">
              {proposal.winners === 2 ? 'Two winners' : 'One winner'}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {proposal.description}
          </Text>
          <Text size="sm">
            {plural(proposal.tables, 'table')} · {figuresOf(proposal).join(' · ')}
            {proposal.sitOut ? ' · one pair sits out each round' : ''}
          </Text>
        </Stack>
      </Group>
    </Radio.Card>
  );
}

function Proposals({ form }: { form: UseFormReturnType<WizardValues> }) {
  const { pairs, minutesPerBoard, proposalId } = form.getValues();
  const [debounced] = useDebouncedValue({ pairs: Number(pairs), minutes: Number(minutesPerBoard) }, 300);
  const valid = !pairsError(pairs) && !minutesError(minutesPerBoard);
  const proposals = useQuery(proposalsQueryOptions(debounced.pairs, debounced.minutes, valid && !pairsError(debounced.pairs)));

  // A movement chosen for another number of pairs no longer fits.
  useEffect(() => {
    if (proposals.data && proposalId && !proposals.data.some((p) => p.id === proposalId) && !proposals.isPlaceholderData) {
      form.setFieldValue('proposalId', '');
    }
  }, [proposals.data, proposals.isPlaceholderData, proposalId, form]);

  if (!valid) return <Text c="dimmed">Give the number of pairs and the minutes per board to see the movements that fit.</Text>;
  if (proposals.isPending) {
    return (
      <Center py="lg" role="status" aria-label="Loading the movements">
        <Loader size="sm" />
      </Center>
    );
  }
  if (proposals.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title="We could not load the movements">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(proposals.error)}</Text>
          <Button variant="default" size="xs" onClick={() => void proposals.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  const error = form.errors.proposalId;
  return (
    <Radio.Group
      label={`Movements for ${plural(Number(pairs), 'pair')}`}
      description="Each with its rounds, boards and expected duration at your pace, a minute a round to move included."
      required
      value={proposalId}
      onChange={(value) => form.setFieldValue('proposalId', value)}
      error={error}
    >
      {proposals.data.length === 0 ? (
        <Text c="dimmed" mt="xs">
          No built-in movement fits this number of pairs. Upload one instead.
        </Text>
      ) : (
        <Stack gap="sm" mt="xs" aria-busy={proposals.isFetching}>
          {proposals.data.map((proposal) => (
            <ProposalCard key={proposal.id} proposal={proposal} />
          ))}
        </Stack>
      )}
    </Radio.Group>
  );
}

function Upload({ form, checked, checking, onCheck }: MovementStepProps) {
  const readFile = async (file: File | null) => {
    if (!file) return;
    const text = await file.text();
    form.setFieldValue('uploadText', text);
    const format = /\.json$/i.test(file.name) || text.trimStart().startsWith('{') ? 'json' : 'csv';
    form.setFieldValue('uploadFormat', format);
  };
  return (
    <Stack gap="md">
      <Text size="sm" component="div">
        A table with, for each round and table, the North-South pair, the East-West pair and the board set, in CSV or JSON: <MovementFormatHelp />. It
        is checked with the rules every movement keeps.
      </Text>
      <FileInput
        label="Movement file"
        placeholder="Choose a .csv or .json file"
        accept=".csv,.json,text/csv,application/json,text/plain"
        clearable
        onChange={(file) => void readFile(file)}
      />
      <Textarea
        label="Movement table"
        description="The file's text, or paste it here"
        rows={6}
        resize="vertical"
        spellCheck={false}
        styles={{ input: { fontFamily: 'monospace' } }}
        {...form.getInputProps('uploadText')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <LabelledChoice
          label="Format"
          data={[
            { value: 'csv', label: 'CSV' },
            { value: 'json', label: 'JSON' },
          ]}
          {...form.getInputProps('uploadFormat')}
        />
        <NumberInput label="Boards a round" min={1} max={36} allowDecimal={false} required {...form.getInputProps('uploadBoardsPerRound')} />
      </SimpleGrid>
      <Group>
        <Button variant="default" onClick={onCheck} loading={checking}>
          Check the movement
        </Button>
      </Group>
      {checked ? (
        <Alert color="green" variant="light" title="The movement is good" role="status">
          {plural(checked.tables, 'table')} · {plural(checked.pairs, 'pair')} · {figuresOf(checked).join(' · ')}
          {checked.sitOut ? ' · one pair sits out each round' : ''}
        </Alert>
      ) : null}
      {checked && checked.pairs !== Number(form.getValues().pairs) ? (
        <Group gap="sm">
          <Text size="sm" c="orange.9">
            This movement is for {plural(checked.pairs, 'pair')}; the event has {form.getValues().pairs}.
          </Text>
          <Button variant="default" size="xs" onClick={() => form.setFieldValue('pairs', checked.pairs)}>
            Use {plural(checked.pairs, 'pair')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** A segmented control with a visible label that names it for screen readers. */
function LabelledChoice({ label, maw, ...control }: SegmentedControlProps & { label: string; maw?: number }) {
  const labelId = useId();
  return (
    <Stack gap={4} maw={maw}>
      <Text component="span" size="sm" fw={500} id={labelId}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={labelId} {...control} />
    </Stack>
  );
}

/** Step 2: pairs and minutes per board, then a proposed movement or an uploaded one. */
export function MovementStep(props: MovementStepProps) {
  const { form } = props;
  const source = form.getValues().movementSource;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" maw={520}>
        <NumberInput label="Number of pairs" min={4} max={60} allowDecimal={false} required {...form.getInputProps('pairs')} />
        <NumberInput
          label="Minutes per board"
          description="Playing time; 7.5 is usual"
          min={2}
          max={20}
          step={0.5}
          decimalScale={1}
          required
          {...form.getInputProps('minutesPerBoard')}
        />
      </SimpleGrid>
      <LabelledChoice
        label="Movement"
        maw={520}
        data={[
          { value: 'proposal', label: 'Choose a movement' },
          { value: 'upload', label: 'Upload a movement' },
        ]}
        {...form.getInputProps('movementSource')}
      />
      {source === 'proposal' ? <Proposals form={form} /> : <Upload {...props} />}
    </Stack>
  );
}
