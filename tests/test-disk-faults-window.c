/* test-disk-faults-window.c: a full disk under the note editor loses no note
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <sqlite3.h>

#include "dialog-common.h"
#include "fault-vfs.h"
#include "proc-application.h"
#include "proc-detail-view.h"
#include "proc-importer.h"
#include "proc-rating.h"
#include "proc-store.h"
#include "proc-window.h"

static const char list_text[] =
  "Disk Fault Workshop\n"
  "\n"
  "We propose HopNet, a model of marsupial locomotion that needs few memory accesses per hop.\n"
  "\n"
  "We introduce PouchBench, a benchmark of pouch dynamics at scale.\n"
  "\n"
  "Wombats produce cubic droppings, and this study measures how often they do so.\n";

#define DISK_FULL "The library could not be written: the disk is full. Free some space and try again"
/* With the disk full, a note's first write is its statement's journal
 * (16 KB pages, proc-store.c), so the edit names itself. */
#define NOTE_DISK_FULL "Could not save the note: the disk is full. Free some space and try again"

typedef struct
{
  char *dir;
  char *path;
  ProcStore *store;
  ProcPaper *papers[3];
  GtkWindow *window;
  AdwToastOverlay *overlay;
  ProcDetailView *view;
} Fixture;

static void
wait_ms (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * G_TIME_SPAN_MILLISECOND;

  while (g_get_monotonic_time () < end)
    {
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
}

static GtkWidget *
find_by_id (GtkWidget  *root,
            const char *id,
            GType       type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type) &&
      g_strcmp0 (gtk_buildable_get_buildable_id (GTK_BUILDABLE (root)), id) == 0)
    return root;

  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_by_id (c, id, type);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static GtkWidget *
child (Fixture    *fixture,
       const char *id,
       GType       type)
{
  GtkWidget *widget = find_by_id (GTK_WIDGET (fixture->view), id, type);

  g_assert_nonnull (widget);
  return widget;
}

/* A label somewhere under @root that reads @text. */
static gboolean
shows_label (GtkWidget  *root,
             const char *text)
{
  if (GTK_IS_LABEL (root) && gtk_widget_get_mapped (root) &&
      g_strcmp0 (gtk_label_get_text (GTK_LABEL (root)), text) == 0)
    return TRUE;

  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    if (shows_label (c, text))
      return TRUE;

  return FALSE;
}

/* The note as the file holds it, read by a connection of its own that
 * only reads (a store would write its temporary triggers). */
static char *
note_in_file (Fixture   *fixture,
              ProcPaper *paper)
{
  g_autofree char *sql = g_strdup_printf ("SELECT note FROM papers WHERE id = %" G_GINT64_FORMAT,
                                          proc_paper_get_id (paper));
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt;
  char *note = NULL;

  g_assert_cmpint (sqlite3_open_v2 (fixture->path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  note = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);
  sqlite3_close (db);

  return note;
}

static char *
buffer_text (Fixture *fixture)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (child (fixture, "note_view", GTK_TYPE_TEXT_VIEW)));
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

static void
type_note (Fixture    *fixture,
           const char *text)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (child (fixture, "note_view", GTK_TYPE_TEXT_VIEW)));

  gtk_text_buffer_insert_at_cursor (buffer, text, -1);
}

static const char *
note_status (Fixture *fixture)
{
  return gtk_label_get_text (GTK_LABEL (child (fixture, "note_status", GTK_TYPE_LABEL)));
}

static gboolean
status_is_error (Fixture *fixture)
{
  return gtk_widget_has_css_class (child (fixture, "note_status", GTK_TYPE_LABEL), "error");
}

#define assert_note_in_file(fixture, paper, expected) \
  G_STMT_START { \
    g_autofree char *in_file_ = note_in_file ((fixture), (paper)); \
    g_assert_cmpstr (in_file_, ==, (expected)); \
  } G_STMT_END

#define assert_editor(fixture, expected) \
  G_STMT_START { \
    g_autofree char *shown_ = buffer_text (fixture); \
    g_assert_cmpstr (shown_, ==, (expected)); \
  } G_STMT_END

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GInputStream) stream = NULL;
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(GArray) ids = NULL;
  GtkWidget *view;

  fixture->dir = g_dir_make_tmp ("proceedings-disk-faults-XXXXXX", NULL);
  fixture->path = g_build_filename (fixture->dir, "library.db", NULL);
  fixture->store = proc_store_open (fixture->path, &error);
  g_assert_no_error (error);

  stream = g_memory_input_stream_new_from_data (list_text, sizeof list_text - 1, NULL);
  report = proc_importer_import_stream (fixture->store, stream, "workshop.txt", NULL, NULL, &error);
  g_assert_no_error (error);

  ids = proc_store_query_ids (fixture->store, NULL, NULL, PROC_SORT_ADDED, FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, 3);
  for (guint i = 0; i < 3; i++)
    fixture->papers[i] = proc_store_get_paper (fixture->store, g_array_index (ids, gint64, i));
  g_assert_true (proc_store_set_note (fixture->store, proc_paper_get_id (fixture->papers[0]),
                                      "Hops: check the counts.", &error));
  g_assert_no_error (error);

  view = proc_detail_view_new ();
  fixture->view = PROC_DETAIL_VIEW (view);
  fixture->overlay = ADW_TOAST_OVERLAY (adw_toast_overlay_new ());
  adw_toast_overlay_set_child (fixture->overlay, view);
  fixture->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (fixture->window, 900, 900);
  gtk_window_set_child (fixture->window, GTK_WIDGET (fixture->overlay));

  proc_detail_view_set_store (fixture->view, fixture->store);
  proc_detail_view_set_paper (fixture->view, fixture->papers[0]);
  proc_detail_view_set_autosave_delay (fixture->view, 50);
  proc_detail_view_set_retry_interval (fixture->view, 300);
  gtk_window_present (fixture->window);
  wait_ms (100);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  fault_vfs_disarm ();
  gtk_window_destroy (fixture->window);
  wait_ms (10);

  for (guint i = 0; i < 3; i++)
    g_clear_object (&fixture->papers[i]);
  g_clear_object (&fixture->store);
  g_clear_pointer (&fixture->path, g_free);
  g_clear_pointer (&fixture->dir, g_free);
}

/* The disk fills while the user types: the note stays in the editor and
 * says why; it goes with its paper and comes back with it; once there is
 * space it is saved without another keystroke. */
static void
test_note_kept_while_disk_full (Fixture       *fixture,
                                gconstpointer  data)
{
  ProcPaper *paper = fixture->papers[0];
  guint faults = fault_vfs_get_faults_injected ();

  assert_editor (fixture, "Hops: check the counts.");
  fault_vfs_arm (1, FAULT_VFS_ENOSPC, TRUE);

  type_note (fixture, " Table 2 disagrees with the text.");
  g_assert_cmpstr (note_status (fixture), ==, "Saving…");
  wait_ms (250);
  g_assert_cmpuint (fault_vfs_get_faults_injected (), >, faults);
  g_assert_cmpstr (note_status (fixture), ==,
                   NOTE_DISK_FULL ". The note stays here and is saved as soon as the library can be written");
  g_assert_true (status_is_error (fixture));
  assert_editor (fixture, "Hops: check the counts. Table 2 disagrees with the text.");
  assert_note_in_file (fixture, paper, "Hops: check the counts.");
  g_assert_cmpstr (proc_paper_get_note (paper), ==, "Hops: check the counts.");
  g_assert_cmpuint (proc_detail_view_get_n_unsaved_notes (fixture->view), ==, 1);

  /* The retries fail too while the disk is full, and change nothing. */
  wait_ms (700);
  assert_editor (fixture, "Hops: check the counts. Table 2 disagrees with the text.");
  g_assert_true (status_is_error (fixture));

  /* Another paper: a toast says the note is kept; the editor is the other paper's. */
  proc_detail_view_set_paper (fixture->view, fixture->papers[1]);
  wait_ms (100);
  g_assert_true (shows_label (GTK_WIDGET (fixture->overlay),
                              "The note is not saved yet, but it is kept and will be saved as soon as possible. " NOTE_DISK_FULL));
  assert_editor (fixture, "");
  g_assert_cmpstr (note_status (fixture), ==, "");
  g_assert_cmpuint (proc_detail_view_get_n_unsaved_notes (fixture->view), ==, 1);
  assert_note_in_file (fixture, paper, "Hops: check the counts.");

  /* And back: the unsaved text, not the library's, still marked unsaved. */
  proc_detail_view_set_paper (fixture->view, paper);
  assert_editor (fixture, "Hops: check the counts. Table 2 disagrees with the text.");
  g_assert_cmpstr (note_status (fixture), ==,
                   NOTE_DISK_FULL ". The note stays here and is saved as soon as the library can be written");
  g_assert_true (status_is_error (fixture));

  /* Space is back: the next retry saves it. */
  fault_vfs_disarm ();
  wait_ms (600);
  g_assert_cmpstr (note_status (fixture), ==, "Saved");
  g_assert_false (status_is_error (fixture));
  assert_note_in_file (fixture, paper, "Hops: check the counts. Table 2 disagrees with the text.");
  g_assert_cmpstr (proc_paper_get_note (paper), ==, "Hops: check the counts. Table 2 disagrees with the text.");
  assert_editor (fixture, "Hops: check the counts. Table 2 disagrees with the text.");
  g_assert_cmpuint (proc_detail_view_get_n_unsaved_notes (fixture->view), ==, 0);
}

/* A note kept for a paper that is not shown is saved in the background,
 * and a toast says so. */
static void
test_kept_note_saved_later (Fixture       *fixture,
                            gconstpointer  data)
{
  ProcPaper *paper = fixture->papers[2];

  proc_detail_view_set_paper (fixture->view, paper);
  proc_detail_view_set_autosave_delay (fixture->view, 60000);
  fault_vfs_arm (1, FAULT_VFS_ENOSPC, TRUE);
  type_note (fixture, "Cubes: measure the corners.");

  /* Left before the autosave: the save on leaving fails, the text is kept. */
  proc_detail_view_set_paper (fixture->view, fixture->papers[1]);
  g_assert_cmpuint (proc_detail_view_get_n_unsaved_notes (fixture->view), ==, 1);
  assert_note_in_file (fixture, paper, "");

  /* Typing on the other paper fails as well: both are held. */
  type_note (fixture, "Pouches: compare with kangaroos.");
  g_assert_false (proc_detail_view_save_note (fixture->view));
  g_assert_cmpuint (proc_detail_view_get_n_unsaved_notes (fixture->view), ==, 2);

  fault_vfs_disarm ();
  wait_ms (600);
  g_assert_cmpuint (proc_detail_view_get_n_unsaved_notes (fixture->view), ==, 0);
  assert_note_in_file (fixture, paper, "Cubes: measure the corners.");
  assert_note_in_file (fixture, fixture->papers[1], "Pouches: compare with kangaroos.");
  g_assert_cmpstr (note_status (fixture), ==, "Saved");
  g_assert_true (shows_label (GTK_WIDGET (fixture->overlay), "1 note that could not be saved is saved now"));

  /* Back on the paper: the library's note, saved, nothing pending. */
  proc_detail_view_set_paper (fixture->view, paper);
  assert_editor (fixture, "Cubes: measure the corners.");
  g_assert_cmpstr (note_status (fixture), ==, "");
}

/* One I/O error: the autosave says so, the retry gets through by itself. */
static void
test_io_error_retried (Fixture       *fixture,
                       gconstpointer  data)
{
  ProcPaper *paper = fixture->papers[0];

  fault_vfs_arm (1, FAULT_VFS_EIO, FALSE);
  type_note (fixture, " Ask the authors.");
  wait_ms (150);
  g_assert_cmpstr (note_status (fixture), ==,
                   "Could not save the note: the disk reported an input/output error while writing."
                   " The note stays here and is saved as soon as the library can be written");
  assert_note_in_file (fixture, paper, "Hops: check the counts.");
  g_assert_false (fault_vfs_is_armed ());

  wait_ms (500);
  g_assert_cmpstr (note_status (fixture), ==, "Saved");
  assert_note_in_file (fixture, paper, "Hops: check the counts. Ask the authors.");
}

/* Starring and rating on a full disk: a toast with the reason, and the
 * controls show what the library holds. */
static void
test_other_edits (Fixture       *fixture,
                  gconstpointer  data)
{
  GtkToggleButton *star = GTK_TOGGLE_BUTTON (child (fixture, "star_button", GTK_TYPE_TOGGLE_BUTTON));
  ProcRating *rating = PROC_RATING (child (fixture, "rating", PROC_TYPE_RATING));
  ProcPaper *paper = fixture->papers[0];

  fault_vfs_arm (1, FAULT_VFS_ENOSPC, TRUE);
  gtk_toggle_button_set_active (star, TRUE);
  wait_ms (100);
  g_assert_false (gtk_toggle_button_get_active (star));
  g_assert_false (proc_paper_get_starred (paper));
  g_assert_true (shows_label (GTK_WIDGET (fixture->overlay), DISK_FULL));

  proc_rating_set_value (rating, 4);
  wait_ms (50);
  g_assert_cmpint (proc_rating_get_value (rating), ==, 0);
  g_assert_cmpint (proc_paper_get_rating (paper), ==, 0);

  fault_vfs_disarm ();
  gtk_toggle_button_set_active (star, TRUE);
  proc_rating_set_value (rating, 4);
  g_assert_true (proc_paper_get_starred (paper));
  g_assert_cmpint (proc_paper_get_rating (paper), ==, 4);
}

/* The whole application: closing the window on a note a full disk refused
 * asks first; with space back, the next close saves it. */
static struct
{
  gboolean asked;
  gboolean stayed_open;
  gboolean kept_open;
  char *body;
} closing;

static GtkWidget *
find_type (GtkWidget *root,
           GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;

  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_type (c, type);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static gboolean
close_again_cb (gpointer data)
{
  GtkApplication *app = data;
  GtkWindow *window = gtk_application_get_active_window (app);
  AdwAlertDialog *dialog = ADW_ALERT_DIALOG (dialog_find_shown (ADW_TYPE_ALERT_DIALOG));

  closing.asked = dialog != NULL && g_strcmp0 (adw_alert_dialog_get_heading (dialog), "Notes Not Saved") == 0;
  closing.stayed_open = PROC_IS_WINDOW (window);
  if (dialog != NULL)
    {
      /* Over the window it would close. */
      g_assert_true (gtk_widget_get_root (GTK_WIDGET (dialog)) == GTK_ROOT (window));
      closing.body = g_strdup (adw_alert_dialog_get_body (dialog));
      g_assert_cmpstr (adw_alert_dialog_get_default_response (dialog), ==, "keep");
      g_assert_cmpstr (adw_alert_dialog_get_close_response (dialog), ==, "keep");
      /* Space is back; the user keeps the window, then closes it again. */
      fault_vfs_disarm ();
      dialog_wait_drawn (ADW_DIALOG (dialog));
      alert_dialog_respond (dialog, "keep");
    }

  for (GList *l = gtk_application_get_windows (app); l != NULL; l = l->next)
    if (PROC_IS_WINDOW (l->data))
      {
        closing.kept_open = TRUE;
        gtk_window_close (l->data);
        break;
      }

  if (!closing.kept_open)
    g_application_quit (G_APPLICATION (app));
  return G_SOURCE_REMOVE;
}

static gboolean
type_and_close_cb (gpointer data)
{
  GtkApplication *app = data;
  GtkWindow *window = NULL;
  ProcDetailView *view;
  g_autoptr(ProcPaper) paper = NULL;
  GtkWidget *note_view;

  for (GList *l = gtk_application_get_windows (app); l != NULL; l = l->next)
    if (PROC_IS_WINDOW (l->data))
      window = l->data;
  g_assert_nonnull (window);

  view = PROC_DETAIL_VIEW (find_type (GTK_WIDGET (window), PROC_TYPE_DETAIL_VIEW));
  paper = g_list_model_get_item (G_LIST_MODEL (proc_window_get_papers (PROC_WINDOW (window))), 0);
  g_assert_nonnull (paper);
  proc_detail_view_set_paper (view, paper);
  proc_detail_view_set_autosave_delay (view, 60000);

  note_view = find_by_id (GTK_WIDGET (view), "note_view", GTK_TYPE_TEXT_VIEW);
  fault_vfs_arm (1, FAULT_VFS_ENOSPC, TRUE);
  gtk_text_buffer_insert_at_cursor (gtk_text_view_get_buffer (GTK_TEXT_VIEW (note_view)), " Typed on a full disk.", -1);
  gtk_window_close (window);

  g_timeout_add (300, close_again_cb, app);
  return G_SOURCE_REMOVE;
}

static void
window_added_cb (GtkApplication *app,
                 GtkWindow      *window)
{
  if (PROC_IS_WINDOW (window))
    g_timeout_add (500, type_and_close_cb, app);
}

static void
test_close_asks (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("proceedings-disk-faults-XXXXXX", NULL);
  Fixture fixture = { .dir = dir, .path = g_build_filename (dir, "library.db", NULL) };
  g_autoptr(GInputStream) stream = g_memory_input_stream_new_from_data (list_text, sizeof list_text - 1, NULL);
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(ProcApplication) app = NULL;
  g_autoptr(GArray) ids = NULL;
  char *argv[] = { (char *) "proceedings", (char *) "--library", fixture.path, NULL };

  fixture.store = proc_store_open (fixture.path, &error);
  g_assert_no_error (error);
  report = proc_importer_import_stream (fixture.store, stream, "workshop.txt", NULL, NULL, &error);
  g_assert_no_error (error);
  ids = proc_store_query_ids (fixture.store, NULL, NULL, PROC_SORT_ADDED, FALSE, &error);
  fixture.papers[0] = proc_store_get_paper (fixture.store, g_array_index (ids, gint64, 0));
  g_assert_true (proc_store_set_note (fixture.store, g_array_index (ids, gint64, 0), "First.", &error));
  g_clear_object (&fixture.store);

  app = proc_application_new ();
  g_signal_connect (app, "window-added", G_CALLBACK (window_added_cb), NULL);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 3, argv), ==, 0);

  g_assert_true (closing.asked);
  g_assert_true (closing.stayed_open);
  g_assert_cmpstr (closing.body, ==, "The library could not be written, so 1 note is not saved yet. "
                                     "If the window closes now, it is lost. Free some space on the disk "
                                     "and it is saved within seconds.");
  g_assert_true (closing.kept_open);
  assert_note_in_file (&fixture, fixture.papers[0], "First. Typed on a full disk.");

  g_clear_object (&fixture.papers[0]);
  g_clear_pointer (&closing.body, g_free);
  g_free (fixture.path);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = g_dir_make_tmp ("proceedings-home-XXXXXX", NULL);
  g_autofree char *data = g_build_filename (home, ".local", "share", NULL);
  g_autofree char *config = g_build_filename (home, ".config", NULL);
  g_autofree char *cache = g_build_filename (home, ".cache", NULL);
  int status;

  g_setenv ("HOME", home, TRUE);
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);
  g_setenv ("XDG_CACHE_HOME", cache, TRUE);
  g_setenv ("GSK_RENDERER", "cairo", FALSE);

  g_test_init (&argc, &argv, NULL);
  adw_init ();

  /* Before any library is opened: the store's connection goes through it. */
  fault_vfs_install ();

#define ADD(path, func) \
  g_test_add ("/disk-faults-window/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("note-kept-while-disk-full", test_note_kept_while_disk_full);
  ADD ("kept-note-saved-later", test_kept_note_saved_later);
  ADD ("io-error-retried", test_io_error_retried);
  ADD ("other-edits", test_other_edits);

#undef ADD

  g_test_add_func ("/disk-faults-window/close-asks", test_close_asks);

  status = g_test_run ();
  g_test_message ("%u faults injected", fault_vfs_get_faults_injected ());

  return status;
}
