// The check that a base URL answers like the Outreach API and accepts a key: it lists the key's
// workspaces, and says in words what went wrong when it cannot.
import type { Workspace } from '../../shared/contract';
import { baseUrlProblem } from '../../shared/security';
import { createClient } from '../api/client';
import { ApiError, toAppError } from '../api/errors';
import { AppError } from '../errors';
import type { Logger } from '../log';

const REFUSED_KEY = 'The service refused this API key.';
const NOT_A_MEMBER = 'This API key is not a member of that workspace.';

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
  if (error instanceof ApiError) {
    if (error.kind === 'auth') return new AppError('auth', REFUSED_KEY);
    if (error.kind === 'forbidden') return new AppError('forbidden', NOT_A_MEMBER);
    if (error.kind === 'offline') {
      return new AppError(
        'offline',
        `Could not reach ${new URL(baseUrl).host}. Check the base URL and the connection.`,
      );
    }
    if (error.kind === 'not_found' || error.kind === 'not_supported' || error.kind === 'malformed') {
      return new AppError(
        'invalid',
        'This base URL does not answer like the Outreach API. Check it and try again.',
      );
    }
  }
  return toAppError(error);
}
