/**
 * RFC 4180 CSV cells. Text that a spreadsheet would run as a formula
 * (starting with = + - @ tab or CR) gets a leading apostrophe; numbers stay numbers.
 */
export function csvCell(value: unknown): string {
  if (value == null) return '';
  let s =
    value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (typeof value !== 'number' && typeof value !== 'bigint' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvRow(values: unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
