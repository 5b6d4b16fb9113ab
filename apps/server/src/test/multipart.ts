/** A multipart/form-data body with one file, as a browser sends it. */
export function multipart(field: string, filename: string, body: Buffer, contentType = 'image/png') {
  const boundary = '----cohort-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A real 8x6 PNG: it passes the magic-byte check and decodes (uploads are decoded for their thumbnail). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWNQ6n6GFTEMpAQAAFBLkT2KuRIAAAAASUVORK5CYII=',
  'base64',
);

/** The PNG signature and nothing readable behind it: right first bytes, damaged image. */
export const DAMAGED_PNG = Buffer.concat([PNG.subarray(0, 16), Buffer.alloc(64, 1)]);
