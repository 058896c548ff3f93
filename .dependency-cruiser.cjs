// @ts-check
/**
 * The import rules of docs/ARCHITECTURE.md ("Layers"), checked by `npm run lint` (decision 041).
 * Every arrow points down:
 *   API: server.ts, app.ts, cli/ → ops/ → modules/ (routes → services → repositories) → plugins/ → jobs/ → mail/
 *        → db/ → lib/ → config.ts
 *   web: entries/ → app/ → features/ → components/ → lib/ → config/, and features never import each other.
 * No exceptions: every rule holds for the whole tree (a known-violations baseline held today's wrong arrows
 * while issue 28 removed them; it is gone, and an arrow that breaks a rule is fixed, not listed).
 */

const API = '^apps/api/src/';
const WEB = '^apps/web/src/';

/** @param {string[]} folders the folders (or top files) under a root, as one regular expression */
const under = (root, folders) => `${root}(${folders.join('|')})`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A loop of imports has no layer order: break it by moving the shared piece down.',
      from: {},
      to: { circular: true },
    },

    // ---- API ----
    {
      name: 'api-modules-no-loops',
      severity: 'error',
      comment:
        'Two modules never lean on each other, even through different files: one of them owns what both need.',
      scope: 'folder',
      from: { path: `${API}modules/` },
      to: { circular: true },
    },
    {
      name: 'api-routes-no-database',
      severity: 'error',
      comment:
        'A route file parses, calls a service or a repository, and answers: the queries live in *.repository.ts, the transactions in a service.',
      from: { path: `${API}modules/[^/]+/[^/]+\\.routes\\.ts$` },
      to: { path: [`${API}db/`, '^node_modules/(drizzle-orm|pg)/'] },
    },
    {
      name: 'api-only-app-mounts-routes',
      severity: 'error',
      comment:
        'A route file is mounted by app.ts (or its own module); what another file needs of it moves to a non-route file.',
      from: { path: `${API}(?!app\\.ts$)`, pathNot: `${API}modules/([^/]+)/` },
      to: { path: `${API}modules/[^/]+/[^/]+\\.routes\\.ts$` },
    },
    {
      name: 'api-routes-of-another-module',
      severity: 'error',
      comment: 'A module reaches another module through its services and repositories, never its route file.',
      from: { path: `${API}modules/([^/]+)/` },
      to: { path: `${API}modules/[^/]+/[^/]+\\.routes\\.ts$`, pathNot: `${API}modules/$1/` },
    },
    {
      name: 'api-repository-below-service',
      severity: 'error',
      comment: 'routes → services → repositories: a repository never calls up into a service or a route.',
      from: { path: `${API}modules/.+\\.repository\\.ts$` },
      to: { path: `${API}modules/.+\\.(service|routes)\\.ts$` },
    },
    {
      name: 'api-ops-on-top',
      severity: 'error',
      comment:
        'ops/ (backup, instances, metrics, the demo seed) sits above the modules: only app.ts, server.ts, cli/ and ops/ import it.',
      from: { pathNot: under(API, ['ops/', 'cli/', 'app\\.ts$', 'server\\.ts$']) },
      to: { path: `${API}ops/` },
    },
    {
      name: 'api-cli-on-top',
      severity: 'error',
      comment: 'cli/ holds the npm commands: nothing imports them.',
      from: { pathNot: `${API}cli/` },
      to: { path: `${API}cli/` },
    },
    {
      name: 'api-app-on-top',
      severity: 'error',
      comment: 'app.ts and server.ts assemble everything: only server.ts, cli/ and ops/ may start an app.',
      from: { pathNot: under(API, ['cli/', 'ops/', 'server\\.ts$']) },
      to: { path: under(API, ['app\\.ts$', 'server\\.ts$']) },
    },
    {
      name: 'api-plugins-below-modules',
      severity: 'error',
      comment:
        'plugins/ is the infrastructure every module uses; it imports jobs/, mail/, db/ and lib/ only.',
      from: { path: `${API}plugins/` },
      to: { path: `${API}modules/` },
    },
    {
      name: 'api-jobs-below-plugins',
      severity: 'error',
      comment:
        'jobs/ (queue schemas, the email worker) is run by plugins/jobs.ts and imports mail/, db/ and lib/ only.',
      from: { path: `${API}jobs/` },
      to: { path: under(API, ['plugins/', 'modules/']) },
    },
    {
      name: 'api-mail-below-jobs',
      severity: 'error',
      comment:
        'mail/ renders and sends messages from the data it is given; it imports lib/ and config.ts only.',
      from: { path: `${API}mail/` },
      to: { path: under(API, ['jobs/', 'plugins/', 'modules/', 'db/']) },
    },
    {
      name: 'api-sms-below-jobs',
      severity: 'error',
      comment:
        'sms/ (the message channel, decision 067) renders and sends texts; it imports lib/ and config.ts only.',
      from: { path: `${API}sms/` },
      to: { path: under(API, ['jobs/', 'plugins/', 'modules/', 'db/']) },
    },
    {
      name: 'api-db-above-lib-only',
      severity: 'error',
      comment: 'db/ (connection, schema, migrations, triggers) imports lib/ and config.ts only.',
      from: { path: `${API}db/` },
      to: { path: under(API, ['mail/', 'jobs/', 'plugins/', 'modules/']) },
    },
    {
      name: 'api-lib-is-the-floor',
      severity: 'error',
      comment: 'lib/ is the toolbox: it knows no table and no module, and imports only config.ts of ours.',
      from: { path: `${API}lib/` },
      to: { path: under(API, ['db/', 'mail/', 'jobs/', 'plugins/', 'modules/']) },
    },
    {
      name: 'api-config-is-the-floor',
      severity: 'error',
      comment: 'config.ts reads the environment and imports nothing of ours.',
      from: { path: `${API}config\\.ts$` },
      to: { path: `${API}(?!config\\.ts$)` },
    },

    // ---- web ----
    {
      name: 'web-features-stand-alone',
      severity: 'error',
      comment:
        'A feature never imports another: what two share moves down into components/ or lib/, or the route in app/ composes them.',
      from: { path: `${WEB}features/([^/]+)/` },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
    },
    {
      name: 'web-features-below-app',
      severity: 'error',
      comment: 'app/ (routes, providers) composes the features; a feature never imports app/ or entries/.',
      from: { path: `${WEB}features/` },
      to: { path: under(WEB, ['app/', 'entries/']) },
    },
    {
      name: 'web-components-below-features',
      severity: 'error',
      comment: 'components/ is shared UI: it never imports features/, app/ or entries/.',
      from: { path: `${WEB}components/` },
      to: { path: under(WEB, ['features/', 'app/', 'entries/']) },
    },
    {
      name: 'web-lib-below-components',
      severity: 'error',
      comment:
        'lib/ (api client, i18n, session, helpers) never imports components/, features/, app/ or entries/.',
      from: { path: `${WEB}lib/` },
      to: { path: under(WEB, ['components/', 'features/', 'app/', 'entries/']) },
    },
    {
      name: 'web-config-is-the-floor',
      severity: 'error',
      comment: 'config/ (paths) imports nothing of the web app.',
      from: { path: `${WEB}config/` },
      to: { path: under(WEB, ['lib/', 'components/', 'features/', 'app/', 'entries/']) },
    },
    {
      name: 'web-app-below-entries',
      severity: 'error',
      comment: 'entries/ start the app; nothing else imports them.',
      from: { pathNot: `${WEB}entries/` },
      to: { path: `${WEB}entries/` },
    },

    // ---- between packages ----
    {
      name: 'web-never-imports-server-code',
      severity: 'error',
      comment: 'The web app takes types and schemas from @eclat/shared, never from apps/api.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/api/' },
    },
    {
      name: 'shared-imports-no-app',
      severity: 'error',
      comment: 'packages/shared is below both apps.',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests import whatever they check; the rules are about the product's code.
    exclude: { path: ['\\.test\\.tsx?$', '^apps/api/src/types/'] },
    tsPreCompilationDeps: true,
    // The web app's `@/…` paths; the API and shared use relative imports only.
    tsConfig: { fileName: 'apps/web/tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
    },
  },
};
