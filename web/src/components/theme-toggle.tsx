import { nextThemeMode, useTheme, type ThemeMode } from '../lib/theme';
import { buttonClasses } from './ui/button';
import { MonitorIcon, MoonIcon, SunIcon } from './ui/icons';

const ICONS: Record<ThemeMode, typeof SunIcon> = { light: SunIcon, dark: MoonIcon, system: MonitorIcon };

/**
 * The header's theme button: cycles light → dark → system, the same three modes as
 * Settings and through the same provider, so both always show the same choice. Its
 * name and icon say the current mode; the tooltip says what a click changes it to.
 */
export function ThemeToggle() {
  const { mode, cycle } = useTheme();
  const Icon = ICONS[mode];
  return (
    <button
      type="button"
      className={buttonClasses({ variant: 'ghost', size: 'md', iconOnly: true })}
      onClick={cycle}
      aria-label={`Theme: ${mode}`}
      title={`Theme: ${mode} (click for ${nextThemeMode(mode)})`}
    >
      <Icon />
    </button>
  );
}
