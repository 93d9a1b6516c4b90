import { useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import {
  deviceSubscription,
  pushSupported,
  usePushPreferences,
  usePushSubscriptions,
  useSavePushPreferences,
  useTurnOffPush,
  useTurnOnPush,
  type PushKind,
  type PushPreferences,
} from '../api/push';

const KINDS: { kind: PushKind; label: string; athleteOnly?: boolean }[] = [
  { kind: 'workout', label: 'A new or changed workout', athleteOnly: true },
  { kind: 'comment', label: 'A comment on a workout' },
  { kind: 'message', label: 'A chat message' },
  { kind: 'reminder', label: 'A reminder on training days', athleteOnly: true },
];

/** Notifications on this phone or computer (Web Push), and which ones to get. */
export function PushCard() {
  const user = useAuth().user;
  const preferences = usePushPreferences();
  const subscriptions = usePushSubscriptions();
  const save = useSavePushPreferences();
  const turnOn = useTurnOnPush();
  const turnOff = useTurnOffPush();
  const supported = pushSupported();
  // This device's subscription endpoint, read from the browser (null: not subscribed here).
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  // The choices being saved, shown at once: a controlled checkbox whose value waits for
  // the query cache's next render would spring back under the click for a moment first.
  const [draft, setDraft] = useState<Partial<PushPreferences>>({});
  useEffect(() => {
    let live = true;
    void deviceSubscription().then((s) => live && setEndpoint(s?.endpoint ?? null));
    return () => {
      live = false;
    };
  }, [subscriptions.data]);

  const rows = subscriptions.data ?? [];
  const onHere = endpoint !== null && rows.some((r) => r.endpoint === endpoint);
  const kinds = KINDS.filter((k) => !k.athleteOnly || user?.isAthlete);
  const shown = preferences.data ? { ...preferences.data.preferences, ...draft } : null;
  const change = (c: Partial<PushPreferences>) => {
    setSaved(false);
    setDraft((d) => ({ ...d, ...c }));
    save.mutate(c, {
      onSuccess: () => setSaved(true),
      // After a refusal the server's value shows again (the save rereads it).
      onError: () => setDraft((d) => without(d, Object.keys(c) as (keyof PushPreferences)[])),
    });
  };
  // A choice leaves the draft once the server's preferences say the same, so the box
  // never shows the old value between the save's answer and its render. (Adjusted while
  // rendering, as React advises for state that follows a prop, rather than in an effect.)
  const server = preferences.data?.preferences;
  const [draftCheckedAgainst, setDraftCheckedAgainst] = useState(server);
  if (server !== draftCheckedAgainst) {
    setDraftCheckedAgainst(server);
    if (server)
      setDraft((d) =>
        without(
          d,
          (Object.keys(d) as (keyof PushPreferences)[]).filter((key) => d[key] === server[key]),
        ),
      );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
        <CardDescription>
          Spotter can tell this phone or computer about new workouts, comments and messages, and remind you on training days, even when the app is closed.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="settings__form">
          {!supported ? (
            <p>This browser cannot show notifications from Spotter. On an iPhone, add Spotter to the Home Screen first.</p>
          ) : (
            <div className="settings__actions">
              {onHere ? (
                <Button type="button" variant="secondary" disabled={turnOff.isPending} onClick={() => turnOff.mutate(rows)}>
                  Turn off on this device
                </Button>
              ) : (
                <Button type="button" disabled={turnOn.isPending} onClick={() => turnOn.mutate()}>
                  Turn on notifications
                </Button>
              )}
            </div>
          )}
          <p role="status">
            {onHere ? 'Notifications are on for this device. ' : ''}
            {rows.length === 0 ? 'No device gets notifications yet.' : `${rows.length} ${rows.length === 1 ? 'device gets' : 'devices get'} notifications.`}
          </p>
          {turnOn.isError && <Alert variant="error">{errorMessage(turnOn.error, turnOn.error.message)}</Alert>}
          {turnOff.isError && <Alert variant="error">{errorMessage(turnOff.error, turnOff.error.message)}</Alert>}
          {preferences.isPending ? (
            <Spinner />
          ) : preferences.data && shown ? (
            <>
              <fieldset className="settings__choices">
                <legend>Notify me about</legend>
                {kinds.map((k) => (
                  <label key={k.kind} className="settings__choice">
                    <input type="checkbox" checked={shown[k.kind]} onChange={(e) => change({ [k.kind]: e.target.checked })} />
                    {k.label}
                  </label>
                ))}
              </fieldset>
              {user?.isAthlete && (
                <label className="settings__field">
                  <span>Reminder time ({preferences.data.timeZone})</span>
                  <input
                    className="input"
                    type="time"
                    value={shown.reminderTime}
                    disabled={!shown.reminder}
                    onChange={(e) => {
                      if (/^\d\d:\d\d$/.test(e.target.value)) change({ reminderTime: e.target.value });
                    }}
                  />
                </label>
              )}
            </>
          ) : null}
          {preferences.isError && <Alert variant="error">{errorMessage(preferences.error)}</Alert>}
          {save.isError && <Alert variant="error">{errorMessage(save.error)}</Alert>}
          {saved && <p role="status">Notification settings saved.</p>}
        </div>
      </CardContent>
    </Card>
  );
}

function without(draft: Partial<PushPreferences>, keys: (keyof PushPreferences)[]): Partial<PushPreferences> {
  if (keys.length === 0) return draft;
  const rest: Partial<PushPreferences> = { ...draft };
  for (const key of keys) delete rest[key];
  return rest;
}
