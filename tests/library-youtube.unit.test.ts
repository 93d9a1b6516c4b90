import { describe, it, expect } from 'vitest';
import { parseYouTubeId, youTubeEmbedUrl } from '../src/library/domain/youtube.ts';

const ID = 'dQw4w9WgXcQ';

describe('parseYouTubeId', () => {
  describe('accepts the watch form', () => {
    it.each([
      `https://www.youtube.com/watch?v=${ID}`,
      `https://youtube.com/watch?v=${ID}`,
      `https://m.youtube.com/watch?v=${ID}`,
      `http://www.youtube.com/watch?v=${ID}`,
      `https://www.youtube.com/watch?v=${ID}&t=42s`,
      `https://www.youtube.com/watch?feature=share&v=${ID}&list=PL123`,
      `https://www.youtube.com/watch?v=${ID}#comments`,
      `https://WWW.YouTube.com/watch?v=${ID}`,
      `  https://www.youtube.com/watch?v=${ID}  `,
    ])('%s', (url) => {
      expect(parseYouTubeId(url)).toBe(ID);
    });
  });

  describe('accepts the embed form', () => {
    it.each([
      `https://www.youtube.com/embed/${ID}`,
      `https://youtube.com/embed/${ID}?start=10`,
      `https://www.youtube.com/embed/${ID}/`,
      `https://www.youtube-nocookie.com/embed/${ID}`,
    ])('%s', (url) => {
      expect(parseYouTubeId(url)).toBe(ID);
    });
  });

  describe('accepts the short form', () => {
    it.each([`https://youtu.be/${ID}`, `https://youtu.be/${ID}?t=30`, `http://youtu.be/${ID}`])('%s', (url) => {
      expect(parseYouTubeId(url)).toBe(ID);
    });
  });

  it('keeps ids that use - and _', () => {
    expect(parseYouTubeId('https://youtu.be/a-b_c-d_e-f')).toBe('a-b_c-d_e-f');
  });

  describe('refuses look-alike hosts', () => {
    it.each([
      `https://youtube.com.evil.com/watch?v=${ID}`,
      `https://www.youtube.com.evil.com/embed/${ID}`,
      `https://notyoutube.com/watch?v=${ID}`,
      `https://evil-youtube.com/watch?v=${ID}`,
      `https://youtu.be.evil.com/${ID}`,
      `https://notyoutu.be/${ID}`,
      `https://www.youtube.com.@evil.com/watch?v=${ID}`,
      `https://www.youtube.com@evil.com/watch?v=${ID}`,
      `https://user:pass@www.youtube.com/watch?v=${ID}`,
      `https://www.youtube.com:8443/watch?v=${ID}`,
      `https://www.youtube.com./watch?v=${ID}`,
      `https://music.youtube.com/watch?v=${ID}`,
      `https://evil.com/watch?v=${ID}&host=youtube.com`,
      `https://evil.com/?u=https://youtu.be/${ID}`,
    ])('%s', (url) => {
      expect(parseYouTubeId(url)).toBeNull();
    });
  });

  describe('refuses wrong id lengths and missing ids', () => {
    it.each([
      'https://www.youtube.com/watch?v=dQw4w9WgXc',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQQ',
      'https://youtu.be/dQw4w9WgXc',
      'https://youtu.be/dQw4w9WgXcQQ',
      'https://www.youtube.com/embed/dQw4w9WgXc',
      'https://www.youtube.com/embed/dQw4w9WgXcQQ',
      'https://www.youtube.com/watch',
      'https://www.youtube.com/watch?v=',
      'https://www.youtube.com/watch?list=PL123',
      'https://youtu.be/',
      'https://www.youtube.com/embed/',
      'https://www.youtube.com/',
    ])('%s', (url) => {
      expect(parseYouTubeId(url)).toBeNull();
    });
  });

  describe('refuses ids with characters outside [A-Za-z0-9_-]', () => {
    it.each([
      'https://www.youtube.com/watch?v=dQw4w9WgX.Q',
      'https://www.youtube.com/watch?v=dQw4w9WgX%22',
      'https://youtu.be/dQw4w9W<Xc>',
      "https://www.youtube.com/embed/dQw4w9WgX'Q",
    ])('%s', (url) => {
      expect(parseYouTubeId(url)).toBeNull();
    });
  });

  describe('refuses other forms and paths', () => {
    it.each([
      `https://www.youtube.com/shorts/${ID}`,
      `https://www.youtube.com/v/${ID}`,
      `https://www.youtube.com/watch/${ID}`,
      `https://www.youtube.com/embed/${ID}/extra`,
      `https://youtu.be/${ID}/extra`,
      `https://www.youtube.com/results?v=${ID}`,
    ])('%s', (url) => {
      expect(parseYouTubeId(url)).toBeNull();
    });
  });

  describe('refuses dangerous or non-http(s) schemes', () => {
    it.each([
      `javascript:alert(1)//https://www.youtube.com/watch?v=${ID}`,
      `javascript://www.youtube.com/watch?v=${ID}`,
      `JAVASCRIPT://youtu.be/${ID}`,
      `data:text/html,https://youtu.be/${ID}`,
      `ftp://www.youtube.com/watch?v=${ID}`,
      `file:///www.youtube.com/watch?v=${ID}`,
      `//www.youtube.com/watch?v=${ID}`,
      `www.youtube.com/watch?v=${ID}`,
      `youtu.be/${ID}`,
    ])('%s', (url) => {
      expect(parseYouTubeId(url)).toBeNull();
    });
  });

  it('refuses empty, non-URL and oversized input', () => {
    expect(parseYouTubeId('')).toBeNull();
    expect(parseYouTubeId('not a url')).toBeNull();
    expect(parseYouTubeId(ID)).toBeNull();
    expect(parseYouTubeId(`https://youtu.be/${ID}?pad=${'x'.repeat(5000)}`)).toBeNull();
    expect(parseYouTubeId(undefined as unknown as string)).toBeNull();
  });
});

describe('youTubeEmbedUrl', () => {
  it('builds the privacy-enhanced embed URL', () => {
    expect(youTubeEmbedUrl(ID)).toBe(`https://www.youtube-nocookie.com/embed/${ID}`);
  });

  it('round-trips through parseYouTubeId', () => {
    expect(parseYouTubeId(youTubeEmbedUrl(ID))).toBe(ID);
  });

  it.each(['', 'short', 'dQw4w9WgXcQQ', 'dQw4w9WgX"Q', '../../evil'])('throws for the invalid id %j', (id) => {
    expect(() => youTubeEmbedUrl(id)).toThrow(/Not a YouTube video id/);
  });
});
