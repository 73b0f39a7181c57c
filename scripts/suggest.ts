// `npm run suggest`: the app's reply classifier on the command line, the same code the app runs.
//   npm run suggest -- "text"                 one suggestion as JSON
//   npm run suggest -- --predict FILE.jsonl   {"id"?, "subject", "body", "sentAt"?} per line → one suggestion per line
//   npm run suggest -- --eval FILE.jsonl      precision, recall, coverage per label, confusion, return dates
//   npm run suggest -- --train                rebuilds electron/core/suggest/model.json from data/suggest/train.jsonl
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { evaluate, formatEvaluation, readJsonl } from '../electron/core/suggest/evaluate';
import { suggest, trainModel } from '../electron/core/suggest/index';

const ROOT = join(import.meta.dirname, '..');
const args = process.argv.slice(2);

function usage(): never {
  console.error('usage: npm run suggest -- "text" | --predict FILE.jsonl | --eval FILE.jsonl | --train');
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

const [first, file] = args;
if (first === undefined) usage();
if (first === '--train') {
  const lines = readJsonl(readFileSync(join(ROOT, 'data/suggest/train.jsonl'), 'utf8')).map((l) => ({
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
          suggest({
            subject: String(l.subject ?? ''),
            body: String(l.body ?? ''),
            ...(l.sentAt ? { sentAt: String(l.sentAt) } : {}),
          }),
          l.id,
        ),
      );
  else console.log(formatEvaluation(evaluate(lines)));
} else if (first.startsWith('--')) usage();
else console.log(JSON.stringify(suggest({ subject: '', body: args.join(' ') }), null, 2));
