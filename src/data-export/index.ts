/** Data export's public surface (`spotter export --user`): the archive builder. */
export { dataArchive, ARCHIVE_SECTIONS } from './archive.ts';
