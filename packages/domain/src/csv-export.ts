import { z } from 'zod';

/**
 * `download-csv`'s `columns`: the fields to write, comma-separated, in the order given (the
 * columns the list shows, or those chosen); without it, every field the export carries. Names
 * the resource does not export, or fields the reader's role may not read, are a 400 (decision 020).
 */
export const exportColumnsParam = z
  .string()
  .max(2000)
  .regex(/^[A-Za-z0-9_]+(,[A-Za-z0-9_]+)*$/, 'Columns must be field names separated by commas')
  .optional()
  .describe('Fields to write, comma-separated, in this order; without it: every field an export carries.');
