/**
 * The whole server on one call: platform (database, store, projections with the mail
 * reactor) plus the HTTP app. main.ts, the tests and the benchmarks all start it so.
 *
 * The projections and reactors run on a thread of their own at a lower CPU priority
 * (projection-thread.ts), so that their work never holds up a request; `projections:
 * 'in-process'` runs them on the serving thread instead, as the platform does for the
 * CLI.
 */
import type { Config } from './platform/config.ts';
import { startPlatform, type Platform } from './platform/start.ts';
import { buildApp, type AppOptions, type SpotterApp } from './app.ts';
import { onSignal } from './platform/wake-signals.ts';
import { featureReactors, registerFeatureRules, serverProjections } from './features.ts';
import { freePort } from './platform/db/embedded.ts';
import { ProjectionThread } from './projection-thread.ts';

async function withFreePort(config: Config): Promise<Config> {
  const port = await freePort();
  return { ...config, port, appUrl: `http://127.0.0.1:${port}` };
}

export interface RunningServer extends SpotterApp {
  platform: Platform;
  /** Where the projections run, unless started `in-process`. */
  projectionThread: ProjectionThread | null;
  url: string;
  close(): Promise<void>;
}

export async function startServer(
  configIn: Config,
  opts: Omit<AppOptions, 'config' | 'platform'> & {
    listen?: boolean;
    log?: (m: string) => void;
    poolSize?: number;
    /** Where the projections and reactors run: their own thread (the default) or this one. */
    projections?: 'thread' | 'in-process';
    /** The thread's coalescing pause instead of the projections' own (ThreadData.coalesceMs): for tests. */
    coalesceMs?: number;
  } = {},
): Promise<RunningServer> {
  // Port 0 (tests, benchmarks): pick the port now, so that links in mails and the
  // allowed websocket Origin name the address the server really listens on.
  const config = configIn.port === 0 ? await withFreePort(configIn) : configIn;
  const log = opts.log ?? console.log;
  const inThread = opts.projections !== 'in-process';
  // Rules first: the runner starts with the platform and must not meet an event whose
  // mail rule is not known yet.
  registerFeatureRules();
  // With the thread, this runner owns nothing: it serves status and read-after-write waits.
  const platform = await startPlatform(config, {
    projections: serverProjections(config.appUrl),
    reactors: featureReactors,
    runProjections: !inThread,
    log,
    poolSize: opts.poolSize,
  });
  let spotter: SpotterApp;
  let thread: ProjectionThread | null = null;
  try {
    // Before the app: the features' start-up work reads the read models the thread installs.
    if (inThread) thread = await ProjectionThread.start(platform, { eventstoreUrl: config.eventstoreUrl, appUrl: config.appUrl, log, coalesceMs: opts.coalesceMs });
    spotter = await buildApp({ ...opts, config, platform });
  } catch (e) {
    await thread?.close();
    await platform.close();
    throw e;
  }
  // A mail queued before this listens waits for the sender's own poll.
  const sender = spotter.sender;
  const stopMailSignal = onSignal('mail', () => void sender.flush());
  if (opts.listen !== false) await spotter.app.listen({ port: config.port, host: config.host });
  return {
    ...spotter,
    platform,
    projectionThread: thread,
    url: config.appUrl,
    async close() {
      // The projections stop first: their last reports and wake-ups still find the app.
      await thread?.close();
      stopMailSignal();
      await spotter.close();
      await platform.close();
    },
  };
}
