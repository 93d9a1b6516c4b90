import { useMemo, useState } from 'react';
import { createColumnHelper, createSortedRowModel, rowSortingFeature, sortFns, tableFeatures, useTable } from '@tanstack/react-table';
import { metricText, useWeightUnit } from '../../../lib/weight-unit';
import type { Metric } from '../api/performance';

export type MetricRow = Metric & { category: string };
type Row = MetricRow;
const features = tableFeatures({ rowSortingFeature, sortedRowModel: createSortedRowModel(), sortFns });
const column = createColumnHelper<typeof features, Row>();

/** Metrics: every record in the range, sortable by any column, filtered by category and exercise. */
export function MetricsTable({ rows, onRemove }: { rows: Row[]; onRemove?: (entryId: string) => void }) {
  const unit = useWeightUnit();
  const [category, setCategory] = useState('');
  const [exercise, setExercise] = useState('');
  const data = useMemo(
    () => rows.filter((r) => (!category || r.category === category) && (!exercise || r.name.toLowerCase().includes(exercise.trim().toLowerCase()))),
    [rows, category, exercise],
  );
  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('name', { header: 'Exercise' }),
        column.accessor('category', { header: 'Category' }),
        column.accessor('value', { header: 'Value', cell: (c) => metricText(c.getValue(), c.row.original.unit, unit) }),
        column.accessor('reps', { header: 'Reps', cell: (c) => (c.getValue() > 0 ? c.getValue() : '—') }),
        column.accessor('date', { header: 'Date' }),
        column.accessor('isPR', { header: 'PR', cell: (c) => (c.getValue() ? <span className="badge badge--pr">PR</span> : null) }),
        column.accessor('source', {
          header: 'Source',
          cell: (c) =>
            c.getValue() === 'manual' && c.row.original.entry_id && onRemove ? (
              <>
                Manual{' '}
                <button
                  type="button"
                  className="link link--small"
                  onClick={() => onRemove(c.row.original.entry_id!)}
                  aria-label={`Remove ${c.row.original.name} ${c.row.original.date}`}
                >
                  Remove
                </button>
              </>
            ) : c.getValue() === 'manual' ? (
              'Manual'
            ) : (
              'Workout'
            ),
        }),
      ]),
    [onRemove, unit],
  );
  // Filtering happens on the data (two simple filters); the table sorts by any column.
  const table = useTable({ key: 'performance-metrics', features, columns, data, initialState: { sorting: [{ id: 'date', desc: true }] } });
  const categories = [...new Set(rows.map((r) => r.category))].sort();

  return (
    <div className="metrics">
      <div className="metrics__filters">
        <label>
          Category{' '}
          <select className="input input--sm" value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="">All categories</option>
            {categories.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
        <label>
          Exercise <input className="input input--sm" type="search" value={exercise} onChange={(e) => setExercise(e.target.value)} maxLength={200} />
        </label>
      </div>
      {data.length === 0 ? (
        <p className="empty-state">No metrics found matching your filters</p>
      ) : (
        <table className="metrics__table">
          <thead>
            {table.getHeaderGroups().map((g) => (
              <tr key={g.id}>
                {g.headers.map((h) => {
                  const sorted = h.column.getIsSorted();
                  return (
                    <th key={h.id} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}>
                      <button type="button" onClick={h.column.getToggleSortingHandler()}>
                        <table.FlexRender header={h} />
                        {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                      </button>
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((r) => (
              <tr key={r.id}>
                {r.getAllCells().map((c) => (
                  <td key={c.id}>
                    <table.FlexRender cell={c} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
