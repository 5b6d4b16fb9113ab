/** Calendar arithmetic on `YYYY-MM-DD` days (UTC): a plan's end, a deposit's last day. */
export function isoDayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return isoDayOf(d);
}

/** `months` later, clamped to the month's last day (31st Jan + 1 month = 28th/29th Feb). */
export function addMonths(day: string, months: number): string {
  const d = new Date(`${day}T00:00:00.000Z`);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return isoDayOf(target);
}
