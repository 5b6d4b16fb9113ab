import '@mantine/charts/styles.css';
import type { DashboardStats } from '@cohort/domain';
import { LineChart } from '@mantine/charts';

/** Weekly registrations and placements; loaded on demand (charts are heavy). */
export function ProgressChart({ weeks }: { weeks: DashboardStats['progress']['weeks'] }) {
  return (
    <LineChart
      h={320}
      data={weeks}
      dataKey="week"
      withLegend
      curveType="monotone"
      series={[
        { name: 'registrations', label: 'Registrations', color: 'blue.6' },
        { name: 'placed', label: 'Placements', color: 'teal.6' },
      ]}
    />
  );
}
