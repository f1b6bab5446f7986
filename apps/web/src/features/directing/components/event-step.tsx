import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { WizardValues } from '../wizard';

/** Step 1: the event's name, date and time (native date and time inputs: the phone's own pickers). */
export function EventStep({ form }: { form: UseFormReturnType<WizardValues> }) {
  return (
    <Stack gap="md" maw={520}>
      <TextInput
        label="Event name"
        description="As the players see it on the results, e.g. Thursday Pairs"
        required
        maxLength={80}
        autoComplete="off"
        {...form.getInputProps('name')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput label="Date" type="date" required {...form.getInputProps('date')} />
        <TextInput label="Start time" type="time" required {...form.getInputProps('time')} />
      </SimpleGrid>
    </Stack>
  );
}
