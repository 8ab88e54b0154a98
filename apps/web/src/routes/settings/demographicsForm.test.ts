import { describe, expect, it } from 'vitest';
import { DEMOGRAPHIC_FLAGS, type DemographicsAnswer } from '@app/domain';
import { t } from '@app/domain/i18n';
import { bodyOfValues, flagLabelKey, valuesOfAnswer } from './demographicsForm';

const answer: DemographicsAnswer = {
  studentId: 's1',
  sex: 'female',
  americanIndianOrAlaskaNative: false,
  asian: true,
  blackOrAfricanAmerican: null,
  nativeHawaiianOrOtherPacificIslander: null,
  white: false,
  demographicRaceTwoOrMoreRaces: null,
  hispanicOrLatinoEthnicity: true,
  englishLearner: false,
  specialEducation: null,
  section504: null,
  freeReducedLunch: true,
  updatedAt: '2026-10-01T12:00:00.000Z',
};

describe('the demographics editor', () => {
  it('keeps yes, no and not known apart, there and back', () => {
    const v = valuesOfAnswer(answer);
    expect(v.sex).toBe('female');
    expect(v.flags.asian).toBe('yes');
    expect(v.flags.white).toBe('no');
    expect(v.flags.blackOrAfricanAmerican).toBe('unknown');
    const { studentId: _id, updatedAt: _at, ...fields } = answer;
    expect(bodyOfValues(v)).toEqual(fields);
  });
  it('sends an unknown sex as null', () => {
    expect(bodyOfValues({ ...valuesOfAnswer(answer), sex: 'unknown' }).sex).toBeNull();
  });
  it('names every field from the catalogue in both languages', () => {
    for (const f of DEMOGRAPHIC_FLAGS)
      for (const lang of ['en', 'es'] as const)
        expect(t(lang, flagLabelKey(f)), f).not.toMatch(/^labels\./);
    expect(t('en', flagLabelKey('demographicRaceTwoOrMoreRaces'))).toBe('Two or more races');
    expect(t('es', flagLabelKey('englishLearner'))).toBe('Aprendiz de inglés');
  });
});
