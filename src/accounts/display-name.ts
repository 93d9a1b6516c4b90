import { initialsOf } from '../kernel/initials.ts';

/** The spec's display-name order: display name, first + last, a given name, e-mail, "User" + last 8 of id, "Unknown User". */
export interface NameSource {
  user_id?: string | null;
  display_name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  name?: string | null;
  email?: string | null;
}

export function displayName(p: NameSource | null | undefined): string {
  if (!p) return 'Unknown User';
  const first = p.display_name?.trim();
  if (first) return first;
  const full = [p.first_name?.trim(), p.last_name?.trim()].filter(Boolean).join(' ');
  if (full) return full;
  if (p.name?.trim()) return p.name.trim();
  if (p.email?.trim()) return p.email.trim();
  if (p.user_id) return `User ${p.user_id.slice(-8)}`;
  return 'Unknown User';
}

export function initials(name: string): string {
  return initialsOf(name.replace(/@.*$/, '').replace(/[._-]+/g, ' ')) || '?';
}
