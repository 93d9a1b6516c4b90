import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { USER_SEARCH_MIN_NAME, useUserSearch, type UserSearchResult } from '../api/search-users';
import { useSendConnectionRequest } from '../api/send-request';
import type { Notify } from './notice';

function Standing({ user, onAdd, adding }: { user: UserSearchResult; onAdd: () => void; adding: boolean }) {
  switch (user.connection_status) {
    case 'pending':
      return <span className="contacts-badge contacts-badge--pending">Pending</span>;
    case 'accepted':
      return <span className="contacts-badge contacts-badge--connected">Connected</span>;
    case 'blocked':
      return <span className="contacts-badge contacts-badge--blocked">Blocked</span>;
    default:
      return (
        <Button size="sm" onClick={onAdd} isLoading={adding} aria-label={`Add ${user.display_name} as a contact`}>
          Add Contact
        </Button>
      );
  }
}

/** Search Users: an e-mail or a name; each result shows Pending, Connected, or Add Contact. */
export function SearchPanel({ notify }: { notify: Notify }) {
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const search = useUserSearch(term);
  const send = useSendConnectionRequest();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Spec §5: contact search needs non-empty text.
    if (!text.trim()) {
      notify({ variant: 'error', text: 'Search failed: Please enter an email or name to search.' });
      return;
    }
    if (!text.includes('@') && [...text.trim()].length < USER_SEARCH_MIN_NAME) {
      notify({ variant: 'error', text: `Search failed: Please enter at least ${USER_SEARCH_MIN_NAME} characters of a name, or a full email address.` });
      return;
    }
    // A new search takes the previous 'Search failed' message away.
    notify(null);
    // The same words again: ask again (a failed search would otherwise stay failed).
    if (text.trim() === term) void search.refetch();
    else setTerm(text.trim());
  };

  const add = (user: UserSearchResult) =>
    send.mutate(
      { userId: user.user_id },
      {
        onSuccess: () => notify({ variant: 'success', text: 'Connection request sent!' }),
        onError: (e) => notify({ variant: 'error', text: `Failed to send request: ${errorMessage(e)}` }),
      },
    );

  const users = search.data?.users ?? [];
  return (
    <div className="contacts-panel">
      <form className="contacts-search" onSubmit={onSubmit} noValidate role="search">
        <TextField
          label="Search by email or name"
          name="search"
          type="search"
          autoComplete="off"
          maxLength={254}
          placeholder="jane@example.com or Jane"
          value={text}
          onChange={(e) => setText(e.target.value)}
          fieldClassName="contacts-search__field"
        />
        <Button type="submit" isLoading={search.isFetching} loadingText="Searching...">
          Search
        </Button>
      </form>
      {search.isError && <Alert variant="error">Search failed: {errorMessage(search.error)}</Alert>}
      {term && search.isPending && !search.isError ? (
        <p className="contacts-muted">
          <Spinner size="sm" /> Searching…
        </p>
      ) : term && search.isSuccess && users.length === 0 ? (
        <p className="contacts-muted">No users found for “{term}”.</p>
      ) : (
        <ul className="contacts-list" aria-label="Search results">
          {users.map((user) => (
            <li key={user.user_id} className="contacts-list__item">
              <span className="contacts-person">
                <span className="contacts-person__name">{user.display_name || 'Unknown User'}</span>
                {user.email && <span className="contacts-person__email">{user.email}</span>}
              </span>
              <Standing user={user} onAdd={() => add(user)} adding={send.isPending && !!send.variables && 'userId' in send.variables && send.variables.userId === user.user_id} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
