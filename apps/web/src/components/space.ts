/**
 * The space between a sentence and what follows it on the line (a link, a name): JSX's `{' '}`
 * is a literal the words lint (formatjs/no-literal-string-in-jsx) cannot tell from a word.
 */
export const SPACE = ' ';
