import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns, versioned } from './columns';

export const degreeCategories = pgTable(
  'degree_categories',
  {
    ...baseColumns,
    ...versioned,
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('degree_categories_name_unique').on(sql`lower(${t.name})`)],
);

export const degrees = pgTable(
  'degrees',
  {
    ...baseColumns,
    ...versioned,
    name: text('name').notNull(),
    shortName: text('short_name'),
    categoryId: integer('category_id').references(() => degreeCategories.id),
  },
  (t) => [uniqueIndex('degrees_name_unique').on(sql`lower(${t.name})`), index('degrees_category_idx').on(t.categoryId)],
);

export const jobRoles = pgTable(
  'job_roles',
  {
    ...baseColumns,
    ...versioned,
    name: text('name').notNull(),
    description: text('description'),
  },
  (t) => [uniqueIndex('job_roles_name_unique').on(sql`lower(${t.name})`)],
);

export const locations = pgTable(
  'locations',
  {
    ...baseColumns,
    ...versioned,
    city: text('city').notNull(),
    state: text('state'),
    country: text('country').notNull().default('India'),
  },
  (t) => [uniqueIndex('locations_city_state_unique').on(sql`lower(${t.city})`, sql`lower(coalesce(${t.state}, ''))`)],
);

export const aiPrompts = pgTable('ai_prompts', {
  ...baseColumns,
  ...versioned,
  title: text('title').notNull(),
  model: text('model').notNull(),
  interviewType: text('interview_type'),
  topic: text('topic'),
  prompt: text('prompt').notNull(),
});
