import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Attempts } from '../../api';
import { installBrowserShims } from '../../api/test-shims';
import { giveSender } from './sendGive';

/** docs/decisions/062-idempotency-key-for-every-points-change.md: a give goes with an Idempotency-Key, kept while the same give is retried. */
const given = {
  giveId: 'g1',
  date: '2026-03-02',
  studentCount: 1,
  activityCount: 1,
  points: 5,
  activityTypes: [],
  dailyBehaviorTakenBack: { students: 0, points: 0 },
};
let answers: Array<'lost' | 'ok'>;
const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
  if (answers.shift() === 'lost') throw new TypeError('Failed to fetch');
  return { status: 200, ok: true, text: async () => JSON.stringify(given) };
});
// Header names are case-insensitive: read it as the server does.
const sentKeys = () =>
  fetchMock.mock.calls.map(([, init]) => new Headers(init!.headers).get('Idempotency-Key'));

beforeEach(() => {
  installBrowserShims().store.set('authtoken', 'tok-1');
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  fetchMock.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const body = { externalStudentIds: ['s1'], activityTypes: ['kindness'] };

describe('giveSender', () => {
  it('sends POST activity/bulk with an Idempotency-Key and keeps it across a retry of the same give', async () => {
    let n = 0;
    const sender = giveSender(new Attempts(() => `key-${++n}`));
    answers = ['lost', 'ok'];
    await expect(sender.send(body)).rejects.toThrow();
    // "Try again" (or a second click) with the same give: the same key, so the server gives once.
    await expect(sender.send({ ...body })).resolves.toEqual(given);
    expect(
      fetchMock.mock.calls.map(
        ([url, init]) => `${init!.method} ${new URL(url, 'http://x').pathname}`,
      ),
    ).toEqual(['POST /api/v1/activity/bulk', 'POST /api/v1/activity/bulk']);
    expect(sentKeys()).toEqual(['key-1', 'key-1']);
  });

  it('takes a new key once the give went through, and when the give changes', async () => {
    let n = 0;
    const sender = giveSender(new Attempts(() => `key-${++n}`));
    answers = ['ok', 'ok', 'lost', 'ok'];
    await sender.send(body);
    sender.given();
    // The same give again on purpose (another bonus for the same student) is a new give.
    await sender.send(body);
    sender.given();
    await expect(sender.send(body)).rejects.toThrow();
    // Changed after a failure (another student): a new key, not a 409.
    await sender.send({ ...body, externalStudentIds: ['s2'] });
    expect(sentKeys()).toEqual(['key-1', 'key-2', 'key-3', 'key-4']);
  });

  it('makes random keys by default', async () => {
    answers = ['ok', 'ok'];
    const sender = giveSender();
    await sender.send(body);
    sender.given();
    await sender.send(body);
    const [a, b] = sentKeys();
    expect(a).toMatch(/^[\x21-\x7e]{1,200}$/);
    expect(a).not.toBe(b);
  });
});
