// The check that a base URL answers like the Outreach API and accepts a key: it lists the key's
// workspaces, and says in words what went wrong when it cannot.
import type { Workspace } from '../../shared/contract';
import { baseUrlProblem } from '../../shared/security';
import { createClient } from '../api/client';
import { originOf } from '../api/connectionWords';
import { ApiError, toAppError } from '../api/errors';
import { AppError } from '../errors';
import type { Logger } from '../log';

const REFUSED_KEY =
  'The service refused this API key. Check that it was copied whole, with nothing before or after it, and that it is still active.';
export const NOT_A_MEMBER =
  'This API key is not a member of that workspace. Check the workspace id, or leave it empty and check the key to pick one by name.';
const NOT_THE_API =
  'This base URL does not answer like the Outreach API. Check it (it usually ends in /v1) and try again.';

export type CheckKey = (baseUrl: string, apiKey: string, workspaceId?: string | null) => Promise<Workspace[]>;

export function keyChecker(deps: { log: Logger; secrets: Set<string>; fetch?: typeof fetch }): CheckKey {
  return async (baseUrl, apiKey, workspaceId) => {
    const problem = baseUrlProblem(baseUrl);
    if (problem) throw new AppError('validation', problem);
    deps.secrets.add(apiKey);
    const client = createClient({
      baseUrl,
      apiKey: () => apiKey,
      workspaceId: workspaceId ?? null,
      log: deps.log,
      retry: { tries: 2 },
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    });
    const teams: Workspace[] = [];
    try {
      for await (const page of client.pages((page, limit) => client.listTeams({ page, limit }))) {
        teams.push(...page.data.map((t) => ({ id: t._id, name: t.name })));
      }
    } catch (error) {
      throw inWords(error, baseUrl);
    }
    if (workspaceId && !teams.some((t) => t.id === workspaceId))
      throw new AppError('forbidden', NOT_A_MEMBER);
    return teams;
  };
}

function inWords(error: unknown, baseUrl: string): AppError {
  if (!(error instanceof ApiError)) return toAppError(error);
  const at = originOf(baseUrl);
  switch (error.kind) {
    case 'auth':
      return new AppError('auth', REFUSED_KEY);
    case 'forbidden':
      return new AppError('forbidden', NOT_A_MEMBER);
    case 'not_found':
    case 'not_supported':
    case 'malformed':
      return new AppError('invalid', NOT_THE_API);
    case 'rate_limited':
      return new AppError(
        'rate_limited',
        `The service at ${at} asks the app to slow down. Try again in ${Math.round((error.retryAfterMs ?? 5000) / 1000)} s.`,
      );
    default:
      // A connection that failed says so itself; a service that answered with its own fault is named.
      if (error.reason) return new AppError(toAppError(error).kind, error.reason);
      if (error.kind === 'transient' && error.status !== null) {
        return new AppError(
          'transient',
          `The service at ${at} had a problem answering (${error.status}). Try again in a moment; if it keeps happening, the service may be down.`,
        );
      }
      return toAppError(error);
  }
}
