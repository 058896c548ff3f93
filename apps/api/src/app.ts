import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import { createLogger, OneLinePerRequest } from './lib/logger.ts';
import { createSerializerCompiler } from './lib/serializer.ts';
import { PAGE_BOOT_SCRIPT } from './lib/page-boot.ts';
import { adminJobsRoutes } from './modules/admin/jobs.routes.ts';
import { exportsRoutes } from './modules/admin/exports.routes.ts';
import { overviewRoutes } from './modules/admin/overview.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { verificationRoutes } from './modules/auth/verification.routes.ts';
import { LOGOUT_SCRIPT } from './modules/auth/pages.ts';
import { assignmentsRoutes } from './modules/assignments/assignments.routes.ts';
import { appointmentsRoutes } from './modules/appointments/appointments.routes.ts';
import { availabilitiesRoutes } from './modules/availabilities/availabilities.routes.ts';
import { schedulesRoutes } from './modules/schedules/schedules.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { customersRoutes } from './modules/customers/customers.routes.ts';
import { employeesRoutes } from './modules/employees/employees.routes.ts';
import { feedbackRoutes } from './modules/feedback/feedback.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { servicesRoutes } from './modules/services/services.routes.ts';
import { schedulingRoutes } from './modules/scheduling/scheduling.routes.ts';
import { calendarRoutes } from './modules/calendar/calendar.routes.ts';
import { emailPreferencesRoutes } from './modules/customers/email-preferences.routes.ts';
import { textsRoutes } from './modules/texts/texts.routes.ts';
import { reminderSendCheck, remindersPlugin, textStillTrue } from './modules/reminders/reminders.ts';
import { instancesPlugin } from './ops/instances.ts';
import { scheduledBackupPlugin } from './ops/scheduled-backup.ts';
import { firstStartPlugin } from './ops/seed/first-start.ts';
import { seriesRoutes } from './modules/series/series.routes.ts';
import { serviceAreaRoutes } from './modules/service-area/service-area.routes.ts';
import { quotesRoutes } from './modules/quotes/quotes.routes.ts';
import { visitStepsRoutes } from './modules/visit-steps/visit-steps.routes.ts';
import { payRoutes } from './modules/pay/pay.routes.ts';
import { accessNotesRoutes } from './modules/access-notes/access-notes.routes.ts';
import { visitPhotosRoutes } from './modules/visit-photos/visit-photos.routes.ts';
import { checklistsRoutes } from './modules/checklists/checklists.routes.ts';
import { providerFor } from './modules/payments/payment-provider.ts';
import { cardHoldsPlugin } from './modules/payments/card-holds.ts';
import { cardReconcilePlugin } from './modules/payments/card-reconcile-job.ts';
import { cardReconcileRoutes } from './modules/payments/card-reconcile.routes.ts';
import { taxSnapshotBackfillPlugin } from './modules/payments/tax-snapshot-backfill.ts';
import { cardRoutes } from './modules/payments/card.routes.ts';
import { cardConfirmRoutes } from './modules/payments/card-confirm.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { resolvePaymentsMode } from './modules/payments/payments.service.ts';
import { stripeCardFor, stripeProvider } from './modules/payments/stripe-provider.ts';
import { cardChargesRoutes } from './modules/payments/card-charges.routes.ts';
import { authPlugin } from './modules/auth/bearer.plugin.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { dbPlugin } from './plugins/db.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin, replyWithError } from './plugins/errors.ts';
import { inputTextPlugin } from './plugins/input-text.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { oidcPlugin } from './modules/auth/oidc.plugin.ts';
import { publicReadsPlugin } from './plugins/public-reads.ts';
import { securityPlugin } from './plugins/security.ts';
import { metricsPlugin } from './ops/metrics.ts';
import { webPlugin } from './plugins/web.ts';

export type AppOptions = {
  /** Connection string of the database to use (embedded or external). */
  databaseUrl: string;
  /** Apply migrations and write demo content at start (default true). Tests migrate a template once. */
  prepareDatabase?: boolean;
  /**
   * Join the instances of the database (decision 031): the start stops when a shared setting differs from
   * a running instance's. `server.ts` joins; apps that tests build side by side on one database do not.
   */
  joinInstances?: boolean;
};

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** A number of proxies: trust exactly that many hops of X-Forwarded-For, counting from this server. */
function fastifyTrustProxy(value: AppConfig['trustProxy']) {
  if (typeof value === 'number') return (_address: string, hop: number) => hop < value;
  return value;
}

/** Builds the whole server (API, docs, web app) without listening; `server.ts` and the tests use it. */
export async function buildApp(config: AppConfig, options: AppOptions): Promise<FastifyInstance> {
  const { logger, flush } = createLogger({ level: config.logLevel, format: config.logFormat });
  const app = Fastify({
    loggerInstance: logger,
    logController: new OneLinePerRequest(),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 8 * 1024 * 1024,
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    frameworkErrors: (error, request, reply) => {
      void replyWithError(error, request, reply);
    },
    return503OnClosing: true,
    // The first start of a new database writes the demo content, its pictures converted to AVIF and WebP
    // (seconds on a small machine), and a start may wait for another instance's migrations: not 10 s.
    pluginTimeout: 120_000,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Responses are written by fast-json-stringify from the JSON Schema of their zod schema; outside
  // production each one is also checked against the zod schema first.
  app.setSerializerCompiler(createSerializerCompiler({ validate: config.env !== 'production' }));
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    flush();
    done();
  });

  await app.register(errorsPlugin);
  await app.register(inputTextPlugin);
  // The inline scripts allowed by hash: the sign-out page's and the one that starts a pre-rendered page.
  await app.register(securityPlugin, { config, inlineScripts: [LOGOUT_SCRIPT, PAGE_BOOT_SCRIPT] });
  // Dynamic responses: compressed from the size where it pays (public reads and built files come precompressed).
  await app.register(compressionPlugin);
  const prepareDatabase = options.prepareDatabase ?? true;
  await app.register(dbPlugin, {
    url: options.databaseUrl,
    poolSize: config.databasePoolSize,
    prepare: prepareDatabase,
  });
  if (prepareDatabase) await app.register(firstStartPlugin, { config });
  // Decision 061: visits paid before migration 0024 get their fixed taxes, once.
  if (prepareDatabase) await app.register(taxSnapshotBackfillPlugin, { brandName: config.brandName });
  if (options.joinInstances) await app.register(instancesPlugin, { config });
  await app.register(publicReadsPlugin, { databaseUrl: options.databaseUrl });
  await app.register(jobsPlugin, {
    config,
    databaseUrl: options.databaseUrl,
    sendChecks: { 'appointment-reminder': reminderSendCheck },
    textStillTrue,
  });
  await app.register(remindersPlugin, { config });
  await app.register(scheduledBackupPlugin, { config });
  await app.register(metricsPlugin, { token: config.metricsToken });
  await app.register(oidcPlugin, { config });
  await app.register(authPlugin, { config });
  await app.register(docsPlugin, { brandName: config.brandName, publicUrl: config.publicUrl });
  // Payments (issue 29, decision 048): PAYMENTS, or unset `manual` on the demo's database, `off` elsewhere.
  const paymentsMode = await resolvePaymentsMode(app.db, config.payments);
  // PAYMENTS=stripe (decision 053): the SDK is loaded only then.
  const card = paymentsMode === 'stripe' ? await stripeCardFor(config) : null;
  const payments = {
    provider: card ? stripeProvider(card.stripe) : providerFor(paymentsMode),
    business: { brandName: config.brandName, timeZone: config.businessTimeZone },
    card,
  };
  if (card) await app.register(cardHoldsPlugin, { ...payments, card });
  if (card) await app.register(cardReconcilePlugin, { ...payments, card, runAtStart: config.jobs.enabled });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes, { config });
      await api.register(verificationRoutes, { config });
      await api.register(adminJobsRoutes);
      await api.register(overviewRoutes, { config, payments });
      await api.register(exportsRoutes, { config, payments });
      await api.register(servicesRoutes);
      await api.register(feedbackRoutes);
      await api.register(contactRoutes, { config });
      await api.register(customersRoutes);
      await api.register(appointmentsRoutes, { config, databaseUrl: options.databaseUrl, payments });
      await api.register(visitStepsRoutes, { config, payments });
      await api.register(accessNotesRoutes, { config });
      await api.register(visitPhotosRoutes, { config });
      await api.register(checklistsRoutes);
      await api.register(paymentsRoutes, { deps: payments });
      await api.register(cardRoutes, { deps: payments });
      await api.register(cardConfirmRoutes, { deps: payments });
      await api.register(cardChargesRoutes, {
        deps: payments,
        lateCancellationFeeCents: config.lateCancellationFeeCents,
      });
      await api.register(cardReconcileRoutes, { cardsTaken: card !== null });
      await api.register(employeesRoutes);
      await api.register(payRoutes, { config });
      await api.register(availabilitiesRoutes, { config });
      await api.register(schedulesRoutes, { config });
      await api.register(assignmentsRoutes, { config });
      await api.register(schedulingRoutes, { config });
      await api.register(seriesRoutes, { config, card });
      await api.register(serviceAreaRoutes);
      await api.register(quotesRoutes, { config });
      await api.register(calendarRoutes, { config });
      await api.register(emailPreferencesRoutes, { config });
      await api.register(textsRoutes, { config });
    },
    { prefix: '/api/v1' },
  );

  await app.register(webPlugin, {
    distDir: config.webDistDir,
    publicUrl: config.publicUrl,
    timeZone: config.businessTimeZone,
  });
  return app;
}
