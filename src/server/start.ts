/** Parse config, open the database, serve site and API, stop cleanly (entered from main.ts). */
import { ConfigError, parseEnv } from './env.ts';
import { createServer } from './server.ts';

let env;
try {
  env = parseEnv();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
// The passphrase is hashed at start; nothing later should find it in the environment.
delete process.env.ADMIN_PASSPHRASE;

let server;
try {
  server = await createServer(env);
} catch (error) {
  // Nothing is served yet: say why on stderr (the operator's terminal or service log) and stop.
  const cause =
    error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  process.stderr.write(
    `Waj could not start: ${error instanceof Error ? error.message : String(error)}${cause}\n`,
  );
  process.exit(1);
}
const { app } = server;

const SHUTDOWN_GRACE_MS = 10_000;
/** Requests still running after this long are cut, so the mail worker and database can close. */
const REQUEST_DRAIN_MS = 7_000;
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    setTimeout(() => {
      if (server.closingStep() !== 'finishing requests') return;
      app.server.getConnections((_err, connections) => {
        app.log.warn({ connections }, 'shutdown: closing connections still open');
        app.server.closeAllConnections();
      });
    }, REQUEST_DRAIN_MS).unref();
    setTimeout(() => {
      // Which step held it, and how many connections were still open, is what the operator
      // needs to find the cause.
      app.server.getConnections((_err, connections) => {
        app.log.error(
          { step: server.closingStep(), connections },
          'shutdown took too long; exiting',
        );
        process.exit(1);
      });
    }, SHUTDOWN_GRACE_MS).unref();
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

try {
  await app.listen({ port: env.PORT, host: env.HOST });
  const shownHost = ['127.0.0.1', '::1', '0.0.0.0', '::'].includes(env.HOST)
    ? 'localhost'
    : env.HOST;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  process.stdout.write(`Waj is serving http://${shownHost}:${port}\n`);
} catch (err) {
  app.log.error({ err }, 'could not listen');
  await server.close();
  process.exit(1);
}
