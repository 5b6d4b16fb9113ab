import '@mantine/charts/styles.css';
import type { DashboardStats } from '@cohort/domain';
import { LineChart } from '@mantine/charts';
import { formatDay } from '../../../lib/format';

/** Weekly registrations and placements; loaded on demand (charts are heavy). */
export function ProgressChart({ weeks }: { weeks: DashboardStats['progress']['weeks'] }) {
  return (
    <LineChart
      h={320}
      data={weeks}
      dataKey="week"
      withLegend
      xAxisProps={{ tickFormatter: (week: string) => formatDay(week) }}
      tooltipProps={{ labelFormatter: (week) => `Week of ${formatDay(String(week))}` }}
      curveType="monotone"
      series={[
        { name: 'registrations', label: 'Registrations', color: 'blue.6' },
        { name: 'placed', label: 'Placements', color: 'teal.6' },
      ]}
    />
  );
}
