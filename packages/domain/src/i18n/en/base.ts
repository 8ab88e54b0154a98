/**
 * The words every screen may need before anything else: the frame and the home
 * (docs/decisions/109-i18n.md). The student home loads these only.
 */
import { common } from './common.js';
import { welcome } from './welcome.js';
import { layout } from './layout.js';
import { notifications } from './notifications.js';
import { labels } from './labels.js';

export const baseWords = {
  ...common,
  ...welcome,
  ...layout,
  ...notifications,
  ...labels,
} as const;
