/* test-export-window.c: papers in and out of the real window: the Export dialog, Copy as BibTeX, dropped files
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>

#include "dialog-common.h"
#include "proc-application.h"
#include "proc-export-dialog.h"
#include "proc-exporter.h"
#include "proc-paper-list.h"
#include "proc-window-private.h"

typedef void (*Scenario) (ProcWindow *window);

static Scenario current_scenario;
static char *library;

/* Runs the main loop until @done says so, or fails after @seconds. */
static void
wait_until (gboolean  (*done) (gpointer),
            gpointer    data,
            guint       seconds,
            const char *what)
{
  gint64 end = g_get_monotonic_time () + seconds * G_USEC_PER_SEC;

  while (!done (data))
    {
      if (g_get_monotonic_time () > end)
        g_error ("Timed out waiting for %s", what);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

static gboolean
run_scenario_cb (gpointer data)
{
  GtkApplication *app = data;
  GtkWindow *window = gtk_application_get_active_window (app);

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
run_app (Scenario scenario)
{
  g_autoptr(ProcApplication) app = proc_application_new ();
  char *argv[] = { (char *) "proceedings", (char *) "--library", library, NULL };

  current_scenario = scenario;
  g_signal_connect (app, "window-added", G_CALLBACK (window_added_cb), NULL);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 3, argv), ==, 0);
}

static gint64
find_paper (ProcWindow *window,
            const char *word)
{
  g_autoptr(ProcPaperList) papers = proc_paper_list_new (window->store);

  proc_paper_list_set_search (papers, word);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (papers)), ==, 1);
  return proc_paper_list_get_id (papers, 0);
}

/* The Export dialog shown over the window, or NULL once it has closed. */
static ProcExportDialog *
find_dialog (void)
{
  AdwDialog *dialog = dialog_find_shown (PROC_TYPE_EXPORT_DIALOG);

  return dialog != NULL ? PROC_EXPORT_DIALOG (dialog) : NULL;
}

static gboolean
dialog_gone (gpointer data)
{
  return find_dialog () == NULL;
}

/* A row of the dialog by its title, as a person finds it. */
static GtkWidget *
find_row (GtkWidget  *widget,
          const char *title)
{
  if (ADW_IS_PREFERENCES_ROW (widget) &&
      g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0)
    return widget;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_row (child, title);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static gboolean
has_label (GtkWidget  *widget,
           const char *text)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
      strstr (gtk_label_get_label (GTK_LABEL (widget)), text) != NULL)
    return TRUE;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    if (has_label (child, text))
      return TRUE;

  return FALSE;
}

typedef struct
{
  GtkWidget *widget;
  const char *text;
} LabelWait;

static gboolean
label_shown (gpointer data)
{
  LabelWait *wait = data;

  return has_label (wait->widget, wait->text);
}

static guint
combo_index_of (AdwComboRow *row,
                const char  *label)
{
  GListModel *model = adw_combo_row_get_model (row);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (model, i);

      if (g_str_equal (gtk_string_object_get_string (item), label))
        return i;
    }

  g_error ("No “%s” in the combo row", label);
  return 0;
}

static gboolean
switch_row_off (gpointer row)
{
  return !adw_switch_row_get_active (ADW_SWITCH_ROW (row));
}

static char *export_path;

/* A reading list, exported as BibTeX without abstracts, from the menu. */
static void
scenario_export_reading_list (ProcWindow *window)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GSettings) settings = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *file_name = NULL;
  g_autofree char *format = NULL;
  ProcExportDialog *dialog;
  AdwComboRow *papers_row;
  AdwComboRow *format_row;
  GtkWidget *abstracts_row;
  gint64 tiny = find_paper (window, "TinyTrain");
  gint64 compiler = find_paper (window, "LLMCompiler");
  gint64 list_id;
  LabelWait toast = { GTK_WIDGET (window), "Exported 2 papers to “Friday.bib”" };

  list_id = proc_store_create_reading_list (window->store, "Friday", &error);
  g_assert_no_error (error);
  g_assert_true (proc_store_add_to_reading_list (window->store, list_id, (gint64[]) { compiler, tiny }, 2, &error));
  g_assert_true (proc_store_set_note (window->store, tiny, "Read before the talk & bring questions", &error));
  g_assert_no_error (error);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.export", NULL));
  dialog = PROC_EXPORT_DIALOG (dialog_wait_shown (PROC_TYPE_EXPORT_DIALOG));
  /* Over the window, which it keeps from being used meanwhile. */
  g_assert_true (adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window)) == ADW_DIALOG (dialog));
  /* Ctrl+E again does not open a second one. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.export", NULL));
  g_assert_true (dialog_find_shown (PROC_TYPE_EXPORT_DIALOG) == ADW_DIALOG (dialog));
  {
    g_autoptr(GListModel) dialogs = adw_application_window_get_dialogs (ADW_APPLICATION_WINDOW (window));

    g_assert_cmpuint (g_list_model_get_n_items (dialogs), ==, 1);
  }

  papers_row = ADW_COMBO_ROW (find_row (GTK_WIDGET (dialog), "Papers"));
  format_row = ADW_COMBO_ROW (find_row (GTK_WIDGET (dialog), "Format"));
  abstracts_row = find_row (GTK_WIDGET (dialog), "Abstracts");
  g_assert_nonnull (papers_row);
  g_assert_nonnull (format_row);
  g_assert_nonnull (abstracts_row);

  /* What the list shows, then the sets the library names, with counts. */
  g_assert_cmpuint (combo_index_of (papers_row, "All Papers (38 papers)"), ==, 0);
  adw_combo_row_set_selected (papers_row, combo_index_of (papers_row, "Reading List “Friday” (2 papers)"));
  adw_combo_row_set_selected (format_row, combo_index_of (format_row, "BibTeX"));
  /* A click on the row turns its switch off, once the switch has slid. */
  g_assert_true (adw_switch_row_get_active (ADW_SWITCH_ROW (abstracts_row)));
  adw_action_row_activate (ADW_ACTION_ROW (abstracts_row));
  wait_until (switch_row_off, abstracts_row, 5, "the switch to turn off");

  file_name = proc_export_dialog_dup_file_name (dialog);
  g_assert_cmpstr (file_name, ==, "Friday.bib");

  file = g_file_new_build_filename (export_path, file_name, NULL);
  proc_export_dialog_export_to_file (dialog, file);
  wait_until (dialog_gone, NULL, 60, "the export to finish");
  wait_until (label_shown, &toast, 10, "the toast");

  g_assert_true (g_file_get_contents (g_file_peek_path (file), &contents, NULL, &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (contents, "LLMCompiler"));
  g_assert_true (strstr (contents, "LLMCompiler") < strstr (contents, "TinyTrain"));
  g_assert_nonnull (strstr (contents, "Read before the talk \\& bring questions"));
  g_assert_null (strstr (contents, "abstract"));

  /* The dialog remembers the choices for next time. */
  settings = g_settings_new (APP_ID);
  format = g_settings_get_string (settings, "export-format");
  g_assert_cmpstr (format, ==, "bibtex");
  g_assert_false (g_settings_get_boolean (settings, "export-abstracts"));
  g_settings_reset (settings, "export-abstracts");
  g_settings_reset (settings, "export-format");
}

static void
test_export_reading_list (void)
{
  run_app (scenario_export_reading_list);
}

/* While a reading list is shown, the dialog offers it first; Escape closes it. */
static void
scenario_preselects_shown_list (ProcWindow *window)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *file_name = NULL;
  ProcExportDialog *dialog;
  gint64 tiny = find_paper (window, "TinyTrain");
  gint64 list_id;

  list_id = proc_store_create_reading_list (window->store, "Weekend: maybe", &error);
  g_assert_no_error (error);
  g_assert_true (proc_store_add_to_reading_list (window->store, list_id, &tiny, 1, &error));
  proc_sidebar_select_query (window->sidebar, "reading-list:\"Weekend: maybe\"");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.export", NULL));
  dialog = PROC_EXPORT_DIALOG (dialog_wait_shown (PROC_TYPE_EXPORT_DIALOG));
  file_name = proc_export_dialog_dup_file_name (dialog);
  g_assert_cmpstr (file_name, ==, "Weekend- maybe.md");

  /* Cancel closes it, and only it. */
  {
    GtkWidget *cancel = dialog_find_button (ADW_DIALOG (dialog), "_Cancel");

    g_assert_true (gtk_widget_get_mapped (cancel) && gtk_widget_is_sensitive (cancel));
    g_signal_emit_by_name (cancel, "clicked");
  }
  wait_until (dialog_gone, NULL, 10, "the dialog to close");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
}

static void
test_preselects_shown_list (void)
{
  run_app (scenario_preselects_shown_list);
}

typedef struct
{
  char *text;
  gboolean done;
} ClipboardRead;

static void
read_text_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  ClipboardRead *read = user_data;

  read->text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, NULL);
  read->done = TRUE;
}

static gboolean
read_done (gpointer data)
{
  return ((ClipboardRead *) data)->done;
}

static void
scenario_copy_bibtex (ProcWindow *window)
{
  ClipboardRead read = { NULL, FALSE };
  GListModel *model = G_LIST_MODEL (window->papers);
  gint64 tiny = find_paper (window, "TinyTrain");
  int position = proc_paper_list_find (window->papers, tiny);
  LabelWait toast = { GTK_WIDGET (window), "Copied as BibTeX" };

  /* The window reopens on the reading list the scenario before showed. */
  proc_sidebar_select_query (window->sidebar, "");
  position = proc_paper_list_find (window->papers, tiny);
  g_assert_cmpint (position, >=, 0);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 38);
  gtk_selection_model_select_item (GTK_SELECTION_MODEL (window->selection), position, TRUE);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-bibtex", NULL));
  wait_until (label_shown, &toast, 10, "the toast");

  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (window)), NULL, read_text_cb, &read);
  wait_until (read_done, &read, 10, "the clipboard");
  g_assert_nonnull (read.text);
  g_assert_true (g_str_has_prefix (read.text, "@"));
  g_assert_nonnull (strstr (read.text, "TinyTrain"));
  g_free (read.text);
}

static void
test_copy_bibtex (void)
{
  run_app (scenario_copy_bibtex);
}

static gboolean
papers_shown (gpointer data)
{
  ProcWindow *window = data;

  return g_list_model_get_n_items (G_LIST_MODEL (window->papers)) == 40;
}

/* A BibTeX file dropped from a file manager is imported. */
static void
scenario_drop_file (ProcWindow *window)
{
  g_autofree char *path = g_build_filename (export_path, "dropped.bib", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_auto(GValue) value = G_VALUE_INIT;
  GSList files = { file, NULL };
  LabelWait toast = { GTK_WIDGET (window), "dropped.bib: 2 papers added" };
  gboolean accepted = FALSE;

  g_assert_true (g_file_set_contents (path,
                                      "@inproceedings{hop2024,\n"
                                      "  title = {{HopNet}: Marsupial Locomotion at Scale},\n"
                                      "  author = {Roo, Kanga and Joey, Little},\n"
                                      "  booktitle = {Workshop on Kangaroos}, year = {2024}\n}\n\n"
                                      "@article{pouch2024,\n"
                                      "  title = {Pouch Dynamics},\n  author = {Wallaby, Rock}, year = 2024\n}\n",
                                      -1, NULL));
  proc_sidebar_select_query (window->sidebar, "");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (window->papers)), ==, 38);

  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, gdk_file_list_new_from_list (&files));
  g_signal_emit_by_name (window->file_drop, "drop", &value, 5.0, 5.0, &accepted);
  g_assert_true (accepted);

  wait_until (papers_shown, window, 60, "the dropped papers");
  wait_until (label_shown, &toast, 10, "the import toast");
  g_assert_cmpuint (proc_store_count (window->store, "list:dropped"), ==, 2);
  g_assert_cmpuint (proc_store_count (window->store, "HopNet"), ==, 1);
}

static void
test_drop_file (void)
{
  run_app (scenario_drop_file);
}

/* Our own Markdown export, opened again: the paper deleted since comes
 * back with its note and star, the others are found, nothing else is
 * added.  A page saved from the web is refused with a dialog that says
 * why and what to import instead, and nothing of it is added. */
static void
scenario_own_export_back (ProcWindow *window)
{
  g_autofree char *path = g_build_filename (export_path, "All Papers.md", NULL);
  g_autofree char *saved = g_build_filename (g_getenv ("PROCEEDINGS_SOURCE_DIR"), "tests", "data", "html",
                                             "saved-page.html", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) page = g_file_new_for_path (saved);
  g_autoptr(GArray) ids = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *toast_text = NULL;
  gint64 tiny = find_paper (window, "TinyTrain");
  guint before = proc_store_count (window->store, NULL);
  AdwAlertDialog *dialog;
  LabelWait toast;

  g_assert_true (proc_store_set_note (window->store, tiny, "Bring it to the reading group", &error));
  g_assert_true (proc_store_set_starred (window->store, &tiny, 1, TRUE, &error));
  g_assert_true (proc_store_set_triage (window->store, &tiny, 1, PROC_TRIAGE_KEEP, &error));
  ids = proc_store_query_ids (window->store, NULL, NULL, PROC_SORT_ADDED, FALSE, &error);
  g_assert_no_error (error);
  g_assert_true (proc_exporter_export_file (window->store, file, PROC_RECORD_FORMAT_MARKDOWN, PROC_EXPORT_ALL,
                                            PROC_EXPORT_GROUP_NONE, "All Papers",
                                            (const gint64 *) (gpointer) ids->data, ids->len, NULL, NULL, &error));
  g_assert_true (proc_store_delete_papers (window->store, &tiny, 1, &error));
  g_assert_no_error (error);

  proc_window_import_files (window, &file, 1);
  toast_text = g_strdup_printf ("All Papers.md: 1 paper added, %u already in the library, 0 skipped", before - 1);
  toast = (LabelWait) { GTK_WIDGET (window), toast_text };
  wait_until (label_shown, &toast, 30, "the import toast");
  g_assert_cmpuint (proc_store_count (window->store, NULL), ==, before);
  g_assert_cmpuint (proc_store_count (window->store, "TinyTrain is:starred"), ==, 1);
  g_assert_cmpuint (proc_store_count (window->store, "reading group"), ==, 1);

  proc_window_import_files (window, &page, 1);
  dialog = ADW_ALERT_DIALOG (dialog_wait_shown (ADW_TYPE_ALERT_DIALOG));
  g_assert_cmpstr (adw_alert_dialog_get_heading (dialog), ==, "Could Not Import the Paper List");
  g_assert_nonnull (strstr (adw_alert_dialog_get_body (dialog), "saved-page.html: a web page, not a list of papers"));
  g_assert_nonnull (strstr (adw_alert_dialog_get_body (dialog), "import the papers as BibTeX, RIS, CSL-JSON or CSV instead."));
  alert_dialog_respond (dialog, "close");
  g_assert_null (dialog_find_shown (ADW_TYPE_DIALOG));
  g_assert_cmpuint (proc_store_count (window->store, NULL), ==, before);
}

static void
test_own_export_back (void)
{
  run_app (scenario_own_export_back);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = g_dir_make_tmp ("proceedings-export-XXXXXX", NULL);
  g_autofree char *data = g_build_filename (home, ".local", "share", NULL);
  g_autofree char *config = g_build_filename (home, ".config", NULL);
  g_autofree char *cache = g_build_filename (home, ".cache", NULL);
  int status;

  /* A throw-away home, as in test-main-window.c. */
  g_setenv ("HOME", home, TRUE);
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);
  g_setenv ("XDG_CACHE_HOME", cache, TRUE);
  library = g_build_filename (home, "library.db", NULL);
  export_path = g_strdup (home);

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/export-window/export-reading-list", test_export_reading_list);
  g_test_add_func ("/export-window/preselects-shown-list", test_preselects_shown_list);
  g_test_add_func ("/export-window/copy-bibtex", test_copy_bibtex);
  g_test_add_func ("/export-window/own-export-back", test_own_export_back);
  g_test_add_func ("/export-window/drop-file", test_drop_file);

  status = g_test_run ();
  g_free (library);
  g_free (export_path);
  return status;
}
