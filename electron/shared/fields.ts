// What a person may type in the app's forms, written once: the limits (the contract's schemas and
// the forms check the same numbers), each field's format in words, and the sentence that refuses a
// value. Free of Node, DOM and the validation library: the renderer imports it at run time.
import { isObjectId } from './ids';
import { baseUrlProblem } from './security';

/** An account's label: ours to choose. */
export const ACCOUNT_LABEL_MAX = 100;
/** The service's limit on a campaign name (api.md, rename: 1..200 characters once trimmed). */
export const CAMPAIGN_NAME_MAX = 200;
/** A signature, as HTML: ours, far above any real one. */
export const SIGNATURE_MAX = 100_000;
export const API_KEY_MAX = 512;

/** The expected format of a field, in words, shown beside it. */
export const FORMAT = {
  baseUrl: 'A web address such as https://api.example.com/v1 (plain http:// only for this computer).',
  workspaceId:
    '24 characters, digits 0–9 and letters a–f. Leave it empty for the key’s default workspace, or check the key to pick one by name.',
} as const;

const count = (n: number): string => n.toLocaleString('en-US');

/** The sentence refusing an over-long value: the limit and how many characters were typed. */
export function tooLong(what: string, max: number, typed: number): string {
  return `${what} has at most ${count(max)} characters; this one has ${count(typed)}.`;
}

/** What is wrong with a campaign name, or null (checked as the service will: trimmed). */
export function campaignNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'A campaign needs a name.';
  if (trimmed.length > CAMPAIGN_NAME_MAX)
    return tooLong('A campaign name', CAMPAIGN_NAME_MAX, trimmed.length);
  return null;
}

export function accountLabelProblem(label: string): string | null {
  const trimmed = label.trim();
  if (!trimmed) return 'Give the account a label, such as Work.';
  if (trimmed.length > ACCOUNT_LABEL_MAX) return tooLong('A label', ACCOUNT_LABEL_MAX, trimmed.length);
  return null;
}

export function accountUrlProblem(baseUrl: string): string | null {
  if (!baseUrl.trim()) return `Enter the base URL of the Outreach API. ${FORMAT.baseUrl}`;
  return baseUrlProblem(baseUrl.trim());
}

/** An empty workspace id is fine: the key's default workspace is used. The value is not repeated
 *  (it may be a key pasted into the wrong field). */
export function workspaceIdProblem(workspaceId: string): string | null {
  const id = workspaceId.trim();
  if (!id || isObjectId(id)) return null;
  return `This is not a workspace id. A workspace id is ${FORMAT.workspaceId.charAt(0).toLowerCase()}${FORMAT.workspaceId.slice(1)}`;
}

/** Never repeats the key: a message may be read over a shoulder or land in a screenshot. */
export function apiKeyProblem(apiKey: string): string | null {
  if (!apiKey) return 'Enter the API key.';
  if (apiKey.length > API_KEY_MAX) return tooLong('An API key', API_KEY_MAX, apiKey.length);
  return null;
}

export function signatureProblem(html: string): string | null {
  return html.length > SIGNATURE_MAX ? tooLong('A signature', SIGNATURE_MAX, html.length) : null;
}
