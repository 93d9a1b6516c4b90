/**
 * "Download my data" as a ZIP (issue 26, item 3): yazl writes each entry as it is
 * read, and the caller pipes `archive.outputStream` to the response or a file, so
 * neither the archive nor a whole file of it is ever held in memory. Each JSON file is
 * produced lazily (yazl asks for an entry's stream only when the previous one is
 * done), an array item at a time.
 */
import { Readable } from 'node:stream';
import type pg from 'pg';
import { ZipFile } from 'yazl';
import { SECTIONS, type Section } from './sections.ts';
import { ACCOUNT_SECTIONS } from './account-sections.ts';
import { readmeText } from './readme.ts';

/** Every file of the archive but the README, in the README's order. */
export const ARCHIVE_SECTIONS: Section[] = [...SECTIONS, ...ACCOUNT_SECTIONS];

/** JSON text of an array, written an item at a time ("[\n item,\n item\n]"). */
async function* jsonArray(items: AsyncIterable<unknown>): AsyncGenerator<string> {
  let first = true;
  for await (const item of items) {
    yield `${first ? '[\n' : ',\n'}  ${JSON.stringify(item)}`;
    first = false;
  }
  yield first ? '[]\n' : '\n]\n';
}

async function* sectionText(db: pg.Pool, userId: string, section: Section): AsyncGenerator<string> {
  const content = section.read(db, userId);
  if (content instanceof Promise) yield `${JSON.stringify(await content, null, 2)}\n`;
  else yield* jsonArray(content);
}

/** The archive of one person's data; pipe `outputStream` somewhere. Errors surface on that stream. */
export function dataArchive(db: pg.Pool, userId: string, now: Date): ZipFile {
  const zip = new ZipFile();
  const options = { mtime: now, mode: 0o100644 };
  zip.addBuffer(Buffer.from(readmeText(ARCHIVE_SECTIONS, now)), 'README.md', options);
  for (const section of ARCHIVE_SECTIONS) {
    zip.addReadStreamLazy(section.file, options, (cb) => {
      const stream = Readable.from(sectionText(db, userId, section));
      // A failed read ends the archive stream with the error (the download fails rather than ending short).
      stream.on('error', (e) => (zip.outputStream as Readable).destroy(e));
      cb(null, stream);
    });
  }
  zip.end();
  return zip;
}
