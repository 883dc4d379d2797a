/* proc-undo.c: undo records for the library's destructive edits
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-undo"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "proc-store-private.h"
#include "proc-undo.h"

/* An undo record holds what one edit changed, read in the edit's own
 * transaction just before the change: the whole rows of what it deleted,
 * the old values of what it overwrote, the keys of what it added.
 * Applying the record writes that back in one transaction.
 *
 * It is a boxed, reference-counted struct rather than a GObject: it has
 * no properties to bind and no signals, and nothing in it changes after
 * the edit but the flag that it was applied.  The toast and the window's
 * Ctrl+Z may both hold it; the last to let go frees the rows. */

/* Rows as one SELECT returned them.  Each value is a type byte, then
 * 8 bytes for a number, or a 4-byte length and the bytes of a text or
 * blob.  One buffer of the exact size per table keeps 5,000 deleted papers
 * in a few allocations (2.7 MB in all when abstracts run to 270
 * characters), and gives back exactly the values and types that were
 * stored: NULL stays NULL, an integer stays an integer. */
typedef struct
{
  guint8 *data;
  gsize length;
  guint n_columns;
  guint n_rows;
} Rows;

#define MAX_COLUMNS 32

typedef struct
{
  int type;
  gint64 integer;
  double real;
  const guint8 *bytes;
  guint32 length;
} Value;

typedef struct
{
  const Rows *rows;
  gsize offset;
  Value values[MAX_COLUMNS];
} RowIter;

typedef enum
{
  LIST_EDIT_NONE,
  LIST_EDIT_CREATE,              /* take paper_ids out; delete the list if empty */
  LIST_EDIT_ADD,                 /* take paper_ids out */
  LIST_EDIT_REMOVE,              /* insert list_items again */
  LIST_EDIT_MOVE,                /* give list_items their positions again */
  LIST_EDIT_RENAME,              /* give the list its name again */
  LIST_EDIT_DELETE,              /* create the list and its items again */
} ListEdit;

struct _ProcUndo
{
  ProcStore *store;
  char *label;
  ProcStoreChange change;
  gboolean applied;
  GArray *paper_ids;             /* the papers whose views repaint */

  /* Deleted rows, inserted again */
  Rows papers;
  Rows paper_links;
  Rows list_papers;
  Rows reading_list_items;
  Rows tags;                     /* id, name, colour of the tags of paper_tags */
  Rows paper_tags;               /* paper_id, tag_id */

  /* Overwritten values, put back by restore_sql: the paper's id is ?1 */
  Rows values;
  const char *restore_sql;
  gboolean restore_needs_paper;  /* a note's paper must still be there */

  /* A tag added to paper_ids, taken off again */
  gint64 added_tag_id;
  char *added_tag_name;
  gboolean added_tag_created;

  /* An edit of one reading list: the list as it was (id, name,
   * created_at; after the edit for one it created) and its items
   * (paper_id, position) that the undo puts back */
  ListEdit list_edit;
  Rows reading_list;
  Rows list_items;
  char *list_new_name;           /* what a rename called it */
};

/* What an edit was asked to do.  The capturing statements take the papers
 * as ?1, a JSON array for json_each(), and the value or tag id as ?2. */
typedef struct
{
  const gint64 *ids;
  guint n_ids;
  char *id_set;
  guint n_papers;                /* how many of ids are in the library */
  gint64 value;
  const char *text;
  gint64 before;                 /* a move: the paper to move before */
  gint64 *created_id;            /* a new reading list: its id */
} Edit;

typedef gboolean (*EditFunc) (ProcUndo  *undo,
                              Edit      *edit,
                              GError   **error);

G_DEFINE_BOXED_TYPE (ProcUndo, proc_undo, proc_undo_ref, proc_undo_unref)

#define IN_IDS "IN (SELECT value FROM json_each(?1))"

/* Every column of papers, in one place for the capture and the insert. */
#define PAPER_COLUMNS \
  "id, list_id, derived_title, user_title, abstract, authors, venue, year, added_at," \
  " read_state, starred, rating, note, note_modified_at, content_hash," \
  " doi, url, url_key, citation_key, status, pages, title_key, triage, triaged_at," \
  " entry_type, editors, publisher, title_derived, names"
#define PAPER_TITLE_COLUMN 2
#define PAPER_USER_TITLE_COLUMN 3
#define PAPER_HASH_COLUMN 14

static void
rows_clear (Rows *rows)
{
  g_clear_pointer (&rows->data, g_free);
  rows->length = 0;
  rows->n_columns = 0;
  rows->n_rows = 0;
}

static void
append_row (GByteArray   *data,
            sqlite3_stmt *stmt,
            guint         n_columns)
{
  for (guint i = 0; i < n_columns; i++)
    {
      guint8 type = sqlite3_column_type (stmt, i);
      const void *bytes = NULL;
      guint32 length;
      gint64 integer;
      double real;

      g_byte_array_append (data, &type, 1);
      switch (type)
        {
        case SQLITE_INTEGER:
          integer = sqlite3_column_int64 (stmt, i);
          g_byte_array_append (data, (const guint8 *) &integer, sizeof integer);
          break;

        case SQLITE_FLOAT:
          real = sqlite3_column_double (stmt, i);
          g_byte_array_append (data, (const guint8 *) &real, sizeof real);
          break;

        case SQLITE_TEXT:
        case SQLITE_BLOB:
          bytes = type == SQLITE_TEXT ? (const void *) sqlite3_column_text (stmt, i)
                                      : sqlite3_column_blob (stmt, i);
          length = sqlite3_column_bytes (stmt, i);
          g_byte_array_append (data, (const guint8 *) &length, sizeof length);
          if (length > 0)
            g_byte_array_append (data, bytes, length);
          break;

        case SQLITE_NULL:
        default:
          break;
        }
    }
}

/* Steps @stmt to its end, keeping every row in @rows. */
static gboolean
rows_read (Rows          *rows,
           ProcStore     *store,
           sqlite3_stmt  *stmt,
           GError       **error)
{
  g_autoptr(GByteArray) data = g_byte_array_new ();
  int rc;

  g_assert (rows->data == NULL);
  g_assert (sqlite3_column_count (stmt) <= MAX_COLUMNS);

  rows->n_columns = sqlite3_column_count (stmt);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      append_row (data, stmt, rows->n_columns);
      rows->n_rows++;
    }
  sqlite3_reset (stmt);

  /* Kept until the toast goes: no room to grow. */
  rows->data = g_byte_array_steal (data, &rows->length);
  rows->data = g_realloc (rows->data, rows->length);

  if (rc != SQLITE_DONE)
    /* Translators: completes “Could not %s: …” */
    return _proc_store_set_error (store, error, _("remember what the edit changes"));

  return TRUE;
}

static void
row_iter_init (RowIter    *iter,
               const Rows *rows)
{
  iter->rows = rows;
  iter->offset = 0;
}

static gboolean
row_iter_next (RowIter *iter)
{
  const Rows *rows = iter->rows;

  if (iter->offset >= rows->length)
    return FALSE;

  for (guint i = 0; i < rows->n_columns; i++)
    {
      Value *value = &iter->values[i];
      const guint8 *at = rows->data + iter->offset;

      value->type = *at++;
      switch (value->type)
        {
        case SQLITE_INTEGER:
          memcpy (&value->integer, at, sizeof value->integer);
          at += sizeof value->integer;
          break;

        case SQLITE_FLOAT:
          memcpy (&value->real, at, sizeof value->real);
          at += sizeof value->real;
          break;

        case SQLITE_TEXT:
        case SQLITE_BLOB:
          memcpy (&value->length, at, sizeof value->length);
          at += sizeof value->length;
          value->bytes = at;
          at += value->length;
          break;

        case SQLITE_NULL:
        default:
          break;
        }

      iter->offset = at - rows->data;
    }

  return TRUE;
}

/* Binds @values to the parameters ?1…?n of @stmt. */
static void
bind_values (sqlite3_stmt *stmt,
             const Value  *values,
             guint         n_values)
{
  for (guint i = 0; i < n_values; i++)
    {
      const Value *value = &values[i];

      switch (value->type)
        {
        case SQLITE_INTEGER:
          sqlite3_bind_int64 (stmt, i + 1, value->integer);
          break;

        case SQLITE_FLOAT:
          sqlite3_bind_double (stmt, i + 1, value->real);
          break;

        case SQLITE_TEXT:
          sqlite3_bind_text (stmt, i + 1, (const char *) value->bytes, value->length, SQLITE_TRANSIENT);
          break;

        case SQLITE_BLOB:
          sqlite3_bind_blob (stmt, i + 1, value->bytes, value->length, SQLITE_TRANSIENT);
          break;

        case SQLITE_NULL:
        default:
          sqlite3_bind_null (stmt, i + 1);
          break;
        }
    }
}

static char *
value_dup_text (const Value *value)
{
  if (value->type != SQLITE_TEXT)
    return NULL;

  return g_strndup ((const char *) value->bytes, value->length);
}

/* Adds the first column of every row, an id, to @ids. */
static void
collect_ids (const Rows *rows,
             GArray     *ids)
{
  RowIter iter;

  row_iter_init (&iter, rows);
  while (row_iter_next (&iter))
    g_array_append_val (ids, iter.values[0].integer);
}

static ProcUndo *
undo_new (ProcStore       *store,
          ProcStoreChange  change)
{
  ProcUndo *self = g_atomic_rc_box_new0 (ProcUndo);

  self->store = g_object_ref (store);
  self->change = change;
  self->paper_ids = g_array_new (FALSE, FALSE, sizeof (gint64));

  return self;
}

static void
clear_captured (ProcUndo *self)
{
  rows_clear (&self->papers);
  rows_clear (&self->paper_links);
  rows_clear (&self->list_papers);
  rows_clear (&self->reading_list_items);
  rows_clear (&self->tags);
  rows_clear (&self->paper_tags);
  rows_clear (&self->values);
  rows_clear (&self->reading_list);
  rows_clear (&self->list_items);
}

static void
undo_clear (gpointer data)
{
  ProcUndo *self = data;

  clear_captured (self);
  g_clear_pointer (&self->paper_ids, g_array_unref);
  g_clear_pointer (&self->added_tag_name, g_free);
  g_clear_pointer (&self->list_new_name, g_free);
  g_clear_pointer (&self->label, g_free);
  g_clear_object (&self->store);
}

/* Reads into @rows what @sql selects, binding the edit's papers to ?1 and
 * its value to ?2. */
static gboolean
capture (ProcUndo    *self,
         Rows        *rows,
         const char  *sql,
         const Edit  *edit,
         GError     **error)
{
  sqlite3_stmt *stmt;

  if (!(stmt = _proc_store_prepare (self->store, sql, error)))
    return FALSE;

  sqlite3_bind_text (stmt, 1, edit->id_set, -1, SQLITE_TRANSIENT);
  if (sqlite3_bind_parameter_count (stmt) >= 2)
    sqlite3_bind_int64 (stmt, 2, edit->value);

  return rows_read (rows, self->store, stmt, error);
}

static gboolean
count_papers (ProcStore  *store,
              Edit       *edit,
              GError    **error)
{
  sqlite3_stmt *stmt;
  int rc;

  if (!(stmt = _proc_store_prepare (store, "SELECT count(*) FROM papers WHERE id " IN_IDS, error)))
    return FALSE;

  sqlite3_bind_text (stmt, 1, edit->id_set, -1, SQLITE_TRANSIENT);
  if ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    edit->n_papers = sqlite3_column_int (stmt, 0);
  sqlite3_reset (stmt);

  if (rc != SQLITE_ROW)
    return _proc_store_set_error (store, error, _("remember what the edit changes"));

  return TRUE;
}

/* Runs @func, which captures and then edits, in one transaction; after
 * the commit, the views of the papers it touched repaint. */
static ProcUndo *
run_undoable (ProcStore        *store,
              ProcStoreChange   change,
              EditFunc          func,
              Edit             *edit,
              GError          **error)
{
  g_autoptr(ProcUndo) undo = undo_new (store, change);
  g_autofree char *id_set = _proc_store_id_set_new (edit->ids, edit->n_ids);

  edit->id_set = id_set;

  if (!_proc_store_begin (store, error))
    return NULL;

  if (!count_papers (store, edit, error) ||
      !func (undo, edit, error) ||
      !_proc_store_commit (store, error))
    {
      _proc_store_rollback (store);
      return NULL;
    }

  g_assert (undo->label != NULL);

  _proc_store_reload_live (store, (const gint64 *) (gpointer) undo->paper_ids->data, undo->paper_ids->len);
  proc_store_emit_changed (store, change);

  return g_steal_pointer (&undo);
}

/* Writes every row of @rows with @sql, its values bound to ?1…?n.  With
 * @must_change, a row that changes nothing means its paper is gone. */
static gboolean
write_rows (ProcStore   *store,
            const Rows  *rows,
            const char  *sql,
            gboolean     must_change,
            GError     **error)
{
  sqlite3_stmt *stmt;
  RowIter iter;

  if (rows->n_rows == 0)
    return TRUE;

  if (!(stmt = _proc_store_prepare (store, sql, error)))
    return FALSE;

  row_iter_init (&iter, rows);
  while (row_iter_next (&iter))
    {
      int rc;

      bind_values (stmt, iter.values, rows->n_columns);
      rc = sqlite3_step (stmt);
      sqlite3_reset (stmt);
      if (rc != SQLITE_DONE)
        return _proc_store_set_error (store, error, _("undo the change"));

      if (must_change && sqlite3_changes (_proc_store_get_db (store)) == 0)
        {
          g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_NOT_FOUND,
                       _("Could not undo: the paper is no longer in the library"));
          return FALSE;
        }
    }

  return TRUE;
}

/* A paper comes back with its id and its content hash, so a paper imported
 * since with either blocks it: say which, and leave the library alone. */
static gboolean
set_conflict_error (ProcStore    *store,
                    const Value  *paper,
                    GError      **error)
{
  g_autofree char *title = value_dup_text (&paper[PAPER_USER_TITLE_COLUMN]);
  sqlite3_stmt *stmt;
  gboolean reimported = FALSE;

  if (title == NULL)
    title = value_dup_text (&paper[PAPER_TITLE_COLUMN]);

  if (!(stmt = _proc_store_prepare (store, "SELECT 1 FROM papers WHERE content_hash = ?1", error)))
    return FALSE;

  bind_values (stmt, &paper[PAPER_HASH_COLUMN], 1);
  reimported = (sqlite3_step (stmt) == SQLITE_ROW);
  sqlite3_reset (stmt);

  if (reimported)
    g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_CONFLICT,
                 _("Could not undo: “%s” was imported again after it was deleted"), title);
  else
    g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_CONFLICT,
                 _("Could not undo: a paper imported since took the place of “%s”"), title);

  return FALSE;
}

static gboolean
restore_papers (ProcUndo  *self,
                GError   **error)
{
  sqlite3 *db = _proc_store_get_db (self->store);
  sqlite3_stmt *stmt;
  RowIter iter;

  if (self->papers.n_rows == 0)
    return TRUE;

  /* A list deleted since is left out, as ON DELETE SET NULL would have. */
  if (!(stmt = _proc_store_prepare (self->store,
                                    "INSERT INTO papers (" PAPER_COLUMNS ") VALUES (?1,"
                                    " (SELECT id FROM lists WHERE id = ?2),"
                                    " ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15,"
                                    " ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27, ?28, ?29)",
                                    error)))
    return FALSE;

  row_iter_init (&iter, &self->papers);
  while (row_iter_next (&iter))
    {
      int rc, code;

      bind_values (stmt, iter.values, self->papers.n_columns);
      rc = sqlite3_step (stmt);
      code = sqlite3_extended_errcode (db);
      sqlite3_reset (stmt);

      if (rc == SQLITE_DONE)
        continue;
      if (code == SQLITE_CONSTRAINT_PRIMARYKEY || code == SQLITE_CONSTRAINT_UNIQUE)
        return set_conflict_error (self->store, iter.values, error);
      return _proc_store_set_error (self->store, error, _("undo the change"));
    }

  return TRUE;
}

/* Finds the tag a captured (id, name, colour) row stands for now: the tag
 * of that name, whatever its id; when there is none, the tag is created
 * again with its old id, name and colour, or a new id if a tag of another
 * name has taken the old one.  So a paper is never linked to a tag under
 * a name it did not have. */
static gint64
resolve_tag (ProcStore    *store,
             const Value  *tag,
             GError      **error)
{
  g_autofree char *name = value_dup_text (&tag[1]);
  sqlite3_stmt *stmt;
  gint64 id;

  if ((id = _proc_store_lookup_tag (store, name)) != 0)
    return id;

  if (!(stmt = _proc_store_prepare (store,
                                    "INSERT INTO tags (id, name, colour) VALUES"
                                    " ((SELECT ?1 WHERE NOT EXISTS (SELECT 1 FROM tags WHERE id = ?1)), ?2, ?3)",
                                    error)))
    return 0;

  bind_values (stmt, tag, 3);
  if (sqlite3_step (stmt) != SQLITE_DONE)
    {
      sqlite3_reset (stmt);
      _proc_store_set_error (store, error, _("undo the change"));
      return 0;
    }
  sqlite3_reset (stmt);

  return sqlite3_last_insert_rowid (_proc_store_get_db (store));
}

/* Links papers to their tags again, recreating tags deleted since; papers
 * deleted since are left out. */
static gboolean
restore_tags (ProcUndo  *self,
              GError   **error)
{
  g_autoptr(GHashTable) now = NULL;
  g_autoptr(GHashTable) by_tag = NULL;
  GHashTableIter tags;
  gpointer key, value;
  RowIter iter;

  if (self->tags.n_rows == 0)
    return TRUE;

  now = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  row_iter_init (&iter, &self->tags);
  while (row_iter_next (&iter))
    {
      gint64 id = resolve_tag (self->store, iter.values, error);

      if (id == 0)
        return FALSE;
      g_hash_table_insert (now, g_memdup2 (&iter.values[0].integer, sizeof (gint64)),
                           g_memdup2 (&id, sizeof id));
    }

  if (self->paper_tags.n_rows == 0)
    return TRUE;

  /* Each tag's papers in one statement (see _proc_store_run_for_ids()). */
  by_tag = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, (GDestroyNotify) g_array_unref);
  row_iter_init (&iter, &self->paper_tags);
  while (row_iter_next (&iter))
    {
      /* Every tag of paper_tags was captured with it, so this is found. */
      gint64 *tag_id = g_hash_table_lookup (now, &iter.values[1].integer);
      GArray *ids;

      if (tag_id == NULL)
        continue;
      if (!(ids = g_hash_table_lookup (by_tag, tag_id)))
        {
          ids = g_array_new (FALSE, FALSE, sizeof (gint64));
          g_hash_table_insert (by_tag, tag_id, ids);
        }
      g_array_append_val (ids, iter.values[0].integer);
    }

  g_hash_table_iter_init (&tags, by_tag);
  while (g_hash_table_iter_next (&tags, &key, &value))
    {
      GArray *ids = value;

      if (!_proc_store_run_for_ids (self->store,
                                    "INSERT OR IGNORE INTO paper_tags (paper_id, tag_id)"
                                    " SELECT id, ?1 FROM papers WHERE id IN " PROC_STORE_IDS,
                                    (const gint64 *) (gpointer) ids->data, ids->len,
                                    *(gint64 *) key, _("undo the change"), error))
        return FALSE;
    }

  return TRUE;
}

/* Takes the tag off the papers it was added to, and deletes it if the edit
 * created it and no paper has it now. */
static gboolean
remove_added_tag (ProcUndo  *self,
                  GError   **error)
{
  sqlite3_stmt *stmt;
  int rc;
  gboolean same_name = FALSE;

  if (self->added_tag_id == 0)
    return TRUE;

  /* The name column compares without case, as tag names do. */
  if (!(stmt = _proc_store_prepare (self->store, "SELECT name = ?2 FROM tags WHERE id = ?1", error)))
    return FALSE;

  sqlite3_bind_int64 (stmt, 1, self->added_tag_id);
  sqlite3_bind_text (stmt, 2, self->added_tag_name, -1, SQLITE_TRANSIENT);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    same_name = sqlite3_column_int (stmt, 0);
  sqlite3_reset (stmt);

  if (rc == SQLITE_DONE)
    return TRUE;   /* deleted since, and its links with it */
  if (rc != SQLITE_ROW)
    return _proc_store_set_error (self->store, error, _("undo the change"));

  /* Renamed, or its id went to another tag: either way not ours to touch. */
  if (!same_name)
    {
      g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_CONFLICT,
                   _("Could not undo: the tag “%s” was renamed since"), self->added_tag_name);
      return FALSE;
    }

  if (!_proc_store_run_for_ids (self->store, "DELETE FROM paper_tags WHERE tag_id = ?1 AND paper_id IN " PROC_STORE_IDS,
                                (const gint64 *) (gpointer) self->paper_ids->data, self->paper_ids->len,
                                self->added_tag_id, _("undo the change"), error))
    return FALSE;

  if (self->added_tag_created &&
      !_proc_store_run_for_ids (self->store,
                                "DELETE FROM tags WHERE id IN " PROC_STORE_IDS
                                " AND NOT EXISTS (SELECT 1 FROM paper_tags WHERE tag_id = tags.id)",
                                &self->added_tag_id, 1, 0, _("undo the change"), error))
    return FALSE;

  return TRUE;
}

/* The reading list an edit changed, if it is still there: the same id,
 * created at the same time, so not a new list that took a freed id. */
static gboolean
find_edited_list (ProcUndo     *self,
                  const Value  *list,
                  gboolean     *found,
                  GError      **error)
{
  sqlite3_stmt *stmt;
  int rc;

  if (!(stmt = _proc_store_prepare (self->store,
                                    "SELECT 1 FROM reading_lists WHERE id = ?1 AND created_at IS ?3 AND ?2 IS ?2",
                                    error)))
    return FALSE;

  bind_values (stmt, list, 3);
  rc = sqlite3_step (stmt);
  sqlite3_reset (stmt);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    return _proc_store_set_error (self->store, error, _("undo the change"));

  *found = (rc == SQLITE_ROW);
  return TRUE;
}

/* Writes each captured item (paper_id, position) of the list with @sql:
 * the list's id is ?1, the paper's ?2, the position ?3. */
static gboolean
write_list_items (ProcUndo    *self,
                  gint64       list_id,
                  const char  *sql,
                  GError     **error)
{
  sqlite3_stmt *stmt;
  RowIter iter;

  if (self->list_items.n_rows == 0)
    return TRUE;

  if (!(stmt = _proc_store_prepare (self->store, sql, error)))
    return FALSE;

  row_iter_init (&iter, &self->list_items);
  while (row_iter_next (&iter))
    {
      int rc;

      sqlite3_bind_int64 (stmt, 1, list_id);
      sqlite3_bind_int64 (stmt, 2, iter.values[0].integer);
      sqlite3_bind_int64 (stmt, 3, iter.values[1].integer);
      rc = sqlite3_step (stmt);
      sqlite3_reset (stmt);
      if (rc != SQLITE_DONE)
        return _proc_store_set_error (self->store, error, _("undo the change"));
    }

  return TRUE;
}

/* A deleted list comes back with its name, the time it was made and its
 * items where they were; with its old id unless a new list took it. */
static gboolean
restore_deleted_list (ProcUndo     *self,
                      const Value  *list,
                      GError      **error)
{
  g_autofree char *name = value_dup_text (&list[1]);
  sqlite3_stmt *stmt;

  if (proc_store_lookup_reading_list (self->store, name) != 0)
    {
      g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_CONFLICT,
                   _("Could not undo: another reading list is now called “%s”"), name);
      return FALSE;
    }

  if (!(stmt = _proc_store_prepare (self->store,
                                    "INSERT INTO reading_lists (id, name, created_at) VALUES"
                                    " ((SELECT ?1 WHERE NOT EXISTS (SELECT 1 FROM reading_lists WHERE id = ?1)), ?2, ?3)",
                                    error)))
    return FALSE;

  bind_values (stmt, list, 3);
  if (sqlite3_step (stmt) != SQLITE_DONE)
    {
      sqlite3_reset (stmt);
      return _proc_store_set_error (self->store, error, _("undo the change"));
    }
  sqlite3_reset (stmt);

  /* Papers deleted since are left out. */
  return write_list_items (self, sqlite3_last_insert_rowid (_proc_store_get_db (self->store)),
                           "INSERT INTO reading_list_items (reading_list_id, paper_id, position)"
                           " SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM papers WHERE id = ?2)",
                           error);
}

static gboolean
restore_list_name (ProcUndo     *self,
                   const Value  *list,
                   GError      **error)
{
  g_autofree char *old_name = value_dup_text (&list[1]);
  g_autofree char *current = _proc_store_dup_reading_list_name (self->store, list[0].integer);
  gint64 holder;

  if (g_strcmp0 (current, self->list_new_name) != 0)
    {
      g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_CONFLICT,
                   _("Could not undo: the reading list “%s” was renamed since"), self->list_new_name);
      return FALSE;
    }

  holder = proc_store_lookup_reading_list (self->store, old_name);
  if (holder != 0 && holder != list[0].integer)
    {
      g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_CONFLICT,
                   _("Could not undo: another reading list is now called “%s”"), old_name);
      return FALSE;
    }

  return _proc_store_write_rename_reading_list (self->store, list[0].integer, old_name, error);
}

/* Undoes an edit of one reading list.  A list deleted since took its
 * items with it: undoing an edit of its items then has nothing to do. */
static gboolean
restore_reading_list (ProcUndo  *self,
                      GError   **error)
{
  const gint64 *ids = (const gint64 *) (gpointer) self->paper_ids->data;
  RowIter list;
  gint64 id;
  gboolean found = FALSE;

  if (self->list_edit == LIST_EDIT_NONE)
    return TRUE;

  row_iter_init (&list, &self->reading_list);
  if (!row_iter_next (&list))
    return TRUE;
  id = list.values[0].integer;

  if (self->list_edit == LIST_EDIT_DELETE)
    return restore_deleted_list (self, list.values, error);

  if (!find_edited_list (self, list.values, &found, error))
    return FALSE;

  if (!found && self->list_edit == LIST_EDIT_RENAME)
    {
      g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_NOT_FOUND,
                   _("Could not undo: the reading list “%s” is no longer in the library"), self->list_new_name);
      return FALSE;
    }
  if (!found)
    return TRUE;

  switch (self->list_edit)
    {
    case LIST_EDIT_CREATE:
    case LIST_EDIT_ADD:
      if (!_proc_store_run_for_ids (self->store, "DELETE FROM reading_list_items WHERE reading_list_id = ?1 AND paper_id IN " PROC_STORE_IDS,
                                    ids, self->paper_ids->len, id, _("undo the change"), error))
        return FALSE;
      /* Papers added to it since keep a list made by this edit. */
      return self->list_edit != LIST_EDIT_CREATE ||
             _proc_store_run_for_ids (self->store,
                                      "DELETE FROM reading_lists WHERE id IN " PROC_STORE_IDS
                                      " AND NOT EXISTS (SELECT 1 FROM reading_list_items WHERE reading_list_id = reading_lists.id)",
                                      &id, 1, 0, _("undo the change"), error);

    case LIST_EDIT_REMOVE:
      /* A paper added again since goes back where it was. */
      return write_list_items (self, id,
                               "INSERT OR REPLACE INTO reading_list_items (reading_list_id, paper_id, position)"
                               " SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM papers WHERE id = ?2)",
                               error);

    case LIST_EDIT_MOVE:
      return write_list_items (self, id,
                               "UPDATE reading_list_items SET position = ?3 WHERE reading_list_id = ?1 AND paper_id = ?2",
                               error);

    case LIST_EDIT_RENAME:
      return restore_list_name (self, list.values, error);

    case LIST_EDIT_NONE:
    case LIST_EDIT_DELETE:
    default:
      g_assert_not_reached ();
    }
}

/* The edits: each captures what it will change, then runs the store's own
 * edit, then names itself for the toast. */

static gboolean
delete_papers (ProcUndo  *self,
               Edit      *edit,
               GError   **error)
{
  if (!capture (self, &self->papers,
                "SELECT " PAPER_COLUMNS " FROM papers WHERE id " IN_IDS, edit, error) ||
      !capture (self, &self->paper_links,
                "SELECT paper_id, position, url, kind FROM paper_links WHERE paper_id " IN_IDS,
                edit, error) ||
      !capture (self, &self->list_papers,
                "SELECT list_id, paper_id, position FROM list_papers WHERE paper_id " IN_IDS,
                edit, error) ||
      !capture (self, &self->reading_list_items,
                "SELECT reading_list_id, paper_id, position FROM reading_list_items"
                " WHERE paper_id " IN_IDS, edit, error) ||
      !capture (self, &self->paper_tags,
                "SELECT paper_id, tag_id FROM paper_tags WHERE paper_id " IN_IDS, edit, error) ||
      !capture (self, &self->tags,
                "SELECT id, name, colour FROM tags WHERE id IN"
                " (SELECT tag_id FROM paper_tags WHERE paper_id " IN_IDS ")", edit, error))
    return FALSE;

  if (!_proc_store_write_delete_papers (self->store, edit->ids, edit->n_ids, error))
    return FALSE;

  collect_ids (&self->papers, self->paper_ids);
  self->label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Deleted %u paper", "Deleted %u papers",
                                              self->papers.n_rows),
                                 self->papers.n_rows);
  return TRUE;
}

static char *
dup_tag_name (const Rows *tags)
{
  RowIter iter;

  row_iter_init (&iter, tags);
  if (!row_iter_next (&iter))
    return NULL;

  return value_dup_text (&iter.values[1]);
}

/* The name as the library spells it, which may differ in case from the
 * name an edit was given. */
static char *
dup_stored_tag_name (ProcStore  *store,
                     gint64      tag_id,
                     GError    **error)
{
  sqlite3_stmt *stmt;
  char *name = NULL;

  if (!(stmt = _proc_store_prepare (store, "SELECT name FROM tags WHERE id = ?", error)))
    return NULL;

  sqlite3_bind_int64 (stmt, 1, tag_id);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    name = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_reset (stmt);

  if (name == NULL)
    _proc_store_set_error (store, error, _("tag papers"));

  return name;
}

static gboolean
remove_tag (ProcUndo  *self,
            Edit      *edit,
            GError   **error)
{
  g_autofree char *name = NULL;

  edit->value = _proc_store_lookup_tag (self->store, edit->text);

  if (!capture (self, &self->tags, "SELECT id, name, colour FROM tags WHERE id = ?2", edit, error) ||
      !capture (self, &self->paper_tags,
                "SELECT paper_id, tag_id FROM paper_tags WHERE tag_id = ?2 AND paper_id " IN_IDS,
                edit, error) ||
      !_proc_store_write_remove_tag (self->store, edit->ids, edit->n_ids, edit->text, error))
    return FALSE;

  /* The papers that had it, which are the ones the undo gives it back. */
  collect_ids (&self->paper_tags, self->paper_ids);
  name = dup_tag_name (&self->tags);
  /* Translators: a tag's name, then a number of papers */
  self->label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "Removed tag “%s” from %u paper",
                                              "Removed tag “%s” from %u papers",
                                              self->paper_tags.n_rows),
                                 name, self->paper_tags.n_rows);
  return TRUE;
}

static gboolean
delete_tag (ProcUndo  *self,
            Edit      *edit,
            GError   **error)
{
  g_autofree char *name = NULL;

  if (!capture (self, &self->tags, "SELECT id, name, colour FROM tags WHERE id = ?2", edit, error))
    return FALSE;

  if (self->tags.n_rows == 0)
    {
      g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_NOT_FOUND,
                   _("The tag is no longer in the library"));
      return FALSE;
    }

  if (!capture (self, &self->paper_tags,
                "SELECT paper_id, tag_id FROM paper_tags WHERE tag_id = ?2", edit, error) ||
      !_proc_store_write_delete_tag (self->store, edit->value, error))
    return FALSE;

  collect_ids (&self->paper_tags, self->paper_ids);
  name = dup_tag_name (&self->tags);
  self->label = g_strdup_printf (_("Deleted tag “%s”"), name);
  return TRUE;
}

static gboolean
set_note (ProcUndo  *self,
          Edit      *edit,
          GError   **error)
{
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;

  if (!capture (self, &self->values,
                "SELECT id, note, note_modified_at FROM papers WHERE id = ?2", edit, error) ||
      !_proc_store_write_note (self->store, edit->value, edit->text, now, error))
    return FALSE;

  collect_ids (&self->values, self->paper_ids);
  self->restore_sql = "UPDATE papers SET note = ?2, note_modified_at = ?3 WHERE id = ?1";
  self->restore_needs_paper = TRUE;
  self->label = g_strdup (edit->text == NULL || *edit->text == '\0'
                          ? _("Cleared the note") : _("Edited the note"));
  return TRUE;
}

static gboolean
add_tag (ProcUndo  *self,
         Edit      *edit,
         GError   **error)
{
  g_autofree char *name = NULL;
  Rows added = { 0 };
  gboolean captured;

  if (!(name = _proc_store_normalize_tag_name (edit->text, error)))
    return FALSE;

  /* The papers that will get the tag: those that have not got it yet. */
  edit->value = _proc_store_lookup_tag (self->store, name);
  if (edit->value != 0)
    captured = capture (self, &added,
                        "SELECT id FROM papers WHERE id " IN_IDS " AND NOT EXISTS"
                        " (SELECT 1 FROM paper_tags WHERE paper_id = papers.id AND tag_id = ?2)",
                        edit, error);
  else
    captured = capture (self, &added, "SELECT id FROM papers WHERE id " IN_IDS, edit, error);

  if (captured)
    collect_ids (&added, self->paper_ids);
  rows_clear (&added);

  if (!captured || !_proc_store_write_add_tag (self->store, edit->ids, edit->n_ids, edit->text, error))
    return FALSE;

  self->added_tag_created = (edit->value == 0);
  self->added_tag_id = _proc_store_lookup_tag (self->store, name);
  if (!(self->added_tag_name = dup_stored_tag_name (self->store, self->added_tag_id, error)))
    return FALSE;

  /* Translators: a number of papers, then a tag's name */
  self->label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "Tagged %u paper “%s”",
                                              "Tagged %u papers “%s”",
                                              edit->n_papers),
                                 edit->n_papers, self->added_tag_name);
  return TRUE;
}

static gboolean
set_starred (ProcUndo  *self,
             Edit      *edit,
             GError   **error)
{
  guint n = edit->n_papers;

  if (!capture (self, &self->values,
                "SELECT id, starred FROM papers WHERE id " IN_IDS " AND starred <> ?2", edit, error) ||
      !_proc_store_write_starred (self->store, edit->ids, edit->n_ids, edit->value, error))
    return FALSE;

  collect_ids (&self->values, self->paper_ids);
  self->restore_sql = "UPDATE papers SET starred = ?2 WHERE id = ?1";
  if (edit->value)
    self->label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Starred %u paper", "Starred %u papers", n), n);
  else
    self->label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                "Removed the star from %u paper",
                                                "Removed the star from %u papers", n), n);
  return TRUE;
}

static gboolean
set_read_state (ProcUndo  *self,
                Edit      *edit,
                GError   **error)
{
  guint n = edit->n_papers;

  if (!capture (self, &self->values,
                "SELECT id, read_state FROM papers WHERE id " IN_IDS " AND read_state <> ?2", edit, error) ||
      !_proc_store_write_read_state (self->store, edit->ids, edit->n_ids, edit->value, error))
    return FALSE;

  collect_ids (&self->values, self->paper_ids);
  self->restore_sql = "UPDATE papers SET read_state = ?2 WHERE id = ?1";

  switch ((ProcReadState) edit->value)
    {
    case PROC_READ_STATE_READ:
      self->label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  "Marked %u paper as read",
                                                  "Marked %u papers as read", n), n);
      break;

    case PROC_READ_STATE_READING:
      self->label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  "Marked %u paper as reading",
                                                  "Marked %u papers as reading", n), n);
      break;

    case PROC_READ_STATE_UNREAD:
    default:
      self->label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  "Marked %u paper as unread",
                                                  "Marked %u papers as unread", n), n);
      break;
    }

  return TRUE;
}

/* Undo gives back the decision and its time, so the statistics forget
 * the decision as well. */
static gboolean
set_triage (ProcUndo  *self,
            Edit      *edit,
            GError   **error)
{
  guint n = edit->n_papers;

  if (!capture (self, &self->values,
                "SELECT id, triage, triaged_at FROM papers WHERE id " IN_IDS " AND triage <> ?2", edit, error) ||
      !_proc_store_write_triage (self->store, edit->ids, edit->n_ids, edit->value, error))
    return FALSE;

  collect_ids (&self->values, self->paper_ids);
  self->restore_sql = "UPDATE papers SET triage = ?2, triaged_at = ?3 WHERE id = ?1";

  switch ((ProcTriage) edit->value)
    {
    case PROC_TRIAGE_KEEP:
      self->label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  "Kept %u paper",
                                                  "Kept %u papers", n), n);
      break;

    case PROC_TRIAGE_MAYBE:
      self->label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  "Marked %u paper as maybe",
                                                  "Marked %u papers as maybe", n), n);
      break;

    case PROC_TRIAGE_SKIP:
      self->label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  "Skipped %u paper",
                                                  "Skipped %u papers", n), n);
      break;

    case PROC_TRIAGE_UNTRIAGED:
    default:
      self->label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  "Cleared the triage decision of %u paper",
                                                  "Cleared the triage decisions of %u papers", n), n);
      break;
    }
  return TRUE;
}

static gboolean
set_rating (ProcUndo  *self,
            Edit      *edit,
            GError   **error)
{
  guint n = edit->n_papers;

  if (!capture (self, &self->values,
                "SELECT id, rating FROM papers WHERE id " IN_IDS " AND rating <> ?2", edit, error) ||
      !_proc_store_write_rating (self->store, edit->ids, edit->n_ids, edit->value, error))
    return FALSE;

  collect_ids (&self->values, self->paper_ids);
  self->restore_sql = "UPDATE papers SET rating = ?2 WHERE id = ?1";
  if (edit->value == 0)
    self->label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                "Cleared the rating of %u paper",
                                                "Cleared the rating of %u papers", n), n);
  else
    /* Translators: a number of papers, then the rating given, 1 to 5 */
    self->label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                "Rated %u paper %d out of 5",
                                                "Rated %u papers %d out of 5", n),
                                   n, (int) edit->value);
  return TRUE;
}

/* Reads the reading list the edit names (its id in edit->value). */
static gboolean
capture_list (ProcUndo  *self,
              Edit      *edit,
              GError   **error)
{
  if (!capture (self, &self->reading_list, "SELECT id, name, created_at FROM reading_lists WHERE id = ?2",
                edit, error))
    return FALSE;

  if (self->reading_list.n_rows == 0)
    {
      g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_NOT_FOUND,
                   _("The reading list is no longer in the library"));
      return FALSE;
    }

  return TRUE;
}

static char *
dup_list_name (ProcUndo *self)
{
  RowIter iter;

  row_iter_init (&iter, &self->reading_list);
  if (!row_iter_next (&iter))
    return NULL;

  return value_dup_text (&iter.values[1]);
}

static gboolean
create_reading_list (ProcUndo  *self,
                     Edit      *edit,
                     GError   **error)
{
  g_autofree char *name = NULL;
  Rows added = { 0 };
  gboolean captured;
  guint n;

  if (!(edit->value = _proc_store_write_create_reading_list (self->store, edit->text, error)) ||
      !_proc_store_write_add_to_reading_list (self->store, edit->value, edit->ids, edit->n_ids, error) ||
      !capture_list (self, edit, error))
    return FALSE;

  captured = capture (self, &added, "SELECT paper_id FROM reading_list_items WHERE reading_list_id = ?2",
                      edit, error);
  if (captured)
    collect_ids (&added, self->paper_ids);
  rows_clear (&added);
  if (!captured)
    return FALSE;

  self->list_edit = LIST_EDIT_CREATE;
  *edit->created_id = edit->value;
  name = dup_list_name (self);
  n = self->paper_ids->len;
  if (n == 0)
    self->label = g_strdup_printf (_("Created reading list “%s”"), name);
  else
    /* Translators: a reading list's name, then a number of papers */
    self->label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                "Created reading list “%s” with %u paper",
                                                "Created reading list “%s” with %u papers", n),
                                   name, n);
  return TRUE;
}

static gboolean
add_to_reading_list (ProcUndo  *self,
                     Edit      *edit,
                     GError   **error)
{
  g_autofree char *name = NULL;
  Rows added = { 0 };
  gboolean captured;
  guint n;

  if (!capture_list (self, edit, error))
    return FALSE;

  /* The papers that will join: those not in the list yet. */
  captured = capture (self, &added,
                      "SELECT id FROM papers WHERE id " IN_IDS " AND NOT EXISTS"
                      " (SELECT 1 FROM reading_list_items WHERE reading_list_id = ?2 AND paper_id = papers.id)",
                      edit, error);
  if (captured)
    collect_ids (&added, self->paper_ids);
  rows_clear (&added);

  if (!captured ||
      !_proc_store_write_add_to_reading_list (self->store, edit->value, edit->ids, edit->n_ids, error))
    return FALSE;

  self->list_edit = LIST_EDIT_ADD;
  name = dup_list_name (self);
  n = self->paper_ids->len;
  /* Translators: a number of papers, then a reading list's name */
  self->label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Added %u paper to “%s”",
                                              "Added %u papers to “%s”", n),
                                 n, name);
  return TRUE;
}

static gboolean
remove_from_reading_list (ProcUndo  *self,
                          Edit      *edit,
                          GError   **error)
{
  g_autofree char *name = NULL;
  guint n;

  if (!capture_list (self, edit, error) ||
      !capture (self, &self->list_items,
                "SELECT paper_id, position FROM reading_list_items"
                " WHERE reading_list_id = ?2 AND paper_id " IN_IDS, edit, error) ||
      !_proc_store_write_remove_from_reading_list (self->store, edit->value, edit->ids, edit->n_ids, error))
    return FALSE;

  collect_ids (&self->list_items, self->paper_ids);
  self->list_edit = LIST_EDIT_REMOVE;
  name = dup_list_name (self);
  n = self->list_items.n_rows;
  /* Translators: a number of papers, then a reading list's name */
  self->label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Removed %u paper from “%s”",
                                              "Removed %u papers from “%s”", n),
                                 n, name);
  return TRUE;
}

static gboolean
move_in_reading_list (ProcUndo  *self,
                      Edit      *edit,
                      GError   **error)
{
  g_autofree char *name = NULL;
  Rows moved = { 0 };
  guint n;

  /* Every position, as the move numbers the whole list anew. */
  if (!capture_list (self, edit, error) ||
      !capture (self, &self->list_items,
                "SELECT paper_id, position FROM reading_list_items WHERE reading_list_id = ?2",
                edit, error) ||
      !capture (self, &moved,
                "SELECT paper_id FROM reading_list_items WHERE reading_list_id = ?2 AND paper_id " IN_IDS,
                edit, error))
    {
      rows_clear (&moved);
      return FALSE;
    }
  n = moved.n_rows;
  rows_clear (&moved);

  if (!_proc_store_write_move_in_reading_list (self->store, edit->value, edit->ids, edit->n_ids,
                                               edit->before, error))
    return FALSE;

  self->list_edit = LIST_EDIT_MOVE;
  name = dup_list_name (self);
  /* Translators: a number of papers, then a reading list's name */
  self->label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Moved %u paper in “%s”",
                                              "Moved %u papers in “%s”", n),
                                 n, name);
  return TRUE;
}

static gboolean
rename_reading_list (ProcUndo  *self,
                     Edit      *edit,
                     GError   **error)
{
  g_autofree char *name = NULL;

  if (!capture_list (self, edit, error) ||
      !_proc_store_write_rename_reading_list (self->store, edit->value, edit->text, error))
    return FALSE;

  self->list_edit = LIST_EDIT_RENAME;
  self->list_new_name = _proc_store_dup_reading_list_name (self->store, edit->value);
  name = dup_list_name (self);
  /* Translators: a reading list's old name, then its new one */
  self->label = g_strdup_printf (_("Renamed reading list “%s” to “%s”"), name, self->list_new_name);
  return TRUE;
}

static gboolean
delete_reading_list (ProcUndo  *self,
                     Edit      *edit,
                     GError   **error)
{
  g_autofree char *name = NULL;

  if (!capture_list (self, edit, error) ||
      !capture (self, &self->list_items,
                "SELECT paper_id, position FROM reading_list_items WHERE reading_list_id = ?2",
                edit, error) ||
      !_proc_store_write_delete_reading_list (self->store, edit->value, error))
    return FALSE;

  self->list_edit = LIST_EDIT_DELETE;
  name = dup_list_name (self);
  self->label = g_strdup_printf (_("Deleted reading list “%s”"), name);
  return TRUE;
}

/* The watchlist comes back with its id, name, words and age. */
static gboolean
delete_watchlist (ProcUndo  *self,
                  Edit      *edit,
                  GError   **error)
{
  g_autofree char *name = NULL;
  RowIter iter;

  if (!capture (self, &self->values,
                "SELECT id, name, query, created_at FROM watchlists WHERE id = ?2", edit, error) ||
      !_proc_store_write_delete_watchlist (self->store, edit->value, error))
    return FALSE;

  self->restore_sql = "INSERT INTO watchlists (id, name, query, created_at) VALUES (?1, ?2, ?3, ?4)";
  row_iter_init (&iter, &self->values);
  if (row_iter_next (&iter))
    name = value_dup_text (&iter.values[1]);
  self->label = g_strdup_printf (_("Deleted watchlist “%s”"), name ? name : "");
  return TRUE;
}

ProcUndo *
proc_undo_ref (ProcUndo *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return g_atomic_rc_box_acquire (self);
}

void
proc_undo_unref (ProcUndo *self)
{
  g_return_if_fail (self != NULL);

  g_atomic_rc_box_release_full (self, undo_clear);
}

/**
 * proc_undo_get_label:
 *
 * Returns: what the edit did, translated, for the toast that offers to
 *   undo it: “Deleted 3 papers”
 */
const char *
proc_undo_get_label (ProcUndo *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->label;
}

/**
 * proc_undo_get_paper_ids:
 * @n_ids: (out): how many
 *
 * Returns: (array length=n_ids): the papers the edit changed, so a view
 *   can go back to the one whose change was undone
 */
const gint64 *
proc_undo_get_paper_ids (ProcUndo *self,
                         guint    *n_ids)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (n_ids != NULL, NULL);

  *n_ids = self->paper_ids->len;
  return (const gint64 *) (gpointer) self->paper_ids->data;
}

/**
 * proc_undo_apply:
 *
 * Puts back what the edit changed, in one transaction, then repaints the
 * papers views hold and emits #ProcStore::changed.  A record is applied
 * once: a second time is refused.  When the library changed since in a
 * way that blocks the undo (a deleted paper was imported again), nothing
 * is written and the error says why; the record can be applied later.
 */
gboolean
proc_undo_apply (ProcUndo  *self,
                 GError   **error)
{
  ProcStore *store;

  g_return_val_if_fail (self != NULL, FALSE);

  store = self->store;

  if (self->applied)
    {
      g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_INVALID,
                   _("This change has already been undone"));
      return FALSE;
    }

  if (!_proc_store_begin (store, error))
    return FALSE;

  /* Papers first, so that the rows that refer to them can follow. */
  if (!restore_papers (self, error) ||
      !write_rows (store, &self->paper_links,
                   "INSERT INTO paper_links (paper_id, position, url, kind) VALUES (?1, ?2, ?3, ?4)",
                   FALSE, error) ||
      !write_rows (store, &self->list_papers,
                   "INSERT INTO list_papers (list_id, paper_id, position)"
                   " SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM lists WHERE id = ?1)",
                   FALSE, error) ||
      !write_rows (store, &self->reading_list_items,
                   "INSERT INTO reading_list_items (reading_list_id, paper_id, position)"
                   " SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM reading_lists WHERE id = ?1)",
                   FALSE, error) ||
      !restore_tags (self, error) ||
      !write_rows (store, &self->values, self->restore_sql, self->restore_needs_paper, error) ||
      !remove_added_tag (self, error) ||
      !restore_reading_list (self, error) ||
      !_proc_store_commit (store, error))
    {
      _proc_store_rollback (store);
      return FALSE;
    }

  self->applied = TRUE;
  clear_captured (self);

  _proc_store_reload_live (store, (const gint64 *) (gpointer) self->paper_ids->data, self->paper_ids->len);
  proc_store_emit_changed (store, self->change);
  return TRUE;
}

/**
 * proc_undo_new_derived_titles:
 * @ids: (array length=n_ids): papers an import gave their official titles
 * @titles: (array length=n_ids): the titles derived from their abstracts
 *   that those replaced
 *
 * The undo of what an import did to papers the library had: the official
 * titles it gave them (see ProcImportReport's retitled_ids).  The import
 * is already written, so the record is made from what it kept; applied,
 * it gives each paper that is still there its derived title again.
 *
 * Returns: (transfer full): the undo record
 */
ProcUndo *
proc_undo_new_derived_titles (ProcStore          *store,
                              const gint64       *ids,
                              const char * const *titles,
                              guint               n_ids)
{
  ProcUndo *self = undo_new (store, PROC_STORE_CHANGE_PAPERS);
  g_autoptr(GByteArray) data = g_byte_array_new ();

  g_return_val_if_fail (PROC_IS_STORE (store), NULL);

  /* In the layout append_row() writes: a type byte, then the value. */
  for (guint i = 0; i < n_ids; i++)
    {
      guint8 type = SQLITE_INTEGER;
      guint32 length = strlen (titles[i]);

      g_byte_array_append (data, &type, 1);
      g_byte_array_append (data, (const guint8 *) &ids[i], sizeof ids[i]);
      type = SQLITE_TEXT;
      g_byte_array_append (data, &type, 1);
      g_byte_array_append (data, (const guint8 *) &length, sizeof length);
      g_byte_array_append (data, (const guint8 *) titles[i], length);
      g_array_append_val (self->paper_ids, ids[i]);
    }
  self->values.n_columns = 2;
  self->values.n_rows = n_ids;
  self->values.data = g_byte_array_steal (data, &self->values.length);
  self->restore_sql = "UPDATE papers SET derived_title = ?2, title_derived = 1 WHERE id = ?1";
  self->label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "Gave %u paper its official title",
                                              "Gave %u papers their official titles", n_ids),
                                 n_ids);
  return self;
}

/**
 * proc_store_delete_papers_undoable:
 *
 * Deletes papers like proc_store_delete_papers().  The record keeps every
 * column of each paper and its links, list memberships, tags and
 * reading-list items, with their positions, and gives them back with the
 * same ids; tags deleted since are created again.
 *
 * Returns: (transfer full): the undo record, or %NULL with @error set and
 *   nothing changed
 */
ProcUndo *
proc_store_delete_papers_undoable (ProcStore     *store,
                                   const gint64  *ids,
                                   guint          n_ids,
                                   GError       **error)
{
  Edit edit = { .ids = ids, .n_ids = n_ids };

  g_return_val_if_fail (PROC_IS_STORE (store), NULL);
  g_return_val_if_fail (ids != NULL || n_ids == 0, NULL);

  return run_undoable (store, PROC_STORE_CHANGE_ALL, delete_papers, &edit, error);
}

/* Undo links again the papers that had the tag. */
ProcUndo *
proc_store_remove_tag_undoable (ProcStore     *store,
                                const gint64  *ids,
                                guint          n_ids,
                                const char    *tag,
                                GError       **error)
{
  Edit edit = { .ids = ids, .n_ids = n_ids, .text = tag };

  g_return_val_if_fail (PROC_IS_STORE (store), NULL);
  g_return_val_if_fail (ids != NULL || n_ids == 0, NULL);
  g_return_val_if_fail (tag != NULL, NULL);

  return run_undoable (store, PROC_STORE_CHANGE_PAPERS | PROC_STORE_CHANGE_TAGS,
                       remove_tag, &edit, error);
}

/* Undo creates the tag again with its id, name and colour, and its links. */
ProcUndo *
proc_store_delete_tag_undoable (ProcStore  *store,
                                gint64      tag_id,
                                GError    **error)
{
  Edit edit = { .value = tag_id };

  g_return_val_if_fail (PROC_IS_STORE (store), NULL);

  return run_undoable (store, PROC_STORE_CHANGE_PAPERS | PROC_STORE_CHANGE_TAGS,
                       delete_tag, &edit, error);
}

/* Undo gives back the note and the time it was last changed. */
ProcUndo *
proc_store_set_note_undoable (ProcStore   *store,
                              gint64       id,
                              const char  *note,
                              GError     **error)
{
  Edit edit = { .ids = &id, .n_ids = 1, .value = id, .text = note };

  g_return_val_if_fail (PROC_IS_STORE (store), NULL);

  return run_undoable (store, PROC_STORE_CHANGE_PAPERS, set_note, &edit, error);
}

/* Undo takes the tag off exactly the papers that did not have it, and
 * deletes the tag if this created it. */
ProcUndo *
proc_store_add_tag_undoable (ProcStore     *store,
                             const gint64  *ids,
                             guint          n_ids,
                             const char    *tag,
                             GError       **error)
{
  Edit edit = { .ids = ids, .n_ids = n_ids, .text = tag };

  g_return_val_if_fail (PROC_IS_STORE (store), NULL);
  g_return_val_if_fail (ids != NULL || n_ids == 0, NULL);

  return run_undoable (store, PROC_STORE_CHANGE_PAPERS | PROC_STORE_CHANGE_TAGS,
                       add_tag, &edit, error);
}

/* Undo gives each paper its own previous value. */
ProcUndo *
proc_store_set_starred_undoable (ProcStore     *store,
                                 const gint64  *ids,
                                 guint          n_ids,
                                 gboolean       starred,
                                 GError       **error)
{
  Edit edit = { .ids = ids, .n_ids = n_ids, .value = !!starred };

  g_return_val_if_fail (PROC_IS_STORE (store), NULL);
  g_return_val_if_fail (ids != NULL || n_ids == 0, NULL);

  return run_undoable (store, PROC_STORE_CHANGE_PAPERS, set_starred, &edit, error);
}

ProcUndo *
proc_store_set_read_state_undoable (ProcStore      *store,
                                    const gint64   *ids,
                                    guint           n_ids,
                                    ProcReadState   state,
                                    GError        **error)
{
  Edit edit = { .ids = ids, .n_ids = n_ids, .value = state };

  g_return_val_if_fail (PROC_IS_STORE (store), NULL);
  g_return_val_if_fail (ids != NULL || n_ids == 0, NULL);

  return run_undoable (store, PROC_STORE_CHANGE_PAPERS, set_read_state, &edit, error);
}

ProcUndo *
proc_store_set_triage_undoable (ProcStore     *store,
                                const gint64  *ids,
                                guint          n_ids,
                                ProcTriage     triage,
                                GError       **error)
{
  Edit edit = { .ids = ids, .n_ids = n_ids, .value = triage };

  g_return_val_if_fail (PROC_IS_STORE (store), NULL);
  g_return_val_if_fail (ids != NULL || n_ids == 0, NULL);

  return run_undoable (store, PROC_STORE_CHANGE_PAPERS, set_triage, &edit, error);
}

ProcUndo *
proc_store_set_rating_undoable (ProcStore     *store,
                                const gint64  *ids,
                                guint          n_ids,
                                int            rating,
                                GError       **error)
{
  Edit edit = { .ids = ids, .n_ids = n_ids, .value = rating };

  g_return_val_if_fail (PROC_IS_STORE (store), NULL);
  g_return_val_if_fail (ids != NULL || n_ids == 0, NULL);

  return run_undoable (store, PROC_STORE_CHANGE_PAPERS, set_rating, &edit, error);
}

/**
 * proc_store_create_reading_list_undoable:
 * @ids: (nullable): papers to put in it, in this order
 * @reading_list_id: (out) (optional): the new list's id
 *
 * Creates a reading list with these papers, in one transaction.  Undo
 * takes them out again and deletes the list, unless papers were added to
 * it since.
 */
ProcUndo *
proc_store_create_reading_list_undoable (ProcStore     *store,
                                         const char    *name,
                                         const gint64  *ids,
                                         guint          n_ids,
                                         gint64        *reading_list_id,
                                         GError       **error)
{
  gint64 id = 0;
  Edit edit = { .ids = ids, .n_ids = n_ids, .text = name, .created_id = &id };
  ProcUndo *undo;

  g_return_val_if_fail (PROC_IS_STORE (store), NULL);
  g_return_val_if_fail (ids != NULL || n_ids == 0, NULL);

  undo = run_undoable (store, PROC_STORE_CHANGE_READING_LISTS, create_reading_list, &edit, error);
  if (reading_list_id != NULL)
    *reading_list_id = undo != NULL ? id : 0;

  return undo;
}

/* Undo takes out exactly the papers that were not in the list. */
ProcUndo *
proc_store_add_to_reading_list_undoable (ProcStore     *store,
                                         gint64         reading_list_id,
                                         const gint64  *ids,
                                         guint          n_ids,
                                         GError       **error)
{
  Edit edit = { .ids = ids, .n_ids = n_ids, .value = reading_list_id };

  g_return_val_if_fail (PROC_IS_STORE (store), NULL);
  g_return_val_if_fail (ids != NULL || n_ids == 0, NULL);

  return run_undoable (store, PROC_STORE_CHANGE_READING_LISTS, add_to_reading_list, &edit, error);
}

/* Undo puts the papers back at their positions. */
ProcUndo *
proc_store_remove_from_reading_list_undoable (ProcStore     *store,
                                              gint64         reading_list_id,
                                              const gint64  *ids,
                                              guint          n_ids,
                                              GError       **error)
{
  Edit edit = { .ids = ids, .n_ids = n_ids, .value = reading_list_id };

  g_return_val_if_fail (PROC_IS_STORE (store), NULL);
  g_return_val_if_fail (ids != NULL || n_ids == 0, NULL);

  return run_undoable (store, PROC_STORE_CHANGE_READING_LISTS, remove_from_reading_list, &edit, error);
}

/* Undo gives every paper of the list its old position. */
ProcUndo *
proc_store_move_in_reading_list_undoable (ProcStore     *store,
                                          gint64         reading_list_id,
                                          const gint64  *ids,
                                          guint          n_ids,
                                          gint64         before_paper_id,
                                          GError       **error)
{
  Edit edit = { .ids = ids, .n_ids = n_ids, .value = reading_list_id, .before = before_paper_id };

  g_return_val_if_fail (PROC_IS_STORE (store), NULL);
  g_return_val_if_fail (ids != NULL || n_ids == 0, NULL);

  return run_undoable (store, PROC_STORE_CHANGE_READING_LISTS, move_in_reading_list, &edit, error);
}

/* Undo gives the old name back, unless the list was renamed again or
 * another list took the name since. */
ProcUndo *
proc_store_rename_reading_list_undoable (ProcStore   *store,
                                         gint64       reading_list_id,
                                         const char  *name,
                                         GError     **error)
{
  Edit edit = { .value = reading_list_id, .text = name };

  g_return_val_if_fail (PROC_IS_STORE (store), NULL);

  return run_undoable (store, PROC_STORE_CHANGE_READING_LISTS, rename_reading_list, &edit, error);
}

/* Undo creates the list again with its name, its time of creation and
 * its papers at their positions, under its old id when that is free. */
ProcUndo *
proc_store_delete_watchlist_undoable (ProcStore  *store,
                                      gint64      watchlist_id,
                                      GError    **error)
{
  Edit edit = { .value = watchlist_id };

  g_return_val_if_fail (PROC_IS_STORE (store), NULL);

  return run_undoable (store, PROC_STORE_CHANGE_WATCHLISTS, delete_watchlist, &edit, error);
}

ProcUndo *
proc_store_delete_reading_list_undoable (ProcStore  *store,
                                         gint64      reading_list_id,
                                         GError    **error)
{
  Edit edit = { .value = reading_list_id };

  g_return_val_if_fail (PROC_IS_STORE (store), NULL);

  return run_undoable (store, PROC_STORE_CHANGE_READING_LISTS, delete_reading_list, &edit, error);
}
