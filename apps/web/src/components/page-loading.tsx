import { Center, Loader, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page waiting for its data: the way back stays at hand while a spinner names what it waits for. */
export function PageLoading({ back, label }: { back: ReactNode; label: string }) {
  return (
    <Stack>
      {back}
      <Center py="xl" role="status" aria-label={label}>
        <Loader />
      </Center>
    </Stack>
  );
}
