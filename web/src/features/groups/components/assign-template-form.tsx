import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { assignSummary, useGroupMutations, useOwnTemplates, type Group } from '../api/groups';
import { localToday } from './local-today';

/** One of the coach's templates to every athlete of the group, from a start date. Assigning the same again adds nothing. */
export function AssignTemplateForm({ group }: { group: Group }) {
  const templates = useOwnTemplates();
  const { assignTemplate } = useGroupMutations();
  const [templateId, setTemplateId] = useState('');
  const [startDate, setStartDate] = useState(localToday);
  const [result, setResult] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const chosen = templateId || templates.data?.[0]?.id || '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setResult(null);
    if (!chosen) return setError('Create a template first.');
    assignTemplate.mutate({ id: group.id, templateId: chosen, startDate }, { onSuccess: (r) => setResult(assignSummary(r)), onError: (err) => setError(errorMessage(err)) });
  };

  if (templates.isPending) return <p className="groups__muted">Loading templates…</p>;
  if (templates.isError) return <p role="alert">Could not load your templates.</p>;
  if (templates.data.length === 0) return <p className="groups__muted">You have no templates yet: create one on the Templates page.</p>;
  return (
    <form className="groups__assign" onSubmit={submit} noValidate>
      <Field label="Template">
        {(control) => (
          <select className="input" {...control} value={chosen} onChange={(e) => setTemplateId(e.target.value)}>
            {templates.data.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextField label="Start date" type="date" required value={startDate} onChange={(e) => setStartDate(e.target.value)} />
      <Button type="submit" isLoading={assignTemplate.isPending} loadingText="Assigning…">
        Assign template to {group.name}
      </Button>
      {error && (
        <p role="alert" className="groups__error">
          {error}
        </p>
      )}
      <p role="status" className="groups__result">
        {result}
      </p>
    </form>
  );
}
