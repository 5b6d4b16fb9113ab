import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../db/client';
import * as schema from '../db/schema';

/** A view of the database as of one moment, for a read spread over many queries; release it when done. */
export type Snapshot = { db: Db; release(): Promise<void> };

/**
 * Opens a snapshot for a long read (a CSV export of a million rows, page after page).
 *
 * On PostgreSQL: a connection of its own from the pool, in a READ ONLY transaction at
 * REPEATABLE READ, so every page sees the database as it was at the first one: rows
 * written, changed or removed meanwhile change nothing in the file.
 *
 * On the embedded database (PGlite) there is one connection for the whole server: a
 * transaction held for a whole export would stall every other request, so the reads run
 * as they come, and keyset paging still gives every row once (decision 010).
 */
export async function openSnapshot(db: Db): Promise<Snapshot> {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return { db, release: async () => {} };
  const conn = await pool.connect();
  try {
    await conn.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  } catch (error) {
    conn.release(error as Error);
    throw error;
  }
  let released = false;
  return {
    db: drizzle(conn, { schema }) as unknown as Db,
    async release() {
      if (released) return;
      released = true;
      try {
        await conn.query('COMMIT');
        conn.release();
      } catch (error) {
        // A connection in an unknown state is closed, not handed to the next request.
        conn.release(error as Error);
      }
    },
  };
}
