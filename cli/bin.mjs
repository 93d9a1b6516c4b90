#!/usr/bin/env node
// The installed entry point (`npx spotter …`). It runs the CLI's bundle (cli/dist, made by
// `npm run build:cli`, which `npm test` runs) while that matches the sources, since it
// starts in under a second where the sources take over three (cli/build.mjs says why).
// Otherwise it runs the TypeScript sources: tsx's ESM loader first, with the project's
// tsconfig wherever the command is run from (it sets `jsx: react-jsx` for the Ink views).
import { fileURLToPath } from 'node:url';
import { bundleIsCurrent } from './bundle.mjs';

if (bundleIsCurrent()) {
  await import('./dist/main.mjs');
} else {
  const { register } = await import('tsx/esm/api');
  register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
  await import('./main.tsx');
}
