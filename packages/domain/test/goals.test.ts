import { describe, expect, it } from 'vitest';
import { goalNoteText, goalProgress, notificationText } from '../src/index.js';

describe('goalProgress', () => {
  it('points still to earn and the whole percent saved', () => {
    expect(goalProgress(24, 50)).toEqual({ remaining: 26, percent: 48 });
    expect(goalProgress(49, 50)).toEqual({ remaining: 1, percent: 98 });
  });
  it('never past 100% nor below 0; a negative balance has saved nothing', () => {
    expect(goalProgress(80, 50)).toEqual({ remaining: 0, percent: 100 });
    expect(goalProgress(-12, 50)).toEqual({ remaining: 50, percent: 0 });
  });
  it('a free product is reached at once', () => {
    expect(goalProgress(0, 0)).toEqual({ remaining: 0, percent: 100 });
  });
});

describe('goal notes and notifications read as sentences', () => {
  it('says why a goal was unpinned', () => {
    expect(goalNoteText({ productName: 'Hoodie', reason: 'soldOut' })).toBe(
      'Hoodie sold out, so it is no longer your goal.',
    );
    expect(goalNoteText({ productName: 'Hoodie', reason: 'bought' })).toMatch(/^You bought Hoodie/);
    expect(goalNoteText({ productName: 'Hoodie', reason: 'gone' })).toMatch(/left the store/);
  });
  it('counts points with the right plural', () => {
    expect(notificationText({ kind: 'points', points: 1, detail: 'Kindness' })).toBe(
      'You received 1 point: Kindness',
    );
    expect(notificationText({ kind: 'points', points: 5, detail: '' })).toBe(
      'You received 5 points',
    );
    expect(notificationText({ kind: 'packaged', points: 10, detail: 'Pencil' })).toBe(
      'Your order is ready for pickup: Pencil',
    );
    expect(notificationText({ kind: 'refunded', points: 10, detail: 'Pencil' })).toBe(
      'Your order was refunded: Pencil. 10 points went back to your balance.',
    );
  });
});
