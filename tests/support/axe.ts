/**
 * axe-core over a page, as the accessibility tests read it: only the WCAG 2.0/2.1 A and
 * AA rules, and only what axe rates serious or critical, each violation on one line with
 * the elements it found, so a failing test says what to fix and where.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Rules axe ships as experimental, and so leaves off unless asked, that we hold the app to:
 * label-content-name-mismatch is WCAG 2.5.3 (label in name), a control's accessible name
 * contains the text it shows, so speech users can say what they see.
 */
const EXPERIMENTAL_RULES = ['label-content-name-mismatch'];

/** Serious and critical violations on the page, one line each: rule, impact, targets and axe's summary. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const rules = Object.fromEntries(EXPERIMENTAL_RULES.map((id) => [id, { enabled: true }]));
  const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).options({ rules }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) at ${n.target.join(' ')}: ${(n.failureSummary ?? v.help).replace(/\s+/g, ' ').slice(0, 300)}`));
}
