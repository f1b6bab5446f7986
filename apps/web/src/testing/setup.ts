// Before every web test file (vitest.config.ts): the console guard, then the shared msw server for the network.
import { afterAll, afterEach, beforeAll } from 'vitest';
import './console-guard';
import { server } from './network';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
