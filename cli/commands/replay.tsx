/** `spotter replay [projection]`: rebuild without downtime, with a live progress bar. */
import { Box, render, Static, Text } from 'ink';
import { loadConfig } from '../../src/platform/config.ts';
import { defineCommand, positiveInteger, UsageError } from '../command.ts';
import { bar, count, seconds } from '../lib/format.ts';
import { serverProjections, withPlatform } from '../lib/platform.ts';
import {
  eventsPerSecond,
  LIVE_WRITERS,
  OFFLINE_WRITERS,
  ReactorReplayError,
  replay,
  resolveProjections,
  summarise,
  UnknownProjectionError,
  type RebuildProgress,
  type ReplayResult,
} from '../lib/replay.ts';
import { printJson } from '../ui/print.ts';
import { lowerOwnPriority } from '../../src/platform/db/background-priority.ts';
import { timeLeft } from '../ui/progress.tsx';

const BAR_WIDTH = 24;

export function replayedLine(r: ReplayResult): string {
  return `replayed ${r.projection}: ${r.events} events in ${seconds(r.elapsedMs)} s (${r.eventsPerSecond} events/s)`;
}

/** The bar of one replay, or of several replaying together (`alongside`: the others' names), which read the store once. */
export function ReplayProgressBar({ progress, alongside = [] }: { progress: RebuildProgress; alongside?: string[] }) {
  const { projection, generation, eventsRead, totalEstimate, elapsedMs } = progress;
  // No estimate (EventStoreDB, or an empty store): show the count without a percentage.
  const known = totalEstimate > 0;
  // Events appended during the replay are read too, so the count may pass the estimate.
  const fraction = known ? Math.min(eventsRead / totalEstimate, 1) : 0;
  // Two lines, so that the bar fits an 80-column terminal whatever the projection's name.
  return (
    <Box flexDirection="column">
      <Text>{alongside.length ? `replaying ${[projection, ...alongside].join(', ')} together` : `replaying ${projection} into generation ${generation}`}</Text>
      <Text>
        <Text color="cyan">{bar(fraction, BAR_WIDTH)}</Text> {known ? `${Math.floor(fraction * 100)}%`.padStart(4) : '   ?'} {count(eventsRead)}/
        {known ? count(totalEstimate) : '?'} events · {count(eventsPerSecond(eventsRead, elapsedMs))} events/s ·{' '}
        {known ? `${timeLeft({ label: projection, done: Math.min(eventsRead, totalEstimate), total: totalEstimate, elapsedMs })} left` : 'time left ?'}
      </Text>
    </Box>
  );
}

/** `current`: the latest progress of each projection still replaying (they share one read, so one bar). */
export function ReplayView({ completed, current, pending }: { completed: ReplayResult[]; current: RebuildProgress[]; pending?: string | null }) {
  // Finished lines are written once (Static) above the live part: redrawn, a full
  // replay's list outgrew the terminal and its first lines, scrolled out of reach of
  // the redraw, were printed twice.
  return (
    <Box flexDirection="column">
      <Static items={completed}>
        {(r) => (
          <Text key={r.projection} color="green">
            {replayedLine(r)}
          </Text>
        )}
      </Static>
      {current.length ? (
        <ReplayProgressBar progress={current[0]} alongside={current.slice(1).map((p) => p.projection)} />
      ) : pending ? (
        <Text dimColor>replaying {pending}…</Text>
      ) : null}
    </Box>
  );
}

/** An unknown name or a reactor is a bad argument: exit 2, before touching the database. */
function queueOf(names: string[]): string[] {
  try {
    return resolveProjections(serverProjections(loadConfig()), names).map((p) => p.name);
  } catch (e) {
    if (e instanceof UnknownProjectionError || e instanceof ReactorReplayError) throw new UsageError(e.message);
    throw e;
  }
}

/**
 * Connections a replay of several projections writes through at once, at most. The
 * CLI's pool (platform.ts) holds them beside the replay's lock and reader.
 */
const MAX_WRITERS = OFFLINE_WRITERS;

export default defineCommand<{ json?: boolean; writers?: number }>({
  name: 'replay',
  description: 'Rebuild a projection (all of them together, from one read of the store, when none is named) without downtime; reactors are never replayed',
  arguments: [{ name: 'projection', description: 'projection name, as `spotter status` shows it' }],
  options: [
    { flags: '--json', description: 'print the results as JSON (no progress bar)' },
    {
      flags: '--writers <n>',
      description: `connections writing at once when several replay together (default: ${LIVE_WRITERS} while a server runs on the database, so that its commands stay fast; ${OFFLINE_WRITERS}, the soonest done, when none does)`,
      parse: positiveInteger(MAX_WRITERS),
    },
  ],
  examples: [
    'spotter replay workouts                         # rebuild one projection, live bar with events/s and time left',
    'spotter replay                                  # every projection, from one read of the store',
    'spotter replay --writers 3                      # every projection, soonest done even beside a live server',
    'spotter replay --json | jq ".[].eventsPerSecond"',
  ],
  async run({ args: [name], options }) {
    const names = name ? [name] : [];
    const queue = queueOf(names);
    // Background work, as its database connection is (rebuild.ts): the server's commands come first.
    lowerOwnPriority();
    await withPlatform(async (platform) => {
      if (options.json) {
        printJson(await replay(platform, names, undefined, options.writers));
        return;
      }
      // Piped into a log or run by cron: no redrawn bar, one line per projection.
      if (!process.stdout.isTTY) {
        const printDone = (p: RebuildProgress) => {
          if (p.done) process.stdout.write(`${replayedLine(summarise(p))}\n`);
        };
        await replay(platform, names, printDone, options.writers);
        return;
      }
      let completed: ReplayResult[] = [];
      let current: RebuildProgress[] = [];
      let failed = false;
      const view = () => <ReplayView completed={completed} current={current} pending={failed ? null : queue[completed.length]} />;
      const ink = render(view(), { patchConsole: false });
      try {
        const onProgress = (p: RebuildProgress) => {
          if (p.done) completed = [...completed, summarise(p)];
          current = [...current.filter((c) => c.projection !== p.projection), ...(p.done ? [] : [p])];
          ink.rerender(view());
        };
        await replay(platform, names, onProgress, options.writers);
      } catch (e) {
        failed = true;
        current = [];
        ink.rerender(view());
        throw e;
      } finally {
        ink.unmount();
        await ink.waitUntilExit();
      }
    });
    return 0;
  },
});
