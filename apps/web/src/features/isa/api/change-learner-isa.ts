import { calls, type IsaStateWire } from '@cohort/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, uploadCall } from '../../../lib/call';
import { isaKeys } from './get-learner-isa';

/** The ISA calls that answer the learner's ISA as it is after the move. */
export type IsaCall = 'assign' | 'verify' | 'extend' | 'update' | 'remove';

/** What a move changes beyond the ISA: the learner's record (ISA status), lists, their history. */
function useRefresh(userId: string) {
  const qc = useQueryClient();
  return (state?: IsaStateWire) => {
    if (state) qc.setQueryData(isaKeys.learner(userId), state);
    return Promise.all([
      qc.invalidateQueries({ queryKey: isaKeys.learner(userId) }),
      qc.invalidateQueries({ queryKey: ['resource', 'user'] }),
      qc.invalidateQueries({ queryKey: ['resource', 'mail/outbox'] }),
      qc.invalidateQueries({ queryKey: ['learner-history'] }),
    ]);
  };
}

/** `POST /admin/user/isa/{assign|verify|extend|update|remove}` with the learner's id in the body. */
export function useIsaMove(userId: string) {
  const refresh = useRefresh(userId);
  return useMutation({
    mutationFn: ({ call: move, body }: { call: IsaCall; body: Record<string, unknown> }) =>
      // The panel's form builds the body from the move's schema; the server checks it again.
      call(calls.isa[move], { body: { userId: Number(userId), ...body } as never }) as Promise<IsaStateWire>,
    onSuccess: (state) => refresh(state as IsaStateWire),
  });
}

/** `POST /admin/user/isa/resend`: the mail as the outbox has it (sent, queued or failed). */
export function useResendIsaLink(userId: string) {
  const refresh = useRefresh(userId);
  return useMutation({
    mutationFn: () => call(calls.isa.resend, { body: { userId: Number(userId) } }),
    onSuccess: () => refresh(),
  });
}

/** Uploads the documents or the video on the learner's behalf, reporting progress (0..1). */
export function useUploadIsaFile(userId: string) {
  const refresh = useRefresh(userId);
  return useMutation({
    mutationFn: ({
      kind,
      file,
      onProgress,
    }: {
      kind: 'document' | 'video';
      file: File;
      onProgress: (f: number) => void;
    }) =>
      uploadCall(kind === 'document' ? calls.isa.uploadDocument : calls.isa.uploadVideo, file, {
        query: { userId },
        onProgress,
        // A video of tens of MB on a slow line: more than the default request timeout.
        timeoutMs: 10 * 60 * 1000,
      }),
    onSuccess: (state) => refresh(state as IsaStateWire),
  });
}
