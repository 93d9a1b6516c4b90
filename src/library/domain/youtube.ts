/**
 * YouTube links on library exercises. The spec recognises a video only in the
 * watch, embed or short-link form with an 11-character id; anything else is
 * refused rather than guessed at, because the id ends up in an iframe `src`.
 */

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const EMBED_PATH = /^\/embed\/([A-Za-z0-9_-]{11})\/?$/;
const SHORT_PATH = /^\/([A-Za-z0-9_-]{11})\/?$/;

/** Hosts that serve the watch page. Exact matches only: `youtube.com.evil.com` must fail. */
const WATCH_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);
/** The privacy-enhanced host is accepted for embeds so that our own embed URLs parse back. */
const EMBED_HOSTS = new Set([...WATCH_HOSTS, 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
const SHORT_HOST = 'youtu.be';

/** Longer than any real share link; stops pathological input before URL parsing. */
const MAX_URL_LENGTH = 2048;

/**
 * Returns the 11-character video id of a YouTube watch, embed or youtu.be URL,
 * or null when the text is not one of those forms.
 */
export function parseYouTubeId(url: string): string | null {
  if (typeof url !== 'string' || url.length > MAX_URL_LENGTH) return null;

  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }

  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  // Credentials or a non-default port mean someone is dressing up another server.
  if (parsed.username !== '' || parsed.password !== '' || parsed.port !== '') return null;

  const host = parsed.hostname;

  if (host === SHORT_HOST) {
    return SHORT_PATH.exec(parsed.pathname)?.[1] ?? null;
  }

  if (WATCH_HOSTS.has(host) && parsed.pathname === '/watch') {
    const id = parsed.searchParams.get('v');
    return id !== null && VIDEO_ID.test(id) ? id : null;
  }

  if (EMBED_HOSTS.has(host)) {
    return EMBED_PATH.exec(parsed.pathname)?.[1] ?? null;
  }

  return null;
}

/** The privacy-enhanced embed URL for a video id (throws on anything but a valid id). */
export function youTubeEmbedUrl(id: string): string {
  if (!VIDEO_ID.test(id)) {
    throw new Error(`Not a YouTube video id: ${JSON.stringify(id)}`);
  }
  return `https://www.youtube-nocookie.com/embed/${id}`;
}
