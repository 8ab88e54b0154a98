import { csvField } from './csv.js';
import { DEMOGRAPHIC_FLAGS, type DemographicFlag } from './pbis/demographics.js';
import type { Action } from './policy.js';

/*
 * What a data export holds (POST exports): one CSV file per kind of record, each row with its
 * school's code, and a README.txt naming every file and column. The server fills the columns by
 * these names; this list is the one place that says what they mean.
 */

export interface ExportColumn {
  name: string;
  about: string;
}
export interface ExportFile {
  file: string;
  about: string;
  columns: readonly ExportColumn[];
  /**
   * Sensitive records: the file is in the zip only when the person who asked for the export may
   * do `action`, and README.txt marks it.
   */
  sensitive?: { what: string; action: Action };
}

const SCHOOL = { name: 'school_code', about: "the school's code" } as const;
const ID = (what: string) => ({ name: 'id', about: `the ${what}'s id (a UUID)` });
const CREATED = { name: 'created_at', about: 'when it was made (UTC, ISO 8601)' } as const;

const YES_NO = 'true, false or empty (unknown)';
/** The columns of demographics.csv, one per field of a student's demographics (pbis/demographics.ts). */
const DEMOGRAPHIC_COLUMNS: Record<'sex' | DemographicFlag, ExportColumn> = {
  sex: { name: 'sex', about: 'male, female, other, unspecified or empty (unknown)' },
  americanIndianOrAlaskaNative: {
    name: 'american_indian_or_alaska_native',
    about: `American Indian or Alaska Native: ${YES_NO}`,
  },
  asian: { name: 'asian', about: `Asian: ${YES_NO}` },
  blackOrAfricanAmerican: {
    name: 'black_or_african_american',
    about: `Black or African American: ${YES_NO}`,
  },
  nativeHawaiianOrOtherPacificIslander: {
    name: 'native_hawaiian_or_other_pacific_islander',
    about: `Native Hawaiian or Other Pacific Islander: ${YES_NO}`,
  },
  white: { name: 'white', about: `White: ${YES_NO}` },
  demographicRaceTwoOrMoreRaces: {
    name: 'demographic_race_two_or_more_races',
    about: `two or more races: ${YES_NO}`,
  },
  hispanicOrLatinoEthnicity: {
    name: 'hispanic_or_latino_ethnicity',
    about: `Hispanic or Latino: ${YES_NO}`,
  },
  englishLearner: { name: 'english_learner', about: `an English learner: ${YES_NO}` },
  specialEducation: {
    name: 'special_education',
    about: `special education (an IEP): ${YES_NO}`,
  },
  section504: { name: 'section_504', about: `a Section 504 plan: ${YES_NO}` },
  freeReducedLunch: {
    name: 'free_reduced_lunch',
    about: `free or reduced-price lunch: ${YES_NO}`,
  },
};

export const EXPORT_FILES: readonly ExportFile[] = [
  {
    file: 'schools.csv',
    about: "The school and its settings (a district export: every school of the user's district).",
    columns: [
      SCHOOL,
      ID('school'),
      { name: 'name', about: "the school's name" },
      { name: 'time_zone', about: 'the IANA time zone every date of the school is in' },
      { name: 'school_type', about: 'Elementary, Middle, High or empty' },
      { name: 'store_model', about: 'Pickup or Delivery' },
      { name: 'has_house_system', about: 'true or false' },
      { name: 'can_teacher_give_all', about: 'true, false or empty (the default: true)' },
      { name: 'can_non_admin_create_custom_actions', about: 'true or false' },
      { name: 'admin_flag_points', about: "points an admin's flag takes away" },
      { name: 'non_admin_flag_points', about: "points another giver's flag takes away" },
      { name: 'store_open', about: 'whether the school store is open (true or false)' },
      { name: 'store_reopen_date', about: 'the day a closed store reopens, or empty' },
      CREATED,
    ],
  },
  {
    file: 'people.csv',
    about: 'Everyone of the school: students, staff, admins.',
    columns: [
      SCHOOL,
      ID('person'),
      { name: 'external_id', about: 'the id the school or its roster knows them by' },
      { name: 'username', about: 'their sign-in name, or empty (SSO or no sign-in)' },
      { name: 'first_name', about: 'first name' },
      { name: 'last_name', about: 'last name' },
      { name: 'email', about: 'e-mail address, or empty' },
      { name: 'roles', about: 'their roles, separated by spaces' },
      { name: 'grade_level', about: "a student's grade, or empty" },
      { name: 'house', about: "a student's house as stored (houses.csv name), or empty" },
      { name: 'house_name', about: 'the house as people read it (Altruismo), or empty' },
      {
        name: 'left_on',
        about:
          "the day they left the school (the school's time zone; the top grade when a year opens, or no longer in the roster), or empty",
      },
      { name: 'erased_at', about: 'when the student was erased (name and ids removed), or empty' },
      CREATED,
    ],
  },
  {
    file: 'classes.csv',
    about: 'Classes (periods) and who teaches them.',
    columns: [
      SCHOOL,
      ID('class'),
      { name: 'period_number', about: 'the period number' },
      { name: 'name', about: "the class's name, or empty" },
      { name: 'teacher_id', about: "the teacher's id (people.csv)" },
      { name: 'co_teachers', about: "co-teachers' external ids, separated by spaces" },
      { name: 'section_numbers', about: 'section numbers, separated by spaces' },
      { name: 'source_id', about: 'the OneRoster class id, or empty (made by hand)' },
      CREATED,
    ],
  },
  {
    file: 'class_students.csv',
    about: 'Which students are in which class.',
    columns: [
      SCHOOL,
      { name: 'class_id', about: 'the class (classes.csv)' },
      { name: 'student_id', about: 'the student (people.csv)' },
    ],
  },
  {
    file: 'houses.csv',
    about: "The school's houses.",
    columns: [
      SCHOOL,
      { name: 'name', about: "the house's name as stored (people.csv house)" },
      { name: 'color', about: 'its colour (#rrggbb)' },
      { name: 'display_name', about: 'its name as people read it (Altruismo)' },
    ],
  },
  {
    file: 'school_years.csv',
    about: 'School years: first and last day, and the day giving starts.',
    columns: [
      SCHOOL,
      ID('year'),
      { name: 'start_date', about: 'first day (YYYY-MM-DD)' },
      { name: 'end_date', about: 'last day (YYYY-MM-DD)' },
      { name: 'giving_start_date', about: 'the first day points may be given (YYYY-MM-DD)' },
    ],
  },
  {
    file: 'holidays.csv',
    about: 'Days without school.',
    columns: [
      SCHOOL,
      { name: 'date', about: 'the day (YYYY-MM-DD)' },
      { name: 'name', about: "the holiday's name" },
    ],
  },
  {
    file: 'activity_types.csv',
    about: 'What can be given: bonuses, flags, attendance, custom actions.',
    columns: [
      SCHOOL,
      ID('activity type'),
      { name: 'name', about: 'its name' },
      { name: 'category', about: 'its category' },
      { name: 'points', about: 'its points (negative for a flag)' },
      { name: 'type', about: 'SCHOOL_ACTION or TEACHER_CUSTOM_ACTION' },
      { name: 'owner_id', about: "a custom action's teacher (people.csv), or empty" },
      { name: 'active', about: 'true or false' },
      CREATED,
    ],
  },
  {
    file: 'activities.csv',
    about: "The ledger's earning side: every point given or taken away, one row per student.",
    columns: [
      SCHOOL,
      ID('activity'),
      { name: 'student_id', about: 'the student (people.csv)' },
      { name: 'activity_type_id', about: 'what was given (activity_types.csv)' },
      { name: 'activity_type', about: "the activity type's name when given" },
      { name: 'category', about: 'its category' },
      { name: 'points', about: 'points (negative for a flag)' },
      { name: 'comment', about: "the giver's comment, or empty" },
      { name: 'date', about: 'the school day it counts on (YYYY-MM-DD)' },
      { name: 'class_id', about: 'the class it was given in (classes.csv), or empty' },
      { name: 'give_id', about: 'the give it was part of (several students at once)' },
      { name: 'given_by', about: 'the giver (people.csv), or empty (the daily points)' },
      CREATED,
    ],
  },
  {
    file: 'wallets.csv',
    about: "Each student's balance: total_earned - total_spent.",
    columns: [
      SCHOOL,
      { name: 'student_id', about: 'the student (people.csv)' },
      { name: 'balance', about: 'points to spend' },
      { name: 'total_earned', about: 'sum of their activities' },
      { name: 'total_spent', about: 'sum of their orders that were not canceled or refunded' },
    ],
  },
  {
    file: 'products.csv',
    about: 'What the school store and the teacher stores sell (deleted ones too).',
    columns: [
      SCHOOL,
      ID('product'),
      { name: 'store', about: 'School or Teacher' },
      { name: 'teacher_id', about: "a teacher store's teacher (people.csv), or empty" },
      { name: 'name', about: 'its name' },
      { name: 'description', about: 'its description' },
      { name: 'category', about: 'its category' },
      { name: 'price', about: 'its price in points' },
      { name: 'stock', about: 'how many are left, or empty (unlimited)' },
      { name: 'limit_per_student', about: 'how many one student may buy, or empty' },
      { name: 'active', about: 'true or false' },
      { name: 'deleted_at', about: 'when it was deleted (UTC), or empty' },
      CREATED,
    ],
  },
  {
    file: 'orders.csv',
    about: "The ledger's spending side: each store's part of a checkout.",
    columns: [
      SCHOOL,
      ID('order'),
      { name: 'student_id', about: 'the student (people.csv)' },
      { name: 'store', about: 'School, Teacher or Customization' },
      { name: 'teacher_id', about: "a teacher store's teacher, or empty" },
      { name: 'status', about: 'its status' },
      { name: 'total', about: 'its total in points' },
      { name: 'date', about: 'the school day it was placed (YYYY-MM-DD)' },
      { name: 'estimated_delivery', about: 'its delivery day, or empty' },
      { name: 'delivery_location', about: 'where it is delivered, or empty' },
      { name: 'placed_by', about: 'who placed it (people.csv)' },
      CREATED,
    ],
  },
  {
    file: 'order_items.csv',
    about: "Orders' lines, with the name and price as bought.",
    columns: [
      SCHOOL,
      ID('line'),
      { name: 'order_id', about: 'the order (orders.csv)' },
      { name: 'product_id', about: 'the product (products.csv), or a font or icon id' },
      { name: 'name', about: 'the name as bought' },
      { name: 'price', about: 'the price as bought' },
      { name: 'quantity', about: 'how many' },
      { name: 'category', about: 'its category' },
    ],
  },
  {
    file: 'demographics.csv',
    about:
      "Students' demographics (OneRoster's demographics.csv and the programs), for the students the school recorded them for.",
    columns: [
      SCHOOL,
      { name: 'student_id', about: 'the student (people.csv)' },
      ...(['sex', ...DEMOGRAPHIC_FLAGS] as const).map((f) => DEMOGRAPHIC_COLUMNS[f]),
      { name: 'updated_at', about: 'when they last changed (UTC, ISO 8601)' },
    ],
    sensitive: { what: 'demographics', action: 'reports:equity' },
  },
];

/** The files of an export asked for by someone who may (or may not) do each sensitive file's action. */
export const exportFilesFor = (may: (action: Action) => boolean): readonly ExportFile[] =>
  EXPORT_FILES.filter((f) => !f.sensitive || may(f.sensitive.action));

/** The CSV header line of a file (CRLF-terminated, like every row). */
export const exportHeader = (f: ExportFile) =>
  `${f.columns.map((c) => csvField(c.name)).join(',')}\r\n`;

/** One CSV row of a file from a record keyed by its column names. */
export const exportRow = (f: ExportFile, row: Record<string, unknown>) =>
  `${f.columns
    .map((c) => {
      const v = row[c.name];
      return csvField(v === null || v === undefined ? '' : String(v));
    })
    .join(',')}\r\n`;

/** README.txt of the zip: what each file it holds is, what each column means, which are sensitive. */
export function exportReadme(
  scope: string,
  schoolCodes: readonly string[],
  at: Date,
  files: readonly ExportFile[],
): string {
  const lines = [
    `Data export of ${scope === 'district' ? 'a district' : 'a school'} (${schoolCodes.join(', ')}), made ${at.toISOString()}.`,
    'Every file is CSV (UTF-8, comma-separated, a header line); every row starts with its school_code.',
    "Instants are UTC (ISO 8601); days are the school's own (YYYY-MM-DD, in its time zone).",
    'A cell that began with =, +, - or @ starts with an apostrophe so that spreadsheets do not run it.',
    '',
  ];
  for (const f of files) {
    lines.push(f.file, `  ${f.about}`);
    if (f.sensitive)
      lines.push(`  sensitive: ${f.sensitive.what}, read only with ${f.sensitive.action}`);
    for (const c of f.columns) lines.push(`  - ${c.name}: ${c.about}`);
    lines.push('');
  }
  return lines.join('\r\n');
}
