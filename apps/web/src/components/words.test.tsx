import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Language } from '@app/domain';
import { useCategoryName, useGradeLabel, useRoleLabel, useValidationText } from './words';
import { Words } from '../i18n/testing';

function Sample({ messages }: { messages: string[] }) {
  const say = useValidationText();
  const grade = useGradeLabel();
  const category = useCategoryName();
  const role = useRoleLabel();
  return (
    <p>
      {[
        ...messages.map(say),
        grade('6'),
        grade('Kindergarten'),
        category('Daily Behavior'),
        role(['STAFF', 'TEACHER']),
      ].join('|')}
    </p>
  );
}

const render = (lang: Language, messages: string[]) =>
  renderToStaticMarkup(
    <Words language={lang}>
      <Sample messages={messages} />
    </Words>,
  );

describe('words the components compute', () => {
  const checks = [
    'Mensaje is required',
    'Email must be a valid email address',
    'The password must be at least 8 characters',
    'A text of another shape',
  ];

  it('keep the English as it was', () => {
    expect(render('en', checks)).toBe(
      `<p>${checks.join('|')}|6th Grade|Kindergarten|Daily Behavior|Teacher</p>`,
    );
  });

  it('say the form checks, grades, categories and roles in Spanish', () => {
    expect(render('es', checks)).toBe(
      '<p>Mensaje: campo obligatorio|Email: escribe un correo electrónico válido|' +
        'La contraseña debe tener al menos 8 caracteres|A text of another shape|' +
        '6.º grado|Kindergarten|Comportamiento diario|Maestro/a</p>',
    );
  });
});
