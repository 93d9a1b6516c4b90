// The core build with only the bar chart: the full ApexCharts bundle is about a megabyte.
import Chart from 'react-apexcharts/core';
import 'apexcharts/bar';
import type { ApexOptions } from 'apexcharts';
import { fromLbs } from '@kernel';
import { useTheme } from '../../../../lib/theme';
import { useWeightUnit } from '../../../../lib/weight-unit';
import type { WeekVolume } from '../../api/analytics';
import { shortDate } from '../../utils/dates';

const PALETTE = { light: { bar: '#4f46e5', text: '#556076', grid: '#e2e6ef' }, dark: { bar: '#969cff', text: '#a1abc1', grid: '#232e45' } };

/** Bars of volume (reps × load, in the reader's unit) per week, weeks starting on Sunday, oldest first. */
export default function WeeklyVolumeChart({ weeks }: { weeks: WeekVolume[] }) {
  const { resolvedTheme } = useTheme();
  const colors = PALETTE[resolvedTheme];
  const unit = useWeightUnit();
  const options: ApexOptions = {
    chart: { id: 'weekly-volume', toolbar: { show: false }, background: 'transparent', fontFamily: 'inherit', animations: { enabled: false } },
    theme: { mode: resolvedTheme },
    colors: [colors.bar],
    plotOptions: { bar: { borderRadius: 4, columnWidth: '55%' } },
    dataLabels: { enabled: false },
    grid: { borderColor: colors.grid, strokeDashArray: 3 },
    xaxis: {
      categories: weeks.map((w) => shortDate(w.week_start)),
      labels: { style: { colors: colors.text } },
      axisBorder: { color: colors.grid },
      axisTicks: { color: colors.grid },
    },
    yaxis: { labels: { style: { colors: [colors.text] }, formatter: (v: number) => Math.round(v).toLocaleString('en-US') } },
    tooltip: { theme: resolvedTheme, y: { formatter: (v: number) => `${v.toLocaleString('en-US', { maximumFractionDigits: 0 })} ${unit}` } },
  };
  return <Chart type="bar" height={260} options={options} series={[{ name: `Volume (${unit})`, data: weeks.map((w) => fromLbs(w.total_volume, unit)) }]} />;
}
