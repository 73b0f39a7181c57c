// The checks at quiescence: the service holds the rep's newest intent, the app shows what the
// service holds, every kept reply reached the service once and no discarded one did, nothing is
// left pending and nothing rejected unhandled. Each check that held is counted in the figures.
import { A, ModelFailure, type ModelWorld } from './outbox-model-world';

export async function checkInvariants(w: ModelWorld, seed: number): Promise<void> {
  const fail = (what: string): never => {
    throw new ModelFailure(`seed ${seed}: ${what}`);
  };
  const { intents, targets, clean } = w;
  const service = await w.threadsOnService();
  const H = w.account.handlers;
  for (const [id, want] of [...intents.status, ...intents.serviceStatus]) {
    const got = service.get(id);
    if (want !== null) {
      if (got !== want) fail(`thread ${id}: the service has ${got}, the rep's newest intent is ${want}`);
      w.count('newest intent on the service');
    }
    const local = (await H['threads.get']({ ...A, threadId: id }))?.thread.status;
    if (local !== got) fail(`thread ${id}: the app shows ${local}, the service has ${got}`);
    w.count('local store equals the service');
  }
  const serverCampaigns = new Map(
    (await clean.listCampaigns({ page: 1, limit: 100 })).data.map((c) => [c._id, c.name]),
  );
  const localCampaigns = new Map((await H['campaigns.list'](A)).map((c) => [c.id, c.name]));
  for (const c of [...targets.campaigns, targets.serviceCampaign]) {
    const want = intents.names.get(c);
    if (want != null) {
      if (serverCampaigns.get(c) !== want)
        fail(`campaign ${c}: ${serverCampaigns.get(c)} on the service, ${want} wanted`);
      w.count('newest intent on the service');
    }
    if (localCampaigns.get(c) !== serverCampaigns.get(c))
      fail(`campaign ${c}: the app shows another name than the service`);
    w.count('local store equals the service');
  }
  const serverAccounts = new Map(
    (await clean.listEmailAccounts({ page: 1, limit: 100 })).data.map((a) => [a._id, a]),
  );
  const localAccounts = new Map((await H['emailAccounts.list'](A)).map((a) => [a.id, a]));
  for (const a of targets.emailAccounts) {
    const s = serverAccounts.get(a)!;
    const sig = intents.signatures.get(a);
    const tags = intents.tags.get(a);
    if (sig != null) {
      if (s.signature !== sig) fail(`account ${a}: signature ${s.signature} on the service, ${sig} wanted`);
      w.count('newest intent on the service');
    }
    if (tags != null) {
      if (JSON.stringify(s.tags) !== JSON.stringify(tags))
        fail(`account ${a}: tags differ from the rep's newest`);
      w.count('newest intent on the service');
    }
    const l = localAccounts.get(a)!;
    if (l.signature !== s.signature || JSON.stringify(l.tags) !== JSON.stringify(s.tags))
      fail(`account ${a}: the app shows another signature or tags than the service`);
    w.count('local store equals the service');
  }
  for (const r of intents.replies) {
    const n = w.repliesOnService(r.body);
    if (n > 1) fail(`reply ${r.body} reached the service ${n} times`);
    w.count('no reply reached the service twice');
    if (r.discarded) {
      if (n !== 0) fail(`reply ${r.body} was discarded but reached the service`);
      w.count('no discarded reply reached the service');
    } else {
      if (n !== 1) fail(`reply ${r.body} was kept but never reached the service`);
      w.count('every kept reply reached the service');
    }
  }
  intents.replies.length = 0;
  if ((await w.outbox()).length !== 0) fail('something is left in the outbox');
  w.count('nothing left pending');
  if (w.unhandled.length > 0) fail(`unhandled rejection: ${String(w.unhandled[0])}`);
  w.count('no unhandled rejection');
}
