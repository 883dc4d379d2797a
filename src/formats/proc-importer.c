/* proc-importer.c: reads a paper list and adds it to the library
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-importer"

#include "config.h"

#include <glib/gi18n.h>

#include "proc-conference-list.h"
#include "proc-import-batch.h"
#include "proc-importer.h"
#include "proc-record-format.h"
#include "proc-record-pipeline.h"

/**
 * proc_importer_import_stream:
 * @display_name: how messages name the input, usually its path
 * @source: (nullable): recorded with the list
 *
 * Reads the whole input inside one transaction: either every paper it
 * holds is in the library afterwards, or (on invalid text, a cancel or a
 * disk error) nothing of it is.
 *
 * Returns: (transfer full) (nullable): the counts, or %NULL with @error set
 */
#define PROGRESS_EVERY 500
/* …and at least every this many bytes read, however few papers they hold. */
#define PROGRESS_BYTES (1024 * 1024)

typedef struct
{
  ProcImportProgressFunc func;
  gpointer data;
  guint64 total;
  guint64 reported;   /* progress never goes back */
} Progress;

static void
progress_report (Progress *progress,
                 guint64   done)
{
  if (progress->func == NULL || done <= progress->reported)
    return;

  progress->reported = done;
  progress->func (done, progress->total, progress->data);
}

/* Both run on the pipeline's reading thread, the only one that touches
 * the Progress: the line reader calls the first as it reads, the
 * pipeline the second after each record. */
static void
on_bytes_read (guint64  bytes_read,
               gpointer user_data)
{
  Progress *progress = user_data;

  if (bytes_read >= progress->reported + PROGRESS_BYTES)
    progress_report (progress, bytes_read);
}

static void
on_record_read (guint64  bytes_read,
                guint    records_read,
                gpointer user_data)
{
  if (records_read % PROGRESS_EVERY == 0)
    progress_report (user_data, bytes_read);
}

/* Peeks at the first bytes to tell the format, then hands the reader a
 * stream that still starts at the beginning. */
static ProcRecordReader *
open_reader (GInputStream  *stream,
             const char    *display_name,
             GCancellable  *cancellable,
             GError       **error)
{
  g_autoptr(GInputStream) buffered = g_buffered_input_stream_new_sized (stream, 64 * 1024);
  const char *head;
  gsize length = 0;
  ProcRecordFormat format;

  if (g_buffered_input_stream_fill (G_BUFFERED_INPUT_STREAM (buffered), PROC_RECORD_FORMAT_SNIFF_SIZE,
                                    cancellable, error) < 0)
    return NULL;

  head = g_buffered_input_stream_peek_buffer (G_BUFFERED_INPUT_STREAM (buffered), &length);
  format = proc_record_format_guess (display_name, head, MIN (length, PROC_RECORD_FORMAT_SNIFF_SIZE));
  g_debug ("%s: reading as %s", display_name, proc_record_format_get_id (format));

  if (!proc_record_format_can_import (format))
    {
      g_set_error (error, PROC_IMPORT_ERROR, PROC_IMPORT_ERROR_FORMAT,
                   _("%s: Proceedings cannot read this kind of file"), display_name);
      return NULL;
    }

  return proc_record_format_new_reader (format, buffered, display_name);
}

/* What matching did, for the summary and the import's undo. */
static void
report_matches (ProcImportReport *report,
                ProcImportBatch  *batch)
{
  GPtrArray *titles;
  GArray *ids = proc_import_batch_get_retitled (batch, &titles);

  report->similar = proc_import_batch_get_n_similar (batch);
  g_array_append_vals (report->retitled_ids, ids->data, ids->len);
  for (guint i = 0; i < titles->len; i++)
    g_ptr_array_add (report->derived_titles, g_strdup (g_ptr_array_index (titles, i)));
}

static ProcImportReport *
import_stream (ProcStore              *store,
               GInputStream           *stream,
               const char             *display_name,
               const char             *source,
               guint64                 total,
               ProcImportProgressFunc  progress,
               gpointer                progress_data,
               GCancellable           *cancellable,
               GError                **error)
{
  g_autoptr(ProcRecordReader) reader = NULL;
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(ProcImportBatch) batch = NULL;
  g_autoptr(ProcRecordPipeline) pipeline = NULL;
  g_autoptr(GError) local_error = NULL;
  Progress state = { progress, progress_data, total, 0 };

  g_return_val_if_fail (PROC_IS_STORE (store), NULL);
  g_return_val_if_fail (G_IS_INPUT_STREAM (stream), NULL);

  report = proc_import_report_new ();
  if (!(reader = open_reader (stream, display_name, cancellable, error)))
    return NULL;

  if (progress != NULL && proc_record_reader_get_lines (reader) != NULL)
    proc_line_reader_set_progress (proc_record_reader_get_lines (reader), on_bytes_read, &state);

  if (!proc_record_reader_read_header (reader, cancellable, error))
    return NULL;

  report->list_name = g_strdup (proc_record_reader_get_list_name (reader));

  if (!(batch = proc_import_batch_begin (store, report->list_name, source, error)))
    return NULL;

  /* Records are read, and their keys worked out, on another thread while
   * this one writes them; the pipeline stops before the report is read or
   * the batch ends, whichever way this returns. */
  pipeline = proc_record_pipeline_start (reader, report, progress ? on_record_read : NULL, &state,
                                         PROC_RECORD_PIPELINE_AHEAD_BYTES, cancellable);

  for (;;)
    {
      g_autoptr(ProcPaperRecord) record = NULL;
      g_auto(ProcRecordKeys) keys = { NULL, };
      ProcImportOutcome outcome;

      record = proc_record_pipeline_next (pipeline, &keys, &local_error);
      if (record == NULL)
        break;

      if (!proc_import_batch_add_keyed (batch, record, &keys, &outcome, error))
        {
          g_prefix_error (error, "%s:%u: ", display_name, record->line);
          return NULL;
        }

      if (outcome == PROC_IMPORT_ADDED)
        report->added++;
      else
        report->present++;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
    }
  g_clear_pointer (&pipeline, proc_record_pipeline_stop);

  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  if (report->added + report->present == 0)
    {
      if (report->problems->len > 0)
        g_set_error (error, PROC_IMPORT_ERROR, PROC_IMPORT_ERROR_EMPTY,
                     /* Translators: the second %s is "file:line: reason" */
                     _("No paper could be read from %s. The first problem: %s"),
                     display_name, (const char *) g_ptr_array_index (report->problems, 0));
      else if (PROC_IS_CONFERENCE_LIST (reader))
        g_set_error (error, PROC_IMPORT_ERROR, PROC_IMPORT_ERROR_EMPTY,
                     _("%s: the file has a title but no abstracts"), display_name);
      else
        g_set_error (error, PROC_IMPORT_ERROR, PROC_IMPORT_ERROR_EMPTY,
                     _("%s: the file holds no papers"), display_name);
      return NULL;
    }

  if (!proc_import_batch_commit (batch, error))
    return NULL;

  report_matches (report, batch);
  return g_steal_pointer (&report);
}

ProcImportReport *
proc_importer_import_stream (ProcStore     *store,
                             GInputStream  *stream,
                             const char    *display_name,
                             const char    *source,
                             GCancellable  *cancellable,
                             GError       **error)
{
  return import_stream (store, stream, display_name, source, 0, NULL, NULL, cancellable, error);
}

static ProcImportReport *
import_file (ProcStore              *store,
             GFile                  *file,
             ProcImportProgressFunc  progress,
             gpointer                progress_data,
             GCancellable           *cancellable,
             GError                **error)
{
  g_autoptr(GFileInputStream) stream = NULL;
  g_autoptr(GFileInfo) info = NULL;
  g_autofree char *display_name = NULL;
  g_autofree char *path = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  path = g_file_get_path (file);
  display_name = path ? g_strdup (path) : g_file_get_uri (file);

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE "," G_FILE_ATTRIBUTE_STANDARD_SIZE,
                            G_FILE_QUERY_INFO_NONE, cancellable, NULL);
  if (info != NULL && g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY,
                   _("%s: this is a folder; choose a paper list file"), display_name);
      return NULL;
    }

  /* GIO's message already names the file. */
  if (!(stream = g_file_read (file, cancellable, error)))
    return NULL;

  return import_stream (store, G_INPUT_STREAM (stream), display_name, display_name,
                        info ? g_file_info_get_size (info) : 0, progress, progress_data,
                        cancellable, error);
}

ProcImportReport *
proc_importer_import_file (ProcStore     *store,
                           GFile         *file,
                           GCancellable  *cancellable,
                           GError       **error)
{
  return import_file (store, file, NULL, NULL, cancellable, error);
}

void
proc_import_result_free (ProcImportResult *result)
{
  if (result == NULL)
    return;

  g_clear_object (&result->file);
  g_clear_pointer (&result->report, proc_import_report_free);
  g_clear_error (&result->error);
  g_free (result);
}

typedef struct
{
  char *library_path;
  GPtrArray *files;
  ProcImportProgressFunc progress;
  gpointer progress_data;
} ImportFilesData;

static void
import_files_data_free (ImportFilesData *data)
{
  g_free (data->library_path);
  g_ptr_array_unref (data->files);
  g_free (data);
}

static void
checkpoint_thread (GTask        *task,
                   gpointer      source_object,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  ProcStore *store = task_data;
  g_autoptr(GError) error = NULL;

  /* Left undone, the next commit or the last close does it. */
  if (!proc_store_checkpoint (store, &error))
    g_debug ("Could not copy the log into %s: %s", proc_store_get_path (store), error->message);

  g_task_return_boolean (task, TRUE);
}

/* The imports' commits left their pages in the WAL (see
 * _proc_store_defer_checkpoints()): another worker copies them into the
 * file through the imports' connection, which it takes over, so that the
 * window has its papers half a second sooner at 87,000 of them, and its
 * own next edit does not do the copy on its thread. */
static void
checkpoint_in_background (ProcStore *store)
{
  g_autoptr(GTask) task = g_task_new (NULL, NULL, NULL, NULL);

  g_task_set_source_tag (task, checkpoint_in_background);
  g_task_set_task_data (task, g_object_ref (store), g_object_unref);
  g_task_run_in_thread (task, checkpoint_thread);
}

/* Runs in a worker thread with a connection of its own: SQLite
 * connections are not shared across threads, and the window keeps
 * reading through its own while the import writes. */
static void
import_files_thread (GTask        *task,
                     gpointer      source_object,
                     gpointer      task_data,
                     GCancellable *cancellable)
{
  ImportFilesData *data = task_data;
  g_autoptr(GPtrArray) results = g_ptr_array_new_with_free_func ((GDestroyNotify) proc_import_result_free);
  g_autoptr(ProcStore) store = NULL;
  GError *error = NULL;
  guint added = 0;

  if (!(store = proc_store_open (data->library_path, &error)))
    {
      g_task_return_error (task, error);
      return;
    }

  for (guint i = 0; i < data->files->len; i++)
    {
      ProcImportResult *result = g_new0 (ProcImportResult, 1);

      result->file = g_object_ref (g_ptr_array_index (data->files, i));
      result->report = import_file (store, result->file, data->progress, data->progress_data,
                                    cancellable, &result->error);
      if (result->report != NULL)
        added += result->report->added;
      g_ptr_array_add (results, result);
    }

  if (added > 0)
    checkpoint_in_background (store);
  g_task_return_pointer (task, g_steal_pointer (&results), (GDestroyNotify) g_ptr_array_unref);
}

/**
 * proc_importer_import_files_async:
 * @library_path: the library to write, opened anew in the worker thread
 *
 * @progress: (nullable): called from a thread of the import as each file is read
 *
 * Imports each file in its own transaction, off the calling thread.  A
 * cancelled file leaves nothing in the library.
 */
void
proc_importer_import_files_async (const char             *library_path,
                                  GFile                 **files,
                                  guint                   n_files,
                                  ProcImportProgressFunc  progress,
                                  gpointer                progress_data,
                                  GCancellable           *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  ImportFilesData *data;

  g_return_if_fail (library_path != NULL);

  data = g_new0 (ImportFilesData, 1);
  data->library_path = g_strdup (library_path);
  data->progress = progress;
  data->progress_data = progress_data;
  data->files = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < n_files; i++)
    g_ptr_array_add (data->files, g_object_ref (files[i]));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, proc_importer_import_files_async);
  g_task_set_task_data (task, data, (GDestroyNotify) import_files_data_free);
  g_task_run_in_thread (task, import_files_thread);
}

/**
 * proc_importer_import_files_finish:
 *
 * Returns: (transfer full) (element-type ProcImportResult): one result
 *   per file, in order
 */
GPtrArray *
proc_importer_import_files_finish (GAsyncResult  *result,
                                   GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
