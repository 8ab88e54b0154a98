import { gradeLabel } from './grades.js';
import { formatDate } from './school-days.js';
import type { MessageKey } from './i18n/en/index.js';
import type { Language } from './i18n/languages.js';
import type { SurveyName } from './surveys.js';

/*
 * Labels as docs/spec.md section 9 gives them, one helper each, for the server and the web
 * (docs/decisions/106-labels-and-print.md): a grade is an ordinal plus "Grade" (gradeLabel, in
 * grades.ts), a house is named as a name, a month by its name, and a report column says whether it
 * counts gives or sums points.
 */

/** A grade or "No grade" for a student without one (reports group those under the key 'None'). */
export const gradeOrNone = (grade: string | null | undefined): string =>
  grade && grade !== 'None' ? gradeLabel(grade) : 'No grade';

/** A house's name as a name: "altruismo" → "Altruismo", "blue-team" → "Blue-Team". */
export const houseLabel = (house: string): string =>
  house
    .trim()
    .replace(/(^|[\s-])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase());

/** A house or "No house" for a student without one. */
export const houseOrNone = (house: string | null | undefined): string =>
  house && house !== 'None' ? houseLabel(house) : 'No house';

/**
 * A month by name from 'YYYY-MM' or 'YYYY-MM-DD': "October 2026"; `short` for a chart's axis:
 * "Oct 2026".
 */
export const monthLabel = (month: string, form: 'long' | 'short' = 'long'): string =>
  formatDate(`${month.slice(0, 7)}-01`, form === 'long' ? 'MMMM YYYY' : 'MMM YYYY');

/**
 * The report columns' headings: each says whether it counts gives ("(count)") or sums points
 * ("Points …"), so "Bonuses 3" and "Earned 30" are never read as the same kind of figure.
 */
export const REPORT_COLUMN_LABELS = {
  earned: 'Points earned',
  spent: 'Points spent',
  balance: 'Balance (points)',
  bonusCount: 'Bonuses (count)',
  flagCount: 'Flags (count)',
  otherCount: 'Other gives (count)',
  bonusPoints: 'Bonus points',
  flagPoints: 'Flag points',
  classBonusCount: 'Bonuses in class (count)',
  classFlagCount: 'Flags in class (count)',
  givesCount: 'Gives (count)',
  points: 'Points',
  students: 'Students',
  orders: 'Orders (count)',
} as const;

/*
 * The same labels in the screens' language (docs/decisions/114-labels-in-two-languages.md): the
 * English helpers above stay for the server's mails and files; a screen passes its `t` (useT) and
 * gets the catalogued form of each.
 */

/** A catalogued message in the screens' language, as the web's `useT` gives it. */
export type Translator = (key: MessageKey, values?: Record<string, string | number>) => string;

/** gradeLabel in the screens' language: "8th Grade" / "8.º grado", "Kindergarten" / "Kínder". */
export function gradeText(t: Translator, grade: string): string {
  const named = grade.trim().toLowerCase();
  if (named === 'kindergarten') return t('labels.kindergarten');
  if (named === 'prekindergarten') return t('labels.prekindergarten');
  const n = Number.parseInt(grade, 10);
  return Number.isNaN(n) ? grade : t('labels.grade', { grade: n });
}

/** gradeOrNone in the screens' language. */
export const gradeOrNoneText = (t: Translator, grade: string | null | undefined): string =>
  grade && grade !== 'None' ? gradeText(t, grade) : t('labels.noGrade');

/** houseOrNone in the screens' language (a house's own name is a name, never translated). */
export const houseOrNoneText = (t: Translator, house: string | null | undefined): string =>
  house && house !== 'None' ? houseLabel(house) : t('labels.noHouse');

/** monthLabel by Intl in `lang`: "October 2026" / "octubre de 2026"; `short`: "Oct 2026" / "oct 2026". */
export const monthText = (lang: Language, month: string, form: 'long' | 'short' = 'long'): string =>
  new Intl.DateTimeFormat(lang, { month: form, year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month.slice(0, 7)}-01T00:00:00Z`),
  );

/** Each report column's catalogued heading; "{currency} earned" names the school's currency. */
export const REPORT_COLUMN_KEYS = {
  earned: 'labels.column.earned',
  spent: 'labels.column.spent',
  balance: 'labels.column.balance',
  bonusCount: 'labels.column.bonusCount',
  flagCount: 'labels.column.flagCount',
  otherCount: 'labels.column.otherCount',
  bonusPoints: 'labels.column.bonusPoints',
  flagPoints: 'labels.column.flagPoints',
  classBonusCount: 'labels.column.classBonusCount',
  classFlagCount: 'labels.column.classFlagCount',
  givesCount: 'labels.column.givesCount',
  points: 'labels.column.points',
  students: 'labels.column.students',
  orders: 'labels.column.orders',
} as const satisfies Record<keyof typeof REPORT_COLUMN_LABELS, MessageKey>;

const CATEGORY_KEYS: Record<string, MessageKey> = {
  Flags: 'labels.category.flags',
  Bonuses: 'labels.category.bonuses',
  'Academic Pay Day': 'labels.category.academicPayDay',
  'Daily Behavior': 'labels.category.dailyBehavior',
  'Daily Attendance': 'labels.category.dailyAttendance',
  'Year End': 'labels.category.yearEnd',
  Store: 'labels.category.store',
};

/** A ledger category ("Daily Behavior", "Store") in the screens' language; an unknown one as it is. */
export const categoryText = (t: Translator, category: string): string => {
  const key = CATEGORY_KEYS[category];
  return key ? t(key) : category;
};

const SURVEY_KEYS: Record<SurveyName, { title: MessageKey; question: MessageKey }> = {
  STUDENT_SATISFACTION_SURVEY: {
    title: 'labels.survey.studentSatisfactionSurvey.title',
    question: 'labels.survey.studentSatisfactionSurvey.question',
  },
  STUDENT_SATISFACTION_SURVEY_V2: {
    title: 'labels.survey.studentSatisfactionSurveyV2.title',
    question: 'labels.survey.studentSatisfactionSurveyV2.question',
  },
  STUDENT_SATISFACTION_SURVEY_V3: {
    title: 'labels.survey.studentSatisfactionSurveyV3.title',
    question: 'labels.survey.studentSatisfactionSurveyV3.question',
  },
  TEACHER_SATISFACTION_SURVEY: {
    title: 'labels.survey.teacherSatisfactionSurvey.title',
    question: 'labels.survey.teacherSatisfactionSurvey.question',
  },
  TEACHER_SATISFACTION_SURVEY_V2: {
    title: 'labels.survey.teacherSatisfactionSurveyV2.title',
    question: 'labels.survey.teacherSatisfactionSurveyV2.question',
  },
};

/** The surveys' choices by their English label (two lists share the id NEUTRAL). */
const SURVEY_CHOICE_KEYS: Record<string, MessageKey> = {
  'Very satisfied': 'labels.surveyChoice.verySatisfied',
  Satisfied: 'labels.surveyChoice.satisfied',
  'Neither satisfied nor dissatisfied': 'labels.surveyChoice.neitherSatisfied',
  Dissatisfied: 'labels.surveyChoice.dissatisfied',
  'Very dissatisfied': 'labels.surveyChoice.veryDissatisfied',
  'Very easy': 'labels.surveyChoice.veryEasy',
  Easy: 'labels.surveyChoice.easy',
  'Neither easy nor hard': 'labels.surveyChoice.neitherEasy',
  Hard: 'labels.surveyChoice.hard',
  'Very hard': 'labels.surveyChoice.veryHard',
  'Very likely': 'labels.surveyChoice.veryLikely',
  Likely: 'labels.surveyChoice.likely',
  'Not sure': 'labels.surveyChoice.notSure',
  Unlikely: 'labels.surveyChoice.unlikely',
  'Very unlikely': 'labels.surveyChoice.veryUnlikely',
};

/**
 * A survey's title and question (packages/domain/src/surveys.ts writes them in English) in the
 * screens' language; a survey the catalogue does not know keeps its own words.
 */
export function surveyText(
  t: Translator,
  survey: { name: string; title: string; question: string },
): { title: string; question: string } {
  const keys = SURVEY_KEYS[survey.name as SurveyName] as
    (typeof SURVEY_KEYS)[SurveyName] | undefined;
  return keys
    ? { title: t(keys.title), question: t(keys.question) }
    : { title: survey.title, question: survey.question };
}

/** A survey choice's label in the screens' language. */
export const surveyChoiceText = (t: Translator, label: string): string => {
  const key = SURVEY_CHOICE_KEYS[label];
  return key ? t(key) : label;
};
