import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useAccessTokens, useCreateAccessToken, useRevokeAccessToken, type AccessToken, type TokenScope } from '../api/access-tokens';
import './access-tokens-card.css';
import { TEXT_LIMITS } from '@kernel';

const EXPIRY_CHOICES = [7, 30, 90, 365];
const SCOPE_NAMES: Record<TokenScope, string> = { read: 'Read only', write: 'Read and write' };
const day = (iso: string) => iso.slice(0, 10);

function stateOf(t: AccessToken, now: number): string {
  if (t.revoked_at) return `Revoked ${day(t.revoked_at)}`;
  if (Date.parse(t.expires_at) <= now) return `Expired ${day(t.expires_at)}`;
  return `Expires ${day(t.expires_at)}`;
}

/** Keys to the API for one's own scripts: made here, shown once, listed and revoked. */
export function AccessTokensCard() {
  const tokens = useAccessTokens();
  const create = useCreateAccessToken();
  const revoke = useRevokeAccessToken();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<TokenScope>('read');
  const [days, setDays] = useState(30);
  const [shown, setShown] = useState<{ name: string; token: string } | null>(null);
  const [copied, setCopied] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setShown(null);
    setCopied(false);
    create.mutate(
      { name: name.trim(), scope, expires_in_days: days },
      {
        onSuccess: (r) => {
          setShown({ name: r.access_token.name, token: r.token });
          setName('');
        },
      },
    );
  };
  const copy = async (token: string) => {
    try {
      await navigator.clipboard.writeText(token);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin, a refused permission): the text field can still be selected.
      setCopied(false);
    }
  };
  // "Now" for expiry is when the list was fetched: a render must not read the clock.
  const now = tokens.dataUpdatedAt;

  return (
    <Card>
      <CardHeader>
        <CardTitle>API tokens</CardTitle>
        <CardDescription>Personal access tokens let your own scripts use the Spotter API as you. A token is shown once; keep it secret.</CardDescription>
      </CardHeader>
      <CardContent className="access-tokens">
        <form className="access-tokens__form" onSubmit={submit}>
          <label className="access-tokens__field">
            <span>Token name</span>
            <input className="input" value={name} maxLength={TEXT_LIMITS.accessTokenName} required onChange={(e) => setName(e.target.value)} />
          </label>
          <label className="access-tokens__field">
            <span>Access</span>
            <select className="input" value={scope} onChange={(e) => setScope(e.target.value as TokenScope)}>
              <option value="read">{SCOPE_NAMES.read}</option>
              <option value="write">{SCOPE_NAMES.write}</option>
            </select>
          </label>
          <label className="access-tokens__field">
            <span>Expires after</span>
            <select className="input" value={days} onChange={(e) => setDays(Number(e.target.value))}>
              {EXPIRY_CHOICES.map((d) => (
                <option key={d} value={d}>
                  {d} days
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" isLoading={create.isPending} disabled={!name.trim()}>
            Create token
          </Button>
        </form>
        {create.isError && <Alert variant="error">{errorMessage(create.error)}</Alert>}
        {shown && (
          <div className="access-tokens__new" role="status">
            <p>Your new token “{shown.name}”. Copy it now: it will not be shown again.</p>
            <div className="access-tokens__copy">
              <input className="input" readOnly value={shown.token} aria-label="New token" onFocus={(e) => e.target.select()} />
              <Button variant="outline" onClick={() => void copy(shown.token)}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            </div>
          </div>
        )}
        {revoke.isError && <Alert variant="error">{errorMessage(revoke.error)}</Alert>}
        {tokens.isPending ? (
          <Spinner label="Loading tokens" />
        ) : tokens.isError ? (
          <Alert variant="error">{errorMessage(tokens.error)}</Alert>
        ) : tokens.data.length === 0 ? (
          <p className="muted">No tokens yet.</p>
        ) : (
          <table className="access-tokens__table">
            <caption className="visually-hidden">Your API tokens</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Token</th>
                <th scope="col">Access</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">State</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.data.map((t) => (
                <tr key={t.id}>
                  <th scope="row">{t.name}</th>
                  <td>
                    <code>{t.prefix}…</code>
                  </td>
                  <td>{SCOPE_NAMES[t.scope]}</td>
                  <td>{day(t.created_at)}</td>
                  <td>{t.last_used_at ? day(t.last_used_at) : 'Never'}</td>
                  <td>{stateOf(t, now)}</td>
                  <td>
                    {!t.revoked_at && Date.parse(t.expires_at) > now && (
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`Revoke ${t.name}`}
                        disabled={revoke.isPending}
                        onClick={() => {
                          if (window.confirm(`Revoke “${t.name}”? Scripts using it stop working at once.`)) revoke.mutate(t.id);
                        }}
                      >
                        Revoke
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}
