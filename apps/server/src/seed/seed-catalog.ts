import { AI_MODELS, INTERVIEW_TYPES, roleByKey } from '@cohort/domain';
import type { Faker } from '@faker-js/faker';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import {
  aiPrompts,
  answers,
  cards,
  companies,
  degreeCategories,
  degrees,
  enquiries,
  jobRoles,
  locations,
  messages,
  orders,
  products,
  questions,
  testimonials,
  users,
  userTypeCards,
  userTypeConditions,
  userTypes,
  websiteConfigurations,
  websiteConfigurationVersions,
} from '../db/schema';

const DEGREES: Record<string, string[]> = {
  Engineering: ['B.Tech Computer Science', 'B.Tech Electronics', 'B.E. Mechanical', 'M.Tech'],
  Science: ['B.Sc Computer Science', 'B.Sc Mathematics', 'M.Sc Physics'],
  Commerce: ['B.Com', 'M.Com'],
  'Computer Applications': ['BCA', 'MCA'],
};
const JOB_ROLES = [
  'Frontend Developer',
  'Backend Developer',
  'Full Stack Developer',
  'Data Analyst',
  'QA Engineer',
  'Support Engineer',
  'DevOps Engineer',
  'Business Analyst',
  'Android Developer',
  'SDE Intern',
];
const CITIES: [string, string][] = [
  ['Bengaluru', 'Karnataka'],
  ['Hyderabad', 'Telangana'],
  ['Pune', 'Maharashtra'],
  ['Mumbai', 'Maharashtra'],
  ['Chennai', 'Tamil Nadu'],
  ['Gurugram', 'Haryana'],
  ['Noida', 'Uttar Pradesh'],
  ['Kolkata', 'West Bengal'],
  ['Ahmedabad', 'Gujarat'],
  ['Jaipur', 'Rajasthan'],
  ['Kochi', 'Kerala'],
  ['Indore', 'Madhya Pradesh'],
];

/** The content and configuration screens of issue 7, each with something to show. */
/** Every third prompt is about a company (spec §9 "Topic or Company"); the topic is drawn for all. */
function aiPromptSubject(i: number, topic: string) {
  const companies = ['Google', 'Amazon', 'Infosys'];
  return i % 3 === 2 ? { topicType: 'Company', topic: companies[i % companies.length] } : { topicType: 'Topic', topic };
}

export async function seedCatalog(tx: Tx, faker: Faker, daysAgo: (max: number, min?: number) => Date) {
  await tx.insert(testimonials).values(
    Array.from({ length: 8 }, (_, i) => ({
      name: faker.person.fullName(),
      designation: faker.helpers.arrayElement(JOB_ROLES),
      company: faker.company.name(),
      content: `${faker.lorem.sentences({ min: 2, max: 4 })} The mock interviews made the difference.`,
      rating: faker.number.int({ min: 4, max: 5 }),
      status: i < 7 ? 'Active' : 'Inactive',
      position: i + 1,
    })),
  );
  await tx.insert(companies).values(
    Array.from({ length: 15 }, (_, i) => ({
      name: `${faker.company.name()} ${i + 1}`,
      website: `https://www.example${i + 1}.com`,
      industry: faker.helpers.arrayElement(['Fintech', 'E-commerce', 'SaaS', 'EdTech', 'Healthcare', 'Consulting']),
      city: faker.helpers.arrayElement(CITIES)[0],
      description: faker.company.catchPhrase(),
      contactName: faker.person.fullName(),
      contactEmail: `hr${i + 1}@example${i + 1}.com`,
      campusNexaRecommended: i % 4 === 0,
      campusNexaRecommendedAt: i % 4 === 0 ? daysAgo(60) : null,
    })),
  );
  const productRows = await tx
    .insert(products)
    .values([
      { name: 'Mock interview pack', description: 'Three mock interviews with mentors', priceMinor: 149_900 },
      { name: 'Resume review', description: 'A mentor reviews and annotates your resume', priceMinor: 49_900 },
      { name: 'DSA bootcamp', description: 'Four weeks of data structures and algorithms', priceMinor: 499_900 },
      { name: 'SQL crash course', description: 'Self-paced SQL with graded tasks', priceMinor: 99_900 },
      {
        name: 'Career counselling',
        description: 'One hour with a placement advisor',
        priceMinor: 29_900,
        status: 'Inactive',
      },
    ])
    .returning({ id: products.id, priceMinor: products.priceMinor });
  const buyers = await tx.select({ id: users.id }).from(users).where(sql`${users.roleId} = 2`).limit(30);
  if (buyers.length) {
    await tx.insert(orders).values(
      Array.from({ length: 30 }, () => {
        const product = faker.helpers.arrayElement(productRows);
        const createdAt = daysAgo(120);
        return {
          userId: faker.helpers.arrayElement(buyers).id,
          productId: product.id,
          amountMinor: product.priceMinor,
          status: faker.helpers.weightedArrayElement([
            { value: 'Paid', weight: 6 },
            { value: 'Pending', weight: 2 },
            { value: 'Cancelled', weight: 1 },
            { value: 'Refunded', weight: 1 },
          ]),
          paymentReference: `pay_${faker.string.alphanumeric(14)}`,
          createdAt,
          updatedAt: createdAt,
        };
      }),
    );
  }
  for (const [category, names] of Object.entries(DEGREES)) {
    const [row] = await tx.insert(degreeCategories).values({ name: category }).returning({ id: degreeCategories.id });
    await tx.insert(degrees).values(names.map((name) => ({ name, categoryId: row.id })));
  }
  await tx
    .insert(jobRoles)
    .values(JOB_ROLES.map((name) => ({ name, description: `${name} roles at partner companies` })));
  await tx.insert(locations).values(CITIES.map(([city, state]) => ({ city, state })));
  await tx.insert(aiPrompts).values(
    Array.from({ length: 6 }, (_, i) => ({
      title: `${INTERVIEW_TYPES[i].value} interviewer`,
      model: AI_MODELS[i % 2].value,
      interviewType: INTERVIEW_TYPES[i].value,
      ...aiPromptSubject(i, faker.helpers.arrayElement(['JavaScript', 'React', 'SQL', 'System design', 'Behavioural'])),
      prompt: `You are an interviewer for a ${INTERVIEW_TYPES[i].value}. Ask one question at a time and rate each answer from 1 to 5.`,
    })),
  );
  if (buyers.length) {
    const topics = [
      'useEffect runs twice',
      'SQL GROUP BY with joins',
      'Big-O of my solution',
      'CSS grid centring',
      'Git rebase vs merge',
      'Promise.all errors',
    ];
    const asked = await tx
      .insert(questions)
      .values(
        topics.map((topic, i) => ({
          title: `How do I understand ${topic}?`,
          body: faker.lorem.sentences({ min: 1, max: 3 }),
          askedById: faker.helpers.arrayElement(buyers).id,
          status: i < 3 ? 'Un-Answered' : i < 5 ? 'Answered' : 'Archive',
        })),
      )
      .returning({ id: questions.id, status: questions.status });
    await tx.insert(answers).values(
      asked
        .filter((q) => q.status !== 'Un-Answered')
        .map((q) => ({
          questionId: q.id,
          body: faker.lorem.sentences({ min: 1, max: 2 }),
          answeredByName: 'Demo Mentor',
        })),
    );
  }
  await tx.insert(enquiries).values(
    Array.from({ length: 20 }, (_, i) => {
      const createdAt = daysAgo(45);
      return {
        name: faker.person.fullName(),
        email: faker.internet.email().toLowerCase(),
        phone: faker.phone.number(),
        subject: faker.helpers.arrayElement(['Fees', 'Placement guarantee', 'Batch timings', 'ISA terms', 'Refund']),
        message: faker.lorem.sentences({ min: 1, max: 3 }),
        status: i < 12 ? 'Pending' : faker.helpers.arrayElement(['Fulfilled', 'Rejected']),
        createdAt,
        updatedAt: createdAt,
      };
    }),
  );
}

/** Website settings with a short history, so the History panel has something to show. */
export async function seedWebsiteConfiguration(tx: Tx, adminId: number, adminName: string) {
  const settings: [string, string[], string][] = [
    [
      'home.banner.title',
      ['Learn to code. Get placed.', 'Learn to code. Get placed. Pay when you earn.'],
      'Headline of the home page',
    ],
    ['home.banner.cta', ['Apply now'], 'Button under the headline'],
    ['footer.support.email', ['support@cohort.test'], 'Shown in the footer and in mails'],
    ['admissions.next.batch', ['2027-01-05', '2027-01-12'], 'Start date of the next batch'],
  ];
  for (const [key, values, description] of settings) {
    const [row] = await tx
      .insert(websiteConfigurations)
      .values({ key, value: values.at(-1)!, description, version: values.length })
      .returning({ id: websiteConfigurations.id });
    await tx.insert(websiteConfigurationVersions).values(
      values.map((value, i) => ({
        configurationId: row.id,
        version: i + 1,
        value,
        changedBy: adminId,
        changedByName: adminName,
      })),
    );
  }
}

/** Segments of learners, each with its conditions and cards, so every learner's dashboard shows something. */
export async function seedDashboardCards(tx: Tx) {
  const cardRows = await tx
    .insert(cards)
    .values(
      [
        [
          'Welcome to your cohort',
          "This week's plan, your mentor and your batch in one place.",
          'See the plan',
          'https://cohort.test/plan',
        ],
        [
          'Book your final mock interview',
          'Your ISA is verified: the last step before placements.',
          'Book a slot',
          'https://cohort.test/mocks',
        ],
        [
          'Placement drive this Friday',
          'Twelve partner companies are hiring. Update your resume first.',
          'Update resume',
          'https://cohort.test/resume',
        ],
        ['Upgrade to Pro', 'Unlimited mock interviews and a placement advisor.', 'See Pro', 'https://cohort.test/pro'],
        ['Top 10% this month', 'You are among the most active learners. Keep the streak going!', null, null],
        ['Summer hackathon', 'Registrations are closed; results next week.', null, null],
      ].map(([title, body, ctaLabel, ctaUrl], i) => ({
        title: title as string,
        body: body as string,
        ctaLabel,
        ctaUrl,
        active: i < 5,
        position: i + 1,
      })),
    )
    .returning({ id: cards.id });
  const types: [string, number, string, [string, string, string][], number[]][] = [
    ['ISA verified', 10, 'Learners whose ISA is verified', [['isaStatus', '=', 'ISA Verified']], [1, 0]],
    [
      'Ready for placement',
      20,
      'Ready and not yet placed',
      [
        ['readyForPlacements', '=', 'true'],
        ['alreadyPlaced', '=', 'false'],
      ],
      [2, 1],
    ],
    ['Pro prospects', 30, 'Payment pending for Pro', [['proStatus', '=', 'Payment Pending']], [3]],
    ['High scorers', 40, 'At least 3,000 points', [['totalPoints', '>=', '3000']], [4]],
    ['Everyone', 100, 'Every learner (no conditions)', [], [0, 5]],
  ];
  for (const [name, priority, description, conditions, cardIndexes] of types) {
    const [type] = await tx.insert(userTypes).values({ name, priority, description }).returning({ id: userTypes.id });
    if (conditions.length) {
      await tx
        .insert(userTypeConditions)
        .values(conditions.map(([field, operator, value]) => ({ userTypeId: type.id, field, operator, value })));
    }
    await tx.insert(userTypeCards).values(cardIndexes.map((i) => ({ userTypeId: type.id, cardId: cardRows[i].id })));
  }
}

/** Messages the demo motivator and HR sent to learners (the motivator's own learners, so their screen shows them). */
export async function seedMessages(tx: Tx, faker: Faker, daysAgo: (max: number, min?: number) => Date) {
  const staffOf = (key: string) =>
    tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(eq(users.roleId, roleByKey(key)!.id))
      .orderBy(asc(users.id))
      .limit(1);
  const [motivator] = await staffOf('MOTIVATOR');
  const [hr] = await staffOf('HR');
  if (!motivator || !hr) return;
  const theirs = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.roleId, roleByKey('USER')!.id), eq(users.motivatorId, motivator.id)))
    .limit(8);
  const anyone = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.roleId, roleByKey('USER')!.id))
    .limit(8);
  const subjects = [
    'Your weekly check-in',
    'Missed two tasks',
    'Mock interview booked',
    'Great streak!',
    'Documents pending',
  ];
  const rows = [
    ...theirs.map((l) => ({ learner: l.id, sender: motivator })),
    ...anyone.slice(0, 4).map((l) => ({ learner: l.id, sender: hr })),
  ].map(({ learner, sender }) => {
    const createdAt = daysAgo(30);
    return {
      userId: learner,
      subject: faker.helpers.arrayElement(subjects),
      body: faker.lorem.sentences({ min: 1, max: 3 }),
      senderId: sender.id,
      senderName: sender.name,
      createdAt,
      updatedAt: createdAt,
    };
  });
  if (rows.length) await tx.insert(messages).values(rows);
}
