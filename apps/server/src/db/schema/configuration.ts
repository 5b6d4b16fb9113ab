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

/** Website settings staff edit (banners, links, copy): every save is kept as a version. */
export const websiteConfigurations = pgTable(
  'website_configurations',
  {
    ...baseColumns,
    ...versioned,
    key: text('key').notNull(),
    value: text('value').notNull(),
    description: text('description'),
  },
  (t) => [uniqueIndex('website_configurations_key_unique').on(t.key)],
);

/** One row per saved value of a website setting: its history, and what a rollback restores. */
export const websiteConfigurationVersions = pgTable(
  'website_configuration_versions',
  {
    ...baseColumns,
    configurationId: integer('configuration_id')
      .notNull()
      .references(() => websiteConfigurations.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    value: text('value').notNull(),
    changedBy: integer('changed_by'),
    changedByName: text('changed_by_name'),
    /** Set when this version restored an earlier one. */
    restoredFrom: integer('restored_from'),
  },
  (t) => [uniqueIndex('website_configuration_versions_unique').on(t.configurationId, t.version)],
);
