import { Button } from './ui/button';
import { useRealtimeStatus, type RealtimeClient } from '../lib/realtime';
import './update-prompt.css';

/**
 * "Live updates paused — Reconnect": the realtime client stopped trying (the server
 * refused the socket, or it failed many times in a row). Said out loud, because the
 * page would otherwise look live while it only shows what it fetched last.
 */
export function LiveUpdatesPaused({ client }: { client: RealtimeClient }) {
  const status = useRealtimeStatus(client);
  if (status !== 'paused') return null;
  return (
    <div className="update-prompt update-prompt--top" role="status">
      <span>Live updates paused</span>
      <Button size="sm" variant="outline" onClick={() => client.reconnectNow()}>
        Reconnect
      </Button>
    </div>
  );
}
