/** `spotter`: the staff CLI. Run with `npm run spotter -- <command>` or `npx spotter <command>`. */
import { buildProgram, loadCommands } from './program.ts';

const program = buildProgram(await loadCommands());
await program.parseAsync(process.argv);
