import { describe, expect, it } from 'vitest';
import {
  addResult,
  mayUndo,
  RESULTS_SHOWN,
  sameRead,
  sendingToWaiting,
  type ScanResult,
} from './scanResults';

const r = (key: string, over: Partial<ScanResult> = {}): ScanResult => ({
  key,
  name: `Student ${key}`,
  action: { name: 'Kindness', points: 2 },
  status: 'sending',
  at: 1_000,
  ...over,
});

describe('/scan’s gives (issue 35)', () => {
  it('ignores a badge read again within 3 seconds, not after, nor another badge', () => {
    const last = { text: 'K7QH-MZP9T', at: 10_000 };
    expect(sameRead(null, 'K7QH-MZP9T', 10_000)).toBe(false);
    expect(sameRead(last, 'K7QH-MZP9T', 12_999)).toBe(true);
    expect(sameRead(last, 'K7QH-MZP9T', 13_000)).toBe(false);
    expect(sameRead(last, 'ABCD-EFGH1', 10_500)).toBe(false);
  });

  it('lists the newest first, at most a few', () => {
    let list: ScanResult[] = [];
    for (let i = 0; i < RESULTS_SHOWN + 2; i++) list = addResult(list, r(`k${i}`));
    expect(list).toHaveLength(RESULTS_SHOWN);
    expect(list[0]!.key).toBe(`k${RESULTS_SHOWN + 1}`);
  });

  it('a give still sending after a sending waits on the device', () => {
    const list = [r('a'), r('b', { status: 'given', giveId: 'g' })];
    expect(sendingToWaiting(list, 'a').map((x) => x.status)).toEqual(['waiting', 'given']);
    expect(sendingToWaiting(list, 'b').map((x) => x.status)).toEqual(['sending', 'given']);
  });

  it('offers Undo for 10 seconds, for a give not taken back yet', () => {
    expect(mayUndo(r('a', { status: 'given' }), 10_999)).toBe(true);
    expect(mayUndo(r('a', { status: 'given' }), 11_000)).toBe(false);
    expect(mayUndo(r('a', { status: 'waiting' }), 2_000)).toBe(true);
    expect(mayUndo(r('a', { status: 'undone' }), 2_000)).toBe(false);
  });
});
