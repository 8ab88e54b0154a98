/** One result per distinct arguments (compared as JSON): for Intl formatters, costly to build. */
export function memo<A extends unknown[], R>(build: (...args: A) => R): (...args: A) => R {
  const made = new Map<string, R>();
  return (...args) => {
    const key = JSON.stringify(args);
    let r = made.get(key);
    if (r === undefined) made.set(key, (r = build(...args)));
    return r;
  };
}
