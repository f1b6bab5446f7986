import type { ComponentType } from 'react';
import { LoadError } from '../components/load-error';

/** How long a route's code may take to download before the load error shows (specification section 9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * A router `lazy` function for a route component. A failed or too slow download renders LoadError
 * (with its Retry button) in place of the route instead of breaking the whole app.
 */
export function lazyPage(load: () => Promise<ComponentType>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS) {
  return async (): Promise<{ Component: ComponentType }> => {
    try {
      return { Component: await withTimeout(load(), timeoutMs) };
    } catch (error) {
      console.warn('Route code failed to load', error);
      return { Component: LoadError };
    }
  };
}
