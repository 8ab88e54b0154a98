import { describe, expect, it } from 'vitest';
import { EMPTY_TARGET, targetRequest } from './target';

describe('targetRequest', () => {
  it('sends only the chosen mode', () => {
    const s = {
      ...EMPTY_TARGET,
      students: ['S1', 'S2'],
      houses: ['amistad'],
      mode: 'houses' as const,
    };
    expect(targetRequest(s)).toEqual({
      target: { kind: 'houses', names: ['amistad'] },
      selectors: { houseNames: ['amistad'] },
    });
    expect(targetRequest({ ...s, mode: 'students' }).selectors).toEqual({
      externalStudentIds: ['S1', 'S2'],
    });
  });
  it('gives to grade levels', () => {
    expect(targetRequest({ ...EMPTY_TARGET, mode: 'grades', grades: ['6'] }).selectors).toEqual({
      gradeLevels: ['6'],
    });
  });
  it('gives to a whole period, or to one of its groups', () => {
    const p = { ...EMPTY_TARGET, mode: 'period' as const, periodId: 'p1' };
    expect(targetRequest(p, { period: 'Math 6' })).toEqual({
      target: { kind: 'period', label: 'Math 6' },
      selectors: { internalPeriodId: 'p1' },
    });
    expect(targetRequest({ ...p, groupId: 'g1' }, { group: 'Table 1' })).toEqual({
      target: { kind: 'group', name: 'Table 1' },
      selectors: { internalPeriodId: 'p1', groupIds: ['g1'] },
    });
  });
  it('names nobody until a period is chosen', () => {
    expect(targetRequest({ ...EMPTY_TARGET, mode: 'period' }).target).toEqual({
      kind: 'students',
      count: 0,
    });
  });
});
