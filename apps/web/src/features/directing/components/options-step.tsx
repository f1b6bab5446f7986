import { Radio, Stack, Switch } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import { dealsLabels, scoringLabels } from '../format';
import type { WizardValues } from '../wizard';

const scoringHelp = {
  matchpoints: 'Each board compared with every other table: the usual pairs scoring.',
  'cross-imps': 'Each result turned into IMPs against every other result on the board.',
  butler: "IMPs against the board's average result, leaving out the top and bottom.",
} as const;

const dealsHelp = {
  random: 'The platform deals the boards; print the hand records for the duplimate.',
  pbn: 'Upload the PBN file of your dealing program on the entries page, after Create.',
  'by-hand': 'The players shuffle and deal at the tables; no hands are known.',
} as const;

/** Step 3: scoring, deals, travellers at the table and whether the event is played online. */
export function OptionsStep({ form }: { form: UseFormReturnType<WizardValues> }) {
  return (
    <Stack gap="lg" maw={620}>
      <Radio.Group label="Scoring" required {...form.getInputProps('scoring')}>
        <Stack gap="sm" mt="xs">
          {(Object.keys(scoringLabels) as (keyof typeof scoringLabels)[]).map((value) => (
            <Radio key={value} value={value} label={scoringLabels[value]} description={scoringHelp[value]} />
          ))}
        </Stack>
      </Radio.Group>
      <Radio.Group label="Deals" required {...form.getInputProps('deals')}>
        <Stack gap="sm" mt="xs">
          {(Object.keys(dealsLabels) as (keyof typeof dealsLabels)[]).map((value) => (
            <Radio key={value} value={value} label={dealsLabels[value]} description={dealsHelp[value]} />
          ))}
        </Stack>
      </Radio.Group>
      <Switch
        label="Show travellers at the table"
        description="Once East-West have confirmed a board, the table's phone shows the results of that board so far."
        {...form.getInputProps('showTravellers', { type: 'checkbox' })}
      />
      <Switch
        label="Online event"
        description="Played at online tables, each with its video chat; the tables have no codes and no phones score."
        {...form.getInputProps('online', { type: 'checkbox' })}
      />
    </Stack>
  );
}
