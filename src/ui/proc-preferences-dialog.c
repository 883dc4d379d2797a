/* proc-preferences-dialog.c: the preferences, bound to GSettings
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "proc-backup.h"
#include "proc-library-check.h"
#include "proc-preferences-dialog.h"

struct _ProcPreferencesDialog
{
  AdwPreferencesDialog parent_instance;

  GSettings *settings;

  AdwComboRow *style_row;
  AdwComboRow *language_row;
  AdwSwitchRow *preview_row;
  AdwSpinRow *delay_row;

  char *library_path;            /* NULL: no library page */
  GCancellable *cancellable;
  AdwPreferencesPage *library_page;
  AdwActionRow *check_row;
  GtkImage *check_icon;
  AdwSpinner *check_spinner;
  GtkButton *check_button;
  AdwActionRow *repair_row;
  AdwSpinner *repair_spinner;
  GtkButton *repair_button;
  char *repair_description;      /* the row's subtitle while no repair runs */
  AdwActionRow *backup_row;
  AdwSpinner *backup_spinner;
  GtkButton *backup_button;
  AdwSpinRow *generations_row;
};

G_DEFINE_FINAL_TYPE (ProcPreferencesDialog, proc_preferences_dialog, ADW_TYPE_PREFERENCES_DIALOG)

/* The combos' positions, in the order of the .ui file, as the settings' nicks. */
static const char * const styles[] = { "default", "force-light", "force-dark", NULL };
static const char * const languages[] = { "system", "en", "zh_CN", NULL };

static gboolean
nick_get_mapping (GValue   *value,
                  GVariant *variant,
                  gpointer  user_data)
{
  const char * const *nicks = user_data;
  const char *nick = g_variant_get_string (variant, NULL);

  for (guint i = 0; nicks[i] != NULL; i++)
    if (g_str_equal (nick, nicks[i]))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }

  return FALSE;
}

static GVariant *
nick_set_mapping (const GValue       *value,
                  const GVariantType *expected_type,
                  gpointer            user_data)
{
  const char * const *nicks = user_data;
  guint n = g_strv_length ((char **) nicks);
  guint i = g_value_get_uint (value);

  return g_variant_new_string (nicks[MIN (i, n - 1)]);
}

static void
update_backup_row (ProcPreferencesDialog *self)
{
  g_autoptr(GDateTime) newest = proc_backup_dup_newest_time (self->library_path);
  g_autoptr(GDateTime) local = NULL;
  g_autofree char *when = NULL;
  g_autofree char *subtitle = NULL;

  if (newest == NULL)
    {
      adw_action_row_set_subtitle (self->backup_row, _("No backup yet"));
      return;
    }

  local = g_date_time_to_local (newest);
  /* Translators: the date and time of a backup, in g_date_time_format() notation */
  when = g_date_time_format (local, _("%A %-d %B %Y at %H:%M"));
  /* Translators: %s is a date and time, like “Monday 30 November 2026 at 14:02” */
  subtitle = g_strdup_printf (_("Last backup: %s"), when);
  adw_action_row_set_subtitle (self->backup_row, subtitle);
}

static void
backup_done_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(ProcPreferencesDialog) self = user_data;
  g_autoptr(ProcBackupInfo) backup = NULL;
  g_autoptr(GError) error = NULL;

  if (!(backup = proc_backup_create_finish (result, &error)) &&
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  gtk_widget_set_visible (GTK_WIDGET (self->backup_spinner), FALSE);
  gtk_widget_set_sensitive (GTK_WIDGET (self->backup_button), TRUE);

  if (backup == NULL)
    adw_action_row_set_subtitle (self->backup_row, error->message);
  else
    update_backup_row (self);
}

static void
backup_clicked_cb (ProcPreferencesDialog *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->backup_spinner), TRUE);
  gtk_widget_set_sensitive (GTK_WIDGET (self->backup_button), FALSE);
  adw_action_row_set_subtitle (self->backup_row, _("Backing up…"));
  proc_backup_create_async (self->library_path, g_settings_get_uint (self->settings, "backup-generations"),
                            self->cancellable, backup_done_cb, g_object_ref (self));
}

static void
set_check_result (ProcPreferencesDialog *self,
                  gboolean               good,
                  const char            *text)
{
  gtk_widget_set_visible (GTK_WIDGET (self->check_spinner), FALSE);
  gtk_widget_set_sensitive (GTK_WIDGET (self->check_button), TRUE);
  adw_action_row_set_subtitle (self->check_row, text);
  gtk_image_set_from_icon_name (self->check_icon, good ? "emblem-ok-symbolic" : "dialog-warning-symbolic");
  gtk_widget_remove_css_class (GTK_WIDGET (self->check_icon), good ? "error" : "success");
  gtk_widget_add_css_class (GTK_WIDGET (self->check_icon), good ? "success" : "error");
  gtk_widget_set_visible (GTK_WIDGET (self->check_icon), TRUE);
}

static void
check_done_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(ProcPreferencesDialog) self = user_data;
  g_autoptr(ProcLibraryCheck) check = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  if (!(check = proc_library_check_finish (result, &error)))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        set_check_result (self, FALSE, error->message);
      return;
    }

  if (check->problems->len == 0)
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "No problems found in %'u paper",
                                         "No problems found in %'u papers", check->n_papers),
                            check->n_papers);
  /* Not SQLite's words for it ("database disk image is malformed"): they
   * would frighten for what a rebuild mends. */
  else if (check->index_damaged)
    text = g_strdup (_("The search index does not match the papers: a search may miss papers or find deleted ones. "
                       "Your papers, notes and tags are not affected; Repair Search Index builds the index anew."));
  else
    {
      g_autofree char *problems = NULL;

      g_ptr_array_add (check->problems, NULL);
      problems = g_strjoinv ("; ", (char **) check->problems->pdata);
      /* Translators: %s is what SQLite found, in its words */
      text = g_strdup_printf (_("Problems found: %s. Your backups are in the “backups” folder beside the library."),
                              problems);
    }

  set_check_result (self, check->problems->len == 0, text);
  gtk_widget_set_visible (GTK_WIDGET (self->repair_row), check->index_damaged);
}

static void
check_clicked_cb (ProcPreferencesDialog *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->repair_row), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->check_icon), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->check_spinner), TRUE);
  gtk_widget_set_sensitive (GTK_WIDGET (self->check_button), FALSE);
  adw_action_row_set_subtitle (self->check_row, _("Checking…"));
  proc_library_check_async (self->library_path, self->cancellable, check_done_cb, g_object_ref (self));
}

static void
repair_done_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(ProcPreferencesDialog) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!proc_library_rebuild_search_index_finish (result, &error) &&
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  gtk_widget_set_visible (GTK_WIDGET (self->repair_spinner), FALSE);
  gtk_widget_set_sensitive (GTK_WIDGET (self->repair_button), TRUE);

  if (error != NULL)
    {
      adw_action_row_set_subtitle (self->repair_row, error->message);
      return;
    }

  adw_action_row_set_subtitle (self->repair_row, self->repair_description);
  /* Rebuilt: the check again, for the person to see it pass. */
  check_clicked_cb (self);
}

static void
repair_clicked_cb (ProcPreferencesDialog *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->repair_spinner), TRUE);
  gtk_widget_set_sensitive (GTK_WIDGET (self->repair_button), FALSE);
  adw_action_row_set_subtitle (self->repair_row, _("Repairing…"));
  proc_library_rebuild_search_index_async (self->library_path, self->cancellable, repair_done_cb, g_object_ref (self));
}

static void
proc_preferences_dialog_dispose (GObject *object)
{
  ProcPreferencesDialog *self = (ProcPreferencesDialog *)object;

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->library_path, g_free);
  g_clear_pointer (&self->repair_description, g_free);

  G_OBJECT_CLASS (proc_preferences_dialog_parent_class)->dispose (object);
}

static void
proc_preferences_dialog_class_init (ProcPreferencesDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = proc_preferences_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/proceedings/Proceedings/ui/proc-preferences-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, ProcPreferencesDialog, style_row);
  gtk_widget_class_bind_template_child (widget_class, ProcPreferencesDialog, language_row);
  gtk_widget_class_bind_template_child (widget_class, ProcPreferencesDialog, preview_row);
  gtk_widget_class_bind_template_child (widget_class, ProcPreferencesDialog, delay_row);
  gtk_widget_class_bind_template_child (widget_class, ProcPreferencesDialog, library_page);
  gtk_widget_class_bind_template_child (widget_class, ProcPreferencesDialog, check_row);
  gtk_widget_class_bind_template_child (widget_class, ProcPreferencesDialog, check_icon);
  gtk_widget_class_bind_template_child (widget_class, ProcPreferencesDialog, check_spinner);
  gtk_widget_class_bind_template_child (widget_class, ProcPreferencesDialog, check_button);
  gtk_widget_class_bind_template_child (widget_class, ProcPreferencesDialog, repair_row);
  gtk_widget_class_bind_template_child (widget_class, ProcPreferencesDialog, repair_spinner);
  gtk_widget_class_bind_template_child (widget_class, ProcPreferencesDialog, repair_button);
  gtk_widget_class_bind_template_child (widget_class, ProcPreferencesDialog, backup_row);
  gtk_widget_class_bind_template_child (widget_class, ProcPreferencesDialog, backup_spinner);
  gtk_widget_class_bind_template_child (widget_class, ProcPreferencesDialog, backup_button);
  gtk_widget_class_bind_template_child (widget_class, ProcPreferencesDialog, generations_row);
}

static void
proc_preferences_dialog_init (ProcPreferencesDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);
  g_settings_bind_with_mapping (self->settings, "color-scheme", self->style_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, nick_get_mapping, nick_set_mapping,
                                (gpointer) styles, NULL);
  /* Read by main() before anything is translated: it takes effect at the next start. */
  g_settings_bind_with_mapping (self->settings, "interface-language", self->language_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, nick_get_mapping, nick_set_mapping,
                                (gpointer) languages, NULL);
  g_settings_bind (self->settings, "show-abstract-preview", self->preview_row, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "note-autosave-delay", self->delay_row, "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "backup-generations", self->generations_row, "value", G_SETTINGS_BIND_DEFAULT);

  self->cancellable = g_cancellable_new ();
  self->repair_description = g_strdup (adw_action_row_get_subtitle (self->repair_row));
  g_signal_connect_swapped (self->check_button, "clicked", G_CALLBACK (check_clicked_cb), self);
  g_signal_connect_swapped (self->repair_button, "clicked", G_CALLBACK (repair_clicked_cb), self);
  g_signal_connect_swapped (self->backup_button, "clicked", G_CALLBACK (backup_clicked_cb), self);
}

/**
 * proc_preferences_dialog_new:
 * @library_path: (nullable): the library the application has open, which
 *   Check Library and Back Up Now work on; without one, no Library page
 *
 * Returns: (transfer floating): the preferences, to present over a window
 */
AdwDialog *
proc_preferences_dialog_new (const char *library_path)
{
  ProcPreferencesDialog *self = g_object_new (PROC_TYPE_PREFERENCES_DIALOG, NULL);

  if (library_path == NULL)
    {
      adw_preferences_dialog_remove (ADW_PREFERENCES_DIALOG (self), self->library_page);
      return ADW_DIALOG (self);
    }

  self->library_path = g_strdup (library_path);
  update_backup_row (self);

  return ADW_DIALOG (self);
}
