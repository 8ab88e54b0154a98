import type { staffWords as en } from '../en/staff.js';
import { classroom } from './classroom.js';
import { giving } from './giving.js';
import { rosters } from './rosters.js';
import { reports } from './reports.js';
import { settings } from './settings.js';
import { district } from './district.js';
import { scan } from './scan.js';

export const staffWords: Record<keyof typeof en, string> = {
  ...classroom,
  ...giving,
  ...rosters,
  ...reports,
  ...settings,
  ...district,
  ...scan,
};
