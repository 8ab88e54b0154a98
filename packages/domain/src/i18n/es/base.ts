import type { baseWords as en } from '../en/base.js';
import { common } from './common.js';
import { welcome } from './welcome.js';
import { layout } from './layout.js';
import { notifications } from './notifications.js';
import { labels } from './labels.js';

export const baseWords: Record<keyof typeof en, string> = {
  ...common,
  ...welcome,
  ...layout,
  ...notifications,
  ...labels,
};
