/**
 * The whole server on one call: platform (database, store, projections with the mail
 * reactor) plus the HTTP app. main.ts, the tests and the benchmarks all start it so.
 */
import type { Config } from './platform/config.ts';
import { startPlatform, type Platform } from './platform/start.ts';
import { buildApp, type AppOptions, type SpotterApp } from './app.ts';
import { mailReactor, registerMailRule } from './platform/mail/reactor.ts';
import { registerTopicRule } from './platform/realtime/topic-access.ts';
import { featureReactors, features } from './features.ts';
import { allProjections } from './features.ts';
import { freePort } from './platform/db/embedded.ts';

async function withFreePort(config: Config): Promise<Config> {
  const port = await freePort();
  return { ...config, port, appUrl: `http://127.0.0.1:${port}` };
}

export interface RunningServer extends SpotterApp {
  platform: Platform;
  url: string;
  close(): Promise<void>;
}

export async function startServer(
  configIn: Config,
  opts: Omit<AppOptions, 'config' | 'platform'> & { listen?: boolean; log?: (m: string) => void; poolSize?: number } = {},
): Promise<RunningServer> {
  // Port 0 (tests, benchmarks): pick the port now, so that links in mails and the
  // allowed websocket Origin name the address the server really listens on.
  const config = configIn.port === 0 ? await withFreePort(configIn) : configIn;
  // Rules first: the runner starts with the platform and must not meet an event whose
  // mail rule is not known yet.
  for (const f of features) {
    for (const [kind, rule] of Object.entries(f.topicRules ?? {})) registerTopicRule(kind, rule);
    for (const [type, rule] of Object.entries(f.mailRules ?? {})) registerMailRule(type, rule);
  }
  let flushMail = () => {};
  const platform = await startPlatform(config, {
    projections: [...allProjections, mailReactor(config.appUrl, () => flushMail())],
    reactors: featureReactors,
    log: opts.log,
    poolSize: opts.poolSize,
  });
  const spotter = await buildApp({ ...opts, config, platform });
  flushMail = () => void spotter.sender.flush();
  if (opts.listen !== false) await spotter.app.listen({ port: config.port, host: config.host });
  return {
    ...spotter,
    platform,
    url: config.appUrl,
    async close() {
      await spotter.close();
      await platform.close();
    },
  };
}
