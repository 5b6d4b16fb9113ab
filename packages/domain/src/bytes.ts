/** A size for people: "512 B", "64 kB", "1.5 MB" (one decimal, none when it is .0). */
export function formatBytes(n: number): string {
  const one = (x: number) => String(Number(x.toFixed(1)));
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${one(n / 1024)} kB`;
  return `${one(n / 1024 / 1024)} MB`;
}
