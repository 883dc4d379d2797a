/* test-chinese-window.c: the real window in a Chinese locale speaks Chinese
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>

#include "proc-application.h"
#include "proc-export-dialog.h"
#include "proc-paper-list.h"
#include "proc-preferences-dialog.h"
#include "dialog-common.h"
#include "proc-window-private.h"

static char *library;
static gboolean have_chinese_locale;

static void
wait_ms (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

/* Every label text under @widget, mapped or not: what the widget says. */
static void
collect_texts (GtkWidget *widget,
               GString   *texts)
{
  if (GTK_IS_LABEL (widget))
    g_string_append_printf (texts, "%s\n", gtk_label_get_label (GTK_LABEL (widget)));
  else if (ADW_IS_PREFERENCES_ROW (widget))
    g_string_append_printf (texts, "%s\n", adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)));
  else if (ADW_IS_PREFERENCES_GROUP (widget) && adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (widget)))
    g_string_append_printf (texts, "%s\n", adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (widget)));
  else if (ADW_IS_STATUS_PAGE (widget) && adw_status_page_get_title (ADW_STATUS_PAGE (widget)))
    g_string_append_printf (texts, "%s\n", adw_status_page_get_title (ADW_STATUS_PAGE (widget)));

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    collect_texts (child, texts);
}

static char *
texts_of (GtkWidget *widget)
{
  GString *texts = g_string_new (NULL);

  collect_texts (widget, texts);
  return g_string_free (texts, FALSE);
}

static void
assert_says (const char *texts,
             const char *expected)
{
  if (strstr (texts, "\n") == NULL || strstr (texts, expected) == NULL)
    g_error ("“%s” is not shown; the texts are:\n%s", expected, texts);
}

static void
assert_no_english (const char *texts,
                   const char *english)
{
  if (strstr (texts, english) != NULL)
    g_error ("“%s” is shown in English; the texts are:\n%s", english, texts);
}

static void
scenario (ProcWindow *window)
{
  g_autofree char *window_texts = NULL;
  g_autofree char *export_texts = NULL;
  g_autofree char *preferences_texts = NULL;
  AdwDialog *preferences;
  AdwDialog *dialog;

  /* The sidebar's entries and sections, the list's count (a plural), the
   * detail pane's headings. */
  gtk_selection_model_select_item (GTK_SELECTION_MODEL (window->selection), 0, TRUE);
  wait_ms (300);
  g_assert_nonnull (proc_sidebar_find_row (window->sidebar, "全部论文"));
  g_assert_nonnull (proc_sidebar_find_row (window->sidebar, "未读"));
  g_assert_nonnull (proc_sidebar_find_row (window->sidebar, "星标"));
  g_assert_nonnull (proc_sidebar_find_row (window->sidebar, "ICML 2024 论文列表"));
  g_assert_cmpstr (adw_window_title_get_title (window->list_title), ==, "全部论文");
  g_assert_cmpstr (adw_window_title_get_subtitle (window->list_title), ==, "38 篇论文");

  window_texts = texts_of (GTK_WIDGET (window));
  assert_says (window_texts, "列表");
  assert_says (window_texts, "阅读清单");
  assert_says (window_texts, "摘要");
  assert_says (window_texts, "笔记");
  assert_says (window_texts, "未读");
  assert_says (window_texts, "已读");
  assert_no_english (window_texts, "All Papers");
  assert_no_english (window_texts, "Abstract\n");
  assert_no_english (window_texts, "Reading Lists");

  /* Two selected: another plural. */
  gtk_selection_model_select_item (GTK_SELECTION_MODEL (window->selection), 1, FALSE);
  wait_ms (100);
  g_assert_cmpstr (adw_window_title_get_subtitle (window->list_title), ==, "已选择 2 篇");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.export", NULL));
  dialog = dialog_wait_shown (PROC_TYPE_EXPORT_DIALOG);
  g_assert_cmpstr (adw_dialog_get_title (dialog), ==, "导出");
  export_texts = texts_of (GTK_WIDGET (dialog));
  assert_says (export_texts, "格式");
  assert_says (export_texts, "分组依据");
  assert_says (export_texts, "包含内容");
  assert_says (export_texts, "阅读状态和星标");
  assert_no_english (export_texts, "Format");
  adw_dialog_force_close (dialog);

  /* A Chinese note is found by a two-character word from its middle,
   * typed in the search entry. */
  {
    g_autoptr(GError) error = NULL;
    gint64 id = proc_paper_list_get_id (window->papers, 5);

    g_assert_true (proc_store_set_note (window->store, id, "这篇论文在边缘设备上训练模型", &error));
    g_assert_no_error (error);
    gtk_search_bar_set_search_mode (window->search_bar, TRUE);
    gtk_editable_set_text (GTK_EDITABLE (window->search_entry), "边缘");
    for (guint tries = 0; tries < 100 && g_list_model_get_n_items (G_LIST_MODEL (window->papers)) != 1; tries++)
      wait_ms (50);
    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (window->papers)), ==, 1);
    g_assert_cmpint (proc_paper_list_get_id (window->papers, 0), ==, id);
    g_assert_cmpstr (adw_window_title_get_subtitle (window->list_title), ==, "1 篇论文");
    gtk_editable_set_text (GTK_EDITABLE (window->search_entry), "");
  }

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "app.preferences", NULL));
  preferences = dialog_wait_shown (PROC_TYPE_PREFERENCES_DIALOG);
  g_assert_cmpstr (adw_dialog_get_title (preferences), ==, "首选项");
  preferences_texts = texts_of (GTK_WIDGET (preferences));
  assert_says (preferences_texts, "界面语言");
  assert_says (preferences_texts, "简体中文");
  assert_says (preferences_texts, "自动保存延迟");
  assert_no_english (preferences_texts, "Interface Language");
  adw_dialog_force_close (preferences);

  /* A page saved from the web is refused in Chinese, saying what to import. */
  {
    g_autofree char *saved = g_build_filename (g_getenv ("PROCEEDINGS_SOURCE_DIR"), "tests", "data", "html",
                                               "saved-page.html", NULL);
    g_autoptr(GFile) page = g_file_new_for_path (saved);
    AdwAlertDialog *alert;

    proc_window_import_files (window, &page, 1);
    alert = ADW_ALERT_DIALOG (dialog_wait_shown (ADW_TYPE_ALERT_DIALOG));
    g_assert_nonnull (strstr (adw_alert_dialog_get_body (alert), "saved-page.html: 这是网页，不是论文列表。"));
    g_assert_nonnull (strstr (adw_alert_dialog_get_body (alert), "BibTeX、RIS、CSL-JSON 或 CSV"));
    adw_dialog_force_close (ADW_DIALOG (alert));
  }
}

static gboolean
run_scenario_cb (gpointer data)
{
  GtkApplication *app = data;
  GtkWindow *window = gtk_application_get_active_window (app);

  g_assert_true (PROC_IS_WINDOW (window));
  scenario (PROC_WINDOW (window));
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
test_window_speaks_chinese (void)
{
  g_autoptr(ProcApplication) app = proc_application_new ();
  char *argv[] = { (char *) "proceedings", (char *) "--library", library, NULL };

  if (!have_chinese_locale)
    {
      g_test_skip ("No zh_CN.UTF-8 locale here (test.sh makes one with localedef): "
                   "the window cannot speak Chinese without it");
      return;
    }

  g_signal_connect (app, "window-added", G_CALLBACK (window_added_cb), NULL);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 3, argv), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = g_dir_make_tmp ("proceedings-chinese-XXXXXX", NULL);
  g_autofree char *data = g_build_filename (home, ".local", "share", NULL);
  g_autofree char *config = g_build_filename (home, ".config", NULL);
  const char *localedir = g_getenv ("PROCEEDINGS_LOCALEDIR");

  g_setenv ("HOME", home, TRUE);
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);
  library = g_build_filename (home, "library.db", NULL);

  /* As a Chinese-speaking user starts it: in the zh_CN.UTF-8 locale
   * (LANGUAGE=zh_CN under C.UTF-8 no longer translates since glibc 2.39). */
  g_setenv ("LC_ALL", "zh_CN.UTF-8", TRUE);
  g_unsetenv ("LANGUAGE");
  have_chinese_locale = setlocale (LC_ALL, "") != NULL;
  bindtextdomain (GETTEXT_PACKAGE, localedir ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/chinese-window/speaks-chinese", test_window_speaks_chinese);

  return g_test_run ();
}
