#!/usr/bin/env node
// The installed entry point (`npx spotter …`): the CLI is TypeScript, so register
// tsx's ESM loader first, with the project's tsconfig wherever the command is run
// from (it sets `jsx: react-jsx`, which the Ink views need).
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
await import('./main.tsx');
