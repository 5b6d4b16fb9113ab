import { describe, expect, it } from 'vitest';
import { ISA_STATUSES } from './enums';
import {
  allowedIsaMoves,
  ISA_MOVES,
  ISA_STAFF_MOVES,
  ISA_SYSTEM_MOVES,
  ISA_TRANSITIONS,
  ISA_UPDATE_MOVES,
  type IsaStatus,
  isaMovePermission,
  isaMoveTarget,
  isaTypeCreateSchema,
  isaTypeIssues,
  isaUpdateSchema,
} from './isa';

const STATUSES = ISA_STATUSES.map((s) => s.value as IsaStatus);

/** The machine written out by hand (decision 017's diagram): from -> move -> to. */
const EXPECTED: Record<IsaStatus, Partial<Record<(typeof ISA_MOVES)[number], IsaStatus>>> = {
  'Not Assigned': { assign: 'Documents Not Submitted' },
  'Documents Not Submitted': {
    changeType: 'Documents Not Submitted',
    submitDocuments: 'ISA Submitted',
    extend: 'Documents Not Submitted',
    resend: 'Documents Not Submitted',
    optOut: 'Opted out from ISA',
    remove: 'Not Assigned',
    deadlinePassed: 'Document Submission Overdue',
    expire: 'ISA Expired',
  },
  'Document Submission Overdue': {
    changeType: 'Document Submission Overdue',
    submitDocuments: 'ISA Submitted',
    extend: 'Documents Not Submitted',
    resend: 'Document Submission Overdue',
    optOut: 'Opted out from ISA',
    remove: 'Not Assigned',
    expire: 'ISA Expired',
  },
  'ISA Submitted': {
    changeType: 'ISA Submitted',
    submitDocuments: 'ISA Submitted',
    uploadVideo: 'ISA Acceptance Video Uploaded',
    resend: 'ISA Submitted',
    optOut: 'Opted out from ISA',
    remove: 'Not Assigned',
    expire: 'ISA Expired',
  },
  'ISA Acceptance Video Uploaded': {
    changeType: 'ISA Acceptance Video Uploaded',
    submitDocuments: 'ISA Acceptance Video Uploaded',
    uploadVideo: 'ISA Acceptance Video Uploaded',
    verify: 'ISA Verified',
    resend: 'ISA Acceptance Video Uploaded',
    optOut: 'Opted out from ISA',
    remove: 'Not Assigned',
    expire: 'ISA Expired',
  },
  'ISA Verified': { extend: 'ISA Verified', requestTermination: 'Termination Pending', expire: 'ISA Expired' },
  'Termination Pending': { cancelTermination: 'ISA Verified', terminate: 'ISA Terminated' },
  'ISA Terminated': { assign: 'Documents Not Submitted', remove: 'Not Assigned' },
  'ISA Expired': { assign: 'Documents Not Submitted', remove: 'Not Assigned' },
  'Opted out from ISA': { assign: 'Documents Not Submitted', remove: 'Not Assigned' },
};

describe('the ISA machine', () => {
  it('has exactly the transitions of the diagram: every status x every move', () => {
    for (const status of STATUSES) {
      for (const move of ISA_MOVES) {
        expect(isaMoveTarget(status, move), `${status} x ${move}`).toBe(EXPECTED[status][move] ?? null);
      }
    }
  });

  it('offers staff the staff moves open from each status, never the system ones', () => {
    for (const status of STATUSES) {
      const allowed = allowedIsaMoves(status);
      expect(allowed).toEqual(ISA_STAFF_MOVES.filter((m) => EXPECTED[status][m]));
      for (const m of ISA_SYSTEM_MOVES) expect(allowed).not.toContain(m);
    }
  });

  it('names only the ten statuses of spec §4, and every status is reachable from Not Assigned', () => {
    const targets = new Set(Object.values(ISA_TRANSITIONS).flatMap((t) => [...Object.keys(t), ...Object.values(t)]));
    for (const s of targets) expect(STATUSES).toContain(s);
    const seen = new Set<IsaStatus>(['Not Assigned']);
    let grew = true;
    while (grew) {
      grew = false;
      for (const s of [...seen])
        for (const m of ISA_MOVES) {
          const next = isaMoveTarget(s, m);
          if (next && !seen.has(next)) {
            seen.add(next);
            grew = true;
          }
        }
    }
    expect([...seen].sort()).toEqual([...STATUSES].sort());
  });

  it('colours the statuses as the spec says', () => {
    const colour = Object.fromEntries(ISA_STATUSES.map((s) => [s.value, s.color]));
    for (const s of ['Documents Not Submitted', 'Document Submission Overdue', 'ISA Terminated'])
      expect(colour[s]).toBe('red');
    for (const s of ['ISA Submitted', 'ISA Acceptance Video Uploaded']) expect(colour[s]).toBe('orange');
    expect(colour['ISA Verified']).toBe('green');
  });
});

describe('ISA schemas', () => {
  const type = {
    name: 'Standard',
    salaryPercent: 12.5,
    currency: 'INR',
    monthlyCapMinor: 100,
    totalCapMinor: 1000,
    durationMonths: 24,
    minimumSalaryMinor: 0,
  };
  it('takes money as whole minor units and a percent with two decimals at most', () => {
    expect(isaTypeCreateSchema.safeParse(type).success).toBe(true);
    expect(isaTypeCreateSchema.safeParse({ ...type, monthlyCapMinor: 1.5 }).success).toBe(false);
    expect(isaTypeCreateSchema.safeParse({ ...type, salaryPercent: 12.345 }).success).toBe(false);
    expect(isaTypeCreateSchema.safeParse({ ...type, currency: 'EUR' }).success).toBe(false);
    expect(isaTypeIssues({ monthlyCapMinor: 200, totalCapMinor: 100 })).toHaveLength(1);
    expect(isaTypeIssues(type)).toEqual([]);
  });
  it('asks for a reason when an ISA ends and a type when it changes', () => {
    const base = { userId: 1, version: 1 };
    expect(isaUpdateSchema.safeParse({ ...base, move: 'terminate' }).success).toBe(false);
    expect(isaUpdateSchema.safeParse({ ...base, move: 'terminate', reason: 'Paid in full' }).success).toBe(true);
    expect(isaUpdateSchema.safeParse({ ...base, move: 'changeType' }).success).toBe(false);
    expect(isaUpdateSchema.safeParse({ ...base, move: 'cancelTermination' }).success).toBe(true);
  });
});

describe('who may make each move is the flow’s (decision 032)', () => {
  it('names an isa permission action for every staff move and none for a system move', () => {
    const actions = new Set(['assign', 'update', 'upload', 'verify', 'extend', 'resend', 'remove']);
    for (const move of ISA_STAFF_MOVES) expect(actions, move).toContain(isaMovePermission(move));
    for (const move of ISA_SYSTEM_MOVES) expect(isaMovePermission(move), move).toBeUndefined();
    expect(isaMovePermission('verify')).toBe('verify');
    expect(new Set(ISA_UPDATE_MOVES.map(isaMovePermission))).toEqual(new Set(['update']));
    expect([isaMovePermission('submitDocuments'), isaMovePermission('uploadVideo')]).toEqual(['upload', 'upload']);
  });
});
