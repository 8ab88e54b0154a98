/** The school fields the client and the permission rules need. */
export interface SchoolInfo {
  _id: string;
  externalId: string;
  name: string;
  timeZone: string;
  teacherToolboxLink: string | null;
  hasHouseSystem: boolean;
  isHouseSystemConfigured: boolean;
  storeModel: string;
  schoolType: string;
  canTeacherGiveAll?: boolean | null;
}

export interface SessionUser {
  _id: string;
  externalId: string;
  username: string;
  firstName: string;
  lastName: string;
  roles: string[];
  gradeLevel: string | null;
  house: string | null;
  school: SchoolInfo;
  /** How many periods the user teaches or co-teaches (with students). */
  periodCount: number;
}
