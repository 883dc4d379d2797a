/* proc-window.c: the main window
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-window"

#include "config.h"

#include <glib/gi18n.h>

#include "proc-importer.h"
#include "proc-paper-row.h"
#include "proc-window.h"

struct _ProcWindow
{
  AdwApplicationWindow parent_instance;

  ProcStore *store;
  ProcPaperList *papers;
  GtkSingleSelection *selection;

  AdwWindowTitle *window_title;
  AdwToastOverlay *toast_overlay;
  GtkStack *stack;
  GtkListView *list_view;
};

G_DEFINE_FINAL_TYPE (ProcWindow, proc_window, ADW_TYPE_APPLICATION_WINDOW)

static void
update_count (ProcWindow *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->papers));
  g_autofree char *subtitle =
    g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u paper", "%u papers", n), n);

  adw_window_title_set_subtitle (self->window_title, subtitle);
  gtk_stack_set_visible_child_name (self->stack, n > 0 ? "papers" : "empty");
}

static void
setup_row_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              gpointer                  user_data)
{
  gtk_list_item_set_child (item, proc_paper_row_new ());
}

static void
bind_row_cb (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             gpointer                  user_data)
{
  proc_paper_row_set_paper (PROC_PAPER_ROW (gtk_list_item_get_child (item)),
                            gtk_list_item_get_item (item));
}

static void
unbind_row_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  user_data)
{
  proc_paper_row_set_paper (PROC_PAPER_ROW (gtk_list_item_get_child (item)), NULL);
}

static void
show_import_error (ProcWindow   *self,
                   const GError *error)
{
  GtkWidget *dialog;

  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Could Not Import the Paper List"), error->message);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
import_done_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(ProcWindow) self = user_data;
  g_autoptr(GPtrArray) results = NULL;
  g_autoptr(GError) error = NULL;

  /* The worker wrote through its own connection: pick the change up now
   * rather than wait for the file monitor. */
  proc_store_check_external_changes (self->store);

  if (!(results = proc_importer_import_files_finish (result, &error)))
    {
      show_import_error (self, error);
      return;
    }

  for (guint i = 0; i < results->len; i++)
    {
      ProcImportResult *r = g_ptr_array_index (results, i);
      g_autofree char *name = g_file_get_basename (r->file);
      g_autofree char *summary = NULL;

      if (r->error != NULL)
        {
          show_import_error (self, r->error);
          continue;
        }

      summary = proc_import_report_dup_summary (r->report, name);
      adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (summary));
    }
}

static void
import_response_cb (ProcWindow           *self,
                    int                   response,
                    GtkFileChooserNative *chooser)
{
  g_autoptr(GListModel) files = NULL;
  g_autoptr(GPtrArray) array = g_ptr_array_new_with_free_func (g_object_unref);

  if (response == GTK_RESPONSE_ACCEPT)
    {
      files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (chooser));
      for (guint i = 0; i < g_list_model_get_n_items (files); i++)
        g_ptr_array_add (array, g_list_model_get_item (files, i));
      proc_window_import_files (self, (GFile **) array->pdata, array->len);
    }

  g_object_unref (chooser);
}

static void
import_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  ProcWindow *self = PROC_WINDOW (widget);
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) lists = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  chooser = gtk_file_chooser_native_new (_("Import Paper List"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_OPEN,
                                         _("_Import"), _("_Cancel"));
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (chooser), TRUE);

  gtk_file_filter_set_name (lists, _("Paper Lists"));
  gtk_file_filter_add_mime_type (lists, "text/plain");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), lists);
  gtk_file_filter_set_name (all, _("All Files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), all);

  g_signal_connect_swapped (chooser, "response", G_CALLBACK (import_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
proc_window_dispose (GObject *object)
{
  ProcWindow *self = (ProcWindow *)object;

  gtk_widget_dispose_template (GTK_WIDGET (self), PROC_TYPE_WINDOW);
  g_clear_object (&self->selection);
  g_clear_object (&self->papers);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (proc_window_parent_class)->dispose (object);
}

static void
proc_window_class_init (ProcWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = proc_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/proceedings/Proceedings/ui/proc-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ProcWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, ProcWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, ProcWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, ProcWindow, list_view);

  gtk_widget_class_install_action (widget_class, "win.import", NULL, import_action);

  g_type_ensure (PROC_TYPE_PAPER_ROW);
}

static void
proc_window_init (ProcWindow *self)
{
  GtkListItemFactory *factory;

  gtk_widget_init_template (GTK_WIDGET (self));

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row_cb), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row_cb), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_row_cb), self);
  gtk_list_view_set_factory (self->list_view, factory);
  g_object_unref (factory);
}

ProcWindow *
proc_window_new (ProcApplication *application)
{
  ProcWindow *self;

  g_return_val_if_fail (PROC_IS_APPLICATION (application), NULL);

  self = g_object_new (PROC_TYPE_WINDOW, "application", application, NULL);
  self->store = g_object_ref (proc_application_get_store (application));
  self->papers = proc_paper_list_new (self->store);
  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->papers)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));

  g_signal_connect_object (self->papers, "items-changed", G_CALLBACK (update_count), self, G_CONNECT_SWAPPED);
  update_count (self);

  return self;
}

ProcPaperList *
proc_window_get_papers (ProcWindow *self)
{
  g_return_val_if_fail (PROC_IS_WINDOW (self), NULL);

  return self->papers;
}

/**
 * proc_window_import_files:
 *
 * Imports in a worker thread; the list updates when each file commits,
 * and a toast tells what was added.
 */
void
proc_window_import_files (ProcWindow  *self,
                          GFile      **files,
                          guint        n_files)
{
  g_return_if_fail (PROC_IS_WINDOW (self));

  if (n_files == 0)
    return;

  proc_importer_import_files_async (proc_store_get_path (self->store), files, n_files,
                                    NULL, import_done_cb, g_object_ref (self));
}
