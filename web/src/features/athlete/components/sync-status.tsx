import { Button } from '../../../components/ui/button';
import { useOutbox, useOutboxState } from '../../../lib/offline/outbox-provider';
import { SET_ACTUAL } from '../api/log-actual';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Where the athlete's writes are, always in view: "3 sets waiting to sync",
 * "Syncing…", "All changes saved" (a polite live region), and the writes the server
 * refused, each with its reason and a Dismiss button.
 */
export function SyncStatus({ className }: { className?: string }) {
  const outbox = useOutbox();
  const { entries, syncing, ready } = useOutboxState();
  const waiting = entries.filter((e) => e.status === 'pending');
  const setAside = entries.filter((e) => e.status === 'failed');
  const noun = waiting.every((e) => e.kind === SET_ACTUAL) ? (['set', 'sets'] as const) : (['change', 'changes'] as const);

  let state: 'waiting' | 'syncing' | 'saved' | 'refused' = 'saved';
  let text = 'All changes saved';
  if (syncing) {
    state = 'syncing';
    text = 'Syncing…';
  } else if (waiting.length > 0) {
    state = 'waiting';
    text = `${count(waiting.length, noun[0], noun[1])} waiting to sync`;
  } else if (setAside.length > 0) {
    state = 'refused';
    text = `All other changes saved; ${count(setAside.length, 'change was', 'changes were')} not applied`;
  }

  return (
    <section className={`sync-status sync-status--${state}${className ? ` ${className}` : ''}`} aria-label="Sync">
      <p className="sync-status__state" role="status" aria-live="polite">
        <span className="sync-status__dot" aria-hidden="true" />
        {ready ? text : ''}
      </p>
      {setAside.length > 0 && (
        <ul className="sync-status__refused" aria-label="Not applied">
          {setAside.map((entry) => (
            <li key={entry.id}>
              <span>
                <strong>{entry.label}</strong>: {entry.error}
              </span>
              <Button variant="ghost" size="sm" onClick={() => void outbox?.dismiss(entry.id)} aria-label={`Dismiss ${entry.label}`}>
                Dismiss
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

// The notice is shared with the performance pages (components/offline-notice).
export { OfflineNotice } from '../../../components/offline-notice';
