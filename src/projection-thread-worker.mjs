// The projection thread's entry (projection-thread.ts). Plain JavaScript, so that it
// starts however its parent was started (tsx, vitest, node); it registers tsx in this
// thread and loads the TypeScript behind it.
import { register } from 'tsx/esm/api';

register();
await import('./projection-thread-worker.ts');
