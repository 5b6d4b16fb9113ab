/**
 * Output comparison as staff expect it: line endings normalised, trailing spaces of each
 * line and trailing blank lines ignored; everything else must match exactly.
 */
export function normalizeOutput(s: string): string {
  return s
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/, ''))
    .join('\n')
    .replace(/\n+$/, '');
}

export function outputsMatch(actual: string | null, expected: string): boolean {
  return normalizeOutput(actual ?? '') === normalizeOutput(expected);
}
