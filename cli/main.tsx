/** `spotter`: the staff CLI. Run with `npm run spotter -- <command>` or `npx spotter <command>`. */
import { buildProgram, loadCommands } from './program.ts';

// The first argument, when it names a command, is the only module loaded (see loadCommands).
const program = buildProgram(await loadCommands(undefined, process.argv[2]));
await program.parseAsync(process.argv);
