/**
 * Where a learner's credit score comes from (spec: check-cibil-score). A bureau integration
 * implements this interface and is chosen in app.ts; the default records what staff entered
 * from the bureau's own report, so the call works, and is honest, without a contract.
 */
export type CreditCheck = { score: number; report: string | null };
export type CreditBureau = {
  /** Stored with the result, so a score says where it came from. */
  name: string;
  /** Staff must enter the score themselves (the manual provider). */
  needsEnteredScore: boolean;
  check(
    learner: { id: number; name: string; email: string; phone: string | null },
    entered: {
      score?: number;
      report?: string | null;
    },
  ): Promise<CreditCheck>;
};

/** The default: the score and report staff read off the bureau's report. */
export const manualCreditBureau: CreditBureau = {
  name: 'manual',
  needsEnteredScore: true,
  async check(_learner, entered) {
    return { score: entered.score as number, report: entered.report ?? null };
  },
};
