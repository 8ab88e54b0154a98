import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Language } from '@app/domain';
import { queryKeys, type SchoolProfile, type SessionUser } from '../api';
import { SchoolTab } from '../routes/settings/SchoolTab';
import { SessionContext } from '../session/SessionContext';
import { T } from '.';
import { Words } from './testing';

/*
 * The currency has a name per language (docs/decisions/113-currency-name-setting.md): the Spanish
 * screens say "Méritos" and "Mérito" by default, or the school's own Spanish names.
 */

const user = (names: Partial<SessionUser['school']> = {}): SessionUser => ({
  _id: 'u1',
  externalId: 'e1',
  username: 'student1',
  firstName: 'Ana',
  lastName: 'Student',
  roles: ['STUDENT'],
  gradeLevel: '6',
  house: null,
  periodCount: 0,
  pbisCoordinator: false,
  school: {
    _id: 's1',
    externalId: 'S',
    name: 'School',
    timeZone: 'America/Los_Angeles',
    teacherToolboxLink: null,
    hasHouseSystem: false,
    isHouseSystemConfigured: false,
    storeModel: 'Pickup',
    schoolType: 'Middle',
    canTeacherGiveAll: true,
    canNonAdminCreateCustomActions: true,
    currencyName: 'Merits',
    currencyNameOne: 'Merit',
    currencyNameEs: 'Méritos',
    currencyNameOneEs: 'Mérito',
    pbisTargetRatio: 4,
    pbisRatioWindow: 'this-week',
    pbisRecognitionDays: 10,
    ...names,
  },
  language: null,
});

/** A balance, a price of one and a refusal, as a screen writes them for `u` in `language`. */
const amounts = (language: Language, u: SessionUser | null) =>
  renderToStaticMarkup(
    <SessionContext.Provider
      value={{
        state: u ? { status: 'authenticated', user: u } : { status: 'unauthenticated' },
        signIn: () => undefined,
        logout: async () => undefined,
      }}
    >
      <Words language={language}>
        <T k="common.points" values={{ count: 26 }} />|
        <T k="common.points" values={{ count: 1 }} />|
        <T k="msg.keepWorking" values={{ need: 4 }} />
      </Words>
    </SessionContext.Provider>,
  );

describe("the currency's name on screen", () => {
  it('is Méritos on the Spanish screens and Merits on the English ones by default', () => {
    expect(amounts('es', user())).toBe(
      '26 Méritos|1 Mérito|¡Sigue esforzándote! Necesitas ganar 4 Méritos más.',
    );
    expect(amounts('en', user())).toBe(
      '26 Merits|1 Merit|Keep working! You need to earn 4 more Merits.',
    );
    // Signed out (the login page): the defaults of each language.
    expect(amounts('es', null)).toContain('26 Méritos|1 Mérito');
  });

  it("is the school's own name in each language", () => {
    const stars = user({
      currencyName: 'Stars',
      currencyNameOne: 'Star',
      currencyNameEs: 'Estrellas',
      currencyNameOneEs: 'Estrella',
    });
    expect(amounts('es', stars)).toBe(
      '26 Estrellas|1 Estrella|¡Sigue esforzándote! Necesitas ganar 4 Estrellas más.',
    );
    expect(amounts('en', stars)).toBe(
      '26 Stars|1 Star|Keep working! You need to earn 4 more Stars.',
    );
  });

  it('Settings → School shows and edits the Spanish names beside the English ones', () => {
    const profile: SchoolProfile = {
      code: 'S',
      name: 'School',
      timeZone: 'America/Los_Angeles',
      schoolType: 'Middle',
      storeModel: 'Pickup',
      hasHouseSystem: false,
      canTeacherGiveAll: true,
      currencyName: 'Merits',
      currencyNameOne: 'Merit',
      currencyNameEs: 'Méritos',
      currencyNameOneEs: 'Mérito',
      pbisTargetRatio: 4,
      pbisRatioWindow: 'this-week',
      pbisRecognitionDays: 10,
      pbisCoordinatorIds: [],
    };
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    queryClient.setQueryData(queryKeys.settings.profile, profile);
    const html = renderToStaticMarkup(
      <Words language="es">
        <MantineProvider>
          <QueryClientProvider client={queryClient}>
            <SchoolTab />
          </QueryClientProvider>
        </MantineProvider>
      </Words>,
    );
    expect(html).toContain('Nombre de la moneda en español');
    expect(html).toContain('value="Méritos"');
    expect(html).toContain('value="Mérito"');
    expect(html).toContain('como en “26 Méritos”');
    expect(html).toContain('value="Merits"');
  });
});
