import { ROLES, type Role } from './roles.js';

/** The facts the derived permissions of docs/spec.md section 6 are computed from. */
export interface PermissionSubject {
  /** The user's id: a school may name them one of its PBIS coordinators (`school.pbisCoordinatorIds`). */
  id?: string;
  /**
   * Whether the school names the user one of its PBIS coordinators, where the subject carries
   * neither the id nor the school's list: the web's session (`pbisCoordinator` of POST auth/me).
   */
  pbisCoordinator?: boolean;
  roles: readonly string[];
  gradeLevel?: string | null;
  periodCount: number;
  school: {
    hasHouseSystem: boolean;
    isHouseSystemConfigured: boolean;
    storeModel: string;
    schoolType: string;
    canTeacherGiveAll?: boolean | null;
    canNonAdminCreateCustomActions?: boolean | null;
    /** The staff the school names its PBIS coordinators (Settings → School): they read the fairness report. */
    pbisCoordinatorIds?: readonly string[] | null;
  };
}

/**
 * How far an action reaches for one role:
 * - `own`: what the user is or made (their own account, activities they gave, periods they own);
 * - `children`: the students a guardian is linked to (docs/decisions/115-guardians.md);
 * - `periods`: the periods they teach or co-teach and those periods' students;
 * - `school`: everything of their school.
 */
export type Scope = 'none' | 'own' | 'children' | 'periods' | 'school';
const RANK: Record<Scope, number> = { none: 0, own: 1, children: 2, periods: 3, school: 4 };

/** A role's scope, fixed or depending on the school's settings. */
type Grant = Scope | ((s: PermissionSubject) => Scope);
/** `everyone` is any signed-in user with at least one role but GUARDIAN (whose rights are all named). */
type Rule = Partial<Record<Role | 'everyone', Grant>>;

const ADMINS = { SCHOOL_ADMIN: 'school', SUPER_ADMIN: 'school' } as const;
const STUDENT_READERS = {
  ...ADMINS,
  GIVE_ALL: 'school',
  SCHOOLWIDE_REPORTS: 'school',
  SCHOOL_STUDENT_REPORTS: 'school',
  HOUSE_MANAGER: 'school',
  STORE_MANAGER: 'school',
  ASSISTANT_STORE_MANAGER: 'school',
} as const;
/**
 * Roles that `everyone` leaves out: a guardian sees their children's figures and nothing else of
 * the school (docs/decisions/115-guardians.md), so each of their rights is named in its row.
 */
export const NOT_EVERYONE: readonly Role[] = ['GUARDIAN', 'CASHIER'];
/** Every role but STUDENT (and GUARDIAN): the school's staff, whatever else they do. */
const ALL_BUT_STUDENTS: Rule = Object.fromEntries(
  ROLES.filter((r) => r !== 'STUDENT' && !NOT_EVERYONE.includes(r)).map((r) => [r, 'school']),
);
/** Who fulfils the store's orders (docs/spec.md): store managers, their assistants, admins. */
const FULFILMENT_ROLES = {
  ...ADMINS,
  STORE_MANAGER: 'school',
  ASSISTANT_STORE_MANAGER: 'school',
} as const;
/** A teacher store belongs to a teacher with at least one period (docs/spec.md section 6). */
const teacherStore = (s: PermissionSubject): Scope => (s.periodCount > 0 ? 'own' : 'none');
const teacherGivesToAll = (s: PermissionSubject): Scope =>
  s.school.canTeacherGiveAll !== false ? 'school' : 'periods';
const customActionsAllowed = (s: PermissionSubject): Scope =>
  s.school.canNonAdminCreateCustomActions !== false ? 'own' : 'none';
/**
 * The roles a PBIS coordinator holds one of: any staff role. A student, a guardian or the base role
 * alone never reads demographics, whoever names them.
 */
export const PBIS_COORDINATOR_ROLES: readonly Role[] = ROLES.filter(
  (r) => r !== 'STUDENT' && r !== 'GUARDIAN' && r !== 'USER' && r !== 'CASHIER',
);
/** A PBIS coordinator the school names by user id (Settings → School), holding a staff role. */
const pbisCoordinator = (s: PermissionSubject): Scope =>
  (s.pbisCoordinator === true ||
    (s.id !== undefined && s.school.pbisCoordinatorIds?.includes(s.id))) &&
  s.roles.some((r) => (PBIS_COORDINATOR_ROLES as readonly string[]).includes(r))
    ? 'school'
    : 'none';

/**
 * Who may do what: every action of the product, each role's scope for it. The server checks a
 * route's action before anything else runs and narrows objects by the scope; the web reads the
 * same table for navigation and buttons. Roles not named have no access.
 */
export const PERMISSIONS = {
  // Everyone signed in
  'session:use': { everyone: 'own', GUARDIAN: 'own', CASHIER: 'own' },
  'school:read': { everyone: 'school', GUARDIAN: 'school' },
  'calendar:read': { everyone: 'school' },
  'activityOptions:read': { everyone: 'school' },
  'configuration:read': { everyone: 'school', GUARDIAN: 'school' },
  'store:browse': { everyone: 'school' },
  'dev:use': { everyone: 'school' },

  // Classes and rosters
  'periods:list': {
    ...STUDENT_READERS,
    TEACHER: 'periods',
    STAFF: 'school',
    TEACHER_USAGE_REPORTS: 'school',
    SCHOOL_DASHBOARD: 'school',
  },
  'periodMeta:read': { TEACHER: 'periods' },
  'class:view': { ...ADMINS, GIVE_ALL: 'school', TEACHER: 'periods' },
  'periods:coTeachers': { ...ADMINS, TEACHER: 'own' },
  'coTeachers:list': { ...ADMINS, TEACHER: 'school' },
  'groupTypes:read': { ...ADMINS, GIVE_ALL: 'school', TEACHER: 'periods' },
  'groupTypes:manage': { ...ADMINS, TEACHER: 'periods' },

  // Students and their points
  /** One student's balance, figures and activity: a guardian their linked children's only. */
  'students:read': {
    ...STUDENT_READERS,
    TEACHER: 'periods',
    STUDENT: 'own',
    GUARDIAN: 'children',
  },
  'students:list': {
    ...STUDENT_READERS,
    TEACHER: (s) => (teacherGivesToAll(s) === 'school' ? 'school' : 'none'),
  },
  'activity:give': { ...ADMINS, GIVE_ALL: 'school', TEACHER: teacherGivesToAll },
  /** Academic Pay Day and the daily categories by hand, besides Flags and Bonuses. */
  'activity:giveAllCategories': { ...ADMINS },
  /** Edit, delete and take back (also a group's points of a day). */
  'activity:change': { ...ADMINS, GIVE_ALL: 'own', TEACHER: 'own' },
  'activity:audit': { ...ADMINS },
  /** A flag they give deducts the school's admin amount, not the non-admin one (docs/decisions/008-flag-points.md). */
  'activity:adminFlagPoints': { ...ADMINS },
  'customActions:manage': {
    ...ADMINS,
    GIVE_ALL: customActionsAllowed,
    TEACHER: customActionsAllowed,
  },
  'powerActions:set': { SCHOOL_ADMIN: 'own', SUPER_ADMIN: 'own', GIVE_ALL: 'own', TEACHER: 'own' },
  'attendance:read': { ...ADMINS, TEACHER: 'periods' },
  'attendance:mark': { ...ADMINS, TEACHER: 'periods' },

  // School administration
  'calendar:manage': { ...ADMINS },
  'contact:read': { ...ADMINS },
  'configuration:write': { ...ADMINS },
  'configuration:writeGlobal': { SUPER_ADMIN: 'school' },

  // The store
  'store:manageSchool': { ...ADMINS, STORE_MANAGER: 'school' },
  'store:manageTeacher': { TEACHER: teacherStore },
  /** A signed upload URL for a product image: whoever manages a store. */
  'store:upload': { ...ADMINS, STORE_MANAGER: 'school', TEACHER: teacherStore },
  /** The server-side cart: a student's own. */
  'cart:use': { STUDENT: 'own' },
  /** A student for themselves; a teacher for a student of their periods, from their own store. */
  'orders:place': { STUDENT: 'own', TEACHER: 'periods' },
  /** A student's own orders (My Orders). */
  'orders:readOwn': { STUDENT: 'own' },
  /** GET order/student: a student's orders, their own or (a guardian) a linked child's. */
  'orders:readStudent': { STUDENT: 'own', GUARDIAN: 'children' },
  /** The orders of a store: a teacher their own store's; the school store's staff every store's. */
  'orders:readStore': { ...FULFILMENT_ROLES, TEACHER: 'own' },
  /** Cancel, package, redeem, refund one order: its student (cancel only), its store's teacher, the store staff. */
  'orders:act': { ...FULFILMENT_ROLES, TEACHER: 'own', STUDENT: 'own' },
  /** The fulfilment queue: statuses for many students' orders, its filters, a student's order stats. */
  'orders:fulfil': { ...FULFILMENT_ROLES },
  /**
   * The store counter (issue 35): find a student by badge, see their balance and pending orders,
   * sell on the spot, hand over an order, refund the last sale. A CASHIER has these calls only.
   */
  'counter:use': { ...FULFILMENT_ROLES, CASHIER: 'school' },
  /** Cashier codes for store volunteers: make, list, revoke (issue 35). */
  'cashierCodes:manage': { ...ADMINS, STORE_MANAGER: 'school' },
  /** Buying a font or icon (owned for good). */
  'orders:customize': { STUDENT: 'own' },
  /** A saving goal: one product a student pins and sees their progress to (docs/decisions/107-saving-goals.md). */
  'goals:use': { STUDENT: 'own' },
  /** The bell: a student's own notifications, read and marked read (docs/decisions/108-notifications.md). */
  'notifications:read': { STUDENT: 'own' },

  // Reports (docs/spec.md section 6's derived permissions)
  /**
   * The reports screen itself (its meta): everyone the navigation shows Reports to, plus
   * school-dashboard (docs/decisions/015-who-opens-reports.md); a store manager for the store's half
   * of Economy and a PBIS coordinator for Fairness (issue 34; screenReportTabs, report-tabs.ts).
   */
  'reports:open': {
    ...ADMINS,
    TEACHER: 'periods',
    TEACHER_USAGE_REPORTS: 'school',
    SCHOOL_STUDENT_REPORTS: 'school',
    SCHOOLWIDE_REPORTS: 'school',
    SCHOOL_DASHBOARD: 'school',
    STORE_MANAGER: 'own',
    everyone: pbisCoordinator,
  },
  /** My classes, a class's report and one student's report: a teacher their periods, the school's report readers any (docs/decisions/015-who-opens-reports.md). */
  'reports:myClasses': {
    ...ADMINS,
    SCHOOLWIDE_REPORTS: 'school',
    SCHOOL_STUDENT_REPORTS: 'school',
    TEACHER: 'periods',
  },
  'reports:teacherUsage': {
    ...ADMINS,
    TEACHER_USAGE_REPORTS: 'school',
    SCHOOLWIDE_REPORTS: 'school',
  },
  'reports:schoolStudents': {
    ...ADMINS,
    SCHOOL_STUDENT_REPORTS: 'school',
    SCHOOLWIDE_REPORTS: 'school',
  },
  'reports:schoolDashboard': {
    ...ADMINS,
    SCHOOL_DASHBOARD: 'school',
    SCHOOLWIDE_REPORTS: 'school',
  },
  /**
   * Students' demographics and the fairness report built on them (issue 34): sensitive, so school
   * and super admins, and the staff the school names its PBIS coordinators; never a student, a
   * guardian, or a teacher the school has not named.
   */
  'reports:equity': { ...ADMINS, everyone: pbisCoordinator },
  /**
   * The economy report (issue 34): admins read it whole; a store manager reads the store's half
   * (`own`: their store's spending, refunds and price index, no figure of issuing).
   */
  'reports:economy': { ...ADMINS, STORE_MANAGER: 'own' },

  // Settings
  'settings:users': { ...ADMINS },
  /** Grant or take away SUPER_ADMIN (`settings:users` edits the other roles). */
  'settings:superAdmin': { SUPER_ADMIN: 'school' },
  'settings:houseSystem': {
    ...ADMINS,
    HOUSE_MANAGER: (s) => (s.school.hasHouseSystem ? 'school' : 'none'),
  },
  'settings:advanced': { ...ADMINS },
  /** The school's profile: name, time zone, type, store model, house system, teacher give-all. */
  'settings:school': { ...ADMINS },
  /** GET settings: whoever may change a part of them (house managers the house part). */
  'settings:read': {
    ...ADMINS,
    HOUSE_MANAGER: (s) => (s.school.hasHouseSystem ? 'school' : 'none'),
  },
  'settings:store': { ...ADMINS, STORE_MANAGER: 'school' },
  /** The school year's dates and balance policy, and opening the next year (docs/decisions/085-opening-the-next-school-year.md). */
  'settings:schoolYear': { ...ADMINS },
  /** Surveys (docs/spec.md section 9): students and teachers answer their own; admins read the school's results. */
  'surveys:answer': { STUDENT: 'own', TEACHER: 'own' },
  'surveys:results': { ...ADMINS },
  /** OneRoster CSV import: its dry run, the import, its progress. */
  'roster:import': { ...ADMINS },
  /** Sign-in settings: SSO clients, school tokens, account invitations. */
  'settings:identity': { ...ADMINS },
  /** Guardians: invite one by e-mail for chosen students, list them, change their children (docs/decisions/115-guardians.md). */
  'guardians:manage': { ...ADMINS },
  /** Erase a student: name, ids, e-mail and sign-ins go; the ledger rows stay, anonymised. */
  'students:erase': { ...ADMINS },
  /**
   * A way for a student to sign in: print their sign-in cards (each printing a new code), revoke
   * a card, set a password (docs/decisions/133-sign-in-cards.md). A teacher their classes' students.
   */
  'students:signIn': { ...ADMINS, TEACHER: 'periods' },
  /**
   * Students' badges (issue 35): print them (reprinting keeps each code) for a class or students
   * named. A teacher their classes' students, like sign-in cards.
   */
  'badges:print': { ...ADMINS, TEACHER: 'periods' },
  /** Replace a lost badge: a new code, the old one stops (issue 35). */
  'badges:replace': { ...ADMINS },
  /** Export the school's data as a zip of CSV files; read its progress; download it. */
  'data:export': { ...ADMINS },
  /** Export every school of the user's district (the district's owner). */
  'data:exportDistrict': { SUPER_ADMIN: 'school' },

  // The district console (docs/decisions/074-districts-and-their-owners.md): a super admin runs the
  // schools of their own district; access/districts.ts narrows every school to that district.
  /** The district's schools with their counts, and its figures. */
  'district:read': { SUPER_ADMIN: 'school' },
  /** Create a school, invite its first admin, disable or enable it. */
  'district:manage': { SUPER_ADMIN: 'school' },

  // What the screens show that no single call decides
  /** A student's own points: the dashboard and My Activity screens (their calls read `students:read`). */
  'points:readOwn': { STUDENT: 'own' },
  /**
   * The Orders page (My Orders for a student): docs/spec.md section 2 gives it to teachers, store
   * managers and assistant store managers, not to admins, whose calls on orders stay allowed
   * (`orders:readStore`, `orders:fulfil`; docs/decisions/129-orders-page-not-for-admins.md).
   */
  'orders:open': {
    STUDENT: 'own',
    TEACHER: 'own',
    STORE_MANAGER: 'school',
    ASSISTANT_STORE_MANAGER: 'school',
  },
  /** A guardian's own children, read only: the /family page (docs/decisions/115-guardians.md). */
  'children:read': { GUARDIAN: 'children' },
  /** The Admin Toolbox link of the account menu. */
  'help:adminToolbox': { ...ADMINS },
  /** The school's teacher toolbox link of the account menu: the staff, not students. */
  'help:toolbox': ALL_BUT_STUDENTS,
} as const satisfies Record<string, Rule>;

export type Action = keyof typeof PERMISSIONS;
export const ACTIONS = Object.keys(PERMISSIONS) as Action[];

const grantOf = (g: Grant | undefined, s: PermissionSubject): Scope =>
  g === undefined ? 'none' : typeof g === 'function' ? g(s) : g;

/** The widest scope any of the user's roles gives for the action; no roles means none. */
export function scopeFor(s: PermissionSubject, action: Action): Scope {
  const known = s.roles.filter((r): r is Role => (ROLES as readonly string[]).includes(r));
  if (!known.length) return 'none';
  const rule: Rule = PERMISSIONS[action];
  let best = known.some((r) => !NOT_EVERYONE.includes(r)) ? grantOf(rule.everyone, s) : 'none';
  for (const role of known) {
    const scope = grantOf(rule[role], s);
    if (RANK[scope] > RANK[best]) best = scope;
  }
  return best;
}

export const allows = (s: PermissionSubject, action: Action): boolean =>
  scopeFor(s, action) !== 'none';

/** Whether the user's scope for the action reaches at least `scope` (`school` reaches every scope). */
export const reaches = (
  s: PermissionSubject,
  action: Action,
  scope: Exclude<Scope, 'none'>,
): boolean => RANK[scopeFor(s, action)] >= RANK[scope];

/**
 * How far each role reaches over other people (docs/decisions/125-acting-on-a-person.md): the
 * district's super admins, then a school's admins, then every other staff role; a student, a
 * guardian and the base role reach no one.
 */
const REACH: Record<Role, number> = {
  SUPER_ADMIN: 3,
  SCHOOL_ADMIN: 2,
  TEACHER: 1,
  STAFF: 1,
  STORE_MANAGER: 1,
  ASSISTANT_STORE_MANAGER: 1,
  GIVE_ALL: 1,
  HOUSE_MANAGER: 1,
  SCHOOLWIDE_REPORTS: 1,
  SCHOOL_STUDENT_REPORTS: 1,
  TEACHER_USAGE_REPORTS: 1,
  SCHOOL_DASHBOARD: 1,
  STUDENT: 0,
  GUARDIAN: 0,
  CASHIER: 0,
  USER: 0,
};
const isRole = (r: string): r is Role => (ROLES as readonly string[]).includes(r);

/**
 * Whether an actor's roles cover every role a person holds: for each, the actor holds it or a role
 * that reaches further. Only then may the actor act on that person (invite, token, roles, erase,
 * card, password); an unknown role name grants nothing and is ignored.
 */
export function rolesCover(actor: readonly string[], person: readonly string[]): boolean {
  const mine = actor.filter(isRole);
  const top = Math.max(-1, ...mine.map((r) => REACH[r]));
  return person.filter(isRole).every((r) => mine.includes(r) || top > REACH[r]);
}

/** Roles that only an invitation or the district's setup give: the roles editor never sets them. */
export const ROLES_NOT_EDITED: readonly Role[] = ['SUPER_ADMIN', 'GUARDIAN'];

/** Whether the user may hand out or take away the role in the roles editor, given they may edit roles (`settings:users`). */
export const mayGrant = (s: PermissionSubject, role: Role): boolean =>
  !ROLES_NOT_EDITED.includes(role) && rolesCover(s.roles, [role]);

/** Erasing is for students only: a person holding any other role but the base one is never erased. */
export const onlyStudent = (roles: readonly string[]): boolean =>
  roles.includes('STUDENT') && roles.every((r) => r === 'STUDENT' || r === 'USER');

/**
 * Surveys ask by role (docs/spec.md section 9): a survey's audience is a role, and its holders answer it
 * (`surveys:answer` grants exactly these roles).
 */
export const SURVEY_AUDIENCES = ['STUDENT', 'TEACHER'] as const satisfies readonly Role[];
export type SurveyAudience = (typeof SURVEY_AUDIENCES)[number];

/** The audiences a user belongs to: the survey roles they hold. */
export const surveyAudiences = (roles: readonly string[]): SurveyAudience[] =>
  SURVEY_AUDIENCES.filter((a) => roles.includes(a));

/**
 * Header role label, in this precedence: District Admin (a super admin, the district's owner),
 * School Admin, Teacher, Student, Guardian, Store Manager, Store Assistant, else Staff. A name, not
 * a permission.
 */
export function roleLabel(
  roles: readonly string[],
):
  | 'District Admin'
  | 'School Admin'
  | 'Teacher'
  | 'Student'
  | 'Guardian'
  | 'Store Manager'
  | 'Store Assistant'
  | 'Cashier'
  | 'Staff' {
  if (roles.includes('SUPER_ADMIN')) return 'District Admin';
  if (roles.includes('SCHOOL_ADMIN')) return 'School Admin';
  if (roles.includes('TEACHER')) return 'Teacher';
  if (roles.includes('STUDENT')) return 'Student';
  if (roles.includes('GUARDIAN')) return 'Guardian';
  if (roles.includes('STORE_MANAGER')) return 'Store Manager';
  if (roles.includes('ASSISTANT_STORE_MANAGER')) return 'Store Assistant';
  if (roles.includes('CASHIER')) return 'Cashier';
  return 'Staff';
}

/**
 * Whether the user holds the role. Only for callers that have not moved to an action of the table
 * yet; a rule about who may do what belongs in PERMISSIONS.
 */
export const hasRole = (roles: readonly string[], role: Role): boolean => roles.includes(role);
