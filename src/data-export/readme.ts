/** The README.md inside the archive: what each file holds and what its fields mean (from the sections themselves). */
import type { Section } from './sections.ts';

export function readmeText(sections: Section[], now: Date): string {
  const parts = [
    '# Your Spotter data',
    '',
    `Exported ${now.toISOString()}. Every file is JSON (UTF-8). Times are ISO 8601 in UTC, days are YYYY-MM-DD.`,
    'Files that list things hold a JSON array (empty when there is nothing); profile.json, templates.json and consents.json hold one object.',
    'No password, token or signing secret is included.',
    '',
  ];
  for (const s of sections) {
    parts.push(`## ${s.file}`, '', s.about, '', '| field | meaning |', '|---|---|');
    for (const [field, meaning] of Object.entries(s.fields)) parts.push(`| \`${field}\` | ${meaning} |`);
    parts.push('');
  }
  return `${parts.join('\n')}\n`;
}
