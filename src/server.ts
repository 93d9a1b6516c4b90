/**
 * The whole server on one call: platform (database, store, projections with the mail
 * reactor) plus the HTTP app. main.ts, the tests and the benchmarks all start it so.
 */
import type { Config } from './config.ts';
import { startPlatform, type Platform } from './platform.ts';
import { buildApp, type AppOptions, type SpotterApp } from './app.ts';
import { mailReactor } from './mail/reactor.ts';
import { allProjections } from '../projections/index.ts';

export interface RunningServer extends SpotterApp {
  platform: Platform;
  url: string;
  close(): Promise<void>;
}

export async function startServer(
  config: Config,
  opts: Omit<AppOptions, 'config' | 'platform'> & { listen?: boolean; log?: (m: string) => void; poolSize?: number } = {},
): Promise<RunningServer> {
  let flushMail = () => {};
  const platform = await startPlatform(config, {
    projections: [...allProjections, mailReactor(config.appUrl, () => flushMail())],
    log: opts.log,
    poolSize: opts.poolSize,
  });
  const spotter = await buildApp({ ...opts, config, platform });
  flushMail = () => void spotter.sender.flush();
  let url = config.appUrl;
  if (opts.listen !== false) {
    const address = await spotter.app.listen({ port: config.port, host: config.host });
    if (config.port === 0) url = address.replace('[::1]', 'localhost').replace('0.0.0.0', '127.0.0.1');
  }
  return {
    ...spotter,
    platform,
    url,
    async close() {
      await spotter.close();
      await platform.close();
    },
  };
}
