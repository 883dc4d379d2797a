/* library-common.c: a library file to import fixtures into, read back with SQLite, export and give to pandoc
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>
#include <unistd.h>

#include "library-common.h"
#include "proc-importer.h"

void
library_open (Library *lib)
{
  g_autoptr(GError) error = NULL;

  lib->dir = g_dir_make_tmp ("proceedings-context-XXXXXX", NULL);
  lib->path = g_build_filename (lib->dir, "library.db", NULL);
  lib->store = proc_store_open (lib->path, &error);
  g_assert_no_error (error);
}

void
library_close (Library *lib)
{
  g_autofree char *wal = g_strconcat (lib->path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (lib->path, "-shm", NULL);

  g_clear_object (&lib->store);
  g_unlink (lib->path);
  g_unlink (wal);
  g_unlink (shm);
  g_rmdir (lib->dir);
  g_free (lib->path);
  g_free (lib->dir);
}

static char *
fixture_path (const char *name)
{
  /* "json/x.json", or a BibTeX fixture by its name alone */
  if (strchr (name, '/') != NULL)
    return g_build_filename (g_getenv ("PROCEEDINGS_SOURCE_DIR"), "tests", "data", name, NULL);

  return g_build_filename (g_getenv ("PROCEEDINGS_SOURCE_DIR"), "tests", "data", "bibtex", name, NULL);
}

ProcImportReport *
import_text (Library    *lib,
             const char *text,
             const char *display_name)
{
  g_autoptr(GInputStream) stream = g_memory_input_stream_new_from_data (g_strdup (text), -1, g_free);
  g_autoptr(GError) error = NULL;
  ProcImportReport *report = proc_importer_import_stream (lib->store, stream, display_name, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (report);

  return report;
}

ProcImportReport *
import_fixture (Library    *lib,
                const char *name)
{
  g_autofree char *path = fixture_path (name);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  ProcImportReport *report = proc_importer_import_file (lib->store, file, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (report);
  for (guint i = 0; i < report->problems->len; i++)
    g_test_message ("%s", (char *) g_ptr_array_index (report->problems, i));

  return report;
}

/* One value, as text, read from the library file by a connection of its
 * own: "" for NULL, rows joined by "\n". */
char *
sql_text (Library    *lib,
          const char *sql,
          const char *key)
{
  g_autoptr(GString) out = g_string_new (NULL);
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_open_v2 (lib->path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  if (key != NULL)
    sqlite3_bind_text (stmt, 1, key, -1, SQLITE_STATIC);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      const char *text = (const char *) sqlite3_column_text (stmt, 0);

      if (out->len > 0)
        g_string_append_c (out, '\n');
      g_string_append (out, text ? text : "");
    }
  sqlite3_finalize (stmt);
  sqlite3_close (db);

  return g_string_free (g_steal_pointer (&out), FALSE);
}

void
assert_field (Library    *lib,
              const char *sql,
              const char *key,
              const char *expected)
{
  g_autofree char *got = sql_text (lib, sql, key);

  g_assert_cmpstr (got, ==, expected);
}

char *
export_all (Library          *lib,
            ProcRecordFormat  format)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = proc_store_query_ids (lib->store, NULL, NULL, PROC_SORT_ADDED, FALSE, &error);
  char *text;

  g_assert_no_error (error);
  text = proc_exporter_write_to_string (lib->store, format, PROC_EXPORT_ALL, "Context",
                                        (const gint64 *) (gpointer) ids->data, ids->len, &error);
  g_assert_no_error (error);
  g_assert_nonnull (text);

  return text;
}

void
assert_contains (const char *text,
                 const char *needle)
{
  if (strstr (text, needle) == NULL)
    g_error ("“%s” is not in:\n%s", needle, text);
}

void
assert_lacks (const char *text,
              const char *needle)
{
  if (strstr (text, needle) != NULL)
    g_error ("“%s” should not be in:\n%s", needle, text);
}

/* pandoc -f bibtex -t csljson on @bibtex: the items, or %NULL (and a
 * skip) when pandoc is not installed. */
JsonArray *
pandoc_items (const char *bibtex)
{
  g_autofree char *pandoc = g_find_program_in_path ("pandoc");
  g_autofree char *stdout_text = NULL;
  g_autofree char *stderr_text = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  int fd, status = 0;

  if (pandoc == NULL)
    {
      g_test_skip ("pandoc is not installed: the export is not checked against it");
      return NULL;
    }

  fd = g_file_open_tmp ("proceedings-context-XXXXXX.bib", &path, &error);
  g_assert_no_error (error);
  close (fd);
  g_assert_true (g_file_set_contents (path, bibtex, -1, &error));

  {
    const char *argv[] = { pandoc, "-f", "bibtex", "-t", "csljson", path, NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                                 &stdout_text, &stderr_text, &status, &error));
  }
  g_unlink (path);
  g_assert_no_error (error);
  g_test_message ("pandoc: %s", stderr_text);
  g_assert_true (g_spawn_check_wait_status (status, &error));
  g_assert_no_error (error);

  g_assert_true (json_parser_load_from_data (parser, stdout_text, -1, &error));
  g_assert_no_error (error);

  return json_array_ref (json_node_get_array (json_parser_get_root (parser)));
}

/* Every item pandoc read is a conference paper with its proceedings. */
void
assert_pandoc_conference_papers (const char *bibtex,
                                 guint       n_items)
{
  g_autoptr(JsonArray) items = pandoc_items (bibtex);

  if (items == NULL)
    return;

  g_assert_cmpuint (json_array_get_length (items), ==, n_items);
  for (guint i = 0; i < n_items; i++)
    {
      JsonObject *item = json_array_get_object_element (items, i);

      g_test_message ("%s", json_object_get_string_member (item, "id"));
      g_assert_cmpstr (json_object_get_string_member_with_default (item, "type", ""), ==, "paper-conference");
      g_assert_cmpstr (json_object_get_string_member_with_default (item, "container-title", ""), !=, "");
    }
}

