/**
 * Feature modules plug into the server here: each brings its projections, routes,
 * realtime topic rules and mail rules, so adding a feature touches one line below
 * rather than the app's wiring.
 */
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Config } from './platform/config.ts';
import type { EventStore } from './platform/eventstore/port.ts';
import type { ProjectionRunner } from './platform/projections/runner.ts';
import type { Projection } from './platform/projections/projection.ts';
import type { AuthService } from './accounts/auth-service.ts';
import type { TopicRule } from './platform/realtime/topic-access.ts';
import type { MailRule } from './platform/mail/reactor.ts';
import { libraryFeature } from './library/feature.ts';
import { coachingFeature } from './coaching/feature.ts';
import { networkFeature } from './network/feature.ts';
import { trainingFeature } from './training/feature.ts';
import { teamAnalyticsFeature } from './team-analytics/feature.ts';
import { brandingFeature } from './accounts/branding-feature.ts';
import { workoutMailFeature } from './training/workout-mail-feature.ts';
import { recapsFeature } from './recaps/feature.ts';
import { templatesFeature } from './templates/feature.ts';
import { messagingFeature } from './messaging/feature.ts';
import { performanceFeature } from './performance/feature.ts';

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
  topicRules?: Record<string, TopicRule>;
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

// One line per feature.
export const features: Feature[] = [
  libraryFeature,
  coachingFeature,
  networkFeature,
  trainingFeature,
  teamAnalyticsFeature,
  brandingFeature,
  workoutMailFeature,
  recapsFeature,
  templatesFeature,
  messagingFeature,
  performanceFeature,
];

/** Every feature's command-issuing reactors, for a given store (see Feature.reactors). */
export function featureReactors(store: EventStore): Projection[] {
  return features.flatMap((f) => f.reactors?.({ store }) ?? []);
}
