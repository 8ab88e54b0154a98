import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { queryKeys, type SessionUser, type UsersRolesList } from '../../api';
import { Words } from '../../i18n/testing';
import { UsersRolesTab } from './UsersRolesTab';

const admin: SessionUser = {
  _id: 'u1',
  externalId: 'e1',
  username: 'admin',
  firstName: 'Ada',
  lastName: 'Admin',
  roles: ['SCHOOL_ADMIN'],
  gradeLevel: null,
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
  },
  language: null,
};

/** The tab as the server's first page of current users would draw it (the cache holds the answer). */
function render(list: UsersRolesList, lang: 'en' | 'es' = 'en') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  queryClient.setQueryData(
    queryKeys.settings.users.page({
      search: undefined,
      role: undefined,
      status: 'current',
      limit: 25,
      offset: 0,
    }),
    list,
  );
  return renderToStaticMarkup(
    <Words language={lang}>
      <MantineProvider>
        <QueryClientProvider client={queryClient}>
          <UsersRolesTab user={admin} />
        </QueryClientProvider>
      </MantineProvider>
    </Words>,
  );
}

describe('UsersRolesTab', () => {
  it('lists the current users, with a filter that shows who left the school instead (docs/decisions/128-leavers-are-archived.md)', () => {
    const list: UsersRolesList = {
      users: [
        {
          _id: 'u2',
          externalId: 'S-7',
          firstName: 'Sam',
          lastName: 'Seventh',
          roles: ['STUDENT'],
          gradeLevel: '7',
          house: null,
          leftOn: null,
        },
      ],
      total: 1,
    };
    const html = render(list);
    expect(html).toContain('Seventh, Sam');
    expect(html).toMatch(/<label[^>]*>Show<\/label>/);
    expect(html).toMatch(/value="Current"/);
    // The current list has no "Left on" column.
    expect(html).not.toContain('Left on');
    const spanish = render(list, 'es');
    expect(spanish).toMatch(/<label[^>]*>Mostrar<\/label>/);
    expect(spanish).toMatch(/value="Actuales"/);
  });
});
