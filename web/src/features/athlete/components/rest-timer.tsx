import { useEffect, useState, useSyncExternalStore } from 'react';
import { Button } from '../../../components/ui/button';
import { ADD_S, clockText, REST_CHOICES_S, restTimer, secondsLeft } from '../utils/rest-timer';
import { askForNotifications, mayAskForNotifications, signalRestOver } from '../utils/rest-signal';

/**
 * The rest between sets: starts when a set is saved, counts down from timestamps (so a
 * locked screen or a sleeping tab shows the right time when it wakes), and signals its
 * end. The athlete picks the length, adds 15 s or skips.
 */
export function RestTimer() {
  const state = useSyncExternalStore(restTimer.subscribe, restTimer.get);
  const [now, setNow] = useState(() => Date.now());
  const [mayAsk, setMayAsk] = useState(mayAskForNotifications);

  useEffect(() => {
    // Another tab of the app started or stopped a rest.
    const onStorage = (e: StorageEvent) => e.key === 'spotter.rest-timer' && restTimer.reload();
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  useEffect(() => {
    if (state.endsAt === null) return;
    const tick = () => {
      const t = Date.now();
      setNow(t);
      if (restTimer.settle(t)) signalRestOver();
    };
    tick();
    const timer = setInterval(tick, 250);
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [state.endsAt]);

  const running = state.endsAt !== null;
  return (
    <section className="rest-timer" aria-label="Rest timer">
      {running ? (
        <>
          <p className="rest-timer__clock" role="timer" aria-live="off">
            Rest {clockText(secondsLeft(state, now))}
          </p>
          <Button variant="outline" className="rest-timer__button" onClick={() => restTimer.add()}>
            +{ADD_S} s
          </Button>
          <Button variant="outline" className="rest-timer__button" onClick={() => restTimer.skip()}>
            Skip rest
          </Button>
        </>
      ) : state.endedAt !== null ? (
        <>
          <p className="rest-timer__clock rest-timer__clock--over" role="status">
            Rest over — next set
          </p>
          <Button variant="outline" className="rest-timer__button" onClick={() => restTimer.dismiss()}>
            OK
          </Button>
        </>
      ) : (
        <p className="rest-timer__idle muted">The rest timer starts when you save a set.</p>
      )}
      <label className="rest-timer__length">
        <span>Rest</span>
        <select className="input rest-timer__select" value={state.lengthS} onChange={(e) => restTimer.choose(Number(e.target.value))}>
          {[...new Set([...REST_CHOICES_S, state.lengthS])]
            .sort((a, b) => a - b)
            .map((s) => (
              <option key={s} value={s}>
                {clockText(s)}
              </option>
            ))}
        </select>
      </label>
      {mayAsk && (
        <Button variant="ghost" className="rest-timer__button" onClick={() => void askForNotifications().finally(() => setMayAsk(mayAskForNotifications()))}>
          Notify me when rest is over
        </Button>
      )}
    </section>
  );
}
