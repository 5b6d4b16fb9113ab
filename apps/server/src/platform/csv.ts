/**
 * RFC 4180 CSV cells. Cells that a spreadsheet would run as a formula
 * (starting with = + - @ tab or CR) get a leading apostrophe.
 */
export function csvCell(value: unknown): string {
  if (value == null) return '';
  let s =
    value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvRow(values: unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
