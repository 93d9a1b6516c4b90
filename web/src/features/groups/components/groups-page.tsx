import { useState, type FormEvent } from 'react';
import { topicOf } from '@kernel';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useUser } from '../../../lib/auth';
import { useTopic } from '../../../lib/realtime';
import { groupsQueryKey, useGroupMutations, useGroups } from '../api/groups';
import { GroupCard } from './group-card';
import './groups.css';

/** Groups (coaches): sort athletes into groups and give a whole group a template or a workout at once. */
export function GroupsPage() {
  const user = useUser();
  const groups = useGroups();
  useTopic(topicOf.coach(user.id), [groupsQueryKey]);

  return (
    <div className="groups">
      <PageHeader
        title="Groups"
        description="Sort your athletes into groups, then give a whole group a template or a single workout in one step. Someone who joins later gets the rest of the group's current program."
      />
      <Card>
        <CardHeader>
          <CardTitle>New group</CardTitle>
        </CardHeader>
        <CardContent>
          <CreateGroupForm />
        </CardContent>
      </Card>
      {groups.isPending && <Spinner />}
      {groups.isError && <p role="alert">Could not load your groups.</p>}
      {groups.data && (
        <>
          <h2 className="groups__heading">Your groups</h2>
          {groups.data.data.length === 0 ? (
            <p className="groups__muted">No groups yet.</p>
          ) : (
            groups.data.data.map((g) => <GroupCard key={g.id} group={g} athletes={groups.data.athletes} />)
          )}
        </>
      )}
    </div>
  );
}

function CreateGroupForm() {
  const { create } = useGroupMutations();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!name.trim()) return setError('Group name is required.');
    create.mutate(name.trim(), { onSuccess: () => setName(''), onError: (err) => setError(errorMessage(err)) });
  };

  return (
    <form className="groups__inline-form" onSubmit={submit} noValidate>
      <TextField label="Group name" required maxLength={60} placeholder="Varsity" value={name} onChange={(e) => setName(e.target.value)} error={error} />
      <Button type="submit" isLoading={create.isPending} loadingText="Creating…">
        Create group
      </Button>
    </form>
  );
}
