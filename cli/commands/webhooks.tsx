/** `spotter webhooks`: every coach's webhook endpoints and their recent deliveries. */
import { Box, Text } from 'ink';
import { InvalidArgumentError } from 'commander';
import { defineCommand } from '../command.ts';
import { withPlatform } from '../lib/platform.ts';
import { listWebhooks, type WebhookDeliveryLine, type WebhookEndpointLine } from '../lib/webhooks.ts';
import { print, printJson } from '../ui/print.ts';
import { Table, type Column } from '../ui/table.tsx';

const time = (d: Date | null) => (d ? `${d.toISOString().replace('T', ' ').slice(0, 19)} UTC` : '');

const columns: Column<WebhookDeliveryLine>[] = [
  { header: 'WEBHOOK-ID', cell: (r) => r.id },
  { header: 'EVENT', cell: (r) => r.eventType },
  { header: 'STATUS', cell: (r) => r.status, color: (r) => (r.status === 'delivered' ? 'green' : r.status === 'failed' ? 'red' : 'yellow') },
  { header: 'TRIES', cell: (r) => String(r.attempts), align: 'right' },
  { header: 'HTTP', cell: (r) => (r.responseStatus === null ? '' : String(r.responseStatus)), align: 'right' },
  { header: 'QUEUED', cell: (r) => time(r.createdAt) },
  { header: 'NEXT TRY', cell: (r) => time(r.nextAttemptAt) },
  { header: 'RESPONSE / ERROR', cell: (r) => (r.detail ?? '').replace(/\s+/g, ' '), maxWidth: 40 },
];

export function WebhooksView({ endpoints }: { endpoints: WebhookEndpointLine[] }) {
  if (endpoints.length === 0) return <Text>No webhook endpoints.</Text>;
  return (
    <Box flexDirection="column">
      {endpoints.map((e) => (
        <Box key={e.id} flexDirection="column" marginBottom={1}>
          <Text bold>
            {e.url} <Text color={e.enabled ? 'green' : 'red'}>{e.enabled ? 'enabled' : `disabled: ${e.disabledReason ?? ''}`}</Text>
          </Text>
          <Text dimColor>
            {e.coachEmail ?? 'unknown coach'} · {e.eventTypes.join(', ')} · {e.id}
          </Text>
          {e.deliveries.length === 0 ? <Text dimColor>No deliveries yet.</Text> : <Table columns={columns} rows={e.deliveries} />}
        </Box>
      ))}
    </Box>
  );
}

function count(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 100) throw new InvalidArgumentError(`expected a number from 0 to 100, got "${value}"`);
  return n;
}

export default defineCommand<{ coach?: string; deliveries: number; json?: boolean }>({
  name: 'webhooks',
  description: "List coaches' webhook endpoints and their recent deliveries (status, attempts, response)",
  options: [
    { flags: '--coach <email>', description: "only this coach's endpoints" },
    { flags: '--deliveries <n>', description: 'recent deliveries per endpoint', parse: count, default: 5 },
    { flags: '--json', description: 'print JSON instead of tables' },
  ],
  async run({ options }) {
    const endpoints = await withPlatform((platform) => listWebhooks(platform, { coachEmail: options.coach, deliveries: options.deliveries }));
    if (options.json) printJson(endpoints);
    else print(<WebhooksView endpoints={endpoints} />);
    return 0;
  },
});
