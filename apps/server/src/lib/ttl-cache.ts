/**
 * A small in-memory cache whose entries live at most `ttlMs` (or until their own `until`, if
 * sooner) and which holds at most `maxEntries` (the oldest entry goes first). A TTL of 0 or less
 * keeps nothing.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();
  /**
   * Bumped by every delete and clear. A caller that loads a value, then stores it, passes the
   * version it read before loading: a delete in between (a sign-out) wins over the late store.
   */
  version = 0;
  /** While true (its invalidations may be missed), the cache keeps nothing and answers nothing. */
  paused = false;

  constructor(
    readonly ttlMs: number,
    readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    if (this.paused) return undefined;
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.until <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  set(key: string, value: V, until = Infinity, ifVersion = this.version): void {
    if (this.ttlMs <= 0 || this.paused || ifVersion !== this.version) return;
    const t = this.now();
    this.entries.delete(key); // re-inserted last, so the map runs from the oldest entry
    // From the oldest: drop expired entries, and old ones while the cache is full.
    for (const [k, e] of this.entries) {
      if (e.until > t && this.entries.size < this.maxEntries) break;
      this.entries.delete(k);
    }
    this.entries.set(key, { value, until: Math.min(t + this.ttlMs, until) });
  }

  delete(key: string): void {
    this.version++;
    this.entries.delete(key);
  }

  clear(): void {
    this.version++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
