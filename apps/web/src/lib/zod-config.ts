import { config } from 'zod';

// zod (in the API client) compiles object parsers with `new Function` unless told not to. The CSP forbids eval, and
// even zod's probe for it is reported as a violation. Schemas read this setting when they are built, so main.tsx
// imports this module before anything that builds one.
config({ jitless: true });
