import { useState } from 'react';
import { EXERCISE_INTENTS, INTENT_PROFILES } from '@kernel';
import { METRIC_GROUPS, METRIC_LABELS, type MetricKey } from '@kernel';
import { LOAD_METRICS, loadText, useWeightUnit } from '../../../../lib/weight-unit';
import { capacity, templateMetrics, type TemplateDraft } from '../../utils/template-draft';

const label = (intent: string) => intent[0].toUpperCase() + intent.slice(1);
const formatMetric = (v: number) => (Number.isInteger(v) ? v.toLocaleString() : v.toFixed(1));

/** Exercise Intents legend, Template Capacity Distribution and Template Analytics (spec Builder side panels). */
export function SidePanels({ draft }: { draft: TemplateDraft }) {
  const cap = capacity(draft);
  const metrics = templateMetrics(draft);
  const unit = useWeightUnit();
  const [picked, setPicked] = useState<Record<keyof typeof METRIC_GROUPS, MetricKey>>({
    volume: METRIC_GROUPS.volume.default,
    intensity: METRIC_GROUPS.intensity.default,
    additional: METRIC_GROUPS.additional.default,
  });
  return (
    <aside className="tpl-panels">
      <section className="tpl-panel" aria-labelledby="tpl-intents">
        <h3 id="tpl-intents">Exercise Intents</h3>
        <ul className="tpl-legend">
          {EXERCISE_INTENTS.map((i) => (
            <li key={i}>
              <span className="tpl-card__dot" style={{ background: INTENT_PROFILES[i].color }} aria-hidden="true" /> {label(i)}
            </li>
          ))}
        </ul>
      </section>
      <section className="tpl-panel" aria-labelledby="tpl-capacity">
        <h3 id="tpl-capacity">Template Capacity Distribution</h3>
        <ul className="tpl-bars">
          {cap.intents.map((i) => (
            <li key={i.intent}>
              <span className="tpl-bars__label">
                {label(i.intent)} · {i.sets} sets ({i.percentage}%)
              </span>
              <span className="tpl-bars__track">
                <span className="tpl-bars__fill" style={{ width: `${i.percentage}%`, background: i.color }} />
              </span>
            </li>
          ))}
        </ul>
        <p className="tpl-panel__total">Total: {cap.total} sets planned</p>
      </section>
      <section className="tpl-panel" aria-labelledby="tpl-analytics">
        <h3 id="tpl-analytics">Template Analytics</h3>
        {(Object.keys(METRIC_GROUPS) as (keyof typeof METRIC_GROUPS)[]).map((group) => (
          <div key={group} className="tpl-metric">
            <label>
              <span className="set-field__label">{METRIC_GROUPS[group].label}</span>
              <select className="input input--sm" value={picked[group]} onChange={(e) => setPicked((p) => ({ ...p, [group]: e.target.value as MetricKey }))}>
                {METRIC_GROUPS[group].metrics.map((m) => (
                  <option key={m} value={m}>
                    {METRIC_LABELS[m]}
                    {LOAD_METRICS.has(m) ? ` (${unit})` : ''}
                  </option>
                ))}
              </select>
            </label>
            <output className="tpl-metric__value" aria-label={METRIC_LABELS[picked[group]]}>
              {LOAD_METRICS.has(picked[group]) ? loadText(metrics[picked[group]], unit, { decimals: 1 }) : formatMetric(metrics[picked[group]])}
            </output>
          </div>
        ))}
      </section>
    </aside>
  );
}
