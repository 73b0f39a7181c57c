// The parts the channels' input schemas are built from (ids, statuses, the thread query, names,
// keys), so contract.ts reads as the table of channels. Free of Node, DOM and Electron imports.
import { z } from 'zod';
import { ACCEPT_GROUP_MAX, SUGGESTED_VERDICTS } from './contract-values';
import { ACCOUNT_LABEL_MAX, API_KEY_MAX, CAMPAIGN_NAME_MAX, SIGNATURE_MAX, tooLong } from './fields';
import { OBJECT_ID } from './ids';

export const objectId = z.string().regex(OBJECT_ID, 'must be a 24-character lowercase hex id');
export const accountId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be an account id');
/** Any status string the service may use (we keep unknown ones), bounded so it cannot be abused. */
export const threadStatus = z.string().trim().min(1).max(64);
export const isoTime = z.iso.datetime({ offset: true });
export const ofAccount = { accountId };
/** How many rows one list window may ask for. */
export const windowLimit = z.number().int().min(1).max(500);

export const threadQuery = z
  .object({
    ...ofAccount,
    /** inbox: open and not snoozed; snoozed: snoozed now; all: everything; status: the given status;
     *  suggested: the Inbox's threads the app suggests `suggested` for. */
    view: z.enum(['inbox', 'all', 'snoozed', 'status', 'suggested']),
    status: threadStatus.optional(),
    suggested: z.enum(SUGGESTED_VERDICTS).optional(),
    campaignId: objectId.optional(),
    emailAccountId: objectId.optional(),
    search: z.string().max(200).optional(),
    /** newest (the default): latest message first; waiting: longest unanswered first. */
    sort: z.enum(['newest', 'waiting']).optional(),
    /** Answer the counts with the window (the first paint of a list needs both, in one call). */
    withCounts: z.boolean().optional(),
    offset: z.number().int().min(0).max(10_000_000),
    limit: windowLimit,
  })
  .strict();
export type ThreadQuery = z.output<typeof threadQuery>;

/** All inboxes: the thread query over every account (each account is one workspace), or over
 *  the accounts named (the workspace filter). */
export const accountIds = z.array(accountId).min(1).max(64);
export const unifiedQuery = threadQuery
  .omit({ accountId: true, campaignId: true, emailAccountId: true })
  .extend({ accountIds: accountIds.optional() })
  .strict();
export type UnifiedQuery = z.output<typeof unifiedQuery>;
export const unifiedCounts = z.object({ accountIds: accountIds.optional() }).strict();

/** The palette's search: in one account, or (All inboxes) over every account or those named. */
const searchWords = { query: z.string().trim().min(1).max(200), limit: z.number().int().min(1).max(200) };
export const searchQuery = z.object({ ...ofAccount, ...searchWords }).strict();
export const unifiedSearch = z.object({ ...searchWords, accountIds: accountIds.optional() }).strict();

export const threadIds = z.array(objectId).min(1).max(1000);
export const campaignName = z
  .string()
  .trim()
  .min(1, 'A campaign needs a name.')
  .max(CAMPAIGN_NAME_MAX, {
    error: (issue) => tooLong('A campaign name', CAMPAIGN_NAME_MAX, String(issue.input).length),
  });
export const accountLabel = z
  .string()
  .trim()
  .min(1, 'Give the account a label, such as Work.')
  .max(ACCOUNT_LABEL_MAX, {
    error: (issue) => tooLong('A label', ACCOUNT_LABEL_MAX, String(issue.input).length),
  });
/** A do-not-contact entry: an e-mail address or a whole domain. */
export const dncEntry = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^([^\s@]+@)?[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must be an e-mail address or a domain');
export const httpUrl = z.string().url().max(2048);
export const apiKey = z
  .string()
  .min(1, 'Enter the API key.')
  .max(API_KEY_MAX, { error: (issue) => tooLong('An API key', API_KEY_MAX, String(issue.input).length) });
export const signature = z.string().max(SIGNATURE_MAX, {
  error: (issue) => tooLong('A signature', SIGNATURE_MAX, String(issue.input).length),
});
export const entryId = z.number().int().positive();
export const none = z.object({}).strict();
export const account = z.object(ofAccount).strict();
export const thread = z.object({ ...ofAccount, threadId: objectId }).strict();
export const campaign = z.object({ ...ofAccount, campaignId: objectId }).strict();
export const entry = z.object({ ...ofAccount, entryId }).strict();

/** The rep's verdict on a thread as the suggestions learn from it, as an undo puts it back. */
export const verdictOutcome = z
  .object({
    suggested: z.enum(SUGGESTED_VERDICTS).nullable(),
    given: z.enum(SUGGESTED_VERDICTS),
    at: isoTime,
    messageId: objectId.nullable().optional(),
  })
  .strict();

/** What a verdict changed, as its undo puts it back. */
export const statusesBefore = z
  .array(
    z
      .object({ threadId: objectId, status: threadStatus, outcome: verdictOutcome.nullable().optional() })
      .strict(),
  )
  .min(1)
  .max(1000);

/** What accepting suggestions changed, as its undo puts it back. */
export const acceptedBefore = z
  .array(
    z
      .object({
        threadId: objectId,
        status: threadStatus,
        snoozedUntil: isoTime.nullable(),
        outcome: verdictOutcome.nullable().optional(),
      })
      .strict(),
  )
  .min(1)
  .max(ACCEPT_GROUP_MAX);

/** The settings a window may change, each alone. */
export const settingsPatch = z
  .object({
    theme: z.enum(['system', 'light', 'dark']).optional(),
    syncIntervalSeconds: z.number().int().min(15).max(86_400).optional(),
    notifyNewReplies: z.boolean().optional(),
    rowDensity: z.enum(['comfortable', 'compact']).optional(),
    waitingAlertHours: z.number().int().min(1).max(720).optional(),
    suggestions: z.boolean().optional(),
    outOfOfficeDays: z.number().int().min(1).max(60).optional(),
    autoUpdates: z.boolean().optional(),
  })
  .strict();

/** A campaign's replies per day, from the local store: the last `days` days of the local calendar. */
export const activityQuery = z
  .object({
    ...ofAccount,
    campaignId: objectId,
    days: z.number().int().min(1).max(366),
    // Every time zone is a whole quarter of an hour from UTC.
    utcOffsetMinutes: z.number().int().min(-840).max(840).multipleOf(15),
  })
  .strict();
