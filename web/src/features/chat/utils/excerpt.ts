/** Characters of context kept before the match in a search result. */
const BEFORE = 40;
/** Characters kept from the start of the match on. */
const AFTER = 120;

export type Excerpt = { before: string; match: string; after: string };

/**
 * The part of a message a search result shows: some text before the first match, the
 * match itself (to highlight) and what follows, with an ellipsis where text was cut.
 * The server matches case-insensitively; a match the browser's lower-casing cannot
 * find again (a rare Unicode case) shows the message's start, unhighlighted.
 */
export function excerptOf(content: string, term: string): Excerpt {
  const at = term ? content.toLowerCase().indexOf(term.toLowerCase()) : -1;
  if (at < 0) return { before: '', match: '', after: cut(content, AFTER) };
  const end = at + term.length;
  const start = Math.max(0, at - BEFORE);
  return {
    before: (start > 0 ? '…' : '') + content.slice(start, at),
    match: content.slice(at, end),
    after: cut(content.slice(end), Math.max(0, AFTER - term.length)),
  };
}

function cut(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}
