/* proc-export-dialog.c: what to export, in which format, with which annotations
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-export-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "proc-collection-list.h"
#include "proc-export-dialog.h"
#include "proc-exporter.h"
#include "proc-utils.h"

/* One entry of the Papers row: a set the app can name (`what`, resolved
 * when the export starts, so it is current) or ids the window gave. */
typedef struct
{
  char *what;
  char *title;
  GArray *ids;
} Choice;

struct _ProcExportDialog
{
  AdwDialog parent_instance;

  ProcStore *store;
  GSettings *settings;
  GPtrArray *choices;
  GtkStringList *choice_labels;
  GCancellable *chooser_cancellable;  /* while the file dialog is open */
  GCancellable *cancellable;
  GFile *file;
  gboolean has_selection;       /* the second choice is the selected papers */

  AdwComboRow *papers_row;
  AdwComboRow *format_row;
  AdwComboRow *grouping_row;
  AdwSwitchRow *abstracts_row;
  AdwSwitchRow *notes_row;
  AdwSwitchRow *tags_row;
  AdwSwitchRow *ratings_row;
  AdwSwitchRow *read_state_row;
};

G_DEFINE_FINAL_TYPE (ProcExportDialog, proc_export_dialog, ADW_TYPE_DIALOG)

enum {
  EXPORTED,
  N_SIGNALS
};

static guint signals [N_SIGNALS];

/* The order of the Format row, which is also the order of the
 * ExportFormat enum in the GSettings schema. */
static const ProcRecordFormat format_order[] = {
  PROC_RECORD_FORMAT_MARKDOWN,
  PROC_RECORD_FORMAT_HTML,
  PROC_RECORD_FORMAT_BIBTEX,
  PROC_RECORD_FORMAT_RIS,
  PROC_RECORD_FORMAT_CSL_JSON,
  PROC_RECORD_FORMAT_CSV,
  PROC_RECORD_FORMAT_TEXT,
};

static void
choice_free (Choice *choice)
{
  g_free (choice->what);
  g_free (choice->title);
  g_clear_pointer (&choice->ids, g_array_unref);
  g_free (choice);
}

static void
add_choice (ProcExportDialog *self,
            const char       *label,
            guint             n_papers,
            const char       *what,
            const char       *title,
            GArray           *ids)
{
  Choice *choice = g_new0 (Choice, 1);
  g_autofree char *shown = NULL;

  choice->what = g_strdup (what);
  choice->title = g_strdup (title);
  choice->ids = ids ? g_array_ref (ids) : NULL;
  g_ptr_array_add (self->choices, choice);

  /* Translators: a set of papers to export, and how many it holds */
  shown = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s (%'u paper)", "%s (%'u papers)", n_papers),
                           label, n_papers);
  gtk_string_list_append (self->choice_labels, shown);
}

static void
add_collections (ProcExportDialog       *self,
                 ProcCollectionKind      kind,
                 const char             *prefix)
{
  g_autoptr(ProcCollectionList) collections = proc_collection_list_new (self->store, kind);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (collections));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(ProcCollection) collection = g_list_model_get_item (G_LIST_MODEL (collections), i);
      const char *name = proc_collection_get_name (collection);
      g_autofree char *what = g_strconcat (prefix, name, NULL);
      g_autofree char *label = NULL;

      if (kind == PROC_COLLECTION_KIND_READING_LIST)
        label = g_strdup_printf (_("Reading List “%s”"), name);
      else if (kind == PROC_COLLECTION_KIND_LIST)
        /* Translators: an imported paper list, in the Export dialog's choice of papers */
        label = g_strdup_printf (_("List “%s”"), name);
      else
        label = g_strdup_printf (_("Tag “%s”"), name);

      add_choice (self, label, proc_collection_get_count (collection), what, name, NULL);
    }
}

static ProcRecordFormat
selected_format (ProcExportDialog *self)
{
  guint i = adw_combo_row_get_selected (self->format_row);

  return format_order[MIN (i, G_N_ELEMENTS (format_order) - 1)];
}

static ProcExportFields
selected_fields (ProcExportDialog *self)
{
  ProcExportFields fields = 0;

  if (adw_switch_row_get_active (self->abstracts_row))
    fields |= PROC_EXPORT_ABSTRACTS;
  if (adw_switch_row_get_active (self->notes_row))
    fields |= PROC_EXPORT_NOTES;
  if (adw_switch_row_get_active (self->tags_row))
    fields |= PROC_EXPORT_TAGS;
  if (adw_switch_row_get_active (self->ratings_row))
    fields |= PROC_EXPORT_RATINGS;
  if (adw_switch_row_get_active (self->read_state_row))
    fields |= PROC_EXPORT_READ_STATE;

  return fields;
}

static gboolean
format_has_headings (ProcRecordFormat format)
{
  return format == PROC_RECORD_FORMAT_MARKDOWN || format == PROC_RECORD_FORMAT_HTML;
}

static void
format_changed_cb (ProcExportDialog *self)
{
  ProcRecordFormat format = selected_format (self);

  gtk_widget_set_sensitive (GTK_WIDGET (self->grouping_row), format_has_headings (format));
  /* The conference-list format is abstracts and nothing else. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->notes_row), format != PROC_RECORD_FORMAT_TEXT);
  gtk_widget_set_sensitive (GTK_WIDGET (self->tags_row), format != PROC_RECORD_FORMAT_TEXT);
  gtk_widget_set_sensitive (GTK_WIDGET (self->ratings_row), format != PROC_RECORD_FORMAT_TEXT);
  gtk_widget_set_sensitive (GTK_WIDGET (self->read_state_row), format != PROC_RECORD_FORMAT_TEXT);
  gtk_widget_set_sensitive (GTK_WIDGET (self->abstracts_row), format != PROC_RECORD_FORMAT_TEXT);
}

static void
papers_changed_cb (ProcExportDialog *self)
{
  guint i = adw_combo_row_get_selected (self->papers_row);
  gboolean empty = TRUE;

  if (i < self->choices->len)
    {
      Choice *choice = g_ptr_array_index (self->choices, i);

      /* Only the window's own sets can be empty here: the others show
       * their count, and an empty one exports an empty file on purpose. */
      empty = choice->ids != NULL && choice->ids->len == 0;
    }

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "export.choose-file", !empty);
}

static Choice *
selected_choice (ProcExportDialog *self)
{
  guint i = adw_combo_row_get_selected (self->papers_row);

  g_return_val_if_fail (i < self->choices->len, NULL);

  return g_ptr_array_index (self->choices, i);
}

/**
 * proc_export_dialog_dup_file_name:
 *
 * Returns: the file name the file chooser proposes: the set's name and the
 *   format's extension
 */
char *
proc_export_dialog_dup_file_name (ProcExportDialog *self)
{
  Choice *choice = selected_choice (self);

  return proc_exporter_dup_file_name (choice ? choice->title : NULL, selected_format (self));
}

static void
save_settings (ProcExportDialog *self)
{
  g_settings_set_enum (self->settings, "export-format", adw_combo_row_get_selected (self->format_row));
  g_settings_set_enum (self->settings, "export-grouping", adw_combo_row_get_selected (self->grouping_row));
}

static void
save_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(ProcExportDialog) self = user_data;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  g_clear_object (&self->chooser_cancellable);

  if (!(file = gtk_file_dialog_save_finish (GTK_FILE_DIALOG (source), result, &error)))
    {
      /* Dismissed, or this dialog closed meanwhile: nothing to say. */
      if (!g_error_matches (error, GTK_DIALOG_ERROR, GTK_DIALOG_ERROR_DISMISSED) &&
          !g_error_matches (error, GTK_DIALOG_ERROR, GTK_DIALOG_ERROR_CANCELLED))
        proc_widget_show_error (GTK_WIDGET (self->papers_row), error);
      return;
    }

  proc_export_dialog_export_to_file (self, file);
}

/* Where to write: the file dialog (the portal's, in Flatpak), offering the
 * set's name with the format's extension. */
static void
choose_file_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  ProcExportDialog *self = PROC_EXPORT_DIALOG (widget);
  g_autoptr(GtkFileDialog) dialog = gtk_file_dialog_new ();
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autoptr(GListStore) filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  g_autofree char *name = proc_export_dialog_dup_file_name (self);
  g_autofree char *pattern = NULL;
  ProcRecordFormat format = selected_format (self);
  GtkRoot *root = gtk_widget_get_root (widget);

  if (self->chooser_cancellable != NULL)
    return;

  gtk_file_dialog_set_title (dialog, _("Export Papers"));
  gtk_file_dialog_set_accept_label (dialog, _("_Export"));
  gtk_file_dialog_set_initial_name (dialog, name);

  pattern = g_strdup_printf ("*.%s", proc_record_format_get_extension (format));
  gtk_file_filter_set_name (filter, proc_record_format_get_name (format));
  gtk_file_filter_add_pattern (filter, pattern);
  gtk_file_filter_add_mime_type (filter, proc_record_format_get_mime_type (format));
  g_list_store_append (filters, filter);
  gtk_file_dialog_set_filters (dialog, G_LIST_MODEL (filters));
  gtk_file_dialog_set_default_filter (dialog, filter);

  self->chooser_cancellable = g_cancellable_new ();
  gtk_file_dialog_save (dialog, GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, self->chooser_cancellable,
                        save_done_cb, g_object_ref (self));
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  adw_dialog_close (ADW_DIALOG (widget));
}

static void
export_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(ProcExportDialog) self = user_data;
  g_autoptr(GError) error = NULL;
  guint n_written = 0;

  if (!proc_exporter_export_file_finish (result, &n_written, &error))
    {
      gtk_widget_set_sensitive (GTK_WIDGET (self), TRUE);
      adw_dialog_set_can_close (ADW_DIALOG (self), TRUE);
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_prefix_error (&error, _("Could not export the papers: "));
          proc_widget_show_error (GTK_WIDGET (self->papers_row), error);
        }
      return;
    }

  g_signal_emit (self, signals [EXPORTED], 0, self->file, n_written);
  adw_dialog_force_close (ADW_DIALOG (self));
}

/**
 * proc_export_dialog_export_to_file:
 *
 * Exports what the dialog shows to @file (the step after the file
 * chooser), then emits ::exported and closes; on an error it stays open
 * and says what went wrong.
 */
void
proc_export_dialog_export_to_file (ProcExportDialog *self,
                                   GFile            *file)
{
  g_autoptr(GArray) ids = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *title = NULL;
  ProcExportGrouping grouping = PROC_EXPORT_GROUP_NONE;
  ProcRecordFormat format;
  Choice *choice;

  g_return_if_fail (PROC_IS_EXPORT_DIALOG (self));
  g_return_if_fail (G_IS_FILE (file));

  if (!(choice = selected_choice (self)))
    return;

  format = selected_format (self);
  if (format_has_headings (format))
    grouping = adw_combo_row_get_selected (self->grouping_row);

  if (choice->ids != NULL)
    {
      ids = g_array_ref (choice->ids);
      title = g_strdup (choice->title);
    }
  else if (!(ids = proc_exporter_resolve (self->store, choice->what, &title, &error)))
    {
      g_prefix_error (&error, _("Could not export the papers: "));
      proc_widget_show_error (GTK_WIDGET (self->papers_row), error);
      return;
    }

  save_settings (self);
  /* Until the file is written: no second export, and no closing on it. */
  gtk_widget_set_sensitive (GTK_WIDGET (self), FALSE);
  adw_dialog_set_can_close (ADW_DIALOG (self), FALSE);

  g_set_object (&self->file, file);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  proc_exporter_export_file_async (proc_store_get_path (self->store), file, format,
                                   selected_fields (self), grouping, title,
                                   (const gint64 *) ids->data, ids->len, self->cancellable,
                                   export_done_cb, g_object_ref (self));
}

/* A file dialog still open goes with this one. */
static void
proc_export_dialog_closed (AdwDialog *dialog)
{
  ProcExportDialog *self = PROC_EXPORT_DIALOG (dialog);

  g_cancellable_cancel (self->chooser_cancellable);

  if (ADW_DIALOG_CLASS (proc_export_dialog_parent_class)->closed != NULL)
    ADW_DIALOG_CLASS (proc_export_dialog_parent_class)->closed (dialog);
}

static void
proc_export_dialog_dispose (GObject *object)
{
  ProcExportDialog *self = PROC_EXPORT_DIALOG (object);

  g_cancellable_cancel (self->chooser_cancellable);
  g_clear_object (&self->chooser_cancellable);

  gtk_widget_dispose_template (GTK_WIDGET (self), PROC_TYPE_EXPORT_DIALOG);

  G_OBJECT_CLASS (proc_export_dialog_parent_class)->dispose (object);
}

static void
proc_export_dialog_finalize (GObject *object)
{
  ProcExportDialog *self = PROC_EXPORT_DIALOG (object);

  g_clear_object (&self->store);
  g_clear_object (&self->settings);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->file);
  g_clear_pointer (&self->choices, g_ptr_array_unref);

  G_OBJECT_CLASS (proc_export_dialog_parent_class)->finalize (object);
}

static void
proc_export_dialog_class_init (ProcExportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  AdwDialogClass *dialog_class = ADW_DIALOG_CLASS (klass);

  object_class->dispose = proc_export_dialog_dispose;
  object_class->finalize = proc_export_dialog_finalize;
  dialog_class->closed = proc_export_dialog_closed;

  /**
   * ProcExportDialog::exported:
   * @file: the file written
   * @n_papers: how many papers it holds
   */
  signals [EXPORTED] =
    g_signal_new ("exported",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_FILE, G_TYPE_UINT);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/proceedings/Proceedings/ui/proc-export-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, ProcExportDialog, papers_row);
  gtk_widget_class_bind_template_child (widget_class, ProcExportDialog, format_row);
  gtk_widget_class_bind_template_child (widget_class, ProcExportDialog, grouping_row);
  gtk_widget_class_bind_template_child (widget_class, ProcExportDialog, abstracts_row);
  gtk_widget_class_bind_template_child (widget_class, ProcExportDialog, notes_row);
  gtk_widget_class_bind_template_child (widget_class, ProcExportDialog, tags_row);
  gtk_widget_class_bind_template_child (widget_class, ProcExportDialog, ratings_row);
  gtk_widget_class_bind_template_child (widget_class, ProcExportDialog, read_state_row);

  gtk_widget_class_install_action (widget_class, "export.choose-file", NULL, choose_file_action);
  gtk_widget_class_install_action (widget_class, "export.cancel", NULL, cancel_action);
}

static void
proc_export_dialog_init (ProcExportDialog *self)
{
  g_autoptr(GtkStringList) formats = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));

  self->choices = g_ptr_array_new_with_free_func ((GDestroyNotify) choice_free);
  self->choice_labels = gtk_string_list_new (NULL);
  adw_combo_row_set_model (self->papers_row, G_LIST_MODEL (self->choice_labels));
  g_object_unref (self->choice_labels);   /* the row holds it */

  for (guint i = 0; i < G_N_ELEMENTS (format_order); i++)
    gtk_string_list_append (formats, proc_record_format_get_name (format_order[i]));
  adw_combo_row_set_model (self->format_row, G_LIST_MODEL (formats));

  g_signal_connect_swapped (self->format_row, "notify::selected", G_CALLBACK (format_changed_cb), self);
  g_signal_connect_swapped (self->papers_row, "notify::selected", G_CALLBACK (papers_changed_cb), self);
}

/**
 * proc_export_dialog_new:
 * @view_title: what the sidebar and the search show, e.g. "All Papers"
 * @view_ids: the papers of the current view, in their order
 * @selected_ids: the selected papers
 * @preselect: (nullable): the set to offer first, such as the reading
 *   list the sidebar shows (see proc_export_dialog_select_papers())
 */
ProcExportDialog *
proc_export_dialog_new (ProcStore  *store,
                        GSettings  *settings,
                        const char *view_title,
                        GArray     *view_ids,
                        GArray     *selected_ids,
                        const char *preselect)
{
  ProcExportDialog *self;
  guint preferred = 0;

  g_return_val_if_fail (PROC_IS_STORE (store), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (PROC_TYPE_EXPORT_DIALOG, NULL);
  self->store = g_object_ref (store);
  self->settings = g_object_ref (settings);

  add_choice (self, view_title, view_ids->len, NULL, view_title, view_ids);
  if (selected_ids->len > 0)
    {
      add_choice (self, _("Selected Papers"), selected_ids->len, NULL, _("Selected Papers"), selected_ids);
      preferred = selected_ids->len > 1 ? 1 : 0;
    }
  add_choice (self, _("Starred Papers"), proc_store_count (store, "is:starred"), "starred", NULL, NULL);
  add_collections (self, PROC_COLLECTION_KIND_READING_LIST, "reading-list:");
  add_collections (self, PROC_COLLECTION_KIND_TAG, "tag:");
  add_collections (self, PROC_COLLECTION_KIND_LIST, "list:");
  adw_combo_row_set_selected (self->papers_row, preferred);
  self->has_selection = selected_ids->len > 0;

  if (preselect != NULL)
    proc_export_dialog_select_papers (self, preselect);

  adw_combo_row_set_selected (self->format_row, g_settings_get_enum (settings, "export-format"));
  adw_combo_row_set_selected (self->grouping_row, g_settings_get_enum (settings, "export-grouping"));
  g_settings_bind (settings, "export-abstracts", self->abstracts_row, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "export-notes", self->notes_row, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "export-tags", self->tags_row, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "export-ratings", self->ratings_row, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "export-read-state", self->read_state_row, "active", G_SETTINGS_BIND_DEFAULT);
  format_changed_cb (self);
  papers_changed_cb (self);

  return self;
}

/**
 * proc_export_dialog_select_papers:
 * @what: `selection`, `starred`, `reading-list:NAME`, `tag:NAME` or `list:NAME`
 *
 * Chooses that set in the Papers row, when the library has it.
 */
void
proc_export_dialog_select_papers (ProcExportDialog *self,
                                  const char       *what)
{
  g_return_if_fail (PROC_IS_EXPORT_DIALOG (self));

  /* The selection comes second, after the view. */
  if (g_str_equal (what, "selection"))
    {
      if (self->has_selection)
        adw_combo_row_set_selected (self->papers_row, 1);
      return;
    }

  for (guint i = 0; i < self->choices->len; i++)
    {
      Choice *choice = g_ptr_array_index (self->choices, i);

      if (choice->what != NULL && g_str_equal (choice->what, what))
        {
          adw_combo_row_set_selected (self->papers_row, i);
          return;
        }
    }
}
