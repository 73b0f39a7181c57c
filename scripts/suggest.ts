// `npm run suggest`: the app's reply classifier on the command line, the same code the app runs.
//   npm run suggest -- "text"                 one suggestion as JSON
//   npm run suggest -- --predict FILE.jsonl   {"id"?, "subject", "body", "sentAt"?} per line → one suggestion per line
//   npm run suggest -- --eval FILE.jsonl      precision, recall, coverage per label, confusion, return dates
//   npm run suggest -- --learn VERDICTS.jsonl --predict|--eval FILE.jsonl
//                                             first applies a rep's verdicts ({"subject", "body", "label"} per
//                                             line, in order) exactly as the app does, then predicts or scores
//   npm run suggest -- --train                rebuilds electron/core/suggest/model.json from data/suggest/train.jsonl and kinds.jsonl
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { evaluate, formatEvaluation, readJsonl } from '../electron/core/suggest/evaluate';
import {
  emptyLearned,
  learn,
  suggest,
  trainModel,
  VERDICTS,
  type Learned,
} from '../electron/core/suggest/index';

const ROOT = join(import.meta.dirname, '..');
/** What the shipped model is trained from: the team's labelled replies, the replies written per
 *  kind (short answers, machine replies, confirmations, declines) in each language, and replies
 *  written blind from the label definitions alone, for training (data/suggest/README.md). */
const TRAINING = [
  'data/suggest/train.jsonl',
  'data/suggest/kinds.jsonl',
  'data/suggest/train-blind-hard.jsonl',
  'data/suggest/train-blind-everyday.jsonl',
  'data/suggest/train-blind-mixed.jsonl',
  'data/suggest/train-blind-mixed-intent.jsonl',
  'data/suggest/train-blind-everyday2.jsonl',
  'data/suggest/train-blind-hard2.jsonl',
];
const args = process.argv.slice(2);

function usage(): never {
  console.error(
    'usage: npm run suggest -- "text" | [--learn VERDICTS.jsonl] --predict FILE.jsonl | [--learn VERDICTS.jsonl] --eval FILE.jsonl | --train',
  );
  process.exit(2);
}

function line(s: ReturnType<typeof suggest>, id?: unknown): string {
  return JSON.stringify({
    ...(id !== undefined ? { id } : {}),
    status: s.status,
    confidence: s.confidence,
    ...(s.returnDate ? { returnDate: s.returnDate } : {}),
    ...(s.doNotContact ? { doNotContact: true } : {}),
    ...(s.referral ? { referral: s.referral } : {}),
  });
}

/** A rep's verdicts, applied in order as the app applies them (a line that is not a verdict is an
 *  error: the file would not say what it means). */
function learned(file: string): Learned {
  const model = emptyLearned();
  readJsonl(readFileSync(file, 'utf8')).forEach((l, i) => {
    const label = String(l.label ?? '');
    if (!(VERDICTS as readonly string[]).includes(label))
      throw new Error(`${file} line ${i + 1}: "${label}" is not one of ${VERDICTS.join(', ')}`);
    learn(
      model,
      { subject: String(l.subject ?? ''), body: String(l.body ?? '') },
      label as (typeof VERDICTS)[number],
    );
  });
  return model;
}

let rest = args;
let rep: Learned | undefined;
if (rest[0] === '--learn') {
  if (!rest[1]) usage();
  rep = learned(rest[1]);
  rest = rest.slice(2);
}
const [first, file] = rest;
if (first === undefined) usage();
if (first === '--train') {
  if (rep) usage();
  const lines = TRAINING.flatMap((f) => readJsonl(readFileSync(join(ROOT, f), 'utf8'))).map((l) => ({
    subject: String(l.subject ?? ''),
    body: String(l.body ?? ''),
    label: String(l.label ?? ''),
  }));
  const model = trainModel(lines);
  writeFileSync(join(ROOT, 'electron/core/suggest/model.json'), JSON.stringify(model) + '\n');
  console.log(`model.json: ${Object.keys(model.counts).length} features from ${lines.length} replies`);
} else if (first === '--predict' || first === '--eval') {
  if (!file) usage();
  const lines = readJsonl(readFileSync(file, 'utf8'));
  if (first === '--predict')
    for (const l of lines)
      console.log(
        line(
          suggest(
            {
              subject: String(l.subject ?? ''),
              body: String(l.body ?? ''),
              ...(l.sentAt ? { sentAt: String(l.sentAt) } : {}),
            },
            rep,
          ),
          l.id,
        ),
      );
  else console.log(formatEvaluation(evaluate(lines, rep)));
} else if (first.startsWith('--') || rep) usage();
else console.log(JSON.stringify(suggest({ subject: '', body: rest.join(' ') }), null, 2));
