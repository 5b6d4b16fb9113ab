import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { baseColumns, versioned } from './columns';

export const blogs = pgTable(
  'blogs',
  {
    ...baseColumns,
    ...versioned,
    title: text('title').notNull(),
    content: text('content').notNull(),
    excerpt: text('excerpt'),
    authorName: text('author_name'),
    tags: text('tags'),
    status: text('status').notNull().default('Live'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    imageUrl: text('image_url'),
    createdBy: integer('created_by'),
  },
  (t) => [
    index('blogs_created_idx').on(t.createdAt, t.id),
    index('blogs_status_idx').on(t.status, t.createdAt, t.id),
    // `like` filters are ILIKE '%…%': only a trigram index serves them.
    index('blogs_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);

export const events = pgTable(
  'events',
  {
    ...baseColumns,
    ...versioned,
    title: text('title').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    description: text('description'),
    location: text('location'),
    meetingLink: text('meeting_link'),
    capacity: integer('capacity'),
    status: text('status').notNull().default('Active'),
    imageUrl: text('image_url'),
    createdBy: integer('created_by'),
  },
  (t) => [index('events_starts_idx').on(t.startsAt)],
);
