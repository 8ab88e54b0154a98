/** The words only staff screens show: loaded for staff only (docs/decisions/109-i18n.md). */
import { classroom } from './classroom.js';
import { giving } from './giving.js';
import { rosters } from './rosters.js';
import { reports } from './reports.js';
import { settings } from './settings.js';
import { district } from './district.js';
import { scan } from './scan.js';

export const staffWords = {
  ...classroom,
  ...giving,
  ...rosters,
  ...reports,
  ...settings,
  ...district,
  ...scan,
} as const;
