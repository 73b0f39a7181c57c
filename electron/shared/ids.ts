// The service's ids are ObjectIds: 24 lowercase hexadecimal digits. One pattern for the whole app:
// every id in an IPC input (contract.ts), every id from the service before it is stored or used in
// a path (core/api/schemas.ts), and the workspace id a person types (src/lib/ids.ts). The built-in
// sandbox keeps its own: it stands for another service.

/** The pattern alone, as an HTML input's `pattern` takes it. */
export const OBJECT_ID_PATTERN = '[0-9a-f]{24}';
export const OBJECT_ID = new RegExp(`^${OBJECT_ID_PATTERN}$`);

/** Whether a value is a service id. */
export function isObjectId(value: unknown): value is string {
  return typeof value === 'string' && OBJECT_ID.test(value);
}
