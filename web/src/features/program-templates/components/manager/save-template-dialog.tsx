import { useEffect, useState } from 'react';
import { Modal } from '../../../../components/ui/modal';
import { Button } from '../../../../components/ui/button';
import { Alert } from '../../../../components/ui/alert';
import { TEMPLATE_CATEGORIES, TEXT_LIMITS, type TemplateCategory } from '@kernel';

export type SaveForm = { name: string; description: string; category: TemplateCategory; isPublic: boolean };

type Props = {
  open: boolean;
  initial: SaveForm;
  saving: boolean;
  error: string | null;
  onCancel: () => void;
  onSave: (form: SaveForm) => void;
};

const categoryLabel = (c: string) =>
  c
    .split('-')
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('-');

/** The Save Template form: name required (trimmed), category, description, public checkbox. */
export function SaveTemplateDialog({ open, initial, saving, error, onCancel, onSave }: Props) {
  const [form, setForm] = useState(initial);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- resets the form each time the dialog opens, not on every parent render
    if (open) setForm(initial);
    // Only when it opens: typing must not be reset by a parent render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title="Save Template"
      footer={
        <>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={() => onSave(form)} disabled={!form.name.trim() || saving}>
            {saving ? 'Saving...' : 'Save'}
          </Button>
        </>
      }
    >
      <div className="tpl-form">
        <label className="tpl-form__field">
          <span>Template Name *</span>
          <input className="input" value={form.name} maxLength={TEXT_LIMITS.templateName} required onChange={(e) => setForm({ ...form, name: e.target.value })} />
        </label>
        <label className="tpl-form__field">
          <span>Category</span>
          <select className="input" value={form.category} onChange={(e) => setForm({ ...form, category: e.target.value as TemplateCategory })}>
            {TEMPLATE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {categoryLabel(c)}
              </option>
            ))}
          </select>
        </label>
        <label className="tpl-form__field">
          <span>Description</span>
          <textarea
            className="input"
            rows={3}
            maxLength={TEXT_LIMITS.templateDescription}
            value={form.description}
            onChange={(e) => setForm({ ...form, description: e.target.value })}
          />
        </label>
        <label className="tpl-form__check">
          <input type="checkbox" checked={form.isPublic} onChange={(e) => setForm({ ...form, isPublic: e.target.checked })} />
          <span>Make this template public (visible to other coaches)</span>
        </label>
        {error && <Alert variant="error">{error}</Alert>}
      </div>
    </Modal>
  );
}
