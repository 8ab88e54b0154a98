import { describe, expect, it } from 'vitest';
import { playGiveSound, soundForPoints, toneSchedule } from './sounds';

describe('give sounds', () => {
  it('rises for a bonus and falls for a flag', () => {
    const up = toneSchedule('bonus').map((s) => s.frequency);
    const down = toneSchedule('flag').map((s) => s.frequency);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    expect(down).toEqual([...down].sort((a, b) => b - a));
  });
  it('plays its notes one after another, briefly', () => {
    const steps = toneSchedule('bonus');
    steps.slice(1).forEach((s, i) => expect(s.start).toBeGreaterThan(steps[i]!.start));
    expect(steps.at(-1)!.start + steps.at(-1)!.duration).toBeLessThan(0.6);
  });
  it('picks the flag sound when points were taken', () => {
    expect(soundForPoints(-3)).toBe('flag');
    expect(soundForPoints(5)).toBe('bonus');
  });
  it('is silent without Web Audio', () => {
    expect(() => playGiveSound('bonus')).not.toThrow();
  });
});
