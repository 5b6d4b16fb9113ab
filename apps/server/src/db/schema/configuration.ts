import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
  /** Spec §9 "Topic or Company": what `topic` names. */
  topicType: text('topic_type'),
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

/** Cards a learner's dashboard shows (title, text, call to action, image), in position order. */
export const cards = pgTable(
  'cards',
  {
    ...baseColumns,
    ...versioned,
    title: text('title').notNull(),
    body: text('body').notNull(),
    ctaLabel: text('cta_label'),
    ctaUrl: text('cta_url'),
    imageUrl: text('image_url'),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull(),
  },
  (t) => [index('cards_position_idx').on(t.position)],
);

/** A named segment of learners; when a learner is of several, the lowest priority number shows first. */
export const userTypes = pgTable(
  'user_types',
  {
    ...baseColumns,
    ...versioned,
    name: text('name').notNull(),
    description: text('description'),
    priority: integer('priority').notNull(),
  },
  (t) => [
    uniqueIndex('user_types_name_unique').on(sql`lower(${t.name})`),
    index('user_types_priority_idx').on(t.priority),
  ],
);

/** One learner-list filter (field, operator, value); a learner is of a type when all its conditions hold. */
export const userTypeConditions = pgTable(
  'user_type_conditions',
  {
    ...baseColumns,
    ...versioned,
    userTypeId: integer('user_type_id')
      .notNull()
      .references(() => userTypes.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    operator: text('operator').notNull(),
    value: text('value').notNull(),
  },
  (t) => [index('user_type_conditions_type_idx').on(t.userTypeId)],
);

/** Which cards a user type shows: a pair at most once. */
export const userTypeCards = pgTable(
  'user_type_cards',
  {
    ...baseColumns,
    ...versioned,
    userTypeId: integer('user_type_id')
      .notNull()
      .references(() => userTypes.id, { onDelete: 'cascade' }),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('user_type_cards_pair_unique').on(t.userTypeId, t.cardId),
    index('user_type_cards_card_idx').on(t.cardId),
  ],
);
