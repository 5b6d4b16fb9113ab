import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { APPOINTMENT_FLOW } from './appointments';
import { LEAD_FLOW } from './crm';
import { checkNamedMove, fromStates, mermaidOf, openMoves, rowFits } from './flows';
import { FLOWS, RESOURCES } from './index';
import { ISA_FLOW } from './isa';
import { VERIFICATION_STEP_MACHINE } from './placement-flows';

describe('every flow of the product (decision 032)', () => {
  it('moves between its own states, and a resource’s flow field offers exactly them', () => {
    expect(FLOWS.length).toBeGreaterThanOrEqual(16);
    for (const { resource, flow } of FLOWS) {
      for (const m of flow.moves) {
        expect(flow.states, `${flow.name}.${m.move}`).toContain(m.to);
        for (const f of m.from) if (f !== null) expect(flow.states, `${flow.name}.${m.move}`).toContain(f);
      }
      const field = RESOURCES[resource]?.fields.find((f) => f.name === flow.field);
      if (resource !== 'user/isa') {
        expect(
          field?.options?.map((o) => o.value),
          `${resource}.${flow.field}`,
        ).toEqual([...flow.states]);
      }
    }
  });

  it('refuses a named move from a state it does not start from, naming the state and the moves open there', () => {
    const refused = checkNamedMove(ISA_FLOW, { status: 'ISA Verified' }, 'verify');
    expect(refused).toEqual({
      ok: false,
      reason: '"Verify" cannot be done while the ISA is "ISA Verified"',
      state: 'ISA Verified',
      allowed: ['extend', 'requestTermination'],
    });
    expect(checkNamedMove(ISA_FLOW, { status: 'ISA Acceptance Video Uploaded' }, 'verify')).toMatchObject({
      ok: true,
      to: 'ISA Verified',
    });
    // System moves are not offered to staff.
    expect(openMoves(ISA_FLOW, 'Documents Not Submitted')).not.toContain('deadlinePassed');
    expect(fromStates(ISA_FLOW, 'deadlinePassed')).toEqual(['Documents Not Submitted']);
  });

  it('says whether a record may sit where it is (the seed’s check)', () => {
    expect(rowFits(VERIFICATION_STEP_MACHINE, { verificationStep: 'pan' })).toBeUndefined();
    expect(rowFits(VERIFICATION_STEP_MACHINE, { verificationStep: 'cibil' })).toMatch(/PAN is not verified/);
    expect(rowFits(VERIFICATION_STEP_MACHINE, { verificationStep: 'cibil', panVerificationStatus: 'Verified' })).toBe(
      undefined,
    );
    // A completed verification stays at unlock: `locked` stops moves, not sitting there.
    expect(
      rowFits(VERIFICATION_STEP_MACHINE, {
        verificationStep: 'unlock',
        cibilScore: 700,
        verificationStatus: 'Verification Completed',
      }),
    ).toBeUndefined();
    expect(rowFits(APPOINTMENT_FLOW, { status: 'Completed', ratedAt: null })).toMatch(/without ratedAt/);
  });

  it('decision 032 draws its flows as mermaidOf writes them', () => {
    const doc = readFileSync(
      fileURLToPath(new URL('../../../docs/decisions/032-one-way-to-move-a-status.md', import.meta.url)),
      'utf8',
    );
    for (const flow of [APPOINTMENT_FLOW, LEAD_FLOW]) expect(doc, flow.name).toContain(mermaidOf(flow));
  });
});
