import { describe, expect, it } from 'vitest';
import { decisionReportOf, decisionWrites } from './invite-decisions.ts';
import type { InviteRequest } from './invite-queue.ts';

const request = (id: string, status: InviteRequest['status']) => ({ id, status, name: id }) as InviteRequest;

describe('a decision on many requests', () => {
  it('writes the status of each request that has another, and reports changed, unchanged and failed', () => {
    const [pending, approved, gone] = [request('r1', 'pending'), request('r2', 'approved'), request('r3', 'declined')];
    const writes = decisionWrites([pending, approved, gone], 'approved');
    expect(writes.map(({ change }) => change)).toEqual([
      { id: 'r1', patch: { status: 'approved' } },
      null,
      { id: 'r3', patch: { status: 'approved' } },
    ]);
    const report = decisionReportOf('approved', [
      { subject: pending, outcome: 'patched' },
      { subject: approved, outcome: 'unchanged' },
      { subject: gone, outcome: 'failed', message: 'This request was deleted meanwhile' },
    ]);
    expect(report).toEqual({
      decision: 'approved',
      total: 3,
      changed: 1,
      unchanged: 1,
      failed: [{ request: gone, message: 'This request was deleted meanwhile' }],
    });
  });

  it('leaves an invited guest as they are when approving (they are let in already), not when declining', () => {
    const invited = request('r4', 'invited');
    expect(decisionWrites([invited], 'approved').map(({ change }) => change)).toEqual([null]);
    expect(decisionWrites([invited], 'declined').map(({ change }) => change)).toEqual([
      { id: 'r4', patch: { status: 'declined' } },
    ]);
  });
});
