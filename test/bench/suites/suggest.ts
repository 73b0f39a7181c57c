// suggest: the suggested verdicts over a synced store, as the app's background pass makes them.
// Each reply's classification against cutting the same text into words; the whole pass against the
// full pull it follows; and how often the suggestions agree with what the sandbox's replies truly
// say (their bodies are written from a known intent; a question is a reply with no verdict).
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { summarize } from '../lib/stats';
import type { Suite } from '../lib/suite';

/** The sandbox's intents as the verdict a rep would give; undefined: no verdict (a question). */
const VERDICT_OF_INTENT: Record<string, string | undefined> = {
  interested: 'interested',
  meeting: 'meeting_booked',
  not_interested: 'not_interested',
  out_of_office: 'out_of_office',
  wrong_person: 'wrong_person',
};

export const suggestSuite: Suite = {
  name: 'suggest',
  specs: [
    {
      key: 'suggest.classify_p95',
      label: 'suggest: one reply classified, p95',
      unit: 'ms',
      target: { on: 'value', op: '<=', bound: 1 },
      bareLabel: 'the same text cut into lower-case words',
      ratio: 'value/bare',
    },
    {
      key: 'suggest.sync_slowdown',
      label: 'suggest: full sync until every reply is read, with suggestions on',
      unit: 'ms',
      target: { on: 'ratio', op: '<=', bound: 1.05 },
      bareLabel: 'the same full sync with suggestions off',
      ratio: 'value/bare',
    },
    {
      key: 'suggest.pass_share',
      label: 'suggest: the whole pass after a full pull, share of the pull',
      unit: 'ms',
      target: null,
      bareLabel: 'the full pull',
      ratio: 'value/bare',
    },
    {
      key: 'suggest.precision',
      // The sandbox's own replies check the plumbing, not the quality: quality is scored on the
      // blind sets (npm run suggest -- --eval), written apart from the rules.
      label: 'suggest: on the sandbox’s replies, suggestions agreeing with their verdict',
      unit: 'ratio',
      target: null,
      bareLabel: '',
      ratio: null,
    },
    {
      key: 'suggest.coverage',
      label: 'suggest: on the sandbox’s replies, those with a verdict that got a suggestion',
      unit: 'ratio',
      target: null,
      bareLabel: '',
      ratio: null,
    },
  ],
  async run(ctx) {
    const sb = await ctx.fixtures.sandbox('sync', ctx.scale.sync);
    const core = await ctx.fixtures.core();
    // The app's own way: the account started, the pass running between the pull's pages.
    const started = async (suggestions: boolean) =>
      core.call<{ ms: number; pulled: number }>('syncStarted', {
        baseUrl: sb.baseUrl,
        apiKey: sb.apiKey,
        dir: mkdtempSync(join(ctx.tmp, `suggest-${suggestions ? 'on' : 'off'}-`)),
        suggestions,
      });
    const off = await started(false);
    const on = await started(true);
    ctx.log(
      `suggest: full sync ${off.ms.toFixed(0)} ms with suggestions off; on, pulled in ${on.pulled.toFixed(0)} ms and every reply read at ${on.ms.toFixed(0)} ms`,
    );
    const full = await core.call<{ ms: number }>('syncFull', {
      baseUrl: sb.baseUrl,
      apiKey: sb.apiKey,
      dir: mkdtempSync(join(ctx.tmp, 'suggest-store-')),
    });
    const r = await core.call<{
      each: number[];
      bare: number[];
      passMs: number;
      predictions: [string, string | null][];
    }>('suggestAll');
    const truth = new Map(await sb.child!.call<[string, string][]>('truth'));
    let suggested = 0;
    let right = 0;
    let withVerdict = 0;
    let covered = 0;
    let unclearLabelled = 0;
    let unclear = 0;
    for (const [id, status] of r.predictions) {
      const intent = truth.get(id);
      if (intent === undefined) continue;
      const want = VERDICT_OF_INTENT[intent];
      if (want) {
        withVerdict++;
        if (status !== null) covered++;
      } else {
        unclear++;
        if (status !== null) unclearLabelled++;
      }
      if (status !== null) {
        suggested++;
        if (status === want) right++;
      }
    }
    const each = summarize(r.each);
    const bare = summarize(r.bare);
    ctx.log(
      `suggest: ${r.each.length} replies in ${r.passMs.toFixed(0)} ms after a ${full.ms.toFixed(0)} ms pull; ` +
        `${suggested} suggested, ${right} right; ${covered}/${withVerdict} with a verdict covered; ` +
        `${unclearLabelled}/${unclear} questions given one`,
    );
    return {
      'suggest.sync_slowdown': {
        value: on.ms,
        bare: off.ms,
        note: `pull done at ${on.pulled.toFixed(0)} ms; the last suggestions written ${(on.ms - on.pulled).toFixed(0)} ms after it`,
      },
      'suggest.classify_p95': {
        value: each.p95,
        bare: bare.p95,
        samples: each,
        note: `${r.each.length} replies, median ${each.median.toFixed(3)} ms`,
      },
      'suggest.pass_share': {
        value: r.passMs,
        bare: full.ms,
        note: `${r.each.length} replies read in one go after the pull, one slice of 100 per transaction (reported: in the app the pass runs between the pull's pages, as the figure above measures)`,
      },
      'suggest.precision': {
        value: suggested ? right / suggested : null,
        note: `${right} of ${suggested} suggestions; ${unclearLabelled} of ${unclear} replies without a verdict were given one`,
      },
      'suggest.coverage': {
        value: withVerdict ? covered / withVerdict : null,
        note: `${covered} of ${withVerdict} replies whose true verdict is one of the five`,
      },
    };
  },
};
