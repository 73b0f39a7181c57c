// The Outbox view: what waits for the service, and the person's commands on one entry (retry,
// discard, and the decision about a reply whose fate is unknown). The outbox module decides what
// each command may do; this turns its outcome into what the person reads.
import { AppError } from '../../errors';
import { kindOf } from '../../outbox/kinds/index';
import type { Outcome } from '../../outbox/lifecycle';
import type { AccountContext } from '../context';
import { guard, type Feature } from './guard';

type Channels = 'outbox.list' | 'outbox.sent' | 'outbox.retry' | 'outbox.discard' | 'outbox.resolveUncertain';

const GONE = 'That change is no longer in the outbox.';

/** Turns what an outbox command came to into the error the person sees. */
function expectOk(outcome: Outcome): void {
  if (outcome === 'ok') return;
  if (outcome === 'gone') throw new AppError('not_found', GONE);
  if (outcome === 'busy') throw new AppError('conflict', 'That change is being sent right now.');
  if (outcome === 'uncertain')
    throw new AppError('conflict', 'This reply may have been sent: decide with “send again” or “mark sent”.');
  throw new AppError('conflict', 'That change is not waiting for a decision.');
}

const entry = (ctx: AccountContext, entryId: number) => {
  const e = ctx.db().outbox.get(entryId);
  if (!e) throw new AppError('not_found', GONE);
  return e;
};

export const outboxHandlers: Feature<Channels> = (ctx, engine) => ({
  'outbox.list': () =>
    guard(() =>
      ctx
        .db()
        .outbox.list()
        .map(({ payload: _p, notBefore: _n, ...e }) => ({ ...e, kindLabel: kindOf(e.kind).label })),
    ),
  'outbox.sent': () =>
    guard(() =>
      ctx
        .db()
        .outbox.sent()
        .map((e) => ({
          id: e.id,
          kind: e.kind,
          kindLabel: kindOf(e.kind).label,
          targetId: e.targetId,
          summary: e.summary,
          sentAt: e.updatedAt,
        })),
    ),
  'outbox.retry': ({ entryId }) =>
    guard(() => {
      expectOk(ctx.db().outbox.retry(entryId));
      ctx.changed(['outbox']);
      engine.pushSoon();
    }),
  'outbox.discard': ({ entryId }) =>
    guard(() => {
      const e = entry(ctx, entryId);
      expectOk(ctx.db().outbox.discard(entryId));
      ctx.changed(['outbox', 'threads', 'campaigns', 'emailAccounts'], e.targetId ? [e.targetId] : undefined);
    }),
  'outbox.resolveUncertain': ({ entryId, resolution }) =>
    guard(() => {
      const s = ctx.db();
      const e = entry(ctx, entryId);
      expectOk(s.outbox.resolve(entryId, resolution));
      // Taken as sent: fetch the thread's messages again to show the service's copy.
      if (resolution === 'mark_sent' && e.targetId) s.threads.markMessagesStale(e.targetId);
      if (resolution !== 'discard') engine.pushSoon();
      ctx.changed(['outbox', 'threads'], e.targetId ? [e.targetId] : undefined);
    }),
});
