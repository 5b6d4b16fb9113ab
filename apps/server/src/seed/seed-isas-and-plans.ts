import {
  PENALTY_REASONS,
  PLACEMENT_PAYMENT_STATUSES,
  SHARPENER_PLUS_STATUSES,
  VERIFICATION_STEPS,
} from '@cohort/domain';
import type { Faker } from '@faker-js/faker';
import type { Tx } from '../db/client';
import { isaTypes, learnerIsas, plans, subscriptions, upfrontDeposits } from '../db/schema';
import { randomKey } from '../platform/files';
import type { StorageDriver } from '../platform/storage';
import { samplePdf, sampleVideo } from './sample-files';

const DAY = 86_400_000;

/**
 * Learners past this index get no stored files: their ISAs stay in statuses that have none
 * (a benchmark set of a million learners would otherwise write a million files). The default
 * demo (2,000 learners) has ISAs of every status among its first thousand.
 */
export const ISA_FILE_LEARNERS = 1000;

/** ISA statuses an ISA reaches without a document or video. */
const FILELESS = new Set(['Not Assigned', 'Documents Not Submitted', 'Document Submission Overdue']);

/** Where the seed stores ISA files: the app's storage driver and bucket. */
export type SeedFiles = { storage: StorageDriver; bucket: string };

const ISA_TYPES = [
  {
    name: 'Standard ISA',
    description: '15% of salary once placed above ₹3 lakh a year, for 24 months',
    salaryPercent: 15,
    currency: 'INR',
    monthlyCapMinor: 2_500_000,
    totalCapMinor: 35_000_000,
    durationMonths: 24,
    minimumSalaryMinor: 30_000_000,
  },
  {
    name: 'Career Accelerator ISA',
    description: '12.5% of salary above ₹4 lakh a year, for 30 months',
    salaryPercent: 12.5,
    currency: 'INR',
    monthlyCapMinor: 3_000_000,
    totalCapMinor: 50_000_000,
    durationMonths: 30,
    minimumSalaryMinor: 40_000_000,
  },
  {
    name: 'International ISA',
    description: '10% of salary above $30,000 a year, for 18 months',
    salaryPercent: 10,
    currency: 'USD',
    monthlyCapMinor: 60_000,
    totalCapMinor: 900_000,
    durationMonths: 18,
    minimumSalaryMinor: 3_000_000,
  },
  {
    name: 'Legacy ISA 2024',
    description: 'No longer offered; kept for learners who signed it',
    salaryPercent: 17.5,
    currency: 'INR',
    monthlyCapMinor: 2_000_000,
    totalCapMinor: 30_000_000,
    durationMonths: 36,
    minimumSalaryMinor: 25_000_000,
    active: false,
  },
];

const PLANS = [
  {
    name: 'Foundation',
    description: 'Six months of the programme with mentor reviews',
    kind: 'Standard',
    priceMinor: 4_999_900,
    currency: 'INR',
    durationMonths: 6,
    upfrontDepositMinor: 500_000,
    depositValidityDays: 14,
  },
  {
    name: 'Placement Pro',
    description: 'The full programme, mock interviews and placement drives',
    kind: 'Pro',
    priceMinor: 12_000_000,
    currency: 'INR',
    durationMonths: 12,
    upfrontDepositMinor: 1_000_000,
    depositValidityDays: 10,
  },
  {
    name: 'Sharpener Plus',
    description: 'Three months of interview preparation for working developers',
    kind: 'Pro',
    priceMinor: 2_999_900,
    currency: 'INR',
    durationMonths: 3,
    upfrontDepositMinor: 0,
    depositValidityDays: 14,
  },
  {
    name: 'Global Track',
    description: 'The programme for learners abroad, billed in dollars',
    kind: 'Standard',
    priceMinor: 150_000,
    currency: 'USD',
    durationMonths: 9,
    upfrontDepositMinor: 20_000,
    depositValidityDays: 21,
  },
];

export type SeededPlan = typeof plans.$inferSelect;

export async function seedIsaTypesAndPlans(tx: Tx) {
  const types = await tx.insert(isaTypes).values(ISA_TYPES).returning();
  const planRows = await tx.insert(plans).values(PLANS).returning();
  return { types, plans: planRows };
}

/** What a learner's money and placement look like (decided before the learner row is written). */
export type LearnerMoney = {
  planId: number | null;
  proPlanId: number | null;
  upfrontStatus: string;
  /** The deposit to write after the learner: its status and last day. */
  deposit: { status: 'Pending' | 'Paid' | 'Expired'; expiresInDays: number } | null;
  subscription: { planId: number; startedDaysAgo: number } | null;
  placementPaymentStatus: string;
  placementPenaltyReason: string | null;
  verificationStep: string;
  verificationStatus: string;
  sharpenerPlusStatus: string | null;
};

/**
 * A learner's plan, deposit and placement flows, deterministic by index: the first learners
 * take every placement payment state, verification step, sharpener-plus status and deposit
 * status in turn, then the spread is weighted as a cohort looks (most not opted in, most
 * deposits paid, a few pending ones expiring within days).
 */
export function learnerMoney(
  faker: Faker,
  i: number,
  plansSeeded: readonly SeededPlan[],
  penaltyStatus: string,
): LearnerMoney {
  const cycle = <T extends { value: string }>(options: readonly T[], random: () => string) =>
    i < options.length ? options[i].value : random();
  const subscribed = i < 12 || faker.datatype.boolean({ probability: 0.45 });
  const plan = subscribed ? plansSeeded[i % plansSeeded.length] : null;
  let deposit: LearnerMoney['deposit'] = null;
  if (plan && plan.upfrontDepositMinor > 0) {
    // 0: pending, due in 1-3 days (the expiry sweep's next work); 1: expired; then mostly paid.
    const kind =
      i % 7 === 0
        ? 'soon'
        : i % 7 === 1
          ? 'expired'
          : faker.helpers.weightedArrayElement([
              { value: 'paid', weight: 6 },
              { value: 'pending', weight: 2 },
              { value: 'expired', weight: 1 },
            ]);
    deposit =
      kind === 'soon'
        ? { status: 'Pending', expiresInDays: faker.number.int({ min: 1, max: 3 }) }
        : kind === 'pending'
          ? { status: 'Pending', expiresInDays: faker.number.int({ min: 4, max: plan.depositValidityDays }) }
          : kind === 'expired'
            ? { status: 'Expired', expiresInDays: -faker.number.int({ min: 1, max: 30 }) }
            : { status: 'Paid', expiresInDays: -faker.number.int({ min: 0, max: 60 }) };
  }
  const payment = cycle(PLACEMENT_PAYMENT_STATUSES, () =>
    faker.helpers.weightedArrayElement(
      PLACEMENT_PAYMENT_STATUSES.map((s, k) => ({ value: s.value as string, weight: k === 0 ? 10 : 1 })),
    ),
  );
  const penalised = penaltyStatus !== 'Not Required';
  // Drawn for every subscriber (the same sequence for the learners after); with a deposit, the
  // subscription starts when the deposit's validity began, so it expires on its last day.
  const startedDaysAgo = faker.number.int({ min: 0, max: 60 });
  // Drawn in the order the seed always drew them, so the learners after stay the same.
  const penaltyReason = penalised ? faker.helpers.arrayElement(PENALTY_REASONS).value : null;
  const step = cycle(VERIFICATION_STEPS, () => faker.helpers.arrayElement(VERIFICATION_STEPS).value);
  return {
    planId: plan?.id ?? null,
    proPlanId: plan?.kind === 'Pro' ? plan.id : null,
    upfrontStatus: deposit?.status ?? 'Not Required',
    deposit,
    subscription: plan
      ? {
          planId: plan.id,
          startedDaysAgo: deposit ? plan.depositValidityDays - deposit.expiresInDays : startedDaysAgo,
        }
      : null,
    placementPaymentStatus: payment,
    placementPenaltyReason: penaltyReason,
    verificationStep: step,
    // Completed only from the last step; half of those at unlock (no draw: the sequence stays).
    verificationStatus: step === 'unlock' && i % 2 === 0 ? 'Verification Completed' : 'Verification Pending',
    sharpenerPlusStatus:
      cycle(SHARPENER_PLUS_STATUSES, () =>
        faker.datatype.boolean({ probability: 0.3 }) ? faker.helpers.arrayElement(SHARPENER_PLUS_STATUSES).value : '',
      ) || null,
  };
}

/** The ISA status a learner may have: past the file cap, only statuses without files. */
export function isaStatusFor(i: number, wanted: string): string {
  if (i < ISA_FILE_LEARNERS || FILELESS.has(wanted)) return wanted;
  return wanted === 'ISA Expired' || wanted === 'Opted out from ISA' ? 'Document Submission Overdue' : 'Not Assigned';
}

const iso = (at: number) => new Date(at).toISOString().slice(0, 10);

type IsaLearner = { id: number; name: string; isaStatus: string };

/**
 * The learners' ISAs, matching `users.isa_status` (the ISA's mirror): dates that fit the
 * status (a few deadlines passed yesterday and some expiries today, so the scheduled sweep has
 * work on the first run), signed documents as real PDFs and the acceptance video, stored
 * through the storage driver under keys of their own (a replaced file is deleted, so none is
 * shared).
 */
export async function seedLearnerIsas(
  tx: Tx,
  faker: Faker,
  learners: readonly IsaLearner[],
  types: readonly { id: number; name: string; active: boolean; durationMonths: number }[],
  assignedBy: { id: number; name: string },
  now: number,
  files: SeedFiles | undefined,
) {
  const offered = types.filter((t) => t.active);
  const rows: (typeof learnerIsas.$inferInsert)[] = [];
  const puts: (() => Promise<void>)[] = [];
  let waiting = 0;
  for (const [k, l] of learners.entries()) {
    const s = l.isaStatus;
    if (s === 'Not Assigned') continue;
    // The second ISA still waiting for documents, and one in five after it, passed its deadline
    // yesterday: the first sweep makes them overdue (the first keeps waiting, so the status stays).
    const late = s === 'Documents Not Submitted' && waiting++ % 5 === 1;
    const type = s === 'ISA Verified' && k % 9 === 0 ? types[types.length - 1] : faker.helpers.arrayElement(offered);
    const assignedDaysAgo =
      s === 'Documents Not Submitted' ? faker.number.int({ min: 0, max: 10 }) : faker.number.int({ min: 15, max: 400 });
    const assignedAt = now - assignedDaysAgo * DAY;
    const deadline =
      s === 'Documents Not Submitted'
        ? late
          ? iso(now - DAY)
          : iso(now + faker.number.int({ min: 1, max: 14 }) * DAY)
        : iso(assignedAt + 14 * DAY);
    const expiry =
      s === 'ISA Expired'
        ? iso(now - faker.number.int({ min: 1, max: 90 }) * DAY)
        : s === 'ISA Verified' && k % 6 === 1
          ? iso(now + faker.number.int({ min: 0, max: 7 }) * DAY)
          : iso(assignedAt + type.durationMonths * 30 * DAY);
    const hasFiles = files && !FILELESS.has(s) && !(s === 'Opted out from ISA' && k % 2 === 0);
    const hasVideo =
      hasFiles &&
      [
        'ISA Acceptance Video Uploaded',
        'ISA Verified',
        'Termination Pending',
        'ISA Terminated',
        'ISA Expired',
      ].includes(s);
    const verified = hasVideo && s !== 'ISA Acceptance Video Uploaded';
    const row: typeof learnerIsas.$inferInsert = {
      userId: l.id,
      isaTypeId: type.id,
      status: s,
      assignedAt: new Date(assignedAt),
      assignedById: assignedBy.id,
      assignedByName: assignedBy.name,
      documentDeadline: deadline,
      expiryDate: expiry,
      createdAt: new Date(assignedAt),
      updatedAt: new Date(assignedAt),
    };
    if (hasFiles && files) {
      const key = `isa-document-${randomKey('pdf')}`;
      const uploadedAt = new Date(assignedAt + faker.number.int({ min: 1, max: 13 }) * DAY);
      const pdf = samplePdf('Income Share Agreement', [
        `Learner: ${l.name}`,
        `Agreement: ${type.name}`,
        `Signed on ${uploadedAt.toISOString().slice(0, 10)}`,
        '',
        'The learner agrees to pay the share of salary the agreement names,',
        'once placed above its minimum salary, up to its monthly and total caps.',
        '(Sample document written by the demo seed.)',
      ]);
      puts.push(() => files.storage.put(files.bucket, key, pdf, 'application/pdf'));
      Object.assign(row, {
        documentKey: key,
        documentName: `isa-${l.name.toLowerCase().replace(/[^a-z]+/g, '-')}.pdf`,
        documentType: 'application/pdf',
        documentSize: pdf.length,
        documentUploadedAt: uploadedAt,
      });
      if (hasVideo) {
        const vkey = `isa-video-${randomKey('webm')}`;
        const video = sampleVideo();
        puts.push(() => files.storage.put(files.bucket, vkey, video, 'video/webm'));
        Object.assign(row, {
          videoKey: vkey,
          videoName: 'acceptance-video.webm',
          videoType: 'video/webm',
          videoSize: video.length,
          videoUploadedAt: new Date(uploadedAt.getTime() + DAY),
        });
      }
      if (verified)
        Object.assign(row, { verifiedAt: new Date(uploadedAt.getTime() + 2 * DAY), verifiedByName: assignedBy.name });
    }
    if (s === 'Termination Pending') row.reason = 'Placed abroad; asked to end the agreement';
    if (s === 'ISA Terminated')
      row.reason = faker.helpers.arrayElement(['Paid the total cap early', 'Left the programme']);
    if (s === 'Opted out from ISA') row.reason = 'Chose to pay the fee upfront instead';
    rows.push(row);
  }
  // Files first (a few at a time), then the rows naming them.
  for (let i = 0; i < puts.length; i += 16) await Promise.all(puts.slice(i, i + 16).map((p) => p()));
  for (let i = 0; i < rows.length; i += 500) await tx.insert(learnerIsas).values(rows.slice(i, i + 500));
}

/** Subscriptions and their deposits, as `learnerMoney` decided for each learner. */
export async function seedSubscriptions(
  tx: Tx,
  learners: readonly { id: number; money: LearnerMoney }[],
  plansSeeded: readonly SeededPlan[],
  createdBy: { id: number; name: string },
  now: number,
) {
  const byId = new Map(plansSeeded.map((p) => [p.id, p]));
  const subs = learners
    .filter((l) => l.money.subscription)
    .map((l) => {
      const plan = byId.get(l.money.subscription!.planId)!;
      const start = now - l.money.subscription!.startedDaysAgo * DAY;
      return {
        learner: l,
        row: {
          userId: l.id,
          planId: plan.id,
          status: 'Active',
          startDate: iso(start),
          endDate: iso(start + plan.durationMonths * 30 * DAY),
          priceMinor: plan.priceMinor,
          currency: plan.currency,
          createdById: createdBy.id,
          createdByName: createdBy.name,
          createdAt: new Date(start),
          updatedAt: new Date(start),
        },
      };
    });
  for (let i = 0; i < subs.length; i += 500) {
    const chunk = subs.slice(i, i + 500);
    const ids = await tx
      .insert(subscriptions)
      .values(chunk.map((s) => s.row))
      .returning({ id: subscriptions.id });
    const deposits = chunk.flatMap((s, k) => {
      const d = s.learner.money.deposit;
      if (!d) return [];
      const plan = byId.get(s.row.planId)!;
      const expiresOn = iso(now + d.expiresInDays * DAY);
      return [
        {
          subscriptionId: ids[k].id,
          userId: s.row.userId,
          amountMinor: plan.upfrontDepositMinor,
          currency: plan.currency,
          status: d.status,
          expiresOn,
          // Paid the day after the subscription began (never before it, never after the deposit's last day).
          paidOn: d.status === 'Paid' ? iso(Math.min(Date.parse(s.row.startDate) + DAY, Date.parse(expiresOn))) : null,
        },
      ];
    });
    if (deposits.length) await tx.insert(upfrontDeposits).values(deposits);
  }
}
