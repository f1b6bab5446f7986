// Prettier formats the code as it was written by hand (docs/decisions/046): single quotes in TypeScript, double
// quotes in JSX attributes, trailing commas and parenthesised arrow parameters. Code lines stay within 150
// characters; only strings, comments and template literals, which it never breaks, may run longer.
/** @type {import('prettier').Config} */
export default {
  printWidth: 150,
  singleQuote: true,
  trailingComma: 'all',
  arrowParens: 'always',
};
