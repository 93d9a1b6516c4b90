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

/**
 * Serious and critical violations on the page (its frames included), one line each: rule,
 * impact, targets and axe's summary.
 *
 * Why legacy mode and only violations: by default AxeBuilder runs axe in parts and
 * finishes in a fresh blank page, and axe reports every passing node too; on the
 * library's 760 elements that took 6 s a run, against 2 s this way (same rules, same
 * findings). The browser tests run dozens of these, one file at a time.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const rules = Object.fromEntries(EXPERIMENTAL_RULES.map((id) => [id, { enabled: true }]));
  const result = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(WCAG_TAGS)
    .options({ rules, resultTypes: ['violations'] })
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) at ${n.target.join(' ')}: ${(n.failureSummary ?? v.help).replace(/\s+/g, ' ').slice(0, 300)}`));
}
