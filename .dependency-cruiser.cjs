/**
 * The server's layers, checked in `npm test` (`npm run lint:deps`):
 *   db, lib  <  access, ledger, presenters  <  modules (calendar is shared)  <  jobs, seed, app
 * The ledger (wallets, activities' books, daily points, the drift check) is the bottom of the
 * domain: activities, attendance, the calendar and the store write points only through it.
 */
const SRC = '^apps/server/src/';
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
      to: { path: `${SRC}(modules|jobs|seed)/|${SRC}(app|boot|main)\\.ts$` },
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
