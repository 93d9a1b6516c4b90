/**
 * What a feature brings to the server: its projections, routes, realtime topic rules,
 * mail rules, command-issuing reactors and start-up work. Its own module, so that a
 * feature's registration and the list of features (src/features.ts) do not import
 * each other.
 */
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Config } from './platform/config.ts';
import type { EventStore } from './platform/eventstore/port.ts';
import type { ProjectionRunner } from './platform/projections/runner.ts';
import type { Projection } from './platform/projections/projection.ts';
import type { AuthService } from './accounts/auth-service.ts';
import type { TopicRule } from './platform/realtime/topic-access.ts';
import type { TopicKind } from './kernel/topics.ts';
import type { MailRule } from './platform/mail/reactor.ts';

export interface FeatureDeps {
  config: Config;
  pool: pg.Pool;
  store: EventStore;
  runner: ProjectionRunner;
  auth: AuthService;
  now: () => Date;
}

export interface Feature {
  name: string;
  projections?: Projection[];
  routes?(app: FastifyInstance, deps: FeatureDeps): void | Promise<void>;
  /** Topic kind → who may follow it (see realtime/topic-access.ts). */
  topicRules?: Partial<Record<TopicKind, TopicRule>>;
  /** Event type → mails it queues (see mail/reactor.ts). */
  mailRules?: Record<string, MailRule>;
  /**
   * Reactors that issue commands: built by startPlatform once the event store exists,
   * so they get it as an argument rather than through a global.
   */
  reactors?(deps: { store: EventStore }): Projection[];
  /**
   * Runs once after migrations, before the server listens (e.g. loading a catalogue).
   * May return a stop function (a timer's), which the app calls when it closes.
   */
  start?(deps: FeatureDeps): Promise<void | (() => void)>;
}
