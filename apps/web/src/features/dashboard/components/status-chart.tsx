import '@mantine/charts/styles.css';
import type { DashboardStats } from '@cohort/domain';
import { BarChart } from '@mantine/charts';

type Rows = DashboardStats['progress']['isaFunnel'];

/**
 * Learners by state, one bar per state in the order given, each in its state's colour (spec
 * §4); loaded on demand (charts are heavy). The page writes the same figures as a table for
 * screen readers.
 */
export function StatusChart({ rows }: { rows: Rows }) {
  return (
    <BarChart
      h={Math.max(220, rows.length * 34)}
      data={rows.map((r) => ({ status: r.status, learners: r.learners, color: `${r.color}.6` }))}
      dataKey="status"
      orientation="vertical"
      yAxisProps={{ width: 220 }}
      gridAxis="none"
      series={[{ name: 'learners', label: 'Learners', color: 'blue.6' }]}
    />
  );
}
