import { sql, type SQL } from 'drizzle-orm';
import { houseLabel } from '@app/domain';

/*
 * The query behind each file of a data export (the columns of EXPORT_FILES in packages/domain,
 * by name), over the schools `ids` names. Each row carries `_key`, the text its rows are ordered
 * and paged by: a page is the rows whose key comes after the last one read.
 */

type Query = (ids: SQL, after: string | null) => SQL;

/** An instant as UTC ISO 8601. */
const utc = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** `select … from <from> join schools s … where <alias>.school_id in ids [and key > after] order by key`. */
const paged =
  (columns: string, from: string, alias: string, key: string): Query =>
  (ids, after) =>
    sql`select ${sql.raw(columns)}, ${sql.raw(key)} collate "C" as _key
      from ${sql.raw(from)} join schools s on s.id = ${sql.raw(alias)}.school_id
      where ${sql.raw(alias)}.school_id in ${ids}
      ${after === null ? sql`` : sql`and ${sql.raw(key)} collate "C" > ${after}`}
      order by ${sql.raw(key)} collate "C"`;

export const EXPORT_QUERIES: Record<string, Query> = {
  'schools.csv': (ids, after) =>
    sql`select s.external_id as school_code, s.id, s.name, s.time_zone, s.school_type, s.store_model,
        s.has_house_system, s.can_teacher_give_all, s.can_non_admin_create_custom_actions,
        s.admin_flag_points, s.non_admin_flag_points,
        coalesce(st.is_open, true) as store_open, st.reopen_date as store_reopen_date,
        ${sql.raw(utc('s.created_at'))} as created_at, s.id::text collate "C" as _key
      from schools s left join store_settings st on st.school_id = s.id
      where s.id in ${ids} ${after === null ? sql`` : sql`and s.id::text collate "C" > ${after}`}
      order by s.id::text collate "C"`,
  'people.csv': paged(
    `s.external_id as school_code, u.id, u.external_id,
     (select c.username from credentials c where c.school_id = u.school_id and c.user_id = u.id order by c.username limit 1) as username,
     u.first_name, u.last_name, u.email, array_to_string(u.roles, ' ') as roles, u.grade_level, u.house,
     (u.left_at at time zone s.time_zone)::date::text as left_on,
     (select ${utc('e.at')} from user_erasures e where e.school_id = u.school_id and e.user_id = u.id) as erased_at,
     ${utc('u.created_at')} as created_at`,
    'users u',
    'u',
    'u.id::text',
  ),
  'classes.csv': paged(
    `s.external_id as school_code, p.id, p.period_number, p.name, p.teacher_id,
     array_to_string(p.co_teachers, ' ') as co_teachers, array_to_string(p.section_numbers, ' ') as section_numbers,
     p.source_id, ${utc('p.created_at')} as created_at`,
    'periods p',
    'p',
    'p.id::text',
  ),
  'class_students.csv': paged(
    's.external_id as school_code, ps.period_id as class_id, ps.student_id',
    'period_students ps',
    'ps',
    'ps.period_id::text || ps.student_id::text',
  ),
  'houses.csv': paged(
    's.external_id as school_code, h.name, h.color',
    'houses h',
    'h',
    'h.school_id::text || h.name',
  ),
  'school_years.csv': paged(
    `s.external_id as school_code, y.id, y.start_date::text as start_date, y.end_date::text as end_date,
     y.giving_start_date::text as giving_start_date`,
    'school_years y',
    'y',
    'y.id::text',
  ),
  'holidays.csv': paged(
    's.external_id as school_code, hd.date::text as date, hd.name',
    'holidays hd',
    'hd',
    'hd.school_id::text || hd.date::text',
  ),
  'activity_types.csv': paged(
    `s.external_id as school_code, t.id, t.name, t.category, t.points, t.type, t.owner_id, t.active,
     ${utc('t.created_at')} as created_at`,
    'activity_types t',
    't',
    't.id::text',
  ),
  'activities.csv': paged(
    `s.external_id as school_code, a.id, a.student_id, a.activity_type_id, a.activity_type, a.category,
     a.points, a.comment, a.date::text as date, a.internal_period_id as class_id, a.give_id, a.given_by,
     ${utc('a.created_at')} as created_at`,
    'activities a',
    'a',
    'a.id::text',
  ),
  'wallets.csv': paged(
    's.external_id as school_code, w.student_id, w.balance, w.total_earned, w.total_spent',
    'wallets w',
    'w',
    'w.student_id::text',
  ),
  'products.csv': paged(
    `s.external_id as school_code, pr.id, pr.store, pr.teacher_id, pr.name, pr.description, pr.category,
     pr.price, pr.stock, pr.limit_per_student, pr.active, ${utc('pr.deleted_at')} as deleted_at,
     ${utc('pr.created_at')} as created_at`,
    'products pr',
    'pr',
    'pr.id::text',
  ),
  'orders.csv': paged(
    `s.external_id as school_code, o.id, o.student_id, o.store, o.teacher_id, o.status, o.total,
     o.date::text as date, o.estimated_delivery::text as estimated_delivery, o.delivery_location, o.placed_by,
     ${utc('o.created_at')} as created_at`,
    'orders o',
    'o',
    'o.id::text',
  ),
  'order_items.csv': paged(
    `s.external_id as school_code, oi.id, oi.order_id, oi.product_id, oi.name, oi.price, oi.quantity, oi.category`,
    'order_items oi',
    'oi',
    'oi.id::text',
  ),
  // Sensitive: written only for an exporter who may read demographics (service.ts).
  'demographics.csv': paged(
    `s.external_id as school_code, d.student_id, d.sex, d.american_indian_or_alaska_native, d.asian,
     d.black_or_african_american, d.native_hawaiian_or_other_pacific_islander, d.white,
     d.demographic_race_two_or_more_races, d.hispanic_or_latino_ethnicity, d.english_learner,
     d.special_education, d.section_504, d.free_reduced_lunch, ${utc('d.updated_at')} as updated_at`,
    'student_demographics d',
    'd',
    'd.student_id::text',
  ),
};

const houseName = (v: unknown) => (typeof v === 'string' && v ? houseLabel(v) : null);

/**
 * Columns written from a row's other columns by the domain's label helpers, which SQL cannot
 * say the same way (docs/decisions/106-labels-and-print.md): a house as people read it beside the
 * stored name, which stays the key.
 */
export const EXPORT_DERIVED: Record<
  string,
  (row: Record<string, unknown>) => Record<string, unknown>
> = {
  'people.csv': (r) => ({ house_name: houseName(r.house) }),
  'houses.csv': (r) => ({ display_name: houseName(r.name) }),
};
