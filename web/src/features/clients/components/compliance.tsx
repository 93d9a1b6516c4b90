import type { Compliance } from '../api/get-clients';

const WINDOWS: { key: keyof Compliance; label: string }[] = [
  { key: 'd7', label: '7d' },
  { key: 'd30', label: '30d' },
  { key: 'd90', label: '90d' },
  { key: 'all', label: 'All' },
];

/** Spec §9 colours: 90 or more green, 70 to 89 amber, below 70 red. */
export function complianceBand(value: number | null): 'good' | 'warning' | 'bad' | 'none' {
  if (value === null) return 'none';
  const rounded = Math.round(value);
  if (rounded >= 90) return 'good';
  if (rounded >= 70) return 'warning';
  return 'bad';
}

/** The four windows of one client; '—' where there is nothing to measure yet. */
export function ComplianceRow({ compliance }: { compliance: Compliance }) {
  return (
    <dl className="compliance">
      {WINDOWS.map(({ key, label }) => {
        const value = compliance[key];
        return (
          <div key={key} className={`compliance__cell compliance__cell--${complianceBand(value)}`}>
            <dt className="compliance__label">{label}</dt>
            <dd className="compliance__value">{value === null ? '—' : `${Math.round(value)}%`}</dd>
          </div>
        );
      })}
    </dl>
  );
}
