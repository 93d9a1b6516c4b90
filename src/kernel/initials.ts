/**
 * Avatar initials by grapheme, not UTF-16 unit: a name that starts with an emoji or
 * a letter outside the Basic Multilingual Plane keeps its whole first character
 * ("🏋️ Sam" → "🏋️", not half a surrogate pair shown as �).
 */
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The first `count` user-perceived characters of `text`. */
export function firstGraphemes(text: string, count = 1): string {
  let out = '';
  let taken = 0;
  for (const { segment } of graphemes.segment(text.trim())) {
    if (taken++ === count) break;
    out += segment;
  }
  return out;
}

/** One initial for an avatar: the name's first character, in capitals. */
export function initialOf(name: string): string {
  return firstGraphemes(name).toLocaleUpperCase();
}

/** Two initials: the first and last words' first characters, or a single word's first two. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return (firstGraphemes(words[0]) + firstGraphemes(words.at(-1)!)).toLocaleUpperCase();
  return firstGraphemes(words[0] ?? '', 2).toLocaleUpperCase();
}
