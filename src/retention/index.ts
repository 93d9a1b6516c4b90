/** Retention's public surface: the sweep `spotter retention` runs. */
export { retentionRules, sweepRetention, type RetentionLine, type RetentionRule } from './sweep.ts';
