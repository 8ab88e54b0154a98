/**
 * This server's copies of recent answers to a screen's reads (docs/decisions/120-answer-cache.md),
 * each kept for one session and one URL, and valid only while its school's data is unchanged.
 *
 * A change to a school bumps the school's generation when the database announces it to this
 * server (migration 0026). An answer is stored with the generations read before it was computed,
 * so a change heard while it is computed keeps it out; one heard later makes it stale.
 */
export interface CachedAnswer {
  /** The answer's bytes, encoded once (a large answer is sent again without re-encoding it). */
  payload: Buffer;
  headers: Record<string, string>;
}

/** Taken before an answer is computed; `store` keeps the answer only if nothing changed since. */
export interface AnswerTicket {
  key: string;
  schoolId: string;
  school: number;
  epoch: number;
}

interface Entry extends CachedAnswer {
  schoolId: string;
  school: number;
  epoch: number;
  until: number;
  bytes: number;
}

export interface AnswerCacheLimits {
  ttlMs: number;
  /** The payloads' bytes kept at most (the oldest entries go first). */
  maxBytes: number;
  /** A larger answer is not kept. */
  maxEntryBytes: number;
}

export const ANSWER_CACHE_LIMITS = { maxBytes: 64_000_000, maxEntryBytes: 512_000 };

export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly schools = new Map<string, number>();
  private bytes = 0;
  /** Bumped by a change to every school (or when changes may have been missed). */
  private epoch = 0;
  /** While true, nothing is kept or answered: changes made elsewhere may go unheard. */
  paused = true;

  constructor(
    private readonly limits: AnswerCacheLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The web adds `time=<now>` to every GET against caches in between (docs/spec.md section 7); no
   * handler reads it, and a kept answer is never stale, so it is not part of the key. The school's
   * day is: an answer made before its midnight (a cut-off, "today", "yesterday") is not served after.
   */
  static keyOf(tokenHash: string, url: string, language: string, day: string): string {
    const u = url.includes('time=')
      ? url.replace(/([?&])time=[^&]*(&|$)/, (_m, at, next) => (next ? at : ''))
      : url;
    return `${tokenHash}\n${language}\n${day}\n${u}`;
  }

  get enabled(): boolean {
    return this.limits.ttlMs > 0 && !this.paused;
  }

  get(key: string, schoolId: string): CachedAnswer | undefined {
    if (!this.enabled) return undefined;
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (
      e.schoolId !== schoolId ||
      e.epoch !== this.epoch ||
      e.school !== (this.schools.get(schoolId) ?? 0) ||
      e.until <= this.now()
    ) {
      this.remove(key, e);
      return undefined;
    }
    return e;
  }

  ticket(key: string, schoolId: string): AnswerTicket | undefined {
    if (!this.enabled) return undefined;
    return { key, schoolId, school: this.schools.get(schoolId) ?? 0, epoch: this.epoch };
  }

  store(t: AnswerTicket, answer: CachedAnswer): void {
    if (
      !this.enabled ||
      t.epoch !== this.epoch ||
      t.school !== (this.schools.get(t.schoolId) ?? 0) ||
      answer.payload.length > this.limits.maxEntryBytes
    )
      return;
    const old = this.entries.get(t.key);
    if (old) this.remove(t.key, old);
    const bytes = answer.payload.length;
    const at = this.now();
    // From the oldest: drop expired entries, and old ones while the new one does not fit.
    for (const [k, e] of this.entries) {
      if (e.until > at && this.bytes + bytes <= this.limits.maxBytes) break;
      this.remove(k, e);
    }
    this.entries.set(t.key, {
      ...answer,
      schoolId: t.schoolId,
      school: t.school,
      epoch: t.epoch,
      until: at + this.limits.ttlMs,
      bytes,
    });
    this.bytes += bytes;
  }

  /** A school's data changed ('*': every school's, or it is unknown which). */
  changed(schoolId: string): void {
    if (schoolId === '*') {
      this.epoch++;
      this.entries.clear();
      this.bytes = 0;
    } else this.schools.set(schoolId, (this.schools.get(schoolId) ?? 0) + 1);
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(key: string, e: Entry): void {
    this.entries.delete(key);
    this.bytes -= e.bytes;
  }
}
