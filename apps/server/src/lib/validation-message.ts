import { MSG } from '@app/domain';

const SPEC_MESSAGES = new Set<string>(Object.values(MSG).filter((m) => typeof m === 'string'));

/** One readable sentence for the first failed check, naming the field. */
export function validationMessage(
  issues: ReadonlyArray<{
    message?: string;
    instancePath?: string;
    params?: { issue?: { path?: PropertyKey[]; message?: string } };
  }>,
  context?: string,
): string {
  const first = issues[0];
  if (!first) return 'Invalid request';
  const zodIssue = first.params?.issue;
  const message = zodIssue?.message ?? first.message ?? 'is invalid';
  const pathParts = zodIssue?.path ?? first.instancePath?.split('/').filter(Boolean) ?? [];
  const field = pathParts.map(String).join('.');
  if (SPEC_MESSAGES.has(message)) return message;
  if (!field) return context && !message.includes(' ') ? `${context} ${message}` : message;
  // Messages written in our schemas already name their field.
  const root = String(pathParts[0] ?? '');
  return message.includes(root) ? message : `${field}: ${message}`;
}
