// Every migration, in order. A new schema version is a new file here; never edit an applied one.
import type { Database } from 'better-sqlite3';
import * as m001 from './001_initial';
import * as m002 from './002_count_indexes';
import * as m003 from './003_write_path_indexes';
import * as m004 from './004_name_prefix_index';
import * as m005 from './005_plain_text_snippets';
import * as m006 from './006_waiting_since';
import * as m007 from './007_email_account_changes_one_target';
import * as m008 from './008_suggestions';
import * as m009 from './009_list_changes';
import * as m010 from './010_outcome_message';
import * as m011 from './011_carried_marks';
import * as m012 from './012_message_index_by_statement';

export interface Migration {
  version: number;
  up(db: Database): void;
}

export const MIGRATIONS: Migration[] = [
  m001,
  m002,
  m003,
  m004,
  m005,
  m006,
  m007,
  m008,
  m009,
  m010,
  m011,
  m012,
];
