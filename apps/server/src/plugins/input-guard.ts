import fp from 'fastify-plugin';
import { ErrorCode, messages } from '@bridge/api';
import { AppError } from '../lib/errors.ts';

/**
 * Where the first string holding a NUL is in a parsed input (its keys count too), or undefined. Walked with a
 * stack, not recursion, so a deeply nested JSON body cannot overflow it.
 */
export function nulAt(input: unknown): string | undefined {
  const stack: { value: unknown; path: string }[] = [{ value: input, path: '' }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
    } else if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [key, item] of Object.entries(value)) {
        const at = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return at;
        stack.push({ value: item, path: at });
      }
    }
  }
  return undefined;
}

/**
 * No text the platform takes may hold a NUL: PostgreSQL refuses it in text (a 500 after the fact) and no
 * field has a use for it. Checked once for every route, before its own validation, so a new route cannot
 * forget it; the contract's text schemas refuse the other control characters where they make no sense.
 */
export const inputGuardPlugin = fp(async (app) => {
  app.addHook('preValidation', async (request) => {
    for (const [where, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const path = nulAt(value);
      if (path !== undefined) {
        throw new AppError(400, ErrorCode.validationFailed, messages.controlCharacters, [
          { path: `${where}${path ? `.${path}` : ''}`, message: messages.controlCharacters },
        ]);
      }
    }
  });
});
