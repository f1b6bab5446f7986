import { Button, FileInput, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { plural } from '../../../lib/plural';
import { useImportDeals } from '../api/entries';

/** The deals of an event "from a PBN file": the director's file, read by the organiser's import. */
export function PbnUpload({ eventKey }: { eventKey: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const importDeals = useImportDeals(eventKey);

  const upload = async () => {
    if (!file) {
      setError('Choose the PBN file of the deals');
      return;
    }
    setError(null);
    try {
      await importDeals.mutateAsync(await file.text());
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="pbn-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="pbn-heading">
          Deals from a PBN file
        </Title>
        <Text size="sm" c="dimmed">
          The event's deals come from your dealing program's PBN file: one deal for each board of the movement.
        </Text>
        <Group align="flex-end" gap="sm">
          <FileInput
            label="PBN file"
            placeholder="Choose a .pbn file"
            accept=".pbn,text/plain,application/x-pbn"
            value={file}
            onChange={(chosen) => {
              setFile(chosen);
              setError(null);
              importDeals.reset();
            }}
            error={error}
            clearable
            w={{ base: '100%', xs: 320 }}
          />
          <Button onClick={() => void upload()} loading={importDeals.isPending}>
            Upload the deals
          </Button>
        </Group>
        {importDeals.isSuccess ? (
          <Text size="sm" c="green.9" role="status">
            {plural(importDeals.data.imported, 'deal')} imported.
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
