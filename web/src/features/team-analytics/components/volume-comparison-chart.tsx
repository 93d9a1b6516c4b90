// Loaded lazily by the page: only /team-analytics pulls ApexCharts (its core build with bars).
import Chart from 'react-apexcharts/core';
import 'apexcharts/bar';
import type { ApexOptions } from 'apexcharts';
import { useTheme } from '../../../lib/theme';
import { useWeightUnit } from '../../../lib/weight-unit';

export type ComparisonSeries = { name: string; data: number[] };

const PALETTE = { light: { text: '#556076', grid: '#e2e6ef' }, dark: { text: '#a1abc1', grid: '#232e45' } };

/** Volume (reps × load, in the reader's unit: the page converts the server's pounds) of each selected athlete for each selected exercise over the range. */
export default function VolumeComparisonChart({ exercises, series }: { exercises: string[]; series: ComparisonSeries[] }) {
  const { resolvedTheme } = useTheme();
  const colors = PALETTE[resolvedTheme];
  const unit = useWeightUnit();
  const options: ApexOptions = {
    chart: { id: 'team-volume-comparison', toolbar: { show: false }, background: 'transparent', fontFamily: 'inherit', animations: { enabled: false } },
    theme: { mode: resolvedTheme },
    plotOptions: { bar: { borderRadius: 3, columnWidth: '70%' } },
    dataLabels: { enabled: false },
    legend: { position: 'bottom', labels: { colors: colors.text } },
    grid: { borderColor: colors.grid, strokeDashArray: 3 },
    xaxis: { categories: exercises, labels: { style: { colors: colors.text } }, axisBorder: { color: colors.grid }, axisTicks: { color: colors.grid } },
    yaxis: { labels: { style: { colors: [colors.text] }, formatter: (v: number) => Math.round(v).toLocaleString('en-US') } },
    tooltip: { theme: resolvedTheme, y: { formatter: (v: number) => `${v.toLocaleString('en-US', { maximumFractionDigits: 0 })} ${unit}` } },
  };
  return (
    <div role="img" aria-label={`Team volume comparison: ${series.length} athletes × ${exercises.length} exercises`}>
      <Chart type="bar" height={360} options={options} series={series} />
    </div>
  );
}
