/** `spotter replay [projection]`: rebuild without downtime, with a live progress bar. */
import { Box, render, Text } from 'ink';
import { loadConfig } from '../../src/platform/config.ts';
import { defineCommand } from '../command.ts';
import { bar, count, seconds } from '../lib/format.ts';
import { serverProjections, withPlatform } from '../lib/platform.ts';
import { eventsPerSecond, replay, resolveProjections, summarise, type RebuildProgress, type ReplayResult } from '../lib/replay.ts';

const BAR_WIDTH = 24;

export function replayedLine(r: ReplayResult): string {
  return `replayed ${r.projection}: ${r.events} events in ${seconds(r.elapsedMs)} s (${r.eventsPerSecond} events/s)`;
}

export function ReplayProgressBar({ progress }: { progress: RebuildProgress }) {
  const { projection, generation, eventsRead, totalEstimate, elapsedMs } = progress;
  // No estimate (EventStoreDB, or an empty store): show the count without a percentage.
  const known = totalEstimate > 0;
  // Events appended during the replay are read too, so the count may pass the estimate.
  const fraction = known ? Math.min(eventsRead / totalEstimate, 1) : 0;
  // Two lines, so that the bar fits an 80-column terminal whatever the projection's name.
  return (
    <Box flexDirection="column">
      <Text>
        replaying {projection} into generation {generation}
      </Text>
      <Text>
        <Text color="cyan">{bar(fraction, BAR_WIDTH)}</Text> {known ? `${Math.floor(fraction * 100)}%`.padStart(4) : '   ?'} {count(eventsRead)}/
        {known ? count(totalEstimate) : '?'} events · {count(eventsPerSecond(eventsRead, elapsedMs))} events/s
      </Text>
    </Box>
  );
}

export function ReplayView({ completed, current, pending }: { completed: ReplayResult[]; current: RebuildProgress | null; pending?: string | null }) {
  return (
    <Box flexDirection="column">
      {completed.map((r) => (
        <Text key={r.projection} color="green">
          {replayedLine(r)}
        </Text>
      ))}
      {current ? <ReplayProgressBar progress={current} /> : pending ? <Text dimColor>replaying {pending}…</Text> : null}
    </Box>
  );
}

export default defineCommand({
  name: 'replay',
  description: 'Rebuild a projection (all of them, one after another, when none is named) without downtime; reactors are never replayed',
  arguments: [{ name: 'projection', description: 'projection name, as `spotter status` shows it' }],
  async run({ args: [name] }) {
    const names = name ? [name] : [];
    // Fails on an unknown name or a reactor before touching the database.
    const queue = resolveProjections(serverProjections(loadConfig()), names).map((p) => p.name);
    await withPlatform(async (platform) => {
      // Piped into a log or run by cron: no redrawn bar, one line per projection.
      if (!process.stdout.isTTY) {
        await replay(platform, names, (p) => {
          if (p.done) process.stdout.write(`${replayedLine(summarise(p))}\n`);
        });
        return;
      }
      let completed: ReplayResult[] = [];
      let current: RebuildProgress | null = null;
      let failed = false;
      const view = () => <ReplayView completed={completed} current={current} pending={failed ? null : queue[completed.length]} />;
      const ink = render(view(), { patchConsole: false });
      try {
        await replay(platform, names, (p) => {
          if (p.done) {
            completed = [...completed, summarise(p)];
            current = null;
          } else current = p;
          ink.rerender(view());
        });
      } catch (e) {
        failed = true;
        current = null;
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
