/**
 * `fn` shared by callers who overlap: a call made while an earlier one is still running gets that
 * run's result instead of starting another; once it settles (answer or error) the next call runs
 * anew. Nothing is kept after a run, so no caller sees a result older than its own arrival
 * by more than the one run it joined.
 */
export function singleFlight<K extends object, T>(
  fn: (key: K) => Promise<T>,
): (key: K) => Promise<T> {
  const running = new WeakMap<K, Promise<T>>();
  return (key) => {
    let run = running.get(key);
    if (!run) {
      run = fn(key).finally(() => running.delete(key));
      running.set(key, run);
    }
    return run;
  };
}
