import type { Language } from '@app/domain';
import { t as translate } from '@app/domain/i18n';
import type { Translate } from '../../i18n/useT';
import { describe, expect, it } from 'vitest';
import {
  actionsSummary,
  confirmText,
  giveButtonLabel,
  giveResultText,
  hasTarget,
  needsConfirmation,
  pointsPerStudent,
  targetSummary,
} from './giveText';

/** The web's translator, in English or Spanish, with the demo school's currency. */
const inLanguage =
  (lang: Language): Translate =>
  (key, values) =>
    translate(lang, key, { currency: 'Merits', currencyOne: 'Merit', ...(values as object) });
const t = inLanguage('en');

const type = (points: number) => ({
  _id: 'x',
  name: 'x',
  category: points < 0 ? ('Flags' as const) : ('Bonuses' as const),
  points,
});

describe('giveButtonLabel', () => {
  it.each([
    [{ kind: 'students', count: 0 } as const, 'Give'],
    [{ kind: 'students', count: 1 } as const, 'Give to 1 student'],
    [{ kind: 'students', count: 3 } as const, 'Give to 3 students'],
    [{ kind: 'houses', names: ['amistad'] } as const, 'Give to house Amistad'],
    [{ kind: 'houses', names: ['amistad', 'reveur'] } as const, 'Give to 2 houses'],
    [{ kind: 'houses', names: [] } as const, 'Give'],
    [{ kind: 'grades', values: ['7'] } as const, 'Give to 7th Grade'],
    [{ kind: 'grades', values: ['6', '7'] } as const, 'Give to 2 grade levels'],
    [
      { kind: 'period', label: '1st Period — Math 6' } as const,
      'Give to all of 1st Period — Math 6',
    ],
    [{ kind: 'group', name: 'Table 1' } as const, 'Give to group Table 1'],
  ])('%j → %s', (target, label) => {
    expect(giveButtonLabel(t, target)).toBe(label);
  });

  it('knows when nobody is chosen', () => {
    expect(hasTarget({ kind: 'students', count: 0 })).toBe(false);
    expect(hasTarget({ kind: 'grades', values: [] })).toBe(false);
    expect(hasTarget({ kind: 'period', label: 'x' })).toBe(true);
  });
});

describe('giveResultText', () => {
  it('sums the actions per student', () => {
    expect(pointsPerStudent({ activityTypes: [type(5), type(2)] })).toBe(7);
    expect(giveResultText(t, { activityTypes: [type(5), type(5)], studentCount: 30 })).toBe(
      'Gave 10 Merits to 30 students',
    );
  });
  it('speaks of flags as the currency taken', () => {
    expect(giveResultText(t, { activityTypes: [type(-3)], studentCount: 1 })).toBe(
      'Took 3 Merits from 1 student',
    );
  });
  it('uses the singular for one Merit', () => {
    expect(giveResultText(t, { activityTypes: [type(1)], studentCount: 2 })).toBe(
      'Gave 1 Merit to 2 students',
    );
  });
  it("says when a flag also took back the day's Daily Behavior points", () => {
    const one = {
      activityTypes: [type(-3)],
      studentCount: 1,
      dailyBehaviorTakenBack: { students: 1, points: -2 },
    };
    expect(giveResultText(t, one)).toBe(
      'Took 3 Merits from 1 student, and 2 Daily Behavior points the day had already given',
    );
    const all = {
      activityTypes: [type(-3)],
      studentCount: 4,
      dailyBehaviorTakenBack: { students: 4, points: -8 },
    };
    expect(giveResultText(t, all)).toBe(
      'Took 3 Merits from 4 students, and 2 Daily Behavior points each the day had already given',
    );
    const some = {
      activityTypes: [type(-3)],
      studentCount: 4,
      dailyBehaviorTakenBack: { students: 2, points: -4 },
    };
    expect(giveResultText(t, some)).toBe(
      'Took 3 Merits from 4 students, and 2 Daily Behavior points from 2 of them the day had already given',
    );
    expect(
      giveResultText(t, {
        activityTypes: [type(-3)],
        studentCount: 1,
        dailyBehaviorTakenBack: { students: 0, points: 0 },
      }),
    ).toBe('Took 3 Merits from 1 student');
  });
});

describe('needsConfirmation', () => {
  it('asks before giving to more than a class, to houses or grade levels, or many points each', () => {
    expect(needsConfirmation({ kind: 'students', count: 30 }, 5)).toBe(false);
    expect(needsConfirmation({ kind: 'students', count: 36 }, 5)).toBe(true);
    expect(needsConfirmation({ kind: 'period', label: '1st Period' }, 5)).toBe(false);
    expect(needsConfirmation({ kind: 'houses', names: ['amistad'] }, 1)).toBe(true);
    expect(needsConfirmation({ kind: 'grades', values: ['07'] }, 1)).toBe(true);
    expect(needsConfirmation({ kind: 'students', count: 1 }, 25)).toBe(true);
    expect(needsConfirmation({ kind: 'students', count: 1 }, -25)).toBe(true);
  });
  it('says what will happen', () => {
    expect(confirmText(t, { kind: 'students', count: 40 }, 5)).toBe(
      'Give 5 Merits each to 40 students?',
    );
    expect(confirmText(t, { kind: 'houses', names: ['amistad'] }, -3)).toBe(
      'Take 3 Merits each from house Amistad?',
    );
  });
});

describe('the action bar', () => {
  it('says who is chosen', () => {
    expect(targetSummary(t, { kind: 'students', count: 1 })).toBe('1 student selected');
    expect(targetSummary(t, { kind: 'students', count: 3 })).toBe('3 students selected');
    expect(targetSummary(t, { kind: 'houses', names: ['amistad'] })).toBe('House Amistad');
    expect(targetSummary(t, { kind: 'houses', names: ['amistad', 'reveur'] })).toBe(
      '2 houses: Amistad, Reveur',
    );
    expect(targetSummary(t, { kind: 'grades', values: ['7'] })).toBe('7th Grade');
    expect(targetSummary(t, { kind: 'period', label: '1st Period — Math 6' })).toBe(
      'All of 1st Period — Math 6',
    );
    expect(targetSummary(t, { kind: 'group', name: 'Table 1' })).toBe('Group Table 1');
  });
  it('says what each student gets', () => {
    expect(actionsSummary(t, [])).toBeNull();
    expect(actionsSummary(t, [{ name: 'Participation', points: 2 }])).toBe('+2 Participation');
    expect(
      actionsSummary(t, [
        { name: 'Participation', points: 2 },
        { name: 'Late to class', points: -3 },
      ]),
    ).toBe('+2 Participation, −3 Late to class (−1 each)');
  });
});

describe('in Spanish', () => {
  const es = inLanguage('es');
  it('says the same things with Spanish plurals', () => {
    expect(giveButtonLabel(es, { kind: 'students', count: 3 })).toBe('Dar a 3 estudiantes');
    expect(giveButtonLabel(es, { kind: 'grades', values: ['7'] })).toBe('Dar a 7.º grado');
    expect(giveResultText(es, { activityTypes: [type(1)], studentCount: 1 })).toBe(
      'Se dio 1 Merit a 1 estudiante',
    );
    expect(targetSummary(es, { kind: 'students', count: 2 })).toBe('2 estudiantes seleccionados');
    expect(confirmText(es, { kind: 'houses', names: ['amistad'] }, -3)).toBe(
      '¿Quitar 3 Merits a cada uno de la casa Amistad?',
    );
  });
});
