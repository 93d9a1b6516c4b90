import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { AUTH_STORAGE_KEY } from '../../../config/constants';
import { leaveSignInNotice } from '../../../lib/sign-in-notice';
import { ERASE_CONFIRMATION, useEraseAccount } from '../api/erase-account';

export const ACCOUNT_DELETED_MESSAGE = 'Your account has been deleted.';

/**
 * Settings → Delete account (issue 26): says what goes and what stays, asks for the
 * password and DELETE typed out; on success signs out to the sign-in page.
 */
export function DeleteAccountCard() {
  const erase = useEraseAccount();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const errorRef = useRef<HTMLDivElement>(null);

  // A refused attempt moves focus to the error, so a screen reader hears it at once.
  useEffect(() => {
    if (erase.isError) errorRef.current?.focus();
  }, [erase.isError, erase.failureCount, erase.error]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Left before asking: the server's revocation may sign the app out before onSuccess runs.
    leaveSignInNotice(ACCOUNT_DELETED_MESSAGE);
    erase.mutate(
      { password, confirmation: confirmation.trim() },
      {
        onError: () => leaveSignInNotice(null),
        onSuccess: () => {
          // The server has revoked every session already: the stored one goes, and the page
          // loads afresh on the sign-in page with the message, so nothing of the account
          // stays in memory (a client-side navigation would race the route guard, which
          // sends a signed-out visitor to the sign-in page without it).
          // The stored session is removed without telling the app (which would re-render and
          // let its route guard win the race to /signin, dropping the message); the reload
          // then starts signed out.
          window.localStorage.removeItem(AUTH_STORAGE_KEY);
          window.location.replace(paths.auth.signIn.getHref(ACCOUNT_DELETED_MESSAGE));
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Delete account</CardTitle>
        <CardDescription>Erase your account and your personal data from Spotter. This cannot be undone.</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="settings__form">
          <div>
            <p>What is erased:</p>
            <ul>
              <li>your name, e-mail address, profile and sign-in (you are signed out everywhere);</li>
              <li>your workouts' names and notes, and the messages you wrote;</li>
              <li>your coaching links and contacts, which end; mail not yet sent to you is dropped.</li>
            </ul>
            <p>What stays, because others rely on it: their own messages to you, and figures such as a coach's team totals. Where you were, they see “Deleted user”.</p>
          </div>
          <form className="settings__form" onSubmit={submit} aria-label="Delete account">
            <Field label="Password" required>
              {(control) => <input {...control} className="input" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />}
            </Field>
            <Field label={`Type ${ERASE_CONFIRMATION} to confirm`} required>
              {(control) => (
                <input
                  {...control}
                  className="input"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  value={confirmation}
                  onChange={(e) => setConfirmation(e.target.value)}
                />
              )}
            </Field>
            {erase.isError && (
              <div ref={errorRef} tabIndex={-1}>
                <Alert variant="error">{errorMessage(erase.error)}</Alert>
              </div>
            )}
            <div className="settings__actions">
              <Button type="submit" variant="destructive" isLoading={erase.isPending} loadingText="Deleting…" disabled={!password || !confirmation.trim()}>
                Delete my account
              </Button>
            </div>
          </form>
        </div>
      </CardContent>
    </Card>
  );
}
