/**
 * The transfer context's public surface (the CLI's `spotter export` and the
 * benchmarks use it): the CSV streams and the importer.
 */
export { historyCsv, recordsCsv } from './export.ts';
export { importHistory, type ImportOutcome, type TransferDeps } from './import.ts';
export { EXPORT_LAYOUTS, type ExportLayout } from './domain/layouts.ts';
