/**
 * Runs the benchmarks (all, or those named on the command line) one after the other,
 * prints each figure beside its target as it goes, and ends with one line of JSON
 * holding every figure by name.
 *
 *   npm run bench                 # all
 *   npm run bench -- append       # one (or several: append rebuild)
 */
import { performance } from 'node:perf_hooks';

// A benchmark's server starts on an empty database: no demo data unless asked for.
process.env.SPOTTER_DEMO ??= '0';

type Bench = () => Promise<Record<string, number>>;

const BENCHMARKS: Record<string, { what: string; load: () => Promise<Bench> }> = {
  append: { what: "single-event appends vs raw INSERT, 8 writers: exact version, then 'any'", load: async () => (await import('./append.ts')).run },
  long_streams: {
    what: 'a command on a 5,000-message conversation and on a coach of 400 athletes, neither in memory yet (read, fold, decide, append)',
    load: async () => (await import('./long_streams.ts')).run,
  },
  append_batch: { what: '10-event batch appends vs raw 10-row INSERT, 8 writers', load: async () => (await import('./append_batch.ts')).run },
  rebuild: { what: 'stream_summaries rebuild over 1,000,000 events', load: async () => (await import('./rebuild.ts')).run },
  cmd_to_ws: { what: 'PUT /api/profile → websocket `changed` at 500 commands/s', load: async () => (await import('./cmd_to_ws.ts')).run },
  calendar_month: { what: 'GET /api/manage-workouts for one month, athlete with two years of history', load: async () => (await import('./calendar_month.ts')).run },
  set_to_ws: { what: "athlete logs a set → coach's workout:<id> websocket `changed` at 200 sets/s", load: async () => (await import('./set_to_ws.ts')).run },
  http_commands: {
    what: 'saturation throughput over HTTP, 20 clients on their own users, load client in its own process',
    load: async () => (await import('./http_commands.ts')).run,
  },
  message_to_ws: {
    what: "message sent → recipient's conversation:<id> websocket `changed` at 100 messages/s over 50 conversations; list of 200 conversations",
    load: async () => (await import('./message_to_ws.ts')).run,
  },
  comment_to_ws: {
    what: "athlete comments on a workout → coach's comments:<id> websocket `changed` at 100 comments/s over 10 workouts (the hub's cap of sockets per account)",
    load: async () => (await import('./comment_to_ws.ts')).run,
  },
  performance_summary: {
    what: 'GET /api/performance-summary, athlete with two years of history and 300 manual entries',
    load: async () => (await import('./performance_summary.ts')).run,
  },
  team_analytics: {
    what: 'GET /api/team-analytics, 400 athletes × 1 year (≈ 2 M sets), all selected, 90D, 1Y and All',
    load: async () => (await import('./team_analytics.ts')).run,
  },
  web: { what: 'gzip bytes of JS each main route loads in Chromium (sign-in, clients, calendar)', load: async () => (await import('./web.ts')).run },
  lighthouse: {
    what: "Lighthouse mobile profile (simulated throttling): athlete's training page, coach's calendar, sign-in for reference",
    load: async () => (await import('./lighthouse.ts')).run,
  },
  cli_assign: { what: 'spotter assign: a 12-week template (48 workouts) to 400 athletes', load: async () => (await import('./cli_assign.ts')).run },
  assign: { what: 'assign a 12-week, 48-workout template → all 48 in the calendar read model', load: async () => (await import('./assign.ts')).run },
  transfer: {
    what: 'POST /api/imports of a 100,000-row Strong file, then GET /api/export/workouts.csv of it; peak server memory during each',
    load: async () => (await import('./transfer.ts')).run,
  },
  offline_sync: {
    what: "gym mode reconnect: 100 queued sets in order → the coach's workout:<id> socket; then 3 resend rounds of stale commands",
    load: async () => (await import('./offline_sync.ts')).run,
  },
  mail_render: {
    what: '200 e-mails rendered in place, then on their own thread: what each leaves the event loop',
    load: async () => (await import('./mail_render.ts')).run,
  },
  db_restart: {
    what: 'database stopped (fast shutdown) for 2 s and started again under a light write load: refused seconds, seconds to resume',
    load: async () => (await import('./db_restart.ts')).run,
  },
};

interface Target {
  label: string;
  pass: (v: number, all: Record<string, number>) => boolean;
}

const TARGETS: Record<string, Target> = {
  append_ratio: { label: '≥ 0.85 (single appends ≥ 85% of raw INSERT rate)', pass: (v) => v >= 0.85 },
  append_any_ratio: { label: "≥ 0.85 ('any' appends, random streams, pool of 8 ≥ 85% of raw INSERT rate)", pass: (v) => v >= 0.85 },
  append_batch10_events_per_s: { label: '≥ 30,000 events/s', pass: (v) => v >= 30_000 },
  append_batch10_ratio: { label: '≥ 0.85 (10-event appends ≥ 85% of the rows/s of a raw 10-row INSERT)', pass: (v) => v >= 0.85 },
  rebuild_events_per_s: { label: '≥ 100,000 events/s', pass: (v) => v >= 100_000 },
  // The same goal for the rebuild that reads every payload, as earlier stops measured it.
  rebuild_with_payloads_events_per_s: { label: '≥ 100,000 events/s (every payload read)', pass: (v) => v >= 100_000 },
  cmd_to_ws_p99_ms: { label: '< 50 ms at 500 commands/s', pass: (v, all) => v >= 0 && v < 50 && (all.cmd_achieved_per_s ?? 0) >= 490 },
  cmd_achieved_per_s: { label: '≈ 500 (the offered rate; p99 only counts if sustained: ≥ 490)', pass: (v) => v >= 490 },
  cmd_failed: { label: '0 (failed commands or missing messages)', pass: (v) => v === 0 },
  calendar_month_p95_ms: { label: '< 15 ms', pass: (v) => v >= 0 && v < 15 },
  set_to_ws_p99_ms: { label: '< 50 ms at 200 sets/s', pass: (v, all) => v >= 0 && v < 50 && (all.set_achieved_per_s ?? 0) >= 196 },
  set_achieved_per_s: { label: '≈ 200 (the offered rate; p99 only counts if sustained: ≥ 196)', pass: (v) => v >= 196 },
  set_failed: { label: '0 (failed recordings or missing messages)', pass: (v) => v === 0 },
  http_commands_per_s: { label: '≥ 1,500 PUT /api/profile per s (20 clients)', pass: (v) => v >= 1500 },
  http_training_commands_per_s: { label: '≥ 1,000 training commands per s (20 clients)', pass: (v) => v >= 1000 },
  message_to_ws_p99_ms: { label: '< 50 ms at 100 messages/s', pass: (v, all) => v >= 0 && v < 50 && (all.message_achieved_per_s ?? 0) >= 98 },
  message_achieved_per_s: { label: '≈ 100 (the offered rate; p99 only counts if sustained: ≥ 98)', pass: (v) => v >= 98 },
  message_failed: { label: '0 (failed sends or missing messages)', pass: (v) => v === 0 },
  comment_to_ws_p99_ms: { label: '< 50 ms at 100 comments/s', pass: (v, all) => v >= 0 && v < 50 && (all.comment_achieved_per_s ?? 0) >= 98 },
  comment_achieved_per_s: { label: '≈ 100 (the offered rate; p99 only counts if sustained: ≥ 98)', pass: (v) => v >= 98 },
  comment_failed: { label: '0 (failed posts or missing messages)', pass: (v) => v === 0 },
  conversation_list_p95_ms: { label: '< 15 ms for 200 conversations', pass: (v) => v >= 0 && v < 15 },
  performance_summary_p95_ms: { label: '< 20 ms (range 30 days)', pass: (v) => v >= 0 && v < 20 },
  team_analytics_90d_p95_ms: { label: '< 50 ms', pass: (v) => v >= 0 && v < 50 },
  team_analytics_1y_p95_ms: { label: '< 50 ms', pass: (v) => v >= 0 && v < 50 },
  team_analytics_all_p95_ms: { label: '< 50 ms', pass: (v) => v >= 0 && v < 50 },
  team_analytics_90d_br_p95_ms: { label: '< 50 ms (compressed, as the browser asks)', pass: (v) => v >= 0 && v < 50 },
  team_analytics_1y_br_p95_ms: { label: '< 50 ms (compressed, as the browser asks)', pass: (v) => v >= 0 && v < 50 },
  team_analytics_all_br_p95_ms: { label: '< 50 ms (compressed, as the browser asks)', pass: (v) => v >= 0 && v < 50 },
  web_signin_js_gzip_kb: { label: '< 120 KB', pass: (v) => v > 0 && v < 120 },
  lighthouse_training_lcp_ms: { label: '< 2,500 ms', pass: (v) => v > 0 && v < 2500 },
  lighthouse_training_cls: { label: '< 0.1', pass: (v) => v >= 0 && v < 0.1 },
  lighthouse_training_tbt_ms: { label: '< 200 ms', pass: (v) => v >= 0 && v < 200 },
  lighthouse_calendar_lcp_ms: { label: '< 2,500 ms', pass: (v) => v > 0 && v < 2500 },
  lighthouse_calendar_cls: { label: '< 0.1', pass: (v) => v >= 0 && v < 0.1 },
  lighthouse_calendar_tbt_ms: { label: '< 200 ms', pass: (v) => v >= 0 && v < 200 },
  cli_assign_s: { label: '< 60 s for 400 athletes', pass: (v) => v >= 0 && v < 60 },
  assign_http_p95_ms: { label: '< 100 ms', pass: (v) => v >= 0 && v < 100 },
  assign_visible_p95_ms: { label: '< 1000 ms (all 48 workouts in the calendar read model)', pass: (v) => v >= 0 && v < 1000 },
  offline_sync_100_sets_ms: { label: '< 2,000 ms (100 queued sets from reconnect to the coach)', pass: (v) => v >= 0 && v < 2000 },
  offline_duplicate_effects: { label: '0 (events appended by 3 rounds of resent stale commands)', pass: (v) => v === 0 },
  db_restart_commands_resume_s: { label: '≤ 5 s from the database start to the first accepted command', pass: (v) => v >= 0 && v <= 5 },
  db_restart_health_resume_s: { label: '≤ 5 s from the database start to health 200', pass: (v) => v >= 0 && v <= 5 },
  db_restart_realtime_resume_s: { label: '≤ 5 s from the database start to a pushed `changed` on the open socket', pass: (v) => v >= 0 && v <= 5 },
  db_restart_acked_lost: { label: '0 (acknowledged commands missing or doubled)', pass: (v) => v === 0 },
  db_restart_server_died: { label: '0', pass: (v) => v === 0 },
};

async function main(): Promise<void> {
  const names = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const unknown = names.filter((n) => !(n in BENCHMARKS));
  if (unknown.length) {
    console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${Object.keys(BENCHMARKS).join(', ')}`);
    process.exit(2);
  }
  const selected = names.length ? names : Object.keys(BENCHMARKS);
  const figures: Record<string, number> = {};
  const failures: string[] = [];
  const shortOnes: string[] = [];

  for (const name of selected) {
    const b = BENCHMARKS[name];
    console.log(`\n▶ ${name}: ${b.what}`);
    const t0 = performance.now();
    try {
      const result = await (await b.load())();
      Object.assign(figures, result);
      for (const [key, value] of Object.entries(result)) {
        const target = TARGETS[key];
        const verdict = target ? (target.pass(value, figures) ? 'PASS ' : 'SHORT') : '     ';
        if (target && verdict === 'SHORT') shortOnes.push(key);
        console.log(`  ${verdict} ${key.padEnd(30)} ${String(value).padStart(10)}${target ? `   target ${target.label}` : ''}`);
      }
      console.log(`  (${name} took ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    } catch (e) {
      failures.push(name);
      // eslint-disable-next-line @typescript-eslint/restrict-template-expressions -- a thrown non-Error is printed as it is
      console.log(`  FAILED ${name} after ${((performance.now() - t0) / 1000).toFixed(1)} s: ${(e as Error).stack ?? e}`);
    }
  }

  console.log('');
  if (shortOnes.length) console.log(`Short of target: ${shortOnes.join(', ')}`);
  if (failures.length) console.log(`Failed: ${failures.join(', ')}`);
  console.log(JSON.stringify(figures));
  // Pool timers or sockets left behind must not keep the run alive.
  process.exit(failures.length ? 1 : 0);
}

void main();
