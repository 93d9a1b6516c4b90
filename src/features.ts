/**
 * Feature modules plug into the server here: each brings its projections, routes,
 * realtime topic rules and mail rules, so adding a feature touches one line below
 * rather than the app's wiring.
 */
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Config } from './config.ts';
import type { EventStore } from './eventstore/port.ts';
import type { ProjectionRunner } from '../projections/runner.ts';
import type { Projection } from '../projections/projection.ts';
import type { AuthService } from './auth/auth-service.ts';
import type { TopicRule } from './realtime/topic-access.ts';
import type { MailRule } from './mail/reactor.ts';
import { libraryFeature } from './features/library.ts';
import { coachingFeature } from './features/coaching.ts';
import { networkFeature } from './features/network.ts';
import { trainingFeature } from './features/training.ts';
import { teamAnalyticsFeature } from './features/team-analytics.ts';
import { brandingFeature } from './features/branding.ts';
import { recapsFeature } from './features/recaps.ts';
import { templatesFeature } from './features/templates.ts';
import { messagingFeature } from './features/messaging.ts';
import { performanceFeature } from './features/performance.ts';

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
  /** Runs once after migrations, before the server listens (e.g. loading a catalogue). */
  start?(deps: FeatureDeps): Promise<void>;
}

// One line per feature.
export const features: Feature[] = [
  libraryFeature,
  coachingFeature,
  networkFeature,
  trainingFeature,
  teamAnalyticsFeature,
  brandingFeature,
  recapsFeature,
  templatesFeature,
  messagingFeature,
  performanceFeature,
];
