import { describe, expect, it } from 'vitest';
import { formatPoints, pointsColor, signedPoints } from './points';

describe('points display', () => {
  it.each([
    [5, '+5', 'teal'],
    [-3, '−3', 'red'],
    [0, '0', 'gray'],
  ] as const)('%d → %s, %s', (n, text, color) => {
    expect(signedPoints(n)).toBe(text);
    expect(pointsColor(n)).toBe(color);
  });
  it('groups thousands', () => {
    expect(formatPoints(12345)).toBe('12,345');
  });
});
