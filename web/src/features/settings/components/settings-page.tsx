import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { ExportActions } from '../../../components/data-transfer/export-actions';
import { ImportFlow } from '../../../components/data-transfer/import-flow';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useTheme, type ThemeMode } from '../../../lib/theme';
import { UNIT_NAMES, useWeightUnit } from '../../../lib/weight-unit';
import { TEXT_LIMITS, type WeightUnit } from '@kernel';
import { useBranding, useProfile, useSaveBranding, useUpdateProfile, type Branding } from '../api/settings';
import { AccessTokensCard } from './access-tokens-card';
import { PushCard } from './push-card';
import { DownloadMyData } from './download-my-data';
import { DeleteAccountCard } from './delete-account-card';
import './settings.css';

const THEME_CHOICES: { mode: ThemeMode; label: string }[] = [
  { mode: 'light', label: 'Light' },
  { mode: 'dark', label: 'Dark' },
  { mode: 'system', label: 'System (follow this device)' },
];
const UNIT_CHOICES: WeightUnit[] = ['kg', 'lb'];
const DEFAULT_BRANDING: Branding = { primary: '#4f46e5', secondary: '#0f172a', accent: '#f97316' };
const COLOUR_LABELS: Record<keyof Branding, string> = { primary: 'Primary colour', secondary: 'Secondary colour', accent: 'Accent colour' };

function timeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: string) => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [];
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

/** Settings (avatar menu): profile name, time zone, units, theme and coach branding. */
export function SettingsPage() {
  // Branding is a coach's: the server refuses it from an athlete-only account.
  const user = useAuth().user;
  const isCoach = user?.isCoach === true;
  return (
    <div className="settings">
      <PageHeader title="Settings" description="Your name, your time zone, your units, how Spotter looks and your colours for your athletes." />
      <ProfileCard />
      <UnitsCard />
      <ThemeCard />
      <PushCard />
      {isCoach && <BrandingCard />}
      {user && <YourDataCard userId={user.id} />}
      <AccessTokensCard />
      <DeleteAccountCard />
    </div>
  );
}

function ProfileCard() {
  const profile = useProfile();
  const update = useUpdateProfile();
  const [name, setName] = useState('');
  const [zone, setZone] = useState('UTC');
  const [saved, setSaved] = useState(false);
  const zones = useMemo(() => timeZones(), []);
  useEffect(() => {
    if (!profile.data) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the form is editable local state seeded when the profile loads
    setName(profile.data.display_name ?? profile.data.resolved_name ?? '');
    setZone(profile.data.time_zone);
  }, [profile.data]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    update.mutate({ displayName: name.trim() || null, timeZone: zone }, { onSuccess: () => setSaved(true) });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>Your time zone decides "today": which workouts count as missed and where the week starts.</CardDescription>
      </CardHeader>
      <CardContent>
        {profile.isPending ? (
          <Spinner />
        ) : (
          <form className="settings__form" onSubmit={submit}>
            <label className="settings__field">
              <span>Display name</span>
              <input className="input" value={name} maxLength={TEXT_LIMITS.profileName} onChange={(e) => setName(e.target.value)} />
            </label>
            <label className="settings__field">
              <span>Time zone</span>
              <select className="input" value={zone} onChange={(e) => setZone(e.target.value)}>
                {zones.map((z) => (
                  <option key={z} value={z}>
                    {z}
                  </option>
                ))}
              </select>
            </label>
            {update.isError && <Alert variant="error">{errorMessage(update.error)}</Alert>}
            {saved && <p role="status">Profile saved.</p>}
            <Button type="submit" disabled={update.isPending}>
              Save profile
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

/** Kilograms or pounds: saved at once, like the theme; every load on every page follows. */
function UnitsCard() {
  const profile = useProfile();
  const update = useUpdateProfile();
  const current = useWeightUnit();
  // The choice shows at once; the profile catches up when the server has it.
  const [picked, setPicked] = useState<WeightUnit | null>(null);
  const [saved, setSaved] = useState(false);
  const shown = update.isError ? current : (picked ?? current);
  const choose = (unit: WeightUnit) => {
    setPicked(unit);
    setSaved(false);
    update.mutate({ weightUnit: unit }, { onSuccess: () => setSaved(true) });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Units</CardTitle>
        <CardDescription>Loads are shown, and typed, in this unit. A coach and an athlete each see the same set in their own.</CardDescription>
      </CardHeader>
      <CardContent>
        <fieldset className="settings__choices" disabled={profile.isPending}>
          <legend className="visually-hidden">Units</legend>
          {UNIT_CHOICES.map((unit) => (
            <label key={unit} className="settings__choice">
              <input type="radio" name="weight-unit" value={unit} checked={shown === unit} onChange={() => choose(unit)} />
              {UNIT_NAMES[unit]} ({unit})
            </label>
          ))}
        </fieldset>
        {update.isError && <Alert variant="error">{errorMessage(update.error)}</Alert>}
        {saved && <p role="status">Units saved.</p>}
      </CardContent>
    </Card>
  );
}

function ThemeCard() {
  const { mode, setMode } = useTheme();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Theme</CardTitle>
      </CardHeader>
      <CardContent>
        <fieldset className="settings__choices">
          <legend className="visually-hidden">Theme</legend>
          {THEME_CHOICES.map((c) => (
            <label key={c.mode} className="settings__choice">
              <input type="radio" name="theme" value={c.mode} checked={mode === c.mode} onChange={() => setMode(c.mode)} />
              {c.label}
            </label>
          ))}
        </fieldset>
      </CardContent>
    </Card>
  );
}

function BrandingCard() {
  const branding = useBranding();
  const save = useSaveBranding();
  const [colours, setColours] = useState<Branding>(DEFAULT_BRANDING);
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the colour pickers are editable local state seeded when the branding loads
    if (branding.data?.own) setColours(branding.data.own);
  }, [branding.data?.own]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(null);
    save.mutate(colours, { onSuccess: () => setSaved('Branding saved. Your athletes see these colours too.') });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Coach branding</CardTitle>
        <CardDescription>Your colours, applied to your dashboard and to your athletes' view.</CardDescription>
      </CardHeader>
      <CardContent>
        {branding.data?.coach && <p className="muted">Your coach's colours are applied to your view.</p>}
        <form className="settings__form" onSubmit={submit}>
          <div className="settings__colours">
            {(Object.keys(COLOUR_LABELS) as (keyof Branding)[]).map((key) => (
              <label key={key} className="settings__field">
                <span>{COLOUR_LABELS[key]}</span>
                <input type="color" value={colours[key]} onChange={(e) => setColours((c) => ({ ...c, [key]: e.target.value }))} />
              </label>
            ))}
          </div>
          {save.isError && <Alert variant="error">{errorMessage(save.error)}</Alert>}
          {saved && <p role="status">{saved}</p>}
          <div className="settings__actions">
            <Button type="submit" disabled={save.isPending}>
              Save branding
            </Button>
            {branding.data?.own && (
              <Button
                type="button"
                variant="outline"
                disabled={save.isPending}
                onClick={() => {
                  setSaved(null);
                  save.mutate(null, {
                    onSuccess: () => {
                      setColours(DEFAULT_BRANDING);
                      setSaved('Branding removed.');
                    },
                  });
                }}
              >
                Remove branding
              </Button>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** One's own training history out (Strong or Hevy columns, records) and in (from Strong or Hevy). */
function YourDataCard({ userId }: { userId: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your data</CardTitle>
        <CardDescription>Take your training history anywhere, or bring it from Strong or Hevy. Loads are written in your unit.</CardDescription>
      </CardHeader>
      <CardContent className="settings__form">
        <ExportActions athleteId={userId} />
        <ImportFlow athleteId={userId} />
        <DownloadMyData />
      </CardContent>
    </Card>
  );
}
