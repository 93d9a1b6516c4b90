import { useTheme } from '../lib/theme';
import { buttonClasses } from './ui/button';
import { MoonIcon, SunIcon } from './ui/icons';

/** Flips between light and dark (from system mode: to the opposite of the OS). */
export function ThemeToggle() {
  const { resolvedTheme, toggle } = useTheme();
  const next = resolvedTheme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className={buttonClasses({ variant: 'ghost', size: 'md', iconOnly: true })}
      onClick={toggle}
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
    >
      {resolvedTheme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
