/**
 * Light, dark or system theme, plus optional coach branding colours. The
 * resolved theme is written to `<html data-theme>`; the CSS does the rest.
 * index.html applies the stored theme before the first paint, so there is no flash.
 */
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { THEME_STORAGE_KEY } from '../config/constants';

export type ThemeMode = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';
export type CoachBranding = { primary: string; secondary: string; accent: string };
export type ThemeConfig = { mode: ThemeMode; coachBranding?: CoachBranding };

type ThemeContextValue = {
  mode: ThemeMode;
  resolvedTheme: ResolvedTheme;
  coachBranding: CoachBranding | undefined;
  setMode: (mode: ThemeMode) => void;
  /** The header button: light → dark → system → light, saved like a choice in Settings. */
  cycle: () => void;
  setCoachBranding: (branding: CoachBranding) => void;
  clearCoachBranding: () => void;
};

const DEFAULT_CONFIG: ThemeConfig = { mode: 'system' };
const DARK_QUERY = '(prefers-color-scheme: dark)';
const BRANDING_PROPERTIES = {
  primary: '--brand-primary',
  secondary: '--brand-secondary',
  accent: '--brand-accent',
} as const;

const ThemeContext = createContext<ThemeContextValue | null>(null);

const CYCLE: Record<ThemeMode, ThemeMode> = { light: 'dark', dark: 'system', system: 'light' };

/** The mode the header button moves to from `mode`. */
export function nextThemeMode(mode: ThemeMode): ThemeMode {
  return CYCLE[mode];
}

function isMode(value: unknown): value is ThemeMode {
  return value === 'light' || value === 'dark' || value === 'system';
}

function isBranding(value: unknown): value is CoachBranding {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (['primary', 'secondary', 'accent'] as const).every((key) => typeof record[key] === 'string' && record[key] !== '');
}

function loadConfig(): ThemeConfig {
  try {
    const raw = window.localStorage.getItem(THEME_STORAGE_KEY);
    if (!raw) return DEFAULT_CONFIG;
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    if (!isMode(parsed.mode)) throw new Error(`unknown theme mode ${String(parsed.mode)}`);
    return isBranding(parsed.coachBranding) ? { mode: parsed.mode, coachBranding: parsed.coachBranding } : { mode: parsed.mode };
  } catch (error) {
    console.warn('Could not load the theme configuration; using the system theme.', error);
    return DEFAULT_CONFIG;
  }
}

function saveConfig(config: ThemeConfig): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify(config));
  } catch (error) {
    console.warn('Could not save the theme configuration.', error);
  }
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [config, setConfig] = useState<ThemeConfig>(loadConfig);
  const [systemDark, setSystemDark] = useState(systemPrefersDark);

  // In system mode, follow the OS as it changes (e.g. at sunset).
  useEffect(() => {
    if (config.mode !== 'system' || typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(DARK_QUERY);
    const onChange = (event: MediaQueryListEvent) => setSystemDark(event.matches);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- syncs with matchMedia (external) when the mode becomes 'system'
    setSystemDark(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [config.mode]);

  // Another tab changed the theme.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === THEME_STORAGE_KEY) setConfig(loadConfig());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const resolvedTheme: ResolvedTheme = config.mode === 'system' ? (systemDark ? 'dark' : 'light') : config.mode;

  useLayoutEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = resolvedTheme;
    root.style.colorScheme = resolvedTheme;
  }, [resolvedTheme]);

  const { coachBranding } = config;
  useLayoutEffect(() => {
    const root = document.documentElement;
    for (const [key, property] of Object.entries(BRANDING_PROPERTIES)) {
      const colour = coachBranding?.[key as keyof CoachBranding];
      if (colour) root.style.setProperty(property, colour);
      else root.style.removeProperty(property);
    }
    if (coachBranding) root.setAttribute('data-custom-branding', 'true');
    else root.removeAttribute('data-custom-branding');
  }, [coachBranding]);

  const update = useCallback((change: (previous: ThemeConfig) => ThemeConfig) => {
    setConfig((previous) => {
      const next = change(previous);
      saveConfig(next);
      return next;
    });
  }, []);

  const value = useMemo<ThemeContextValue>(
    () => ({
      mode: config.mode,
      resolvedTheme,
      coachBranding,
      setMode: (mode) => update((previous) => ({ ...previous, mode })),
      cycle: () => update((previous) => ({ ...previous, mode: nextThemeMode(previous.mode) })),
      setCoachBranding: (branding) => update((previous) => ({ ...previous, coachBranding: branding })),
      clearCoachBranding: () => update(({ mode }) => ({ mode })),
    }),
    [config.mode, resolvedTheme, coachBranding, update],
  );

  return <ThemeContext value={value}>{children}</ThemeContext>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used inside <ThemeProvider>.');
  return value;
}
