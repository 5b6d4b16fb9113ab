import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';

/** Tasks submitted and reviewed per week; loaded on demand (charts are heavy). */
export function LearnerProgressChart({ weeks }: { weeks: { week: string; submitted: number; reviewed: number }[] }) {
  return (
    <BarChart
      h={220}
      data={weeks}
      dataKey="week"
      withLegend
      series={[
        { name: 'submitted', label: 'Submitted', color: 'blue.6' },
        { name: 'reviewed', label: 'Reviewed', color: 'teal.6' },
      ]}
    />
  );
}
