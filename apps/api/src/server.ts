import { buildApp } from './app.ts';
import { createLogger } from './lib/logger.ts';
import { ConfigError, loadConfig, type AppConfig } from './config.ts';
import { InstanceSettingsError } from './ops/instances.ts';
import { EmbeddedPostgresError, startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded.ts';

/**
 * `npm start`: read the configuration, start the embedded PostgreSQL unless DATABASE_URL is set, build the
 * app and listen. SIGINT/SIGTERM close the server gracefully: new connections are refused, in-flight
 * requests finish, the database pool closes, then the embedded PostgreSQL stops. A signal that comes while
 * the server starts is done when the start is over.
 */
async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee the README's configuration table.\n`);
      process.exit(1);
    }
    throw error;
  }
  const { logger: log } = createLogger({ level: config.logLevel, format: config.logFormat }, { sync: true });

  // Listened for from the first moment: a stop asked for while the server starts (PostgreSQL up, the
  // migrations running) is kept and done once the start is over, so no PostgreSQL is left behind.
  const stopAsked = new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  let asked: NodeJS.Signals | undefined;
  void stopAsked.then((signal) => (asked = signal));

  let embedded: EmbeddedPostgres | undefined;
  if (!config.databaseUrl) {
    try {
      embedded = await startEmbeddedPostgres({
        dataDir: config.dataDir,
        port: config.embeddedPgPort,
        logger: log,
      });
    } catch (error) {
      if (!(error instanceof EmbeddedPostgresError)) throw error;
      // The message names the path and what to do: shown as is, without a stack.
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
  }
  if (asked) {
    // Asked to stop while PostgreSQL started: nothing else was begun.
    log.info({ signal: asked }, 'stopped before starting the app');
    await embedded?.stop();
    process.exit(0);
  }
  const databaseUrl = config.databaseUrl ?? embedded?.url;
  if (!databaseUrl) throw new Error('No database');

  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp(config, { databaseUrl, joinInstances: true });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    if (error instanceof InstanceSettingsError) {
      // What differs and what to do, without a stack.
      process.stderr.write(`${error.message}\n`);
      await embedded?.stop();
      process.exit(1);
    }
    log.fatal({ err: error }, 'the server could not start');
    await embedded?.stop();
    process.exit(1);
  }
  log.info(`${config.brandName} is running at ${config.publicUrl}`);

  const shutdown = async (signal: NodeJS.Signals) => {
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      log.error('graceful shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs + 25_000);
    force.unref();
    try {
      await Promise.race([
        app.close(),
        new Promise((resolve) => setTimeout(resolve, config.shutdownTimeoutMs)),
      ]);
    } catch (error) {
      log.error({ err: error }, 'error while closing the server');
    }
    await embedded?.stop();
    log.info('stopped');
    process.exit(0);
  };
  void stopAsked.then(shutdown);
}

await main();
