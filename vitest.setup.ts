import { afterEach } from 'vitest';

/** A test that makes anything call console.error fails: errors are never background noise. */
const seen: string[] = [];
const original = console.error.bind(console);
console.error = (...args: unknown[]) => {
  seen.push(args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(' '));
  original(...args);
};

afterEach(() => {
  if (!seen.length) return;
  const lines = seen.splice(0);
  throw new Error(
    `console.error was called ${lines.length} time(s):\n${lines.join('\n').slice(0, 2000)}`,
  );
});
