/* test-backup-window.c: a damaged library met at start, Check Library, Back Up Now and the daily backup, in the real app
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <string.h>
#include <adwaita.h>
#include <glib/gi18n.h>
#include <sqlite3.h>

#include "proc-application-private.h"
#include "proc-backup-private.h"
#include "proc-import-batch.h"
#include "proc-preferences-dialog.h"
#include "proc-window-private.h"
#include "dialog-common.h"

#define N_PAPERS 300

typedef void (*Scenario) (ProcWindow *window);

static Scenario current_scenario;
static char *library;

static void
wait_ms (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
}

/* When PROCEEDINGS_TEST_SCREENSHOTS names a folder, @window as GTK drew
 * it (NAME.png) and the whole Xvfb screen (NAME-screen.png): to look at
 * what a person sees. */
static void
screenshot (GtkWidget  *window,
            const char *name)
{
  const char *dir = g_getenv ("PROCEEDINGS_TEST_SCREENSHOTS");
  g_autofree char *path = NULL;
  g_autofree char *screen = NULL;
  g_autofree char *screen_name = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  int width, height;

  if (dir == NULL)
    return;

  wait_ms (1000);
  width = gtk_widget_get_width (window);
  height = gtk_widget_get_height (window);
  path = g_strdup_printf ("%s/%s.png", dir, name);
  paintable = gtk_widget_paintable_new (window);
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_assert_true (gdk_texture_save_to_png (texture, path));

  screen = g_strdup_printf ("%s/%s-screen.png", dir, name);
  if (!g_spawn_sync (NULL, (char *[]) { (char *) "import", (char *) "-window", (char *) "root", screen, NULL },
                     NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, NULL, &error))
    g_test_message ("No screenshot of the screen: %s", error->message);
}

static gboolean
run_scenario_cb (gpointer data)
{
  GtkApplication *app = data;
  GtkWindow *window = NULL;

  for (GList *l = gtk_application_get_windows (app); l; l = l->next)
    if (PROC_IS_WINDOW (l->data))
      window = l->data;

  g_assert_true (PROC_IS_WINDOW (window));
  current_scenario (PROC_WINDOW (window));
  gtk_window_close (window);

  return G_SOURCE_REMOVE;
}

static void
window_added_cb (GtkApplication *app,
                 GtkWindow      *window)
{
  if (PROC_IS_WINDOW (window))
    g_timeout_add (600, run_scenario_cb, app);
}

static void
run_app (Scenario scenario,
         guint    backup_check_ms,
         guint    backup_idle_ms)
{
  g_autoptr(ProcApplication) app = proc_application_new ();
  char *argv[] = { (char *) "proceedings", (char *) "--library", library, NULL };

  current_scenario = scenario;
  if (backup_check_ms > 0)
    _proc_application_set_backup_timing (app, backup_check_ms, backup_idle_ms);
  g_signal_connect (app, "window-added", G_CALLBACK (window_added_cb), NULL);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 3, argv), ==, 0);
}

static void
fill_library (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcStore) store = proc_store_open (path, &error);
  g_autoptr(ProcImportBatch) batch = NULL;

  g_assert_no_error (error);
  batch = proc_import_batch_begin (store, "Storage papers", NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < N_PAPERS; i++)
    {
      g_autoptr(ProcPaperRecord) record = proc_paper_record_new ();
      ProcImportOutcome outcome;

      record->derived_title = g_strdup_printf ("Paper number %u on robust storage", i);
      record->abstract = g_strdup_printf ("Abstract %u. We study write-ahead logs, checkpoints and "
                                          "torn pages in embedded databases. %u %u", i, i * 7, i * 13);
      g_assert_true (proc_import_batch_add (batch, record, &outcome, &error));
    }
  g_assert_true (proc_import_batch_commit (batch, &error));
  g_assert_no_error (error);
  /* Marks the library as one the person filled: no bundled list. */
  g_assert_true (proc_store_set_meta (store, "bundled-list-imported", "1", &error));
}

static void
raw_exec (const char *path,
          const char *sql)
{
  sqlite3 *db;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
}

static void
damage_pages (const char *path)
{
  g_autofree char *data = NULL;
  gsize length;
  guint page_size, n_pages;

  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  page_size = ((guint8) data[16] << 8) | (guint8) data[17];
  n_pages = length / page_size;
  g_assert_cmpuint (n_pages, >=, 40);
  for (gsize i = (n_pages / 4) * page_size; i < (3 * n_pages / 4) * page_size; i++)
    data[i] = (char) (i * 2654435761u >> 13);
  g_assert_true (g_file_set_contents (path, data, length, NULL));
}

static guint
n_backups (void)
{
  g_autoptr(GPtrArray) backups = proc_backup_list (library);

  return backups->len;
}

static AdwActionRow *
find_row (GtkWidget  *root,
          const char *title)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      AdwActionRow *found;

      if (ADW_IS_ACTION_ROW (child) &&
          g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (child)), title) == 0)
        return ADW_ACTION_ROW (child);
      if ((found = find_row (child, title)))
        return found;
    }

  return NULL;
}

/* The first button with a label, or with @label when given. */
static GtkButton *
find_button (GtkWidget  *root,
             const char *label)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkButton *found;

      if (GTK_IS_BUTTON (child) && gtk_button_get_label (GTK_BUTTON (child)) != NULL &&
          (label == NULL || g_str_equal (gtk_button_get_label (GTK_BUTTON (child)), label)))
        return GTK_BUTTON (child);
      if ((found = find_button (child, label)))
        return found;
    }

  return NULL;
}

/* Preferences → Library, as Ctrl+, and a click on the page show them:
 * over the window. */
static AdwDialog *
open_library_preferences (ProcWindow *window)
{
  AdwDialog *preferences;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "app.preferences", NULL));
  preferences = dialog_wait_shown (PROC_TYPE_PREFERENCES_DIALOG);
  g_assert_true (gtk_widget_get_root (GTK_WIDGET (preferences)) == GTK_ROOT (window));
  adw_preferences_dialog_set_visible_page_name (ADW_PREFERENCES_DIALOG (preferences), "library");
  wait_ms (300);

  return preferences;
}

static void
close_preferences (AdwDialog *preferences)
{
  g_autoptr(AdwDialog) held = g_object_ref (preferences);

  g_assert_true (adw_dialog_close (preferences));
  dialog_wait_closed (held);
}

static GtkWidget *
find_spinner (GtkWidget *root)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (ADW_IS_SPINNER (child))
        return child;
      if ((found = find_spinner (child)))
        return found;
    }

  return NULL;
}

/* Clicks the row's button and waits for its subtitle to say something new;
 * meanwhile the row shows a spinner. */
static const char *
click_and_wait (AdwActionRow *row,
                const char   *while_working)
{
  gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  GtkButton *button = find_button (GTK_WIDGET (row), NULL);
  GtkWidget *spinner = find_spinner (GTK_WIDGET (row));

  g_assert_nonnull (button);
  g_assert_nonnull (spinner);
  g_assert_false (gtk_widget_get_visible (spinner));
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (button)));
  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpstr (adw_action_row_get_subtitle (row), ==, while_working);
  g_assert_true (gtk_widget_get_visible (spinner));
  /* The work runs in a thread: the window stays responsive meanwhile. */
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (button)));

  while (g_str_equal (adw_action_row_get_subtitle (row), while_working) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);

  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (button)));
  g_assert_false (gtk_widget_get_visible (spinner));
  return adw_action_row_get_subtitle (row);
}

static void
restored_dialog (ProcWindow *window)
{
  AdwAlertDialog *dialog = ADW_ALERT_DIALOG (dialog_wait_shown (ADW_TYPE_ALERT_DIALOG));
  const char *body;

  /* Over the window, which it belongs to. */
  g_assert_true (adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window)) == ADW_DIALOG (dialog));

  body = adw_alert_dialog_get_body (dialog);
  g_test_message ("%s", body);
  g_assert_cmpstr (adw_alert_dialog_get_heading (dialog), ==, "Library Restored");
  g_assert_nonnull (strstr (body, "Proceedings did not close properly last time"));
  g_assert_nonnull (strstr (body, "restored from the backup made on Saturday 14 March 2026 at 09:26"));
  g_assert_nonnull (strstr (body, "; changes made after that are not in it."));
  g_assert_nonnull (strstr (body, "was kept, not deleted, as “library.db.damaged-"));
  g_assert_cmpstr (adw_alert_dialog_get_response_label (dialog, "show"), ==, "_Show Damaged File");

  /* Behind it, the papers of the backup, ready to use. */
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (window->papers)), ==, N_PAPERS);
  g_assert_cmpuint (proc_store_count (window->store, "is:starred"), ==, 0);
  screenshot (GTK_WIDGET (window), "backup-restored-dialog");

  /* OK, as a person would click it. */
  g_assert_nonnull (dialog_find_button (ADW_DIALOG (dialog), "_Show Damaged File"));
  g_assert_nonnull (dialog_find_button (ADW_DIALOG (dialog), "_OK"));
  alert_dialog_respond (dialog, "close");
  g_assert_null (dialog_find_shown (ADW_TYPE_ALERT_DIALOG));
}

static void
check_and_back_up (ProcWindow *window)
{
  AdwDialog *preferences = open_library_preferences (window);
  AdwActionRow *check_row, *backup_row;
  const char *result;

  check_row = find_row (GTK_WIDGET (preferences), "Check Library");
  backup_row = find_row (GTK_WIDGET (preferences), "Back Up Now");
  g_assert_nonnull (check_row);
  g_assert_nonnull (backup_row);
  g_assert_cmpstr (adw_action_row_get_subtitle (backup_row), ==, "Last backup: Saturday 14 March 2026 at 09:26");

  result = click_and_wait (check_row, "Checking…");
  g_assert_cmpstr (result, ==, "No problems found in 300 papers");
  screenshot (GTK_WIDGET (window), "preferences-check-library");

  g_assert_cmpuint (n_backups (), ==, 1);
  result = click_and_wait (backup_row, "Backing up…");
  g_assert_true (g_str_has_prefix (result, "Last backup: "));
  g_assert_null (strstr (result, "14 March 2026"));
  g_assert_cmpuint (n_backups (), ==, 2);

  close_preferences (preferences);
}

static void
check_finds_problem (ProcWindow *window)
{
  AdwDialog *preferences = open_library_preferences (window);
  const char *result;

  result = click_and_wait (find_row (GTK_WIDGET (preferences), "Check Library"), "Checking…");
  g_assert_cmpstr (result, ==, "Problems found: a row of paper_tags refers to a missing row of papers. "
                               "Your backups are in the “backups” folder beside the library.");
  screenshot (GTK_WIDGET (window), "preferences-check-problem");
  close_preferences (preferences);
}

/* Words of one paper gone from the search index: Check Library finds it,
 * offers the repair, and after it the paper is found again. */
static void
repair_search_index (ProcWindow *window)
{
  gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  AdwDialog *preferences;
  AdwActionRow *check_row, *repair_row;
  const char *result;

  g_assert_cmpuint (proc_store_count (window->store, "storage"), ==, N_PAPERS - 1);

  preferences = open_library_preferences (window);
  check_row = find_row (GTK_WIDGET (preferences), "Check Library");
  repair_row = find_row (GTK_WIDGET (preferences), "Repair Search Index");
  g_assert_nonnull (repair_row);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (repair_row)));

  result = click_and_wait (check_row, "Checking…");
  g_assert_cmpstr (result, ==, "The search index does not match the papers: a search may miss papers or find "
                               "deleted ones. Your papers, notes and tags are not affected; Repair Search Index "
                               "builds the index anew.");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (repair_row)));
  screenshot (GTK_WIDGET (window), "preferences-repair-index");

  click_and_wait (repair_row, "Repairing…");
  while (g_str_equal (adw_action_row_get_subtitle (check_row), "Checking…") && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpstr (adw_action_row_get_subtitle (check_row), ==, "No problems found in 300 papers");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (repair_row)));
  g_assert_cmpuint (proc_store_count (window->store, "storage"), ==, N_PAPERS);

  close_preferences (preferences);
}

/* The daily backup waits for a pause in the editing, then runs. */
static void
idle_backup (ProcWindow *window)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) backups = NULL;
  gint64 id = proc_paper_list_get_id (window->papers, 0);
  gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  g_autofree char *note = NULL;
  sqlite3 *db;
  sqlite3_stmt *stmt;

  /* Started with an hour of quiet asked for: no backup yet, however
   * slowly the window came up.  From now on, 1.5 s. */
  g_assert_cmpuint (n_backups (), ==, 0);
  _proc_application_set_backup_timing (PROC_APPLICATION (g_application_get_default ()), 100, 1500);
  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *text = g_strdup_printf ("Edit %u of a busy minute", i);

      g_assert_true (proc_store_set_note (window->store, id, text, &error));
      g_assert_no_error (error);
      wait_ms (400);
    }
  /* 400 ms since the last edit, with 1.5 s of quiet asked for. */
  g_assert_cmpuint (n_backups (), ==, 0);

  while (n_backups () == 0 && g_get_monotonic_time () < end)
    wait_ms (50);
  backups = proc_backup_list (library);
  g_assert_cmpuint (backups->len, ==, 1);

  /* Once a day: another pause makes no second one. */
  wait_ms (2500);
  g_assert_cmpuint (n_backups (), ==, 1);

  g_assert_cmpint (sqlite3_open_v2 (((ProcBackupInfo *) backups->pdata[0])->path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT note FROM papers WHERE id = ?", -1, &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_int64 (stmt, 1, id);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  note = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  g_assert_cmpstr (note, ==, "Edit 3 of a busy minute");
}

static void
test_damaged_library (void)
{
  g_autoptr(GDateTime) when = g_date_time_new_utc (2026, 3, 14, 9, 26, 53);
  g_autoptr(ProcBackupInfo) backup = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *marker = g_strconcat (library, ".open", NULL);
  g_autofree char *dir = g_path_get_dirname (library);
  g_autoptr(GDir) listing = NULL;
  const char *name;
  guint n_damaged = 0;

  fill_library (library);
  _proc_backup_set_now (when);
  backup = proc_backup_create (library, 7, NULL, &error);
  _proc_backup_set_now (NULL);
  g_assert_no_error (error);
  raw_exec (library, "UPDATE papers SET starred = 1");
  damage_pages (library);
  g_assert_true (g_file_set_contents (marker, "4242\n", -1, NULL));

  run_app (restored_dialog, 0, 0);

  /* A clean end: no marker; the damaged file is still there. */
  g_assert_false (g_file_test (marker, G_FILE_TEST_EXISTS));
  listing = g_dir_open (dir, 0, NULL);
  while ((name = g_dir_read_name (listing)))
    n_damaged += g_str_has_prefix (name, "library.db.damaged-") && !g_str_has_suffix (name, "-shm") &&
                 !g_str_has_suffix (name, "-wal");
  g_assert_cmpuint (n_damaged, ==, 1);

  run_app (check_and_back_up, 0, 0);

  /* A tag on a paper that is gone: the file is sound, the data is not. */
  raw_exec (library, "PRAGMA foreign_keys = OFF; INSERT INTO tags (id, name) VALUES (7, 'orphaned');"
                     " INSERT INTO paper_tags VALUES (99999, 7);");
  run_app (check_finds_problem, 0, 0);

  /* That mended; then one paper's entry taken out of the search index. */
  raw_exec (library, "DELETE FROM paper_tags WHERE paper_id = 99999; DELETE FROM tags WHERE id = 7;"
                     " INSERT INTO papers_fts(papers_fts, rowid, derived_title, user_title, abstract, authors)"
                     "   SELECT 'delete', id, derived_title, user_title, abstract, authors FROM papers"
                     "   WHERE derived_title = 'Paper number 1 on robust storage';");
  run_app (repair_search_index, 0, 0);
}

static void
test_idle_backup (void)
{
  g_autofree char *dir = g_path_get_dirname (library);
  g_autofree char *other = g_build_filename (dir, "other", "library.db", NULL);

  g_free (library);
  library = g_steal_pointer (&other);
  run_app (idle_backup, 100, 3600 * 1000);
}

/* The library's folder cannot be made (a file is where it would be): no
 * window, but a dialog in a window of its own that says why, and the
 * application waits for it to be closed. */
static gboolean unopenable_asked;

static gboolean
answer_unopenable_cb (gpointer data)
{
  GtkApplication *app = data;
  AdwAlertDialog *dialog = ADW_ALERT_DIALOG (dialog_wait_shown (ADW_TYPE_ALERT_DIALOG));
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (dialog));

  g_assert_null (gtk_application_get_windows (app));
  g_assert_true (GTK_IS_WINDOW (root) && !PROC_IS_WINDOW (root));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (root)));
  g_assert_cmpstr (adw_alert_dialog_get_heading (dialog), ==, "Could Not Open the Library");
  g_assert_nonnull (strstr (adw_alert_dialog_get_body (dialog), "Could not create the folder"));
  screenshot (GTK_WIDGET (root), "library-unopenable");
  unopenable_asked = TRUE;
  alert_dialog_respond (dialog, "close");

  return G_SOURCE_REMOVE;
}

static void
test_library_unopenable (void)
{
  g_autofree char *dir = g_path_get_dirname (library);
  g_autofree char *blocker = g_build_filename (dir, "blocker", NULL);
  g_autofree char *path = g_build_filename (blocker, "library.db", NULL);
  g_autoptr(ProcApplication) app = proc_application_new ();
  char *argv[] = { (char *) "proceedings", (char *) "--library", path, NULL };

  g_assert_true (g_file_set_contents (blocker, "not a folder", -1, NULL));
  /* Long enough for the application to have quit, were it not waiting.
   * (Its exit status is GApplication's: 0, once it has waited.) */
  g_timeout_add (1500, answer_unopenable_cb, app);
  g_application_run (G_APPLICATION (app), 3, argv);
  g_assert_true (unopenable_asked);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = g_dir_make_tmp ("proceedings-home-XXXXXX", NULL);
  g_autofree char *data = g_build_filename (home, ".local", "share", NULL);
  g_autofree char *config = g_build_filename (home, ".config", NULL);
  g_autofree char *cache = g_build_filename (home, ".cache", NULL);

  /* English under the tests' C.UTF-8; LANGUAGE=zh_CN shows the screens in
   * Chinese (with PROCEEDINGS_TEST_SCREENSHOTS, to look at them). */
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("PROCEEDINGS_LOCALEDIR") ? g_getenv ("PROCEEDINGS_LOCALEDIR") : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_setenv ("HOME", home, TRUE);
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);
  g_setenv ("XDG_CACHE_HOME", cache, TRUE);
  /* The dialog gives the backup's local time: make that UTC here. */
  g_setenv ("TZ", "UTC", TRUE);
  library = g_build_filename (home, "library.db", NULL);

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/backup-window/damaged-library", test_damaged_library);
  g_test_add_func ("/backup-window/idle-backup", test_idle_backup);
  g_test_add_func ("/backup-window/library-unopenable", test_library_unopenable);

  return g_test_run ();
}
