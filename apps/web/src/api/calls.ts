import type {
  Child,
  GuardianInviteBody,
  GuardianInviteResponse,
  GuardianListItem,
  DistrictFiguresResponse,
  DistrictInvitationBody,
  DistrictInvitationResponse,
  DistrictSchoolResponse,
  DistrictSchoolsResponse,
  LoginBody,
  ProfileLanguageBody,
  NewSchoolInput,
  OrderListQuery,
  SetupInput,
  SetupStatusResponse,
  SchoolYearBody,
  SchoolYearView,
  YearOpening,
  YearOpeningBody,
  YearOpeningPreview,
  DataExport,
  Erasure,
  ExportScope,
  GoalState,
  Notifications,
  SignInLimitListResponse,
  BulkInvitationResponse,
  InvitationListResponse,
} from '@app/domain';
import type {
  CardLoginBody,
  CardPaper,
  SignInCardsBody,
  StudentPasswordResponse,
} from '@app/domain';
import { api, API_BASE, requestFile } from './client';
import { failure, type ApiResult } from './failure';
import type {
  AcademicProjections,
  ClassReport,
  MyClassesReport,
  ReportFilters,
  ReportsMeta,
  SchoolDashboardReport,
  SchoolStudentsReport,
  StudentReport,
  TeacherGivingReport,
  TeacherUsageReport,
  ActivityItem,
  ActivityOption,
  ActivityOptions,
  ActivityListQuery,
  ActivityUpdateBody,
  ActivityUpdated,
  AbsenceChange,
  ConfigurationBody,
  GroupActivityRemoved,
  GroupTypeDeleted,
  HolidayRemoved,
  OkResponse,
  PowerActions,
  BalanceStats,
  BalancesAt,
  CalendarView,
  Cart,
  CartLine,
  CustomizationBody,
  Order,
  OrderActionBody,
  OrderStats,
  PlaceOrderBody,
  PlaceOrderResult,
  Product,
  ProductBody,
  ProfileCustomization,
  ProfileCustomizationBody,
  StoreManagerBody,
  StoreManagerMeta,
  StoreManagerResult,
  StoreMeta,
  StoreStateBody,
  StoreStateInfo,
  UploadDone,
  UploadUrl,
  ClassStats,
  ConfigurationEntry,
  CustomActionInput,
  BulkGiveBody,
  GiveResult,
  GroupType,
  GroupTypeUpdateBody,
  Holiday,
  RosterDryRun,
  RosterImport,
  RosterStudent,
  ContactMessage,
  ContactBody,
  ContactSent,
  DashboardStats,
  DevPeriod,
  DevUser,
  GradeLevel,
  House,
  LoginResponse,
  Period,
  PeriodDetail,
  PeriodMeta,
  Person,
  ReleaseResponse,
  SchoolInfo,
  SessionUser,
  StatusResponse,
  AdvancedSettingsBody,
  DeliveryDate,
  DeliveryDateBody,
  DeliverySettings,
  DeliverySettingsBody,
  PendingSurvey,
  RoleChange,
  SchoolProfile,
  SchoolProfileBody,
  SchoolSettings,
  SettingsView,
  SurveyAnswered,
  SurveyResults,
  UserRoles,
  UsersRolesList,
  UsersRolesQuery,
  AccountSetupBody,
  AccountSetupInfo,
  ForgotPasswordBody,
  InvitationBody,
  InvitationSent,
  ResetPasswordBody,
  SchoolLoginBody,
  SchoolToken,
  SchoolTokenBody,
  SchoolTokenIssued,
  SsoConfig,
  SsoConfigBody,
  SsoLoginBody,
  SsoProvider,
  SsoState,
} from './types';

const id = (v: string) => encodeURIComponent(v);

/** Typed calls of docs/spec.md section 7 that exist on the server today. */
export const auth = {
  login: (body: LoginBody) => api.post<LoginResponse>('auth/login', body, { auth: false }),
  /** Needs a token: without one it resolves to { message: 'No token' } and makes no request. */
  me: () => api.post<SessionUser>('auth/me'),
  logout: () => api.post<OkResponse>('auth/logout'),
  /** The language chosen on /profile; null follows the browser. */
  setLanguage: (body: ProfileLanguageBody) =>
    api.put<ProfileLanguageBody>('profile/language', body),
  /** A single-use SSO state for the school's client at the provider (sets the browser's binding cookie). */
  ssoState: (provider: SsoProvider, school: string) =>
    api.get<SsoState>('auth/login/sso/state', { auth: false, query: { provider, school } }),
  loginSso: (body: SsoLoginBody) =>
    api.post<LoginResponse>('auth/login/sso', body, { auth: false }),
  loginSchool: (body: SchoolLoginBody) =>
    api.post<LoginResponse>('auth/login/school', body, { auth: false }),
  accountSetupInfo: (token: string) =>
    api.get<AccountSetupInfo>('auth/account-setup', { auth: false, query: { token } }),
  accountSetup: (body: AccountSetupBody) =>
    api.post<LoginResponse>('auth/account-setup', body, { auth: false }),
  forgotPassword: (body: ForgotPasswordBody) =>
    api.post<{ message: string }>('auth/forgot-password', body, { auth: false }),
  resetPassword: (body: ResetPasswordBody) =>
    api.post<LoginResponse>('auth/reset-password', body, { auth: false }),
};

/** The school's sign-in settings (school admins): SSO clients, school tokens, invitations. */
export const identitySettings = {
  ssoConfigs: () => api.get<SsoConfig[]>('settings/sso'),
  putSso: (provider: SsoProvider, body: SsoConfigBody) =>
    api.put<SsoConfig>(`settings/sso/${id(provider)}`, body),
  deleteSso: (provider: SsoProvider) => api.del<OkResponse>(`settings/sso/${id(provider)}`),
  schoolTokens: () => api.get<SchoolToken[]>('settings/school-tokens'),
  issueToken: (body: SchoolTokenBody) =>
    api.post<SchoolTokenIssued>('settings/school-tokens', body),
  rotateToken: (tokenId: string) =>
    api.post<SchoolTokenIssued>(`settings/school-tokens/${id(tokenId)}/rotate`),
  revokeToken: (tokenId: string) => api.del<OkResponse>(`settings/school-tokens/${id(tokenId)}`),
  invite: (body: InvitationBody) => api.post<InvitationSent>('settings/invitations', body),
  invitations: () => api.get<InvitationListResponse>('settings/invitations'),
  inviteEveryone: () => api.post<BulkInvitationResponse>('settings/invitations/all'),
  signInLimits: () => api.get<SignInLimitListResponse>('settings/sign-in-limits'),
  liftAddress: (address: string) => api.del<OkResponse>(`settings/sign-in-limits/${id(address)}`),
};

export const system = {
  status: () => api.get<StatusResponse>('status', { auth: false }),
  release: () => api.get<ReleaseResponse>('release', { auth: false }),
};

export const periods = {
  list: (scope?: 'school') => api.get<Period[]>('periods', { query: { scope } }),
  get: (periodId: string) => api.get<PeriodDetail>(`periods/${id(periodId)}`),
  setCoTeachers: (periodId: string, coTeachers: string[]) =>
    api.put<Period>(`periods/${id(periodId)}/co-teachers`, { coTeachers }),
};

export const utility = {
  teacherPeriodMeta: () => api.get<PeriodMeta>('utility/teacher/period-meta'),
  coTeachers: () => api.get<Person[]>('utility/list/co-teachers'),
  // Public: visitors may write before signing in; a token, when present, ties it to the sender.
  sendContact: (body: ContactBody) =>
    api.post<ContactSent>('utility/contact', body, { auth: false }),
  contactMessages: () => api.get<ContactMessage[]>('utility/contact'),
};

export const school = {
  gradeLevels: () => api.get<GradeLevel[]>('school/grade-levels'),
  houses: () => api.get<House[]>('school/houses'),
  /** Every student of the school (whole-school roles). */
  students: () => api.get<RosterStudent[]>('school/students'),
};

/** The Idempotency-Key header of a call that changes points (one per attempt, docs/decisions/062-idempotency-key-for-every-points-change.md). */
const keyed = (idempotencyKey: string) => ({ 'Idempotency-Key': idempotencyKey });

/** Calls that change points carry an Idempotency-Key: a retry with the same key changes them once. */
export const activity = {
  options: () => api.get<ActivityOptions>('activity/options'),
  give: (body: BulkGiveBody, idempotencyKey: string) =>
    api.post<GiveResult>('activity/bulk', body, { headers: keyed(idempotencyKey) }),
  list: (query: Partial<ActivityListQuery> = {}) =>
    api.get<ActivityItem[]>('activity/', { query: { ...query } }),
  update: (activityId: string, body: ActivityUpdateBody, idempotencyKey: string) =>
    api.put<ActivityUpdated>(`activity/${id(activityId)}`, body, {
      headers: keyed(idempotencyKey),
    }),
  remove: (activityId: string, idempotencyKey: string) =>
    api.del<OkResponse>(`activity/${id(activityId)}`, { headers: keyed(idempotencyKey) }),
  /** Takes one whole give back (the Undo of its toast). */
  undoGive: (giveId: string, idempotencyKey: string) =>
    api.del<GroupActivityRemoved>(`activity/give/${id(giveId)}`, {
      headers: keyed(idempotencyKey),
    }),
  createCustom: (body: CustomActionInput) =>
    api.post<ActivityOption>('activity/options/custom', body),
  deleteCustom: (typeId: string) => api.del<OkResponse>(`activity/options/custom/${id(typeId)}`),
  setPowerActions: (userId: string, powerActions: string[]) =>
    api.put<PowerActions>(`settings/power-actions/${id(userId)}`, { powerActions }),
  classStats: (periodId: string, date?: string) =>
    api.get<ClassStats>(`activity/class-stats/${id(periodId)}`, { query: { date } }),
  /** `studentId` is the student's internal id. */
  markAbsent: (studentId: string, date: string | undefined, idempotencyKey: string) =>
    api.post<AbsenceChange>(`activity/absent/${id(studentId)}`, undefined, {
      query: { date },
      headers: keyed(idempotencyKey),
    }),
  unmarkAbsent: (studentId: string, date: string | undefined, idempotencyKey: string) =>
    api.del<AbsenceChange>(`activity/absent/${id(studentId)}`, {
      query: { date },
      headers: keyed(idempotencyKey),
    }),
};

export const groupTypes = {
  list: (internalPeriodId: string) =>
    api.get<GroupType[]>('group-types', { query: { internalPeriodId } }),
  create: (internalPeriodId: string, body: GroupTypeUpdateBody) =>
    api.post<GroupType>('group-types', { ...body, internalPeriodId }),
  update: (groupTypeId: string, body: GroupTypeUpdateBody) =>
    api.put<GroupType>(`group-types/${id(groupTypeId)}`, body),
  remove: (groupTypeId: string) => api.del<GroupTypeDeleted>(`group-types/${id(groupTypeId)}`),
  /** Takes back the activities given through one group on `date` (the school's today without one). */
  removeActivity: (
    groupTypeId: string,
    groupId: string,
    date: string | undefined,
    idempotencyKey: string,
  ) =>
    api.del<GroupActivityRemoved>(`group-types/${id(groupTypeId)}/groups/${id(groupId)}/activity`, {
      query: { date },
      headers: keyed(idempotencyKey),
    }),
};

export const balances = {
  /** The signed-in student's stats, or (staff) a student's by internal id. */
  stats: (studentId?: string) =>
    api.get<BalanceStats>('utility/student/balance/stats', { query: { studentId } }),
  /** The balance at each end date with earned and spent between them; no dates, no call: an empty object (docs/spec.md section 5). */
  at: (endDates: string[], studentId?: string): Promise<ApiResult<BalancesAt>> =>
    endDates.length
      ? api.post<BalancesAt>('utility/student/balance', { endDates, studentId })
      : Promise.resolve({}),
};

export const dashboard = {
  /** The student dashboard over a range (the last 30 days without one); staff name the student. */
  stats: (range: { startDate?: string; endDate?: string }, studentId?: string) =>
    api.get<DashboardStats>('utility/student/dashboard/stats', { query: { ...range, studentId } }),
  projections: (studentId?: string) =>
    api.get<AcademicProjections>('utility/student/academic-projections', { query: { studentId } }),
};

export const calendar = {
  get: () => api.get<CalendarView>('calendar'),
  addHoliday: (holiday: Holiday) => api.post<Holiday>('calendar/holidays', holiday),
  removeHoliday: (date: string) => api.del<HolidayRemoved>(`calendar/holidays/${id(date)}`),
};

export const configuration = {
  get: (scope: string) => api.get<ConfigurationEntry[]>(`configuration/${id(scope)}`),
  set: (scope: string, entry: ConfigurationBody) =>
    api.post<ConfigurationEntry>(`configuration/${id(scope)}`, entry),
};

export const settings = {
  get: () => api.get<SettingsView>('settings'),
  users: (query: Partial<UsersRolesQuery>) =>
    api.get<UsersRolesList>('settings/users/roles', { query: { ...query } }),
  roleChanges: (userId?: string) =>
    api.get<RoleChange[]>('settings/users/roles/audit', { query: { userId } }),
  setRoles: (userId: string, roles: string[]) =>
    api.put<UserRoles>(`settings/users/roles/${id(userId)}`, { roles }),
  setHouseSystem: (isHouseSystemConfigured: boolean) =>
    api.put<SchoolSettings>('settings/house-system', { isHouseSystemConfigured }),
  setAdvanced: (body: AdvancedSettingsBody) => api.put<SchoolSettings>('settings/advanced', body),
  profile: () => api.get<SchoolProfile>('settings/school'),
  setProfile: (body: SchoolProfileBody) => api.put<SchoolProfile>('settings/school', body),
  setStore: (body: StoreStateBody) => api.put<StoreStateInfo>('settings/store', body),
  deliveryDates: () => api.get<DeliverySettings>('settings/delivery-date'),
  /** The store model with the whole list of dates. */
  setDeliverySettings: (body: DeliverySettingsBody) =>
    api.put<DeliverySettings>('settings/delivery-date', body),
  addDeliveryDate: (body: DeliveryDateBody) =>
    api.post<DeliveryDate>('settings/delivery-date', body),
  updateDeliveryDate: (dateId: string, body: DeliveryDateBody) =>
    api.put<DeliveryDate>(`settings/delivery-date/${id(dateId)}`, body),
  removeDeliveryDate: (dateId: string) =>
    api.del<OkResponse>(`settings/delivery-date/${id(dateId)}`),
};

/** The school year (settings) and opening the next one. */
export const schoolYears = {
  get: () => api.get<SchoolYearView>('settings/school-year'),
  set: (body: SchoolYearBody) => api.put<SchoolYearView>('settings/school-year', body),
  preview: (body: Omit<YearOpeningBody, 'dryRun'>) =>
    api.post<YearOpeningPreview>('school-years/openings', { ...body, dryRun: true }),
  open: (body: Omit<YearOpeningBody, 'dryRun'>) =>
    api.post<YearOpening>('school-years/openings', { ...body, dryRun: false }),
  opening: (openingId: string) => api.get<YearOpening>(`school-years/openings/${id(openingId)}`),
};

export const surveys = {
  pending: () => api.get<PendingSurvey>('surveys/pending'),
  /** `answer` null dismisses the survey (it is not asked again). */
  answer: (name: string, answer: string | null) =>
    api.post<SurveyAnswered>(`surveys/${id(name)}/answer`, { answer }),
  results: () => api.get<SurveyResults>('surveys/results'),
};

export const dev = {
  schools: () => api.get<SchoolInfo[]>('dev/schools'),
  users: (schoolId: string) => api.get<DevUser[]>(`dev/users/${id(schoolId)}`),
  periods: (schoolId: string) => api.get<DevPeriod[]>(`dev/periods/${id(schoolId)}`),
};

/** Filters of the order lists (docs/spec.md section 4); the server's defaults for the rest. */
export type OrderFilters = Partial<Omit<OrderListQuery, 'time'>>;

/** The two product stores: the school's and each teacher's. */
export const products = {
  schoolStore: () => api.get<Product[]>('products/school-store'),
  teacherStore: () => api.get<Product[]>('products/teacher-store'),
  /** Creates a product, or (with `_id`) changes the fields sent. */
  save: (store: 'School' | 'Teacher', body: ProductBody) =>
    api.post<Product>(`products/${store === 'School' ? 'school' : 'teacher'}`, body),
  remove: (store: 'School' | 'Teacher', productId: string) =>
    api.del<OkResponse>(`products/${store === 'School' ? 'school' : 'teacher'}/${id(productId)}`),
};

/** The student's cart, kept on the server. */
export const cart = {
  get: () => api.get<Cart>('cart'),
  /** Replaces the whole cart. */
  set: (cartItems: CartLine[]) => api.post<Cart>('cart', { cartItems }),
  clear: () => api.del<Cart>('cart'),
};

/** The student's saving goal (docs/decisions/107-saving-goals.md). */
export const goal = {
  get: () => api.get<GoalState>('goal'),
  pin: (productId: string) => api.put<GoalState>('goal', { productId }),
  /** Unpins the goal, or dismisses the note of one the server unpinned. */
  clear: () => api.del<GoalState>('goal'),
};

/** The bell (docs/decisions/108-notifications.md). */
export const notifications = {
  list: () => api.get<Notifications>('notifications'),
  /** Marks read every notification up to this id (the newest the student saw). */
  read: (upTo: string) => api.post<Notifications>('notifications/read', { upTo }),
};

export const store = {
  meta: () => api.get<StoreMeta>('store/meta'),
  setState: (body: StoreStateBody) => api.put<StoreStateInfo>('settings/store', body),
  /** The font and icon a student shows (among those owned; null for none). */
  setCustomization: (body: ProfileCustomizationBody) =>
    api.put<ProfileCustomization>('profile/customization', body),
};

const v2 = { version: 'v2' } as const;
const withKey = (idempotencyKey: string) => ({
  ...v2,
  headers: { 'Idempotency-Key': idempotencyKey },
});

/** Orders (v2). A purchase carries an Idempotency-Key: a retry with the same key is charged once. */
export const orders = {
  place: (body: PlaceOrderBody, idempotencyKey: string) =>
    api.post<PlaceOrderResult>('order', body, withKey(idempotencyKey)),
  buyCustomization: (body: CustomizationBody, idempotencyKey: string) =>
    api.post<PlaceOrderResult>('order/customization', body, withKey(idempotencyKey)),
  mine: (filters: OrderFilters = {}) =>
    api.get<Order[]>('order/student', { ...v2, query: { ...filters } }),
  /** A store's orders: a teacher's own; the school store's (or `store`) for its staff. */
  ofStore: (filters: OrderFilters = {}) =>
    api.get<Order[]>('order/teacher/', { ...v2, query: { ...filters } }),
  act: (orderId: string, body: OrderActionBody) => api.put<Order>(`order/${id(orderId)}`, body, v2),
  setStatus: (body: StoreManagerBody) =>
    api.post<StoreManagerResult>('order/store-manager/', body, v2),
  managerMeta: () => api.get<StoreManagerMeta>('order/store-manager/meta', v2),
  stats: (studentId: string) => api.get<OrderStats>(`order/stats/${id(studentId)}`, v2),
};

/** Product images: a one-time URL from the server, then the file itself PUT to it. */
export const uploads = {
  url: (productId: string | 'new') => api.get<UploadUrl>(`utility/upload-url/${id(productId)}`),
  /**
   * PUTs the file as the raw body (the server judges it by its content, so the type is not sent).
   * Resolves to the kept image or, like every call, to `{ message }`.
   */
  put: async (uploadUrl: string, file: Blob): Promise<ApiResult<UploadDone>> => {
    // Only this server's own upload URLs: the path it answered, never another host.
    if (!uploadUrl.startsWith(`${API_BASE}/`))
      return failure('The upload link is not valid. Try again.');
    try {
      const res = await fetch(uploadUrl, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/octet-stream' },
        body: file,
      });
      const text = await res.text();
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
      const message =
        typeof parsed === 'object' && parsed !== null
          ? (parsed as { message?: unknown }).message
          : undefined;
      if (!res.ok)
        return failure(
          typeof message === 'string' && message
            ? message
            : res.status === 413
              ? 'The image is too large.'
              : 'The image could not be uploaded. Try again.',
        );
      return parsed as UploadDone;
    } catch {
      return failure('The image could not be uploaded. Check the connection and try again.');
    }
  },
};

/** The reports screen (docs/decisions/044-spec-report-calls.md): filters go as the query; the spec's three activity calls answer the same shapes. */
export const reports = {
  meta: () => api.get<ReportsMeta>('reports/meta'),
  myClasses: (f: ReportFilters) =>
    api.get<MyClassesReport>('reports/my-classes', { query: { ...f } }),
  classReport: (periodId: string, f: ReportFilters) =>
    api.post<ClassReport>('activity/class-report', { ...f, internalPeriodId: periodId }),
  student: (studentId: string, f: ReportFilters) =>
    api.get<StudentReport>(`reports/student/${id(studentId)}`, { query: { ...f } }),
  teacherUsage: (f: ReportFilters) =>
    api.get<TeacherUsageReport>('activity/teacher-report/', { query: { ...f } }),
  teacherGiving: (giverId: string, f: ReportFilters) =>
    api.get<TeacherGivingReport>(`reports/teacher-usage/${id(giverId)}`, { query: { ...f } }),
  schoolStudents: (f: ReportFilters) =>
    api.get<SchoolStudentsReport>('activity/student-report/', { query: { ...f } }),
  schoolDashboard: (f: ReportFilters) =>
    api.get<SchoolDashboardReport>('reports/school-dashboard', { query: { ...f } }),
};

/** OneRoster CSV import (settings): `form` holds the files (a .zip or the .csv files) as `files`. */
export const roster = {
  dryRun: (form: FormData) => api.post<RosterDryRun>('roster/dry-run', undefined, { form }),
  start: (form: FormData) => api.post<RosterImport>('roster/import', undefined, { form }),
  status: (importId: string) => api.get<RosterImport>(`roster/import/${id(importId)}`),
};

/** The first start (public): whether it is still open, and the setup itself (signs the owner in). */
export const setup = {
  status: () => api.get<SetupStatusResponse>('setup', { auth: false }),
  run: (body: SetupInput) => api.post<LoginResponse>('setup', body, { auth: false }),
};

/** The district console (super admins). */
export const district = {
  schools: () => api.get<DistrictSchoolsResponse>('district/schools'),
  figures: () => api.get<DistrictFiguresResponse>('district/figures'),
  createSchool: (body: NewSchoolInput) =>
    api.post<DistrictSchoolResponse>('district/schools', body),
  invite: (schoolId: string, body: DistrictInvitationBody) =>
    api.post<DistrictInvitationResponse>(`district/schools/${id(schoolId)}/invitations`, body),
  setDisabled: (schoolId: string, disabled: boolean) =>
    api.post<DistrictSchoolResponse>(
      `district/schools/${id(schoolId)}/${disabled ? 'disable' : 'enable'}`,
    ),
};

/** Data out, data gone (settings): exports of the school's (or district's) data, erasing a student. */
export const dataOut = {
  exports: () => api.get<DataExport[]>('exports'),
  start: (scope: ExportScope) => api.post<DataExport>('exports', { scope }),
  status: (exportId: string) => api.get<DataExport>(`exports/${id(exportId)}`),
  download: (exportId: string) => requestFile(`exports/${id(exportId)}/download`),
  erase: (userId: string, confirm: string) =>
    api.post<Erasure>(`settings/users/${id(userId)}/erase`, { confirm }),
};

/** Guardians (docs/decisions/115-guardians.md): a guardian's children, invitations, the e-mailed sign-in. */
export const guardians = {
  /** The signed-in guardian's children. */
  children: () => api.get<Child[]>('guardian/children'),
  /** The school's guardians (school admins). */
  list: () => api.get<GuardianListItem[]>('settings/guardians'),
  invite: (body: GuardianInviteBody) =>
    api.post<GuardianInviteResponse>('settings/guardians', body),
  /** A one-time sign-in link to a guardian's address (the same answer whoever asks). */
  emailLink: (email: string) =>
    api.post<{ message: string }>('auth/login/email-link', { email }, { auth: false }),
  signInWithLink: (token: string) =>
    api.post<LoginResponse>('auth/login/email-link/use', { token }, { auth: false }),
};

/**
 * Sign-in cards and passwords staff give students (docs/decisions/133-sign-in-cards.md). Printing
 * makes new cards: each student's earlier card stops working.
 */
export const signInCards = {
  /** The cards as a PDF to print: a class's, or the students named. */
  pdf: (target: SignInCardsBody, paper: CardPaper) =>
    requestFile('sign-in-cards.pdf', {
      periodId: target.periodId,
      studentIds: target.studentIds?.join(','),
      paper,
    }),
  setPassword: (studentId: string, password: string) =>
    api.put<StudentPasswordResponse>(`students/${id(studentId)}/password`, { password }),
  /** Signs in with a card's code, as typed or scanned. */
  login: (body: CardLoginBody) => api.post<LoginResponse>('auth/login/card', body, { auth: false }),
};
