/** Types of cli/bundle.mjs, for the tests that read it. */
export const ROOT: string;
export const DIST: string;
export function commandFiles(): string[];
export function commandNames(): string[];
export function hashOf(files: string[]): string;
export function writeManifest(inputs: string[], file?: string): void;
export function bundleIsCurrent(file?: string): boolean;
