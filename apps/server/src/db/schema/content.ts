import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
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

export const testimonials = pgTable(
  'testimonials',
  {
    ...baseColumns,
    ...versioned,
    name: text('name').notNull(),
    designation: text('designation'),
    company: text('company'),
    content: text('content').notNull(),
    rating: integer('rating'),
    profileImageUrl: text('profile_image_url'),
    status: text('status').notNull().default('Active'),
    /** Display order, 1..n without gaps (the engine's reorder keeps it dense). */
    position: integer('position').notNull(),
  },
  (t) => [index('testimonials_position_idx').on(t.position)],
);

export const companies = pgTable(
  'companies',
  {
    ...baseColumns,
    ...versioned,
    name: text('name').notNull(),
    website: text('website'),
    industry: text('industry'),
    city: text('city'),
    description: text('description'),
    logoUrl: text('logo_url'),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    campusNexaRecommended: boolean('campus_nexa_recommended').notNull().default(false),
    campusNexaNote: text('campus_nexa_note'),
    campusNexaRecommendedAt: timestamp('campus_nexa_recommended_at', { withTimezone: true }),
    campusNexaRecommendedBy: integer('campus_nexa_recommended_by'),
  },
  (t) => [uniqueIndex('companies_name_unique').on(sql`lower(${t.name})`)],
);

export const products = pgTable('products', {
  ...baseColumns,
  ...versioned,
  name: text('name').notNull(),
  description: text('description'),
  /** Money as integer minor units (paise) with its currency, never floats. */
  priceMinor: integer('price_minor').notNull(),
  currency: text('currency').notNull().default('INR'),
  thumbnailUrl: text('thumbnail_url'),
  status: text('status').notNull().default('Active'),
});

export const orders = pgTable(
  'orders',
  {
    ...baseColumns,
    ...versioned,
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull().default('INR'),
    status: text('status').notNull().default('Pending'),
    paymentReference: text('payment_reference'),
  },
  (t) => [index('orders_user_idx').on(t.userId), index('orders_status_idx').on(t.status, t.createdAt)],
);
