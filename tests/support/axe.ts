/**
 * axe-core over a page, as the accessibility tests read it: every rule axe runs by
 * default (the WCAG 2.x A and AA rules and axe's best practices) and the experimental
 * ones below, and only what axe rates serious or critical, each violation on one line
 * with the elements it found, so a failing test says what to fix and where.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Rules axe ships as experimental, and so leaves off unless asked, that we hold the app to:
 * label-content-name-mismatch is WCAG 2.5.3 (label in name), a control's accessible name
 * contains the text it shows, so speech users can say what they see.
 */
const EXPERIMENTAL_RULES = ['label-content-name-mismatch'];

/** The rules that read colours: text contrast, and links told from text by colour alone. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Serious and critical violations on the page (its frames included), one line each: rule,
 * impact, targets and axe's summary.
 *
 * Why legacy mode and only violations: by default AxeBuilder runs axe in parts and
 * finishes in a fresh blank page, and axe reports every passing node too; on the
 * library's 760 elements that took 6 s a run, against 2 s this way (same rules, same
 * findings). The browser tests run dozens of these, one file at a time.
 *
 * `colorsOnly` runs only the rules a colour scheme can change (COLOUR_RULES): a page
 * already checked in one scheme has the same elements, names and roles in the other.
 */
export async function seriousViolations(page: Page, { colorsOnly = false } = {}): Promise<string[]> {
  const only = { runOnly: { type: 'rule' as const, values: COLOUR_RULES } };
  const all = { rules: Object.fromEntries(EXPERIMENTAL_RULES.map((id) => [id, { enabled: true }])) };
  const result = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ ...(colorsOnly ? only : all), resultTypes: ['violations'] })
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) at ${n.target.join(' ')}: ${(n.failureSummary ?? v.help).replace(/\s+/g, ' ').slice(0, 300)}`));
}
