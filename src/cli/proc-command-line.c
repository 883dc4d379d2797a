/* proc-command-line.c: --import, --list, --similar and --export, run in the calling process
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-command-line"

#include "config.h"

#include <stdio.h>
#include <unistd.h>
#include <glib/gi18n.h>
#include <gio/gunixoutputstream.h>

#include "proc-command-line.h"
#include "proc-exporter.h"
#include "proc-importer.h"
#include "proc-paper-list.h"
#include "proc-recovery.h"
#include "proc-similar.h"
#include "proc-store.h"

/* These run without a display and while a window has the same library
 * open: SQLite's WAL lets them read and write beside it, and the window
 * notices the commit through its file monitor. */

/* The library and its run marker, held for the command's length: a
 * command that is killed leaves the marker, so the next start checks the
 * library.  A damaged library is refused and left for the app to set
 * aside and restore, where the person sees what happened. */
typedef struct
{
  ProcStore *store;
  ProcRunMarker *marker;
} Library;

static void
library_close (Library *library)
{
  g_clear_object (&library->store);
  if (library->marker != NULL)
    proc_run_marker_release (g_steal_pointer (&library->marker), TRUE);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Library, library_close)

static ProcStore *
open_store (const char *library,
            Library    *opened)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = library ? g_strdup (library) : proc_store_dup_default_path ();

  if (!(opened->store = proc_recovery_open_store (path, 0, &opened->marker, NULL, &error)))
    g_printerr ("%s\n", error->message);

  return opened->store;
}

int
proc_command_line_import (const char         *library,
                          const char * const *files)
{
  g_auto(Library) opened = { NULL, NULL };
  ProcStore *store;
  int status = PROC_EXIT_OK;

  if (!(store = open_store (library, &opened)))
    return PROC_EXIT_BAD_INPUT;

  for (guint i = 0; files[i] != NULL; i++)
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (files[i]);
      g_autoptr(ProcImportReport) report = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *summary = NULL;

      if (!(report = proc_importer_import_file (store, file, NULL, &error)))
        {
          g_printerr ("%s\n", error->message);
          status = PROC_EXIT_BAD_INPUT;
          continue;
        }

      summary = proc_import_report_dup_summary (report, files[i]);
      g_print ("%s\n", summary);
      for (guint j = 0; j < report->problems->len; j++)
        g_printerr ("%s\n", (const char *) g_ptr_array_index (report->problems, j));
      for (guint j = 0; j < report->warnings->len; j++)
        g_printerr ("%s\n", (const char *) g_ptr_array_index (report->warnings, j));
    }

  return status;
}

int
proc_command_line_list (const char *library,
                        const char *query)
{
  g_auto(Library) opened = { NULL, NULL };
  ProcStore *store;
  g_autoptr(ProcPaperList) papers = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  guint n_items;

  if (!(store = open_store (library, &opened)))
    return PROC_EXIT_BAD_INPUT;

  papers = proc_paper_list_new (store);
  proc_paper_list_set_search (papers, query);
  n_items = g_list_model_get_n_items (G_LIST_MODEL (papers));

  /* One line per paper, tab-separated, in UTF-8 whatever the locale (g_print
   * would turn titles into question marks under LANG=C), for reading and
   * for scripts: id, read state (the words of is:unread/reading/read), star, title. */
  for (guint i = 0; i < n_items; i++)
    {
      g_autoptr(ProcPaper) paper = g_list_model_get_item (G_LIST_MODEL (papers), i);

      g_string_append_printf (out, "%" G_GINT64_FORMAT "\t%s\t%s\t%s\n",
                              proc_paper_get_id (paper),
                              proc_read_state_to_string (proc_paper_get_read_state (paper)),
                              proc_paper_get_starred (paper) ? "★" : "☆",
                              proc_paper_get_title (paper));

      /* Print in pieces so a listing of 100,000 papers streams. */
      if (out->len > 64 * 1024)
        {
          fputs (out->str, stdout);
          g_string_truncate (out, 0);
        }
    }
  fputs (out->str, stdout);

  return PROC_EXIT_OK;
}

/**
 * proc_command_line_similar:
 * @paper_id: a paper's id, as --list prints it
 *
 * Prints the papers closest to @paper_id, the closest first: the five
 * that its detail shows.
 */
int
proc_command_line_similar (const char *library,
                           gint64      paper_id)
{
  g_auto(Library) opened = { NULL, NULL };
  ProcStore *store;
  g_autoptr(GArray) similar = NULL;
  g_autoptr(GPtrArray) papers = NULL;
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GError) error = NULL;

  if (!(store = open_store (library, &opened)))
    return PROC_EXIT_BAD_INPUT;

  if (!(similar = proc_store_find_similar (store, paper_id, PROC_SIMILAR_DEFAULT_LIMIT, &error)))
    {
      g_printerr ("%s\n", error->message);
      return PROC_EXIT_BAD_INPUT;
    }

  if (similar->len == 0)
    {
      g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, paper_id);

      /* Translators: %s is the id of a paper */
      g_printerr (_("No other paper has words in common with paper %s"), id);
      g_printerr ("\n");
      return PROC_EXIT_OK;
    }

  for (guint i = 0; i < similar->len; i++)
    g_array_append_val (ids, g_array_index (similar, ProcSimilarPaper, i).id);
  if (!(papers = proc_store_load_papers (store, (const gint64 *) (gpointer) ids->data, ids->len, &error)))
    {
      g_printerr ("%s\n", error->message);
      return PROC_EXIT_BAD_INPUT;
    }

  /* As --list prints, tab-separated and in UTF-8: id, how similar (1 for
   * a paper with all of this one's words), title. */
  for (guint i = 0, j = 0; i < papers->len; i++)
    {
      ProcPaper *paper = g_ptr_array_index (papers, i);
      char score[G_ASCII_DTOSTR_BUF_SIZE];

      /* In the same order, without those deleted meanwhile. */
      while (g_array_index (similar, ProcSimilarPaper, j).id != proc_paper_get_id (paper))
        j++;
      g_ascii_formatd (score, sizeof score, "%.2f", g_array_index (similar, ProcSimilarPaper, j).score);
      g_string_append_printf (out, "%" G_GINT64_FORMAT "\t%s\t%s\n",
                              proc_paper_get_id (paper), score, proc_paper_get_title (paper));
    }
  fputs (out->str, stdout);

  return PROC_EXIT_OK;
}

static gboolean
parse_grouping (const char         *group_by,
                ProcExportGrouping *grouping)
{
  if (group_by == NULL || g_str_equal (group_by, "none"))
    *grouping = PROC_EXPORT_GROUP_NONE;
  else if (g_str_equal (group_by, "tag"))
    *grouping = PROC_EXPORT_GROUP_TAG;
  else if (g_str_equal (group_by, "read-state"))
    *grouping = PROC_EXPORT_GROUP_READ_STATE;
  else
    return FALSE;

  return TRUE;
}

/**
 * proc_command_line_export:
 * @format: markdown, html, bibtex, ris, csl-json, csv or text
 * @what: (nullable): see proc_exporter_resolve(); every paper when %NULL
 * @group_by: (nullable): none, tag or read-state
 * @output: (nullable): a file, or "-" (or %NULL) for standard output
 *
 * A file is replaced only once the export is complete.
 */
int
proc_command_line_export (const char *library,
                          const char *format_id,
                          const char *what,
                          const char *group_by,
                          const char *output)
{
  g_auto(Library) opened = { NULL, NULL };
  ProcStore *store;
  g_autoptr(GArray) ids = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *title = NULL;
  ProcRecordFormat format = proc_record_format_from_id (format_id);
  ProcExportGrouping grouping;
  gboolean to_stdout = output == NULL || g_str_equal (output, "-");

  if (!proc_record_format_can_export (format))
    {
      /* Translators: do not translate the format names */
      g_printerr (_("“%s” is not an export format: use markdown, html, bibtex, ris, csl-json, csv or text"),
                  format_id);
      g_printerr ("\n");
      return PROC_EXIT_USAGE;
    }

  if (!parse_grouping (group_by, &grouping))
    {
      g_printerr (_("“%s” is not a grouping: use none, tag or read-state"), group_by);
      g_printerr ("\n");
      return PROC_EXIT_USAGE;
    }

  if (!(store = open_store (library, &opened)))
    return PROC_EXIT_BAD_INPUT;

  if (!(ids = proc_exporter_resolve (store, what ? what : "query:", &title, &error)))
    {
      g_printerr ("%s\n", error->message);
      return g_error_matches (error, PROC_STORE_ERROR, PROC_STORE_ERROR_INVALID) ? PROC_EXIT_USAGE
                                                                                  : PROC_EXIT_BAD_INPUT;
    }

  if (to_stdout)
    {
      g_autoptr(GOutputStream) stream = g_unix_output_stream_new (STDOUT_FILENO, FALSE);
      g_autoptr(ProcRecordWriter) writer = proc_record_format_new_writer (format, stream, PROC_EXPORT_ALL);

      if (!proc_exporter_write (store, writer, title, (const gint64 *) ids->data, ids->len, grouping,
                                NULL, NULL, &error) ||
          !g_output_stream_close (stream, NULL, &error))
        {
          g_printerr ("%s\n", error->message);
          return PROC_EXIT_BAD_INPUT;
        }
    }
  else
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (output);

      if (!proc_exporter_export_file (store, file, format, PROC_EXPORT_ALL, grouping, title,
                                      (const gint64 *) ids->data, ids->len, NULL, NULL, &error))
        {
          g_printerr ("%s\n", error->message);
          return PROC_EXIT_BAD_INPUT;
        }
    }

  if (!to_stdout)
    {
      g_autofree char *message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                               "%'u paper exported to %s",
                                                               "%'u papers exported to %s", ids->len),
                                                  ids->len, output);
      g_printerr ("%s\n", message);
    }

  return PROC_EXIT_OK;
}
