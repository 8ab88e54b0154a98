/**
 * Attendance codes as readable labels, per district (docs/spec.md section 9: four districts, labels not
 * shown). The defaults below serve every district; a district's configuration entry
 * `attendanceLabels` (code → label) overrides or adds codes (docs/decisions/042-attendance-codes.md).
 */
export const DEFAULT_ATTENDANCE_LABELS: Readonly<Record<string, string>> = {
  A: 'Absent',
  E: 'Excused absence',
  U: 'Unexcused absence',
  T: 'Tardy',
  X: 'Excused tardy',
  P: 'Present',
  S: 'School activity',
  I: 'Illness',
  M: 'Medical appointment',
  Q: 'Suspended',
};

/** The readable label of an attendance code; an unknown code is shown as it is. */
export function attendanceLabel(
  code: string,
  districtLabels?: Readonly<Record<string, string>> | null,
): string {
  const key = code.trim().toUpperCase();
  if (!key) return '';
  const own =
    districtLabels && Object.entries(districtLabels).find(([c]) => c.trim().toUpperCase() === key);
  if (own && own[1].trim()) return own[1].trim();
  return DEFAULT_ATTENDANCE_LABELS[key] ?? code.trim();
}
