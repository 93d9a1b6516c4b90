// The core build with only the line and area charts: the full bundle is about a megabyte.
// This module is only ever loaded through React.lazy (progression-chart.tsx).
import Chart from 'react-apexcharts/core';
import 'apexcharts/line';
import 'apexcharts/area';
import 'apexcharts/features/legend';
import type { ApexOptions } from 'apexcharts';
import { useTheme } from '../../../lib/theme';

export type Series = { name: string; data: { x: number; y: number }[] };

/** Spec §9: chart 800×400, about 5 date ticks, y max 1.02 × the top value. */
export default function ProgressionApex({ series, kind, unit }: { series: Series[]; kind: 'line' | 'area'; unit: string }) {
  const { resolvedTheme } = useTheme();
  const top = Math.max(...series.flatMap((s) => s.data.map((p) => p.y)));
  const options: ApexOptions = {
    chart: { id: 'performance-progression', toolbar: { show: false }, background: 'transparent', fontFamily: 'inherit', animations: { enabled: false }, zoom: { enabled: false } },
    theme: { mode: resolvedTheme },
    stroke: { curve: 'straight', width: 2 },
    markers: { size: 4 },
    dataLabels: { enabled: false },
    legend: { show: true, showForSingleSeries: true, position: 'top' },
    xaxis: { type: 'datetime', tickAmount: 5, labels: { datetimeUTC: true, format: 'MMM d' } },
    yaxis: { min: 0, max: Math.ceil(top * 1.02 * 10) / 10, tickAmount: 5, labels: { formatter: (v: number) => `${Math.round(v)}` } },
    tooltip: { theme: resolvedTheme, x: { format: 'yyyy-MM-dd' }, y: { formatter: (v: number) => `${Math.round(v * 100) / 100} ${unit}` } },
  };
  return <Chart type={kind} width={800} height={400} options={options} series={series} />;
}
