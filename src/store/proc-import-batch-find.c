/* proc-import-batch-find.c: how an import finds the paper a record is, if the library has it
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-import-batch"

#include "config.h"

#include "proc-abstract-matcher.h"
#include "proc-import-batch-private.h"
#include "proc-match-text.h"
#include "proc-paper-identifiers.h"

/* Looks @value up with @sql ("SELECT id FROM papers WHERE … = ?"). */
static gint64
find_by (ProcStore   *store,
         const char  *sql,
         const char  *value,
         GError     **error)
{
  sqlite3_stmt *stmt;
  gint64 id = 0;

  if (value == NULL)
    return 0;

  if (!(stmt = _proc_store_prepare (store, sql, error)))
    return -1;

  sqlite3_bind_text (stmt, 1, value, -1, SQLITE_TRANSIENT);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    id = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);

  return id;
}

/* In the order of trust: same DOI, same page, same abstract, same title
 * and first author. */
const char * const _proc_import_key_kinds[4] = { "doi:", "url:", "hash:", "title:" };

void
_proc_import_key_values (const ProcRecordKeys *keys,
                         const char           *values[4])
{
  values[0] = keys->doi;
  values[1] = keys->url_key;
  values[2] = keys->content_hash;
  values[3] = keys->title_key;
}

/* The same paper from another producer: same DOI, same page, same
 * abstract, or same title and first author, in that order of trust; *@kind
 * says which (an index of key_kinds).  Returns 0 when the paper is new,
 * -1 on a database error. */
static gint64
find_existing (ProcStore         *store,
               const ProcRecordKeys  *keys,
               guint             *kind,
               GError           **error)
{
  static const char *lookups[] = {
    "SELECT id FROM papers WHERE doi = ?",
    "SELECT id FROM papers WHERE url_key = ?",
    "SELECT id FROM papers WHERE content_hash = ?",
    "SELECT id FROM papers WHERE title_key = ?",
  };
  const char *values[4];

  _proc_import_key_values (keys, values);
  for (guint i = 0; i < G_N_ELEMENTS (lookups); i++)
    {
      gint64 id = find_by (store, lookups[i], values[i], error);

      *kind = i;
      if (id != 0)
        return id;
    }

  return 0;
}

/* Whether a staged paper has one of @keys: the same paper twice in one
 * file, to be merged once the first one is in the library. */
gboolean
_proc_import_batch_is_staged (ProcImportBatch      *batch,
                              const ProcRecordKeys *keys)
{
  const char *values[4];

  _proc_import_key_values (keys, values);
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      g_autofree char *key = NULL;

      if (values[i] == NULL)
        continue;
      key = g_strconcat (_proc_import_key_kinds[i], values[i], NULL);
      if (g_hash_table_contains (batch->staged_keys, key))
        return TRUE;
    }

  return FALSE;
}

/* Whether the record and the stored paper have ids that differ: then
 * they are two papers, whatever their text. */
static gboolean
ids_conflict (ProcImportBatch              *batch,
              gint64                        paper_id,
              const ProcPaperIdentifiers   *ids,
              gboolean                     *conflict,
              GError                      **error)
{
  g_auto(ProcPaperIdentifiers) stored = { NULL, };

  *conflict = FALSE;
  if (ids->doi == NULL && ids->openreview == NULL && ids->arxiv == NULL)
    return TRUE;
  if (!proc_paper_identifiers_init_stored (&stored, batch->store, paper_id, error))
    return FALSE;

  *conflict = proc_paper_identifiers_conflict (ids, &stored);
  return TRUE;
}

/* The paper @record is, if the library has it: by its keys, in their
 * order of trust, then by an abstract at least PROC_MATCH_THRESHOLD alike
 * an authorless paper's when the record has authors (see
 * proc-abstract-matcher.c).  A paper found by
 * its text alone whose DOI, OpenReview forum or arXiv id differs from the
 * record's is another paper: the record then gets a content hash of its
 * own, the text's with its id, in *@disambiguated, and is looked up by
 * that.  Returns 0 for a new paper, -1 on a database error. */
gint64
_proc_import_batch_find_paper (ProcImportBatch         *batch,
                               const ProcPaperRecord   *record,
                               const ProcRecordKeys    *keys,
                               ProcRecordKeys          *disambiguated,
                               GError                 **error)
{
  g_auto(ProcPaperIdentifiers) ids = { NULL, };
  gboolean conflict = FALSE;
  guint kind = 0;
  gint64 paper_id;
  double similarity;

  if ((paper_id = find_existing (batch->store, keys, &kind, error)) < 0)
    return -1;

  proc_paper_identifiers_init_record (&ids, record);

  if (paper_id > 0 && (kind == 2 || kind == 3))
    {
      g_autofree char *label = NULL;

      if (!ids_conflict (batch, paper_id, &ids, &conflict, error))
        return -1;
      if (!conflict)
        return paper_id;

      label = proc_paper_identifiers_dup_label (&ids);
      disambiguated->doi = g_strdup (keys->doi);
      disambiguated->url_key = g_strdup (keys->url_key);
      disambiguated->content_hash = g_strconcat (keys->content_hash, "|", label, NULL);
      disambiguated->title_key = g_strdup (keys->title_key);
      if (_proc_import_batch_is_staged (batch, disambiguated) && !_proc_import_batch_flush_staged (batch, error))
        return -1;
      return find_by (batch->store, "SELECT id FROM papers WHERE content_hash = ?", disambiguated->content_hash, error);
    }

  /* Fuzzily, only a record that brings what an authorless paper lacks
   * (its authors) finds one: two lists of abstracts alone are never
   * matched by likeness, however alike their abstracts. */
  if (paper_id != 0 || record->abstract == NULL || *record->abstract == '\0' ||
      record->authors == NULL || *record->authors == '\0' || record->title_derived)
    return paper_id;

  if ((paper_id = proc_abstract_matcher_find (batch->matcher, record->abstract, &similarity, error)) <= 0)
    return paper_id;

  if (!ids_conflict (batch, paper_id, &ids, &conflict, error))
    return -1;
  if (conflict)
    return 0;

  batch->n_similar++;
  return paper_id;
}

