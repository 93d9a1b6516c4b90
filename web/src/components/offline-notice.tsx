import { Alert } from './ui/alert';
import { clockTime } from '../lib/offline/network';

/** "Offline — showing what was saved at 14:02" (the device's time of the last answer; its day too when not today). */
export function OfflineNotice({ savedAt }: { savedAt: number }) {
  const saved = new Date(savedAt);
  const day = saved.toDateString() === new Date().toDateString() ? '' : ` on ${saved.toLocaleDateString(undefined, { weekday: 'short', month: 'short', day: 'numeric' })}`;
  return (
    <Alert variant="warning">
      Offline — showing what was saved at {clockTime(savedAt)}
      {day}
    </Alert>
  );
}
