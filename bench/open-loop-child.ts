/** The forked load client of cmd_to_ws and set_to_ws: see open-loop-client.ts. */
import { serveOpenLoop, type OpenLoopPlan } from './open-loop-client.ts';

serveOpenLoop<{ load: OpenLoopPlan }, null>(() => null);
