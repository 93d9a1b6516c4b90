import { Button } from './ui/button';
import { applyUpdate, useUpdateAvailable } from '../lib/app-update';
import './update-prompt.css';

/** "Update available — Reload": the new version waits for the user (or the next page they open). */
export function UpdatePrompt() {
  const available = useUpdateAvailable();
  if (!available) return null;
  return (
    <div className="update-prompt" role="status">
      <span>Update available —</span>
      <Button size="sm" onClick={() => applyUpdate()}>
        Reload
      </Button>
    </div>
  );
}
