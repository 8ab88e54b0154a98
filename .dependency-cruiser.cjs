/**
 * The server's layers, checked in `npm test` (`npm run lint:deps`):
 *   db, lib  <  access, ledger, presenters  <  modules (calendar is shared)  <  jobs, seed, app (plugins/)
 * The ledger (wallets, activities' books, daily points, the drift check) is the bottom of the
 * domain: activities, attendance, the calendar and the store write points only through it.
 * The web's folders: a screen's parts in routes/<screen>/, parts several screens use in
 * components/, the frame in layout/ (docs/decisions/072-web-folders.md); what works with no
 * network (the service worker's helpers, IndexedDB queues) in offline/.
 */
const SRC = '^apps/server/src/';
const WEB = '^apps/web/src/';
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules that import each other cannot be understood or changed alone.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'foundation-below-modules',
      severity: 'error',
      comment:
        'db, lib, access, ledger and presenters serve the modules; they never reach up into them.',
      from: { path: `${SRC}(db|lib|access|ledger|presenters)/` },
      to: { path: `${SRC}(modules|jobs|seed|plugins)/|${SRC}(app|boot|main)\\.ts$` },
    },
    {
      name: 'ledger-is-bottom',
      severity: 'error',
      comment: 'The ledger depends on the database and helpers only, never on who asks.',
      from: { path: `${SRC}ledger/` },
      to: { path: `${SRC}(access|presenters)/` },
    },
    {
      name: 'modules-meet-through-service',
      severity: 'error',
      comment:
        'A module uses another module only through its service.ts, never its routes or inner files.',
      from: { path: `${SRC}modules/([^/]+)/` },
      to: {
        path: `${SRC}modules/[^/]+/`,
        pathNot: [`${SRC}modules/$1/`, `${SRC}modules/[^/]+/service\\.ts$`],
      },
    },
    {
      name: 'web-and-server-apart',
      severity: 'error',
      comment: 'Server and web share code only through packages/domain.',
      from: { path: '^apps/(server|web)/' },
      to: { path: '^apps/(server|web)/', pathNot: '^apps/$1/' },
    },
    {
      name: 'web-screens-apart',
      severity: 'error',
      comment:
        "A screen's own parts live beside it; a part several screens use lives in components/ (docs/decisions/072-web-folders.md). A screen may show another whole screen (its *Page.tsx).",
      from: { path: `${WEB}routes/([^/]+)/` },
      to: { path: `${WEB}routes/[^/]+/`, pathNot: [`${WEB}routes/$1/`, 'Page\\.tsx$'] },
    },
    {
      name: 'web-shared-below-screens',
      severity: 'error',
      comment:
        'Shared parts and the frame serve the screens; only the router reaches into routes/.',
      from: { path: `${WEB}(api|session|layout|forms|release|components|offline)/` },
      to: { path: `${WEB}routes/` },
    },
    {
      name: 'web-named-folders',
      severity: 'error',
      comment:
        'The web has no feature folders at its top: a part belongs to its screen or to components/ (docs/decisions/072-web-folders.md).',
      from: {},
      to: {
        path: `${WEB}[^/]+/`,
        pathNot: `${WEB}(api|boot|session|router|layout|forms|release|components|routes|i18n|offline)/`,
      },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'packages/domain is shared by server and web: no app code, no I/O modules.',
      from: { path: '^packages/domain/src/' },
      to: {
        path: '^apps/|^(node:)?(fs|net|http|child_process|pg)$|node_modules/(pg|drizzle-orm|fastify)/',
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
  },
};
