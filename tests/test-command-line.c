/* test-command-line.c: `proceedings --import/--list/--similar/--export`, run as a user would
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include <sqlite3.h>

#include "proc-library-watcher.h"
#include "proc-paper-list.h"
#include "proc-similar.h"
#include "proc-store.h"

typedef struct
{
  int status;
  char *out;
  char *err;
} Run;

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

static const char *run_language;
static const char *run_config_home;   /* a keyfile GSettings backend there, when set */

/* test.sh makes zh_CN.UTF-8 where it is missing; elsewhere it may be. */
static gboolean
have_locale (const char *name)
{
  locale_t locale = newlocale (LC_ALL_MASK, name, (locale_t) 0);

  if (locale == (locale_t) 0)
    {
      g_autofree char *reason = g_strdup_printf ("no %s locale here (localedef -i zh_CN -f UTF-8 zh_CN.UTF-8 "
                                                 "makes it): Chinese messages need one", name);

      g_test_skip (reason);
      return FALSE;
    }

  freelocale (locale);
  return TRUE;
}

static void
run_proceedings (Run *run,
                 ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  const char *arg;
  va_list args;

  g_ptr_array_add (argv, (gpointer) g_getenv ("PROCEEDINGS_BINARY"));
  va_start (args, run);
  while ((arg = va_arg (args, const char *)))
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  if (run_language != NULL)
    {
      /* As a Chinese-speaking user starts it: in a Chinese locale.  LANGUAGE
       * under C.UTF-8 is ignored since glibc 2.39, as under C. */
      g_autofree char *locale = g_strconcat (run_language, ".UTF-8", NULL);

      g_subprocess_launcher_setenv (launcher, "LC_ALL", locale, TRUE);
    }
  if (run_config_home != NULL)
    {
      g_subprocess_launcher_setenv (launcher, "GSETTINGS_BACKEND", "keyfile", TRUE);
      g_subprocess_launcher_setenv (launcher, "XDG_CONFIG_HOME", run_config_home, TRUE);
    }
  process = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, &run->out, &run->err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  run->status = g_subprocess_get_exit_status (process);
}

static guint
count_lines (const char *text)
{
  guint n = 0;

  for (; *text; text++)
    n += (*text == '\n');

  return n;
}

static char *
temp_path (const char *name)
{
  g_autofree char *dir = g_dir_make_tmp ("proceedings-cli-XXXXXX", NULL);

  return g_build_filename (dir, name, NULL);
}

static char *
bundled_list_path (void)
{
  return g_build_filename (g_getenv ("PROCEEDINGS_SOURCE_DIR"), "resources", "lists", "icml-2024.txt", NULL);
}

static void
test_import_and_list (void)
{
  g_autofree char *library = temp_path ("library.db");
  g_autofree char *list = bundled_list_path ();
  g_auto(Run) first = { 0 };
  g_auto(Run) second = { 0 };
  g_auto(Run) all = { 0 };
  g_auto(Run) code = { 0 };
  g_auto(Run) starred = { 0 };
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) fields = NULL;
  g_autoptr(ProcStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcPaperList) papers = NULL;
  g_autofree char *expected = NULL;
  gint64 id;

  run_proceedings (&first, "--library", library, "--import", list, NULL);
  g_assert_cmpint (first.status, ==, 0);
  expected = g_strdup_printf ("%s: 38 papers added, 0 already in the library, 0 skipped\n", list);
  g_assert_cmpstr (first.out, ==, expected);
  g_assert_cmpstr (first.err, ==, "");

  run_proceedings (&second, "--library", library, "--import", list, NULL);
  g_assert_cmpint (second.status, ==, 0);
  g_assert_nonnull (strstr (second.out, "0 papers added, 38 already in the library, 0 skipped"));

  run_proceedings (&all, "--library", library, "--list", NULL);
  g_assert_cmpint (all.status, ==, 0);
  g_assert_cmpuint (count_lines (all.out), ==, 38);
  lines = g_strsplit (all.out, "\n", -1);
  fields = g_strsplit (lines[0], "\t", -1);
  g_assert_cmpuint (g_strv_length (fields), ==, 4);
  g_assert_cmpstr (fields[0], ==, "1");
  g_assert_cmpstr (fields[1], ==, "unread");
  g_assert_cmpstr (fields[2], ==, "☆");
  g_assert_cmpuint (strlen (fields[3]), >, 10);

  run_proceedings (&code, "--library", library, "--list", "has:code", NULL);
  g_assert_cmpint (code.status, ==, 0);
  g_assert_cmpuint (count_lines (code.out), ==, 7);
  g_assert_nonnull (strstr (code.out, "LLMCompiler"));

  /* What the window's store writes, the command line reads. */
  store = proc_store_open (library, &error);
  g_assert_no_error (error);
  papers = proc_paper_list_new (store);
  proc_paper_list_set_search (papers, "TinyTrain");
  id = proc_paper_list_get_id (papers, 0);
  g_assert_true (proc_store_set_starred (store, &id, 1, TRUE, &error));
  g_assert_true (proc_store_set_read_state (store, &id, 1, PROC_READ_STATE_READ, &error));

  run_proceedings (&starred, "--library", library, "--list", "is:starred", NULL);
  g_assert_cmpint (starred.status, ==, 0);
  g_assert_cmpuint (count_lines (starred.out), ==, 1);
  g_clear_pointer (&expected, g_free);
  expected = g_strdup_printf ("%" G_GINT64_FORMAT "\tread\t★\tTinyTrain", id);
  g_assert_true (g_str_has_prefix (starred.out, expected));
}

static void
test_bad_input (void)
{
  g_autofree char *library = temp_path ("library.db");
  g_autofree char *bad = temp_path ("latin1.txt");
  g_autofree char *good = bundled_list_path ();
  g_autofree char *expected = NULL;
  g_auto(Run) run = { 0 };
  g_auto(Run) list = { 0 };

  g_assert_true (g_file_set_contents (bad, "Liste\n\nUn r\xe9sum\xe9 en Latin-1, pas en UTF-8.\n", -1, NULL));

  /* The good file is imported, the bad one named with its line; the
   * status says something went wrong. */
  run_proceedings (&run, "--library", library, "--import", bad, good, NULL);
  g_assert_cmpint (run.status, ==, 1);
  expected = g_strdup_printf ("%s:3: the text is not valid UTF-8", bad);
  g_assert_nonnull (strstr (run.err, expected));
  g_assert_nonnull (strstr (run.out, "38 papers added"));

  run_proceedings (&list, "--library", library, "--list", "list:latin1", NULL);
  g_assert_cmpint (list.status, ==, 0);
  g_assert_cmpstr (list.out, ==, "");
}

static void
test_usage (void)
{
  g_autofree char *library = temp_path ("library.db");
  g_auto(Run) no_files = { 0 };
  g_auto(Run) both = { 0 };
  g_auto(Run) unknown = { 0 };
  g_auto(Run) missing_value = { 0 };
  g_auto(Run) help = { 0 };
  g_auto(Run) version = { 0 };

  run_proceedings (&no_files, "--library", library, "--import", NULL);
  g_assert_cmpint (no_files.status, ==, 2);
  g_assert_nonnull (strstr (no_files.err, "--import needs at least one FILE"));

  run_proceedings (&both, "--library", library, "--import", "--list", "x", NULL);
  g_assert_cmpint (both.status, ==, 2);

  run_proceedings (&unknown, "--no-such-option", NULL);
  g_assert_cmpint (unknown.status, ==, 2);
  g_assert_nonnull (strstr (unknown.err, "--no-such-option"));

  run_proceedings (&missing_value, "--library", NULL);
  g_assert_cmpint (missing_value.status, ==, 2);

  run_proceedings (&help, "--help", NULL);
  g_assert_cmpint (help.status, ==, 0);
  g_assert_nonnull (strstr (help.out, "--import"));
  g_assert_nonnull (strstr (help.out, "--list"));
  g_assert_nonnull (strstr (help.out, "--library=PATH"));

  run_proceedings (&version, "--version", NULL);
  g_assert_cmpint (version.status, ==, 0);
  g_assert_cmpstr (version.out, ==, "proceedings " PACKAGE_VERSION "\n");
}

static void
test_newer_library (void)
{
  g_autofree char *library = temp_path ("library.db");
  g_autofree char *list = bundled_list_path ();
  g_auto(Run) run = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcStore) store = proc_store_open (library, &error);

  g_assert_no_error (error);
  g_clear_object (&store);
  {
    /* Pretend a future version wrote it. */
    g_autoptr(GSubprocess) p = g_subprocess_new (G_SUBPROCESS_FLAGS_NONE, &error, "sqlite3", library,
                                                 "PRAGMA user_version = 999", NULL);
    if (p == NULL)
      {
        g_test_skip ("the sqlite3 shell is not installed");
        return;
      }
    g_assert_true (g_subprocess_wait_check (p, NULL, &error));
  }

  run_proceedings (&run, "--library", library, "--import", list, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "newer version of Proceedings"));
  g_assert_cmpstr (run.out, ==, "");
}

/* Garbage over the middle half of the pages, as a torn write might leave. */
static void
damage_pages (const char *path)
{
  g_autofree char *data = NULL;
  gsize length;
  guint page_size;

  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  page_size = ((guint8) data[16] << 8) | (guint8) data[17];
  for (gsize i = (length / page_size / 4) * page_size; i < (3 * length / page_size / 4) * page_size; i++)
    data[i] = (char) (i * 2654435761u >> 13);
  g_assert_true (g_file_set_contents (path, data, length, NULL));
}

/* After a run that was killed, the command line checks the library; a
 * damaged one is refused and left exactly as it is, for the app to set
 * aside and restore where the person sees it.  A sound one is used. */
static void
test_damaged_library (void)
{
  g_autofree char *library = temp_path ("library.db");
  g_autofree char *marker = g_strconcat (library, ".open", NULL);
  g_autofree char *list = bundled_list_path ();
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gsize before_len, after_len;
  g_auto(Run) run = { 0 };
  g_auto(Run) import = { 0 };
  g_auto(Run) sound = { 0 };

  run_proceedings (&run, "--library", library, "--import", list, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_false (g_file_test (marker, G_FILE_TEST_EXISTS));

  /* A killed run left its marker: the next one checks, and finds it sound. */
  g_assert_true (g_file_set_contents (marker, "4242\n", -1, NULL));
  run_clear (&run);
  run_proceedings (&run, "--library", library, "--list", "is:starred", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_false (g_file_test (marker, G_FILE_TEST_EXISTS));

  damage_pages (library);
  g_assert_true (g_file_set_contents (marker, "4242\n", -1, NULL));
  g_assert_true (g_file_get_contents (library, &before, &before_len, NULL));

  run_proceedings (&sound, "--library", library, "--list", NULL);
  g_assert_cmpint (sound.status, ==, 1);
  g_assert_cmpstr (sound.out, ==, "");
  g_assert_nonnull (strstr (sound.err, "is damaged"));
  g_assert_nonnull (strstr (sound.err, "It was left unchanged: start Proceedings to set it aside and restore the newest backup."));

  run_proceedings (&import, "--library", library, "--import", list, NULL);
  g_assert_cmpint (import.status, ==, 1);
  g_assert_nonnull (strstr (import.err, "is damaged"));

  g_assert_true (g_file_get_contents (library, &after, &after_len, NULL));
  g_assert_cmpmem (before, before_len, after, after_len);
  g_assert_true (g_file_test (marker, G_FILE_TEST_EXISTS));
}

static void
test_chinese (void)
{
  g_autofree char *library = temp_path ("library.db");
  g_autofree char *list = bundled_list_path ();
  g_auto(Run) help = { 0 };
  g_auto(Run) usage = { 0 };
  g_auto(Run) import = { 0 };

  if (!have_locale ("zh_CN.UTF-8"))
    return;

  run_language = "zh_CN";
  run_proceedings (&help, "--help", NULL);
  run_proceedings (&usage, "--library", library, "--import", NULL);
  run_proceedings (&import, "--library", library, "--import", list, NULL);
  run_language = NULL;

  g_assert_cmpint (help.status, ==, 0);
  g_assert_nonnull (strstr (help.out, "输出版本号，然后退出"));
  g_assert_nonnull (strstr (help.out, "--import"));
  g_assert_null (strstr (help.out, "Print the version"));

  g_assert_cmpint (usage.status, ==, 2);
  g_assert_nonnull (strstr (usage.err, "--import 需要至少一个 FILE"));

  g_assert_cmpint (import.status, ==, 0);
  g_assert_nonnull (strstr (import.out, "已添加 38 篇论文"));
}

/* The ids that `--list QUERY` prints, in its order. */
static GArray *
list_ids (const char *library,
          const char *query)
{
  g_auto(Run) run = { 0 };
  g_auto(GStrv) lines = NULL;
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (gint64));

  run_proceedings (&run, "--library", library, "--list", query, NULL);
  g_assert_cmpint (run.status, ==, 0);
  lines = g_strsplit (run.out, "\n", -1);
  for (guint i = 0; lines[i] != NULL && *lines[i] != '\0'; i++)
    {
      gint64 id = g_ascii_strtoll (lines[i], NULL, 10);

      g_assert_cmpint (id, >, 0);
      g_array_append_val (ids, id);
    }

  return ids;
}

/* `--similar ID`: the five closest papers, as the detail shows them, one
 * line each: id, how similar, title. */
static void
test_similar (void)
{
  g_autofree char *library = temp_path ("library.db");
  g_autofree char *list = bundled_list_path ();
  g_autofree char *tiny = temp_path ("tiny.txt");
  g_autofree char *tiny_library = temp_path ("library.db");
  g_autofree char *unknown_id = NULL;
  g_autofree char *id_text = NULL;
  g_autoptr(GArray) conformal = NULL;
  g_autoptr(GArray) expected = NULL;
  g_autoptr(GArray) tiny_ids = NULL;
  g_autoptr(ProcStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  g_auto(Run) import = { 0 };
  g_auto(Run) similar = { 0 };
  g_auto(Run) unknown = { 0 };
  g_auto(Run) chinese = { 0 };
  g_auto(Run) not_a_number = { 0 };
  g_auto(Run) with_list = { 0 };
  g_auto(Run) with_query = { 0 };
  g_auto(Run) alone = { 0 };
  double previous_score = 1.0;
  gboolean found_other = FALSE;
  gint64 id, other;

  run_proceedings (&import, "--library", library, "--import", list, NULL);
  g_assert_cmpint (import.status, ==, 0);

  conformal = list_ids (library, "\"conformal prediction\"");
  g_assert_cmpuint (conformal->len, ==, 2);
  id = g_array_index (conformal, gint64, 0);
  other = g_array_index (conformal, gint64, 1);
  id_text = g_strdup_printf ("%" G_GINT64_FORMAT, id);

  run_proceedings (&similar, "--library", library, "--similar", id_text, NULL);
  g_assert_cmpint (similar.status, ==, 0);
  g_assert_cmpstr (similar.err, ==, "");
  g_assert_cmpuint (count_lines (similar.out), ==, PROC_SIMILAR_DEFAULT_LIMIT);

  /* The store's own answer, in the same order. */
  store = proc_store_open (library, &error);
  g_assert_no_error (error);
  expected = proc_store_find_similar (store, id, PROC_SIMILAR_DEFAULT_LIMIT, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (expected->len, ==, PROC_SIMILAR_DEFAULT_LIMIT);

  lines = g_strsplit (similar.out, "\n", -1);
  for (guint i = 0; i < PROC_SIMILAR_DEFAULT_LIMIT; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], "\t", -1);
      g_autoptr(ProcPaper) paper = NULL;
      gint64 shown;
      double score;

      g_assert_cmpuint (g_strv_length (fields), ==, 3);
      shown = g_ascii_strtoll (fields[0], NULL, 10);
      score = g_ascii_strtod (fields[1], NULL);
      g_assert_cmpint (shown, ==, g_array_index (expected, ProcSimilarPaper, i).id);
      g_assert_cmpint (shown, !=, id);
      g_assert_cmpfloat (score, >, 0.0);
      g_assert_cmpfloat (score, <=, previous_score);
      previous_score = score;
      paper = proc_store_get_paper (store, shown);
      g_assert_cmpstr (fields[2], ==, proc_paper_get_title (paper));
      if (shown == other)
        {
          found_other = TRUE;
          g_assert_cmpuint (i, <, 3);
        }
    }
  g_assert_true (found_other);

  /* An id no paper has: said so, and a failure. */
  unknown_id = g_strdup_printf ("%u", proc_store_count (store, NULL) + 1000);
  run_proceedings (&unknown, "--library", library, "--similar", unknown_id, NULL);
  g_assert_cmpint (unknown.status, ==, 1);
  g_assert_cmpstr (unknown.out, ==, "");
  g_assert_nonnull (strstr (unknown.err, "There is no paper with the ID"));
  g_assert_nonnull (strstr (unknown.err, unknown_id));

  if (have_locale ("zh_CN.UTF-8"))
    {
      run_language = "zh_CN";
      run_proceedings (&chinese, "--library", library, "--similar", unknown_id, NULL);
      run_language = NULL;
      g_assert_cmpint (chinese.status, ==, 1);
      g_assert_nonnull (strstr (chinese.err, "文库中没有编号为"));
      g_assert_nonnull (strstr (chinese.err, unknown_id));
    }

  /* Wrong usage. */
  run_proceedings (&not_a_number, "--library", library, "--similar", "conformal", NULL);
  g_assert_cmpint (not_a_number.status, ==, 2);
  run_proceedings (&with_list, "--library", library, "--similar", id_text, "--list", NULL);
  g_assert_cmpint (with_list.status, ==, 2);
  g_assert_nonnull (strstr (with_list.err, "--similar cannot be used with"));
  run_proceedings (&with_query, "--library", library, "--similar", id_text, "conformal", NULL);
  g_assert_cmpint (with_query.status, ==, 2);
  g_assert_cmpstr (with_query.out, ==, "");

  /* Papers that share no word: none is similar, which is no failure. */
  g_assert_true (g_file_set_contents (tiny, "Tiny Workshop\n\nZyzzyva quokka wallaby.\n\n"
                                            "Platypus echidna dingo.\n", -1, NULL));
  run_clear (&import);
  run_proceedings (&import, "--library", tiny_library, "--import", tiny, NULL);
  g_assert_cmpint (import.status, ==, 0);
  tiny_ids = list_ids (tiny_library, NULL);
  g_assert_cmpuint (tiny_ids->len, ==, 2);
  g_clear_pointer (&id_text, g_free);
  id_text = g_strdup_printf ("%" G_GINT64_FORMAT, g_array_index (tiny_ids, gint64, 0));
  run_proceedings (&alone, "--library", tiny_library, "--similar", id_text, NULL);
  g_assert_cmpint (alone.status, ==, 0);
  g_assert_cmpstr (alone.out, ==, "");
  g_assert_nonnull (strstr (alone.err, "No other paper has words in common"));
}

static void
set_interface_language (const char *config_home,
                        const char *language)
{
  g_autofree char *dir = g_build_filename (config_home, "glib-2.0", "settings", NULL);
  g_autofree char *path = g_build_filename (dir, "keyfile", NULL);
  g_autofree char *contents = g_strdup_printf ("[io/github/proceedings/Proceedings]\n"
                                               "interface-language='%s'\n", language);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, contents, -1, NULL));
}

/* Preferences' Interface Language wins over the system's, at the next start. */
static void
test_interface_language (void)
{
  g_autofree char *library = temp_path ("library.db");
  g_autofree char *config_home = g_path_get_dirname (library);
  g_auto(Run) chinese = { 0 };
  g_auto(Run) english = { 0 };
  g_auto(Run) system = { 0 };

  if (!have_locale ("zh_CN.UTF-8"))
    return;

  run_config_home = config_home;

  set_interface_language (config_home, "zh_CN");
  run_proceedings (&chinese, "--help", NULL);
  g_assert_cmpint (chinese.status, ==, 0);
  g_assert_nonnull (strstr (chinese.out, "输出版本号，然后退出"));

  set_interface_language (config_home, "en");
  run_language = "zh_CN";
  run_proceedings (&english, "--help", NULL);
  g_assert_nonnull (strstr (english.out, "Print the version and exit"));

  set_interface_language (config_home, "system");
  run_proceedings (&system, "--help", NULL);
  g_assert_nonnull (strstr (system.out, "输出版本号，然后退出"));
  run_language = NULL;

  run_config_home = NULL;
}

typedef struct
{
  GMainLoop *loop;
  guint changes;
} WaitData;

static void
papers_changed_cb (GListModel *model,
                   guint       position,
                   guint       removed,
                   guint       added,
                   WaitData   *data)
{
  data->changes++;
  g_main_loop_quit (data->loop);
}

static gboolean
timeout_cb (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

/* An import from the command line shows up in an open library's models,
 * as it does in an open window. */
static void
test_open_library_sees_import (void)
{
  g_autofree char *library = temp_path ("library.db");
  g_autofree char *list = bundled_list_path ();
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcStore) store = proc_store_open (library, &error);
  g_autoptr(ProcLibraryWatcher) watcher = proc_library_watcher_new (store);
  g_autoptr(ProcPaperList) papers = proc_paper_list_new (store);
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  WaitData data = { loop, 0 };
  g_auto(Run) run = { 0 };
  guint timeout;

  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (papers)), ==, 0);
  g_signal_connect (papers, "items-changed", G_CALLBACK (papers_changed_cb), &data);

  run_proceedings (&run, "--library", library, "--import", list, NULL);
  g_assert_cmpint (run.status, ==, 0);

  timeout = g_timeout_add_seconds (10, timeout_cb, loop);
  g_main_loop_run (loop);
  g_source_remove (timeout);

  g_assert_cmpuint (data.changes, ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (papers)), ==, 38);
}

/* Every export format from the command line, on what a person marked. */
static void
test_export (void)
{
  g_autofree char *library = temp_path ("library.db");
  g_autofree char *again = temp_path ("again.db");
  g_autofree char *text_file = temp_path ("all.txt");
  g_autofree char *json_file = temp_path ("tagged.json");
  g_autofree char *list = bundled_list_path ();
  g_autoptr(ProcStore) store = NULL;
  g_autoptr(ProcPaperList) papers = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  static const char *formats[] = { "markdown", "html", "bibtex", "ris", "csl-json", "csv", "text" };
  g_auto(Run) import = { 0 };
  g_auto(Run) text = { 0 };
  g_auto(Run) reimport = { 0 };
  g_auto(Run) bibtex = { 0 };
  g_auto(Run) markdown = { 0 };
  g_auto(Run) json = { 0 };
  g_auto(Run) grouped = { 0 };
  gint64 ids[2];
  gint64 reading_list;

  run_proceedings (&import, "--library", library, "--import", list, NULL);
  g_assert_cmpint (import.status, ==, 0);

  store = proc_store_open (library, &error);
  g_assert_no_error (error);
  papers = proc_paper_list_new (store);
  proc_paper_list_set_search (papers, "TinyTrain");
  ids[0] = proc_paper_list_get_id (papers, 0);
  proc_paper_list_set_search (papers, "LLMCompiler");
  ids[1] = proc_paper_list_get_id (papers, 0);
  g_assert_true (proc_store_set_starred (store, &ids[0], 1, TRUE, &error));
  g_assert_true (proc_store_add_tag (store, ids, 2, "边缘设备", &error));
  reading_list = proc_store_create_reading_list (store, "Friday", &error);
  g_assert_no_error (error);
  g_assert_true (proc_store_add_to_reading_list (store, reading_list, (gint64[]) { ids[1], ids[0] }, 2, &error));
  g_assert_no_error (error);

  /* The conference list comes back as the same 38 papers. */
  run_proceedings (&text, "--library", library, "--export", "text", "--what", "query:", "-o", text_file, NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.err, "38 papers exported"));
  run_proceedings (&reimport, "--library", again, "--import", text_file, NULL);
  g_assert_cmpint (reimport.status, ==, 0);
  g_assert_nonnull (strstr (reimport.out, "38 papers added, 0 already in the library, 0 skipped"));

  /* A reading list, in its order, to standard output. */
  run_proceedings (&bibtex, "--library", library, "--export", "bibtex", "--what", "reading-list:Friday",
                   "-o", "-", NULL);
  g_assert_cmpint (bibtex.status, ==, 0);
  g_assert_nonnull (strstr (bibtex.out, "LLMCompiler"));
  g_assert_true (strstr (bibtex.out, "LLMCompiler") < strstr (bibtex.out, "TinyTrain"));
  g_assert_nonnull (strstr (bibtex.out, "边缘设备"));

  run_proceedings (&markdown, "--library", library, "--export", "markdown", "--what", "starred", NULL);
  g_assert_cmpint (markdown.status, ==, 0);
  /* The marker an import recognises, then what people read */
  g_assert_true (g_str_has_prefix (markdown.out, "<!-- proceedings-export v1 {"));
  g_assert_nonnull (strstr (markdown.out, " -->\n\n# Starred Papers\n"));
  g_assert_nonnull (strstr (markdown.out, "TinyTrain"));
  g_assert_null (strstr (markdown.out, "LLMCompiler"));

  run_proceedings (&json, "--library", library, "--export", "csl-json", "--what", "tag:边缘设备",
                   "--output", json_file, NULL);
  g_assert_cmpint (json.status, ==, 0);
  g_assert_true (json_parser_load_from_file (parser, json_file, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (json_array_get_length (json_node_get_array (json_parser_get_root (parser))), ==, 2);

  run_proceedings (&grouped, "--library", library, "--export", "markdown", "--group-by", "read-state", NULL);
  g_assert_cmpint (grouped.status, ==, 0);
  g_assert_nonnull (strstr (grouped.out, "## Unread"));

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_auto(Run) run = { 0 };

      g_test_message ("%s", formats[i]);
      run_proceedings (&run, "--library", library, "--export", formats[i], NULL);
      g_assert_cmpint (run.status, ==, 0);
      g_assert_cmpuint (strlen (run.out), >, 1000);
      g_assert_cmpstr (run.err, ==, "");
    }
}

static void
test_export_usage (void)
{
  g_autofree char *library = temp_path ("library.db");
  g_auto(Run) format = { 0 };
  g_auto(Run) missing = { 0 };
  g_auto(Run) what = { 0 };
  g_auto(Run) alone = { 0 };
  g_auto(Run) grouping = { 0 };
  g_auto(Run) folder = { 0 };

  run_proceedings (&format, "--library", library, "--export", "docx", NULL);
  g_assert_cmpint (format.status, ==, 2);
  g_assert_nonnull (strstr (format.err, "“docx” is not an export format"));

  run_proceedings (&missing, "--library", library, "--export", "bibtex", "--what", "reading-list:Nope", NULL);
  g_assert_cmpint (missing.status, ==, 1);
  g_assert_nonnull (strstr (missing.err, "There is no reading list “Nope”"));
  g_assert_cmpstr (missing.out, ==, "");

  run_proceedings (&what, "--library", library, "--export", "bibtex", "--what", "everything", NULL);
  g_assert_cmpint (what.status, ==, 2);

  run_proceedings (&alone, "--library", library, "--what", "starred", NULL);
  g_assert_cmpint (alone.status, ==, 2);
  g_assert_nonnull (strstr (alone.err, "--export"));

  run_proceedings (&grouping, "--library", library, "--export", "html", "--group-by", "colour", NULL);
  g_assert_cmpint (grouping.status, ==, 2);

  run_proceedings (&folder, "--library", library, "--export", "html", "-o", g_get_tmp_dir (), NULL);
  g_assert_cmpint (folder.status, ==, 1);
  g_assert_cmpstr (folder.out, ==, "");
}

static guint
count_papers (const char *library)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcStore) store = proc_store_open (library, &error);

  g_assert_no_error (error);
  return proc_store_count (store, "");
}

static gpointer
release_lock_later (gpointer data)
{
  sqlite3 *holder = data;

  g_usleep (G_USEC_PER_SEC);
  g_assert_cmpint (sqlite3_exec (holder, "COMMIT", NULL, NULL, NULL), ==, SQLITE_OK);

  return NULL;
}

/* Another program holds the library's write lock: the command line waits
 * for it, and when it is not released in time fails with a clear message
 * and leaves the library as it was. */
static void
test_busy_library (void)
{
  g_autofree char *library = temp_path ("library.db");
  g_autofree char *list = bundled_list_path ();
  g_autofree char *dir = g_path_get_dirname (library);
  g_autofree char *other = g_build_filename (dir, "other.txt", NULL);
  g_autofree char *text = NULL;
  g_auto(Run) refused = { 0 };
  g_auto(Run) waited = { 0 };
  g_autoptr(GThread) releaser = NULL;
  g_autoptr(GError) error = NULL;
  sqlite3 *holder = NULL;
  sqlite3_stmt *check = NULL;
  gint64 start, elapsed;

  /* A library with papers in it, then a second list to import into it. */
  g_assert_cmpuint (count_papers (library), ==, 0);
  {
    g_auto(Run) seed = { 0 };

    run_proceedings (&seed, "--library", library, "--import", list, NULL);
    g_assert_cmpint (seed.status, ==, 0);
  }
  text = g_strdup ("Other Workshop\n\nWe study waiting for locks in databases.\n\n"
                   "We study giving up on locks after a while.\n");
  g_assert_true (g_file_set_contents (other, text, -1, &error));

  g_assert_cmpint (sqlite3_open (library, &holder), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (holder, "BEGIN IMMEDIATE", NULL, NULL, NULL), ==, SQLITE_OK);

  start = g_get_monotonic_time ();
  run_proceedings (&refused, "--library", library, "--import", other, NULL);
  elapsed = g_get_monotonic_time () - start;
  g_assert_cmpint (refused.status, ==, 1);
  g_assert_cmpstr (refused.out, ==, "");
  g_assert_nonnull (strstr (refused.err, library));
  g_assert_nonnull (strstr (refused.err, "is in use by another program"));
  /* It waited for the busy timeout before giving up. */
  g_assert_cmpint (elapsed, >=, 4 * G_USEC_PER_SEC);

  /* Released while the command line waits: the import goes through. */
  releaser = g_thread_new ("release", release_lock_later, holder);
  run_proceedings (&waited, "--library", library, "--import", other, NULL);
  g_thread_join (g_steal_pointer (&releaser));
  g_assert_cmpint (waited.status, ==, 0);
  g_assert_nonnull (strstr (waited.out, "2 papers added"));
  g_assert_cmpuint (count_papers (library), ==, 40);

  g_assert_cmpint (sqlite3_prepare_v2 (holder, "PRAGMA integrity_check", -1, &check, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (check), ==, SQLITE_ROW);
  g_assert_cmpstr ((const char *) sqlite3_column_text (check, 0), ==, "ok");
  sqlite3_finalize (check);
  sqlite3_close (holder);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/command-line/import-and-list", test_import_and_list);
  g_test_add_func ("/command-line/bad-input", test_bad_input);
  g_test_add_func ("/command-line/usage", test_usage);
  g_test_add_func ("/command-line/newer-library", test_newer_library);
  g_test_add_func ("/command-line/damaged-library", test_damaged_library);
  g_test_add_func ("/command-line/chinese", test_chinese);
  g_test_add_func ("/command-line/interface-language", test_interface_language);
  g_test_add_func ("/command-line/open-library-sees-import", test_open_library_sees_import);
  g_test_add_func ("/command-line/similar", test_similar);
  g_test_add_func ("/command-line/export", test_export);
  g_test_add_func ("/command-line/export-usage", test_export_usage);
  g_test_add_func ("/command-line/busy-library", test_busy_library);

  return g_test_run ();
}
