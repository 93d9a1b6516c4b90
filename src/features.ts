/**
 * Feature modules plug into the server here: each brings its projections, routes,
 * realtime topic rules and mail rules, so adding a feature touches one line below
 * rather than the app's wiring.
 */
import { libraryFeature } from './library/feature.ts';
import { coachingFeature } from './coaching/feature.ts';
import { networkFeature } from './network/feature.ts';
import { trainingFeature } from './training/feature.ts';
import { teamAnalyticsFeature } from './team-analytics/feature.ts';
import { brandingFeature } from './accounts/branding-feature.ts';
import { workoutMailFeature } from './training/workout-mail-feature.ts';
import { recapsFeature } from './recaps/feature.ts';
import { templatesFeature } from './templates/feature.ts';
import { groupsFeature } from './groups/feature.ts';
import { messagingFeature } from './messaging/feature.ts';
import { performanceFeature } from './performance/feature.ts';
import { transferFeature } from './transfer/feature.ts';
import { accessTokensFeature } from './access-tokens/feature.ts';
import { webhooksFeature } from './webhooks/feature.ts';
import { readinessFeature } from './readiness/feature.ts';
import { pushFeature } from './push/feature.ts';
import { commentsFeature } from './comments/feature.ts';
import { retentionFeature } from './retention/feature.ts';
import { dataExportFeature } from './data-export/feature.ts';
import { privacyFeature } from './privacy/feature.ts';
import type { Feature } from './feature.ts';
import type { EventStore } from './platform/eventstore/port.ts';
import type { Projection } from './platform/projections/projection.ts';
import { streamSummaries } from './platform/projections/stream-summaries.ts';
import { userProfiles } from '../projections/accounts/user-profiles.ts';
import { registerTopicRule } from './platform/realtime/topic-access.ts';
import { registerMailRule } from './platform/mail/reactor.ts';
import { mailReactor } from './platform/mail/reactor.ts';
import { raiseSignal } from './platform/wake-signals.ts';

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
  groupsFeature,
  messagingFeature,
  performanceFeature,
  transferFeature,
  accessTokensFeature,
  webhooksFeature,
  readinessFeature,
  pushFeature,
  commentsFeature,
  retentionFeature,
  dataExportFeature,
  privacyFeature,
];

/**
 * Every feature's topic and mail rules. First, in every thread that runs projections:
 * a runner must not meet an event whose mail rule is not known yet.
 */
export function registerFeatureRules(): void {
  for (const f of features) {
    for (const [kind, rule] of Object.entries(f.topicRules ?? {})) registerTopicRule(kind, rule);
    for (const [type, rule] of Object.entries(f.mailRules ?? {})) registerMailRule(type, rule);
  }
}

/** Every feature's command-issuing reactors, for a given store (see Feature.reactors). */
export function featureReactors(store: EventStore): Projection[] {
  return features.flatMap((f) => f.reactors?.({ store }) ?? []);
}

/** Every projection the server runs: the platform's own and each feature's. Reactors (mail) are added by serverProjections. */
export const allProjections: Projection[] = [streamSummaries, userProfiles, ...features.flatMap((f) => f.projections ?? [])];

/** What a server's runner runs besides featureReactors: every projection and the mail reactor, which wakes the sender through the 'mail' signal. */
export function serverProjections(appUrl: string): Projection[] {
  return [...allProjections, mailReactor(appUrl, () => raiseSignal('mail'))];
}
