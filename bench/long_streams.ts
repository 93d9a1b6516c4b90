/**
 * Long streams (issue 28): a command on a stream that has grown with the work, on a
 * server that does not have its state in memory yet (just started, or the stream fell
 * out of handleCommand's cache). Two streams grow without bound: a conversation (every
 * message) and a coach (three events per athlete). Here a 5,000-message conversation
 * and a coach of 400 athletes, written through the store (personal fields sealed as
 * always), then, each round on a new store (so nothing of either is cached, keys
 * included):
 *
 * - `*_cold_command_ms`: one command on it through handleCommand, as its route runs it
 *   (a message sent, an invitation sent): read, fold, decide, append;
 * - `*_read_ms`: reading the stream alone, and `*_first_event_read_ms` its first event
 *   alone (`readStream(stream, 0, 1)`: what the push reactor reads to learn who is in a
 *   conversation, and what the invitation route reads back of the events it appended,
 *   where both read the whole stream before);
 * - `*_fold_ms`: folding what was read as handleCommand does (foldEvents), and
 *   `*_fold_stepwise_ms` one evolve at a time, as it did until evolveAll: each evolve
 *   copies the state's collection, n copies of up to n entries.
 */
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { migrate } from '../src/platform/db/migrations.ts';
import { PostgresEventStore } from '../src/platform/eventstore/postgres.ts';
import { handleCommand } from '../src/platform/handle-command.ts';
import { foldEvents, type Decider, type DomainEvent } from '../src/kernel/decider.ts';
import { conversationDecider, type ConversationCommand } from '../src/messaging/domain/conversation.ts';
import { conversationStream, directConversationId } from '../src/messaging/domain/conversation-id.ts';
import { coachDecider, coachStream, type CoachCommand, type CoachState } from '../src/coaching/domain/coach.ts';
import { benchPool, log, percentile, round, withBenchDatabase } from './lib.ts';

const MESSAGES = 5_000;
const ATHLETES = 400;
const ROUNDS = 7;
const CHUNK = 250;

/**
 * Decides the commands one after the other on the state the ones before left, as
 * handleCommand would, and appends their events in chunks. A command is given as what
 * makes it from that state (an acceptance needs the invitation's id).
 */
async function write<S, C, E extends DomainEvent>(
  store: PostgresEventStore,
  stream: string,
  decider: Decider<S, C, E>,
  commands: Iterable<(state: S) => C>,
  userId: string,
): Promise<void> {
  let state = decider.initialState();
  let pending: E[] = [];
  let version = -1;
  const flush = async () => {
    if (!pending.length) return;
    const r = await store.append(
      stream,
      pending.map((e) => ({ type: e.type, data: e.data, metadata: { userId, commandId: randomUUID(), correlationId: randomUUID(), at: new Date().toISOString() } })),
      version === -1 ? 'no_stream' : version,
    );
    version = r.nextExpectedVersion;
    pending = [];
  };
  for (const command of commands) {
    const events = decider.decide(command(state), state, { userId, now: new Date(), newId: randomUUID });
    state = foldEvents(decider, state, events);
    pending.push(...events);
    if (pending.length >= CHUNK) await flush();
  }
  await flush();
}

const ms = (xs: number[]) =>
  round(
    percentile(
      [...xs].sort((a, b) => a - b),
      50,
    ),
    1,
  );

async function timeStream<S, C, E extends DomainEvent>(
  pool: ReturnType<typeof benchPool>,
  name: string,
  stream: string,
  decider: Decider<S, C, E>,
  command: (round: number) => C,
  userId: string,
): Promise<Record<string, number>> {
  const cold: number[] = [];
  const read: number[] = [];
  const firstEvent: number[] = [];
  const fold: number[] = [];
  const stepwise: number[] = [];
  let events = 0;
  for (let r = 0; r < ROUNDS; r++) {
    let started = performance.now();
    await handleCommand(new PostgresEventStore(pool), stream, decider, command(r), { userId });
    cold.push(performance.now() - started);

    started = performance.now();
    const stored = (await new PostgresEventStore(pool).readStream(stream)) as unknown as E[];
    read.push(performance.now() - started);
    events = stored.length;
    started = performance.now();
    await new PostgresEventStore(pool).readStream(stream, 0, 1);
    firstEvent.push(performance.now() - started);
    started = performance.now();
    foldEvents(decider, decider.initialState(), stored);
    fold.push(performance.now() - started);
    started = performance.now();
    stored.reduce(decider.evolve, decider.initialState());
    stepwise.push(performance.now() - started);
  }
  const figures = {
    [`${name}_events`]: events,
    [`${name}_cold_command_ms`]: ms(cold),
    [`${name}_read_ms`]: ms(read),
    [`${name}_first_event_read_ms`]: ms(firstEvent),
    [`${name}_fold_ms`]: ms(fold),
    [`${name}_fold_stepwise_ms`]: ms(stepwise),
  };
  log(
    `  ${name} (${events} events): a command on a cold server ${figures[`${name}_cold_command_ms`]} ms; reading ${figures[`${name}_read_ms`]} ms (its first event alone ${figures[`${name}_first_event_read_ms`]} ms), folding ${figures[`${name}_fold_ms`]} ms (one evolve at a time: ${figures[`${name}_fold_stepwise_ms`]} ms); medians of ${ROUNDS}`,
  );
  return figures;
}

export async function run(): Promise<Record<string, number>> {
  return withBenchDatabase('long-streams', async (url) => {
    const pool = benchPool(url, 8);
    try {
      await migrate(pool);
      const store = new PostgresEventStore(pool);
      const coach = randomUUID();
      const athlete = randomUUID();
      const conversationId = directConversationId(coach, athlete);
      const chat = conversationStream(conversationId);
      log(`  writing a conversation of ${MESSAGES} messages and a coach of ${ATHLETES} athletes…`);
      function* conversation(): Generator<(state: unknown) => ConversationCommand> {
        yield () => ({ type: 'StartConversation', conversationId, by: coach, otherUserId: athlete, connected: true });
        for (let i = 0; i < MESSAGES; i++) {
          const senderId = i % 3 === 0 ? athlete : coach;
          const content = `Message ${i}: how did the last set of squats feel, and is the knee still sore?`;
          yield () => ({ type: 'SendMessage', conversationId, senderId, connected: true, messageId: randomUUID(), content });
        }
      }
      await write(store, chat, conversationDecider, conversation(), coach);

      const coachEmail = 'coach@bench.test';
      function* coaching(): Generator<(state: CoachState) => CoachCommand> {
        for (let i = 0; i < ATHLETES; i++) {
          const email = `athlete-${i}@bench.test`;
          const athleteId = randomUUID();
          yield () => ({ type: 'SendInvite', coachId: coach, coachEmail, coachName: 'Coach', email, athleteName: `Athlete ${i}` });
          yield (state) => ({
            type: 'AcceptInvite',
            coachId: coach,
            inviteId: Object.entries(state.invites).find(([, v]) => v.email === email)![0],
            athleteId,
            athleteEmail: email,
          });
          yield () => ({ type: 'LinkClient', coachId: coach, email, athleteId });
        }
      }
      await write(store, coachStream(coach), coachDecider, coaching(), coach);

      const figures: Record<string, number> = {};
      Object.assign(
        figures,
        await timeStream(
          pool,
          'conversation_5000',
          chat,
          conversationDecider,
          (r): ConversationCommand => ({
            type: 'SendMessage',
            conversationId,
            senderId: coach,
            connected: true,
            messageId: randomUUID(),
            content: `Round ${r}: see you Thursday.`,
          }),
          coach,
        ),
      );
      Object.assign(
        figures,
        await timeStream(
          pool,
          'coach_400',
          coachStream(coach),
          coachDecider,
          (r): CoachCommand => ({ type: 'SendInvite', coachId: coach, coachEmail, coachName: 'Coach', email: `new-${r}@bench.test`, athleteName: `New ${r}` }),
          coach,
        ),
      );
      await store.codec.keys.close();
      return figures;
    } finally {
      await pool.end();
    }
  });
}
