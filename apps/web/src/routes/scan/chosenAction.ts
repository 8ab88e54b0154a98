import { readStored, writeStored, type ActivityOption } from '../../api';

/** Where /scan keeps the action chosen last, per giver: "choose once", even after a reload offline. */
const KEY = 'scanAction';

export function keptAction(userId: string): ActivityOption | null {
  try {
    const kept = JSON.parse(readStored(KEY) ?? 'null') as {
      userId: string;
      action: ActivityOption;
    } | null;
    return kept?.userId === userId ? kept.action : null;
  } catch {
    return null;
  }
}

export const keepAction = (userId: string, action: ActivityOption | null) =>
  writeStored(KEY, action ? JSON.stringify({ userId, action }) : null);
