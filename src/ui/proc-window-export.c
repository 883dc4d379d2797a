/* proc-window-export.c: the window's exports: the Export dialog and Copy as Markdown or BibTeX
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-window-export"

#include "config.h"

#include <glib/gi18n.h>

#include "proc-export-dialog.h"
#include "proc-exporter.h"
#include "proc-window-private.h"

static GArray *
view_ids (ProcWindow *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->papers));
  GArray *ids = g_array_sized_new (FALSE, FALSE, sizeof (gint64), n);

  /* The list holds its ids already: nothing is loaded. */
  for (guint i = 0; i < n; i++)
    {
      gint64 id = proc_paper_list_get_id (self->papers, i);
      g_array_append_val (ids, id);
    }

  return ids;
}

/* What the list shows, named as the header bar names it, with the search. */
static char *
dup_view_title (ProcWindow *self)
{
  const char *title = proc_sidebar_get_title (self->sidebar);
  const char *search = proc_paper_list_get_search (self->papers);

  if (search != NULL && *search != '\0')
    /* Translators: the sidebar entry shown, then what is typed in the search */
    return g_strdup_printf (_("%s, matching “%s”"), title, search);

  return g_strdup (title);
}

static void
exported_cb (ProcWindow       *self,
             GFile            *file,
             guint             n_papers,
             ProcExportDialog *dialog)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *uri = g_file_get_uri (file);
  g_autofree char *message = NULL;
  g_autofree char *escaped = NULL;
  AdwToast *toast;

  message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Exported %'u paper to “%s”",
                                          "Exported %'u papers to “%s”", n_papers),
                             n_papers, name);
  escaped = g_markup_escape_text (message, -1);
  toast = adw_toast_new (escaped);
  adw_toast_set_button_label (toast, _("_Open"));
  adw_toast_set_action_name (toast, "win.open-uri");
  adw_toast_set_action_target_value (toast, g_variant_new_string (uri));
  _proc_window_show_toast (self, toast);
}

static void
present_export_dialog (ProcWindow *self,
                       const char *preselect)
{
  g_autoptr(GArray) ids = view_ids (self);
  g_autoptr(GArray) selected = proc_window_dup_selected_ids (self);
  g_autofree char *title = dup_view_title (self);
  ProcExportDialog *dialog;

  /* Ctrl+E in the Export dialog: it is open already. */
  if (PROC_IS_EXPORT_DIALOG (adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (self))))
    return;

  proc_detail_view_save_note (self->detail_view);
  dialog = proc_export_dialog_new (self->store, self->settings, title, ids, selected, preselect);
  g_signal_connect_object (dialog, "exported", G_CALLBACK (exported_cb), self, G_CONNECT_SWAPPED);
  adw_dialog_present (ADW_DIALOG (dialog), GTK_WIDGET (self));
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  ProcWindow *self = PROC_WINDOW (widget);
  ProcCollection *reading_list = proc_sidebar_get_reading_list (self->sidebar);
  g_autofree char *preselect = NULL;

  /* The menu item says Export Reading List: the one shown comes first. */
  if (reading_list != NULL)
    preselect = g_strconcat ("reading-list:", proc_collection_get_name (reading_list), NULL);

  present_export_dialog (self, preselect);
}

/* From a context menu: `selection`, or a reading list, tag or list as
 * `reading-list:NAME`, `tag:NAME`, `list:NAME`, chosen in the dialog. */
static void
export_papers_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  present_export_dialog (PROC_WINDOW (widget), g_variant_get_string (parameter, NULL));
}

static void
launch_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(ProcWindow) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!g_app_info_launch_default_for_uri_finish (result, &error))
    {
      g_prefix_error (&error, _("Could not open the file: "));
      proc_window_report_error (self, error);
    }
}

/* Opens a file we wrote (through the OpenURI portal inside Flatpak). */
static void
open_uri_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  g_autoptr(GAppLaunchContext) context = NULL;

  context = G_APP_LAUNCH_CONTEXT (gdk_display_get_app_launch_context (gtk_widget_get_display (widget)));
  g_app_info_launch_default_for_uri_async (g_variant_get_string (parameter, NULL), context, NULL,
                                           launch_done_cb, g_object_ref (widget));
}

static void
copy_as (ProcWindow       *self,
         ProcRecordFormat  format,
         ProcExportFields  fields,
         const char       *title,
         const char       *done)
{
  g_autoptr(GArray) ids = proc_window_dup_selected_ids (self);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  if (ids->len == 0)
    return;

  proc_detail_view_save_note (self->detail_view);

  if (!(text = proc_exporter_write_to_string (self->store, format, fields, title,
                                              (const gint64 *) ids->data, ids->len, &error)))
    {
      proc_window_report_error (self, error);
      return;
    }

  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  proc_window_add_toast (self, done);
}

/* For pasting into a message or a document: no abstracts. */
static void
copy_markdown_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  copy_as (PROC_WINDOW (widget), PROC_RECORD_FORMAT_MARKDOWN, PROC_EXPORT_ALL & ~PROC_EXPORT_ABSTRACTS,
           _("Selected Papers"), _("Copied as Markdown"));
}

static void
copy_bibtex_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  copy_as (PROC_WINDOW (widget), PROC_RECORD_FORMAT_BIBTEX, PROC_EXPORT_ALL, NULL, _("Copied as BibTeX"));
}

void
_proc_window_class_add_export_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.export", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "win.export-papers", "s", export_papers_action);
  gtk_widget_class_install_action (widget_class, "win.open-uri", "s", open_uri_action);
  gtk_widget_class_install_action (widget_class, "win.copy-markdown", NULL, copy_markdown_action);
  gtk_widget_class_install_action (widget_class, "win.copy-bibtex", NULL, copy_bibtex_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK, "win.export", NULL);
}
