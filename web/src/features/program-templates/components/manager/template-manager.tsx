import { Button } from '../../../../components/ui/button';
import { Alert } from '../../../../components/ui/alert';
import { errorMessage } from '../../../../lib/api-client';
import { useCopyTemplate, useDeleteTemplate, useTemplates, type TemplateSummary } from '../../api/templates';

export const DELETE_CONFIRM = 'Are you sure you want to delete this template? This action cannot be undone.';

type Props = {
  canSaveCurrent: boolean;
  onNew: () => void;
  onSaveCurrent: () => void;
  onLoad: (template: TemplateSummary) => void;
  notify: (message: string) => void;
};

/** The Manager tab: the coach's templates and other coaches' public ones, with Load, delete and "Copy to my templates". */
export function TemplateManager({ canSaveCurrent, onNew, onSaveCurrent, onLoad, notify }: Props) {
  const list = useTemplates();
  const del = useDeleteTemplate();
  const copy = useCopyTemplate();
  // A failed list shows as empty (spec), with the reason beside it rather than only in the console.
  const templates = list.data?.data ?? [];

  return (
    <section className="tpl-manager" aria-labelledby="tpl-manager-title">
      <div className="tpl-manager__head">
        <h2 id="tpl-manager-title">Program Templates</h2>
        <Button variant="outline" onClick={onNew}>
          New Template
        </Button>
        <Button onClick={onSaveCurrent} disabled={!canSaveCurrent}>
          Save Current
        </Button>
      </div>
      {list.isError && <Alert variant="error">{errorMessage(list.error)}</Alert>}
      {list.isPending ? (
        <p>Loading templates...</p>
      ) : templates.length === 0 ? (
        <div className="tpl-empty">
          <p>No templates found. Create your first program template!</p>
          <Button onClick={onNew}>Create First Template</Button>
        </div>
      ) : (
        <ul className="tpl-list">
          {templates.map((t) => (
            <li key={t.id}>
              <article className="tpl-item" aria-label={`Template ${t.name}`}>
                <header className="tpl-item__head">
                  <h3>{t.name}</h3>
                  <span className="tpl-badge">{t.category}</span>
                  {t.is_public && <span className="tpl-badge tpl-badge--public">Public</span>}
                </header>
                {t.description && <p className="tpl-item__desc">{t.description}</p>}
                <p className="tpl-item__meta">
                  {t.day_count} days · {t.workout_count} workouts · Created {new Date(t.created_at).toLocaleDateString()}
                  {!t.is_own && ` · by ${t.owner_name}`}
                </p>
                <div className="tpl-item__actions">
                  <Button size="sm" onClick={() => onLoad(t)}>
                    Load
                  </Button>
                  {t.is_own ? (
                    <Button
                      size="sm"
                      variant="destructive"
                      aria-label={`Delete ${t.name}`}
                      onClick={() => {
                        if (!window.confirm(DELETE_CONFIRM)) return;
                        del.mutate(t.id, { onError: (e) => notify(`Delete failed: ${errorMessage(e)}`) });
                      }}
                    >
                      Delete
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() =>
                        copy.mutate(t.id, {
                          onSuccess: () => notify(`Copied "${t.name}" to your templates.`),
                          onError: (e) => notify(`Copy failed: ${errorMessage(e)}`),
                        })
                      }
                    >
                      Copy to my templates
                    </Button>
                  )}
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
