import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { useWebhookMutations } from '../api/webhooks';

/** URL, events to send, an optional note; answers with the secret (shown once by the page). */
export function AddEndpointForm({ eventTypes, onAdded }: { eventTypes: string[]; onAdded: (secret: string) => void }) {
  const { create } = useWebhookMutations();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [chosen, setChosen] = useState<Set<string>>(new Set(eventTypes));
  const [error, setError] = useState<string | null>(null);

  const toggle = (type: string) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(type)) next.delete(type);
      else next.add(type);
      return next;
    });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (chosen.size === 0) return setError('Choose at least one event.');
    create.mutate(
      { url: url.trim(), event_types: [...chosen], description: description.trim() || undefined },
      {
        onSuccess: (res) => {
          setUrl('');
          setDescription('');
          onAdded(res.secret);
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };

  return (
    <form className="webhooks__form" onSubmit={submit} noValidate>
      <TextField label="Endpoint URL" required type="url" placeholder="https://example.com/spotter-webhooks" value={url} onChange={(e) => setUrl(e.target.value)} error={error} />
      <TextField label="Description" value={description} maxLength={500} onChange={(e) => setDescription(e.target.value)} />
      <fieldset className="webhooks__events">
        <legend>Events to send</legend>
        {eventTypes.map((type) => (
          <label key={type}>
            <input type="checkbox" checked={chosen.has(type)} onChange={() => toggle(type)} /> <code>{type}</code>
          </label>
        ))}
      </fieldset>
      <Button type="submit" isLoading={create.isPending} loadingText="Adding…">
        Add endpoint
      </Button>
    </form>
  );
}
