// One page of a listing, as every list route of the service answers it.
import type { Db } from './db';

export interface Page<T> {
  data: T[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

export function pageOf<R, T>(
  db: Db,
  countSql: string,
  rowsSql: string,
  params: unknown[],
  page: number,
  limit: number,
  map: (r: R) => T,
): Page<T> {
  const total = (db.prepare(countSql).get(...params) as { n: number }).n;
  const rows = db.prepare(rowsSql).all(...params, limit, (page - 1) * limit) as R[];
  return { data: rows.map(map), pagination: { page, limit, total, totalPages: Math.ceil(total / limit) } };
}
