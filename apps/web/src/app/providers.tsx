import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme';

type AppProvidersProps = {
  children: ReactNode;
  /** 'test' turns off transitions and portals (unit tests). */
  env?: 'default' | 'test';
};

/**
 * Providers every page needs. TanStack Query and notifications are not here: they arrive with the first
 * route that talks to the API (layouts/query-layout.tsx), so the marketing pages download less.
 */
export function AppProviders({ children, env = 'default' }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" env={env}>
      {children}
    </MantineProvider>
  );
}
