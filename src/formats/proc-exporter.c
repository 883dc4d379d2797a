/* proc-exporter.c: writes papers of the library to a file in an export format
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-exporter"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "proc-exporter.h"
#include "proc-markdown-writer.h"
#include "proc-paper.h"
#include "proc-store-records.h"

/* A group of papers under one heading, in export order. */
typedef struct
{
  char *heading;
  char *sort_key;
  GArray *ids;
} Group;

static void
group_free (Group *group)
{
  g_free (group->heading);
  g_free (group->sort_key);
  g_array_unref (group->ids);
  g_free (group);
}

static Group *
group_new (const char *heading)
{
  Group *group = g_new0 (Group, 1);

  group->heading = g_strdup (heading);
  group->sort_key = g_utf8_collate_key (heading, -1);
  group->ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  return group;
}

typedef struct
{
  ProcExportGrouping grouping;
  GPtrArray *groups;          /* of Group, for read states: unread, reading, read */
  GHashTable *tag_groups;     /* case-folded tag → Group */
  Group *untagged;
  guint n_papers;
} Grouper;

static gboolean
collect_group_cb (const ProcPaperRecord  *record,
                  gpointer                user_data,
                  GError                **error)
{
  Grouper *grouper = user_data;

  grouper->n_papers++;

  if (grouper->grouping == PROC_EXPORT_GROUP_READ_STATE)
    {
      guint state = CLAMP (record->read_state, 0, 2);
      Group *group = g_ptr_array_index (grouper->groups, state);

      g_array_append_val (group->ids, record->id);
      return TRUE;
    }

  if (record->tags->len == 0)
    {
      g_array_append_val (grouper->untagged->ids, record->id);
      return TRUE;
    }

  /* A paper with three tags appears under each of them. */
  for (guint i = 0; i < record->tags->len; i++)
    {
      const char *tag = g_ptr_array_index (record->tags, i);
      g_autofree char *folded = g_utf8_casefold (tag, -1);
      Group *group = g_hash_table_lookup (grouper->tag_groups, folded);

      if (group == NULL)
        {
          group = group_new (tag);
          g_hash_table_insert (grouper->tag_groups, g_steal_pointer (&folded), group);
        }
      g_array_append_val (group->ids, record->id);
    }

  return TRUE;
}

static int
compare_groups (gconstpointer a,
                gconstpointer b)
{
  const Group *ga = *(const Group **) a;
  const Group *gb = *(const Group **) b;

  return strcmp (ga->sort_key, gb->sort_key);
}

typedef struct
{
  ProcRecordWriter *writer;
  guint n_written;
} WriteData;

static gboolean
write_record_cb (const ProcPaperRecord  *record,
                 gpointer                user_data,
                 GError                **error)
{
  WriteData *data = user_data;

  data->n_written++;
  return proc_record_writer_write (data->writer, record, error);
}

/* Reads the papers once to sort them into groups (keeping only ids), then
 * once per group to write them, so memory stays small however many. */
static GPtrArray *
make_groups (ProcStore           *store,
             const gint64        *ids,
             guint                n_ids,
             ProcExportGrouping   grouping,
             guint               *n_papers,
             GCancellable        *cancellable,
             GError             **error)
{
  g_autoptr(GPtrArray) groups = g_ptr_array_new_with_free_func ((GDestroyNotify) group_free);
  g_autoptr(GHashTable) tag_groups = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  Grouper grouper = { grouping, groups, tag_groups, NULL, 0 };

  if (grouping == PROC_EXPORT_GROUP_READ_STATE)
    {
      g_ptr_array_add (groups, group_new (C_("read state heading", "Unread")));
      g_ptr_array_add (groups, group_new (C_("read state heading", "Reading")));
      g_ptr_array_add (groups, group_new (C_("read state heading", "Read")));
    }
  else
    grouper.untagged = group_new (_("Untagged"));

  if (!proc_store_read_records (store, ids, n_ids, collect_group_cb, &grouper, cancellable, error))
    {
      g_clear_pointer (&grouper.untagged, group_free);
      return NULL;
    }

  if (grouping == PROC_EXPORT_GROUP_TAG)
    {
      GHashTableIter iter;
      gpointer value;

      g_hash_table_iter_init (&iter, tag_groups);
      while (g_hash_table_iter_next (&iter, NULL, &value))
        g_ptr_array_add (groups, value);
      g_ptr_array_sort (groups, compare_groups);
      g_ptr_array_add (groups, grouper.untagged);
    }

  *n_papers = grouper.n_papers;
  return g_steal_pointer (&groups);
}

/**
 * proc_exporter_write:
 * @title: the export's name, e.g. the reading list's
 * @ids: the papers in the order they are written (within each group)
 * @n_written: (out) (optional): how many papers were written
 *
 * Writes the papers and ends the writer; the stream stays open.
 */
gboolean
proc_exporter_write (ProcStore           *store,
                     ProcRecordWriter    *writer,
                     const char          *title,
                     const gint64        *ids,
                     guint                n_ids,
                     ProcExportGrouping   grouping,
                     guint               *n_written,
                     GCancellable        *cancellable,
                     GError             **error)
{
  WriteData data = { writer, 0 };

  g_return_val_if_fail (PROC_IS_STORE (store), FALSE);
  g_return_val_if_fail (PROC_IS_RECORD_WRITER (writer), FALSE);

  if (!proc_record_writer_begin (writer, title, error))
    return FALSE;

  if (grouping == PROC_EXPORT_GROUP_NONE)
    {
      if (!proc_store_read_records (store, ids, n_ids, write_record_cb, &data, cancellable, error))
        return FALSE;
    }
  else
    {
      g_autoptr(GPtrArray) groups = NULL;
      guint n_papers = 0;

      if (!(groups = make_groups (store, ids, n_ids, grouping, &n_papers, cancellable, error)))
        return FALSE;

      for (guint i = 0; i < groups->len; i++)
        {
          Group *group = g_ptr_array_index (groups, i);

          if (group->ids->len == 0)
            continue;

          if (!proc_record_writer_group (writer, group->heading, error) ||
              !proc_store_read_records (store, (const gint64 *) group->ids->data, group->ids->len,
                                        write_record_cb, &data, cancellable, error))
            return FALSE;
        }

      data.n_written = n_papers;
    }

  if (!proc_record_writer_end (writer, error))
    return FALSE;

  if (n_written != NULL)
    *n_written = data.n_written;

  return TRUE;
}

/* Returns: (transfer full) (nullable): the export as a string, for the clipboard */
char *
proc_exporter_write_to_string (ProcStore         *store,
                               ProcRecordFormat   format,
                               ProcExportFields   fields,
                               const char        *title,
                               const gint64      *ids,
                               guint              n_ids,
                               GError           **error)
{
  g_autoptr(GOutputStream) stream = g_memory_output_stream_new_resizable ();
  g_autoptr(ProcRecordWriter) writer = proc_record_format_new_writer (format, stream, fields);

  g_return_val_if_fail (writer != NULL, NULL);

  /* Text to paste: a chat or a mail shows HTML comments as they are. */
  if (PROC_IS_MARKDOWN_WRITER (writer))
    proc_markdown_writer_set_for_pasting (PROC_MARKDOWN_WRITER (writer), TRUE);

  if (!proc_exporter_write (store, writer, title, ids, n_ids, PROC_EXPORT_GROUP_NONE, NULL, NULL, error) ||
      !g_output_stream_write_all (stream, "", 1, NULL, NULL, error) ||
      !g_output_stream_close (stream, NULL, error))
    return NULL;

  return g_memory_output_stream_steal_data (G_MEMORY_OUTPUT_STREAM (stream));
}

/**
 * proc_exporter_resolve:
 * @what: `reading-list:NAME`, `tag:NAME`, `list:NAME`, `query:QUERY` (an
 *   empty query is every paper) or `starred`
 * @title: (out) (optional): a name for the export
 *
 * Returns: (transfer full) (element-type gint64): the papers, in the order
 *   the app shows them (a reading list in its own order)
 */
GArray *
proc_exporter_resolve (ProcStore   *store,
                       const char  *what,
                       char       **title,
                       GError     **error)
{
  g_autofree char *filter = NULL;
  g_autofree char *search = NULL;
  g_autofree char *name = NULL;
  ProcSortKey sort = PROC_SORT_TITLE;
  const char *arg;

  g_return_val_if_fail (PROC_IS_STORE (store), NULL);
  g_return_val_if_fail (what != NULL, NULL);

  if ((arg = strchr (what, ':')) != NULL)
    arg++;

  if (g_str_has_prefix (what, "reading-list:") || g_str_has_prefix (what, "tag:") ||
      g_str_has_prefix (what, "list:"))
    {
      const char *table;
      gint64 id;

      /* By id, not through the query language: a name may hold a quote. */
      if (g_str_has_prefix (what, "reading-list:"))
        table = "reading_lists";
      else if (g_str_has_prefix (what, "tag:"))
        table = "tags";
      else
        table = "lists";

      if (!(id = proc_store_find_collection (store, table, arg)))
        {
          if (g_str_equal (table, "reading_lists"))
            g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_NOT_FOUND,
                         _("There is no reading list “%s”"), arg);
          else if (g_str_equal (table, "tags"))
            g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_NOT_FOUND,
                         _("There is no tag “%s”"), arg);
          else
            g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_NOT_FOUND,
                         _("There is no list “%s”"), arg);
          return NULL;
        }

      if (title != NULL)
        *title = g_strdup (arg);
      return proc_store_collection_ids (store, table, id, error);
    }
  if (g_str_has_prefix (what, "query:"))
    {
      g_autofree char *query = g_strstrip (g_strdup (arg));

      if (*query == '\0')
        {
          name = g_strdup (_("All Papers"));
          sort = PROC_SORT_ADDED;
        }
      else
        {
          name = g_strdup (query);
          search = g_steal_pointer (&query);
          sort = PROC_SORT_RELEVANCE;
        }
    }
  else if (g_str_equal (what, "starred"))
    {
      filter = g_strdup ("is:starred");
      name = g_strdup (_("Starred Papers"));
    }
  else
    {
      g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_INVALID,
                   _("“%s” does not say what to export: use reading-list:NAME, tag:NAME, "
                     "list:NAME, query:QUERY or starred"), what);
      return NULL;
    }

  if (title != NULL)
    *title = g_steal_pointer (&name);

  return proc_store_query_ids (store, filter, search, sort, FALSE, error);
}

/**
 * proc_exporter_dup_file_name:
 *
 * Returns: a file name from the export's title, such as
 *   "Diffusion models.bib", with the characters that file systems or
 *   shells trip on replaced
 */
char *
proc_exporter_dup_file_name (const char       *title,
                             ProcRecordFormat  format)
{
  g_autoptr(GString) name = g_string_new (NULL);

  for (const char *p = title ? title : ""; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == '/' || c == '\\' || c == ':' || c == '*' || c == '?' || c == '"' ||
          c == '<' || c == '>' || c == '|' || g_unichar_iscntrl (c))
        g_string_append_c (name, '-');
      else
        g_string_append_unichar (name, c);
    }

  g_strstrip (name->str);
  g_string_set_size (name, strlen (name->str));
  while (name->len > 0 && name->str[0] == '.')
    g_string_erase (name, 0, 1);
  if (name->len == 0)
    g_string_assign (name, _("papers"));

  g_string_append_printf (name, ".%s", proc_record_format_get_extension (format));
  return g_string_free (g_steal_pointer (&name), FALSE);
}

typedef struct
{
  char *library_path;
  GFile *file;
  ProcRecordFormat format;
  ProcExportFields fields;
  ProcExportGrouping grouping;
  char *title;
  GArray *ids;
  guint n_written;
} ExportData;

static void
export_data_free (ExportData *data)
{
  g_free (data->library_path);
  g_clear_object (&data->file);
  g_free (data->title);
  g_array_unref (data->ids);
  g_free (data);
}

/**
 * proc_exporter_export_file:
 * @n_written: (out) (optional): how many papers were written
 *
 * Writes to a temporary file that replaces an existing one only once the
 * export is complete, and removes a new file that failed halfway: a
 * failed export never leaves half a file behind.
 */
gboolean
proc_exporter_export_file (ProcStore           *store,
                           GFile               *file,
                           ProcRecordFormat     format,
                           ProcExportFields     fields,
                           ProcExportGrouping   grouping,
                           const char          *title,
                           const gint64        *ids,
                           guint                n_ids,
                           guint               *n_written,
                           GCancellable        *cancellable,
                           GError             **error)
{
  g_autoptr(GFileOutputStream) stream = NULL;
  g_autoptr(ProcRecordWriter) writer = NULL;
  g_autoptr(GCancellable) abandon = NULL;
  gboolean existed;

  g_return_val_if_fail (proc_record_format_can_export (format), FALSE);

  existed = g_file_query_exists (file, NULL);
  if (!(stream = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION, cancellable, error)))
    return FALSE;

  writer = proc_record_format_new_writer (format, G_OUTPUT_STREAM (stream), fields);
  if (proc_exporter_write (store, writer, title, ids, n_ids, grouping, n_written, cancellable, error))
    return g_output_stream_close (G_OUTPUT_STREAM (stream), cancellable, error);

  /* Closing with a cancelled cancellable drops GIO's temporary file and
   * keeps the old one; a file that did not exist before is removed. */
  abandon = g_cancellable_new ();
  g_cancellable_cancel (abandon);
  g_output_stream_close (G_OUTPUT_STREAM (stream), abandon, NULL);
  if (!existed)
    g_file_delete (file, NULL, NULL);

  return FALSE;
}

static void
export_file_thread (GTask        *task,
                    gpointer      source_object,
                    gpointer      task_data,
                    GCancellable *cancellable)
{
  ExportData *data = task_data;
  g_autoptr(ProcStore) store = NULL;
  GError *error = NULL;

  if (!(store = proc_store_open (data->library_path, &error)) ||
      !proc_exporter_export_file (store, data->file, data->format, data->fields, data->grouping, data->title,
                                  (const gint64 *) data->ids->data, data->ids->len, &data->n_written,
                                  cancellable, &error))
    {
      g_task_return_error (task, error);
      return;
    }

  g_task_return_boolean (task, TRUE);
}

/**
 * proc_exporter_export_file_async:
 * @library_path: the library, opened anew in the worker thread
 *
 * Exports off the calling thread, so a window stays responsive while
 * 87,000 papers are written.
 */
void
proc_exporter_export_file_async (const char          *library_path,
                                 GFile               *file,
                                 ProcRecordFormat     format,
                                 ProcExportFields     fields,
                                 ProcExportGrouping   grouping,
                                 const char          *title,
                                 const gint64        *ids,
                                 guint                n_ids,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  ExportData *data;

  g_return_if_fail (library_path != NULL);
  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (proc_record_format_can_export (format));

  data = g_new0 (ExportData, 1);
  data->library_path = g_strdup (library_path);
  data->file = g_object_ref (file);
  data->format = format;
  data->fields = fields;
  data->grouping = grouping;
  data->title = g_strdup (title);
  data->ids = g_array_sized_new (FALSE, FALSE, sizeof (gint64), n_ids);
  g_array_append_vals (data->ids, ids, n_ids);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, proc_exporter_export_file_async);
  g_task_set_task_data (task, data, (GDestroyNotify) export_data_free);
  g_task_run_in_thread (task, export_file_thread);
}

gboolean
proc_exporter_export_file_finish (GAsyncResult  *result,
                                  guint         *n_written,
                                  GError       **error)
{
  ExportData *data;

  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;

  data = g_task_get_task_data (G_TASK (result));
  if (n_written != NULL)
    *n_written = data->n_written;

  return TRUE;
}
