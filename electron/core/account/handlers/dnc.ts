// The do-not-contact list: addresses and domains added through the outbox (the app never reads
// the list back).
import { addDnc } from '../../outbox/kinds/dnc';
import { guard, type Feature } from './guard';

export const dncHandlers: Feature<'dnc.add'> = (ctx, engine) => ({
  'dnc.add': ({ entries }) =>
    guard(() => {
      addDnc(ctx.db(), entries);
      ctx.changed(['outbox']);
      engine.pushSoon();
    }),
});
