/* proc-application.c: the application, its command line and its library
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-application"

#include "config.h"

#include <glib/gi18n.h>

#include "proc-application-private.h"
#include "proc-backup.h"
#include "proc-command-line.h"
#include "proc-importer.h"
#include "proc-library-watcher.h"
#include "proc-preferences-dialog.h"
#include "proc-recovery.h"
#include "proc-utils.h"
#include "proc-window.h"

#define BUNDLED_LIST "/io/github/proceedings/Proceedings/lists/icml-2024.txt"

/* The daily backup waits for a minute without edits, looked at once a
 * minute; after a failure it tries again an hour later. */
#define BACKUP_CHECK_INTERVAL_MS (60 * 1000)
#define BACKUP_IDLE_MS           (60 * 1000)
#define BACKUP_RETRY_US          (G_TIME_SPAN_HOUR)

struct _ProcApplication
{
  AdwApplication parent_instance;

  char *library_path;
  ProcStore *store;
  ProcLibraryWatcher *watcher;
  GSettings *settings;
  gboolean options_parsed;

  ProcRunMarker *marker;
  ProcRecoveryReport *recovery;   /* shown once the window is up */
  GCancellable *backup_cancellable;   /* while a backup runs */
  guint backup_check_id;
  guint backup_check_interval_ms;
  guint backup_idle_ms;
  gint64 last_activity;           /* monotonic, of the last edit */
  gint64 next_backup_attempt;     /* monotonic, after a failure */
};

G_DEFINE_FINAL_TYPE (ProcApplication, proc_application, ADW_TYPE_APPLICATION)

static const GOptionEntry main_entries[] = {
  { "library", 0, 0, G_OPTION_ARG_FILENAME, NULL,
    N_("Use the library at PATH instead of the default one"), N_("PATH") },
  { "import", 'i', 0, G_OPTION_ARG_NONE, NULL,
    N_("Import the paper lists FILE… into the library and exit"), NULL },
  { "list", 'l', 0, G_OPTION_ARG_NONE, NULL,
    N_("Print the papers that match QUERY (all papers without one) and exit"), NULL },
  { "similar", 0, 0, G_OPTION_ARG_INT64, NULL,
    N_("Print the five papers most similar to paper ID (an id that --list prints) and exit"), N_("ID") },
  { "export", 'e', 0, G_OPTION_ARG_STRING, NULL,
    N_("Export papers in FORMAT (markdown, html, bibtex, ris, csl-json, csv or text) and exit"),
    N_("FORMAT") },
  { "what", 'w', 0, G_OPTION_ARG_STRING, NULL,
    N_("What to export: reading-list:NAME, tag:NAME, list:NAME, query:QUERY or starred "
       "(all papers by default)"), N_("WHAT") },
  { "group-by", 0, 0, G_OPTION_ARG_STRING, NULL,
    N_("Group an export by tag or by read-state"), N_("GROUPING") },
  { "output", 'o', 0, G_OPTION_ARG_FILENAME, NULL,
    N_("Write the export to FILE (- for standard output, the default)"), N_("FILE") },
  { "version", 0, 0, G_OPTION_ARG_NONE, NULL,
    N_("Print the version and exit"), NULL },
  { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, NULL,
    NULL, N_("[FILE…|QUERY]") },
  { NULL }
};

/* Fills a new, empty library with the ICML 2024 list, once: a library
 * the user emptied on purpose stays empty. */
static void
import_bundled_list (ProcApplication *self)
{
  g_autoptr(GInputStream) stream = NULL;
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *done = proc_store_dup_meta (self->store, "bundled-list-imported");

  if (done != NULL)
    return;

  if (proc_store_count (self->store, NULL) == 0)
    {
      stream = g_resources_open_stream (BUNDLED_LIST, 0, &error);
      if (stream != NULL)
        report = proc_importer_import_stream (self->store, stream, "icml-2024.txt", NULL, NULL, &error);
      if (report == NULL)
        {
          g_warning ("Could not import the bundled ICML 2024 list: %s", error->message);
          return;
        }
    }

  if (!proc_store_set_meta (self->store, "bundled-list-imported", "1", &error))
    g_warning ("%s", error->message);
}

static void
backup_done_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(ProcApplication) self = user_data;
  g_autoptr(ProcBackupInfo) backup = NULL;
  g_autoptr(GError) error = NULL;

  g_clear_object (&self->backup_cancellable);

  if (!(backup = proc_backup_create_finish (result, &error)))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_warning ("%s", error->message);
      self->next_backup_attempt = g_get_monotonic_time () + BACKUP_RETRY_US;
      return;
    }

  g_debug ("Daily backup: %s", backup->path);
}

/* Once a day, when nobody has edited for a while; in a thread, with a
 * connection of its own, so the window never waits for it. */
static gboolean
backup_check_cb (gpointer data)
{
  ProcApplication *self = data;
  gint64 now = g_get_monotonic_time ();
  g_autoptr(GDateTime) wall = g_date_time_new_now_utc ();
  const char *path;

  if (self->store == NULL || self->backup_cancellable != NULL ||
      now - self->last_activity < (gint64) self->backup_idle_ms * 1000 ||
      now < self->next_backup_attempt)
    return G_SOURCE_CONTINUE;

  path = proc_store_get_path (self->store);
  if (!proc_backup_is_due (path, wall))
    return G_SOURCE_CONTINUE;

  self->backup_cancellable = g_cancellable_new ();
  proc_backup_create_async (path, g_settings_get_uint (self->settings, "backup-generations"),
                            self->backup_cancellable, backup_done_cb, g_object_ref (self));
  return G_SOURCE_CONTINUE;
}

static void
store_changed_cb (ProcApplication *self)
{
  self->last_activity = g_get_monotonic_time ();
}

static void
schedule_backups (ProcApplication *self)
{
  g_clear_handle_id (&self->backup_check_id, g_source_remove);
  self->last_activity = g_get_monotonic_time ();
  self->backup_check_id = g_timeout_add (self->backup_check_interval_ms, backup_check_cb, self);
}

static gboolean
ensure_store (ProcApplication  *self,
              GError          **error)
{
  g_autofree char *path = NULL;
  g_autoptr(GError) local_error = NULL;

  if (self->store != NULL)
    return TRUE;

  path = self->library_path ? g_strdup (self->library_path) : proc_store_dup_default_path ();
  if (!(self->store = proc_recovery_open_store (path, PROC_RECOVERY_REPAIR, &self->marker,
                                                &self->recovery, error)))
    return FALSE;

  /* A library that replaced a damaged one gets no papers the person never had. */
  if (self->recovery->outcome == PROC_RECOVERY_EMPTY &&
      !proc_store_set_meta (self->store, "bundled-list-imported", "1", &local_error))
    g_warning ("%s", local_error->message);

  import_bundled_list (self);
  self->watcher = proc_library_watcher_new (self->store);
  g_signal_connect_object (self->store, "changed", G_CALLBACK (store_changed_cb), self, G_CONNECT_SWAPPED);
  schedule_backups (self);
  return TRUE;
}

static void
recovery_response_cb (AdwAlertDialog *dialog,
                      const char     *response,
                      ProcWindow     *window)
{
  const char *damaged = g_object_get_data (G_OBJECT (dialog), "damaged-path");

  if (g_str_equal (response, "show") && damaged != NULL)
    {
      g_autofree char *dir = g_path_get_dirname (damaged);
      g_autoptr(GFile) folder = g_file_new_for_path (dir);
      g_autofree char *uri = g_file_get_uri (folder);

      proc_widget_open_uri (GTK_WIDGET (window), uri);
    }
}

/* Says, once, that the library was damaged and what became of it. */
static void
show_recovery (ProcApplication *self,
               ProcWindow      *window)
{
  g_autoptr(ProcRecoveryReport) report = g_steal_pointer (&self->recovery);
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  AdwDialog *dialog;

  if (report == NULL || report->outcome == PROC_RECOVERY_NONE)
    return;

  heading = proc_recovery_report_dup_heading (report);
  body = proc_recovery_report_dup_body (report);
  dialog = proc_alert_dialog_new (heading, body);
  adw_alert_dialog_add_responses (ADW_ALERT_DIALOG (dialog),
                                  "show", _("_Show Damaged File"),
                                  "close", _("_OK"),
                                  NULL);
  adw_alert_dialog_set_default_response (ADW_ALERT_DIALOG (dialog), "close");
  adw_alert_dialog_set_close_response (ADW_ALERT_DIALOG (dialog), "close");
  adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (dialog), "close", ADW_RESPONSE_SUGGESTED);
  g_object_set_data_full (G_OBJECT (dialog), "damaged-path", g_strdup (report->damaged_path), g_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (recovery_response_cb), window, 0);
  adw_dialog_present (dialog, GTK_WIDGET (window));
}

/* Without a library there is no window: the dialog says why, in a window
 * of its own rather than vanish, and the application waits for it, as it
 * would for one of its windows. */
static void
show_fatal_error (ProcApplication *self,
                  const GError    *error)
{
  AdwDialog *dialog = proc_alert_dialog_new (_("Could Not Open the Library"), error->message);

  adw_alert_dialog_add_response (ADW_ALERT_DIALOG (dialog), "close", _("_Close"));
  adw_alert_dialog_set_default_response (ADW_ALERT_DIALOG (dialog), "close");
  g_application_hold (G_APPLICATION (self));
  g_signal_connect_object (dialog, "closed", G_CALLBACK (g_application_release), self, G_CONNECT_SWAPPED);
  adw_dialog_present (dialog, NULL);
}

static ProcWindow *
ensure_window (ProcApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (PROC_IS_WINDOW (window))
    return PROC_WINDOW (window);

  return proc_window_new (GTK_APPLICATION (self), self->store);
}

static void
proc_application_activate (GApplication *app)
{
  ProcApplication *self = PROC_APPLICATION (app);
  g_autoptr(GError) error = NULL;
  ProcWindow *window;

  if (!ensure_store (self, &error))
    {
      g_printerr ("%s\n", error->message);
      show_fatal_error (self, error);
      return;
    }

  window = ensure_window (self);
  gtk_window_present (GTK_WINDOW (window));
  show_recovery (self, window);
}

static int
proc_application_command_line (GApplication            *app,
                               GApplicationCommandLine *command_line)
{
  ProcApplication *self = PROC_APPLICATION (app);
  GVariantDict *options = g_application_command_line_get_options_dict (command_line);
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GError) error = NULL;
  g_autofree const char **args = NULL;
  ProcWindow *window;

  if (!ensure_store (self, &error))
    {
      g_application_command_line_printerr (command_line, "%s\n", error->message);
      show_fatal_error (self, error);
      return PROC_EXIT_BAD_INPUT;
    }

  window = ensure_window (self);
  gtk_window_present (GTK_WINDOW (window));
  show_recovery (self, window);

  if (g_variant_dict_lookup (options, G_OPTION_REMAINING, "^a&ay", &args))
    {
      for (guint i = 0; args[i] != NULL; i++)
        g_ptr_array_add (files, g_application_command_line_create_file_for_arg (command_line, args[i]));
    }

  if (files->len > 0)
    proc_window_import_files (window, (GFile **) files->pdata, files->len);

  return PROC_EXIT_OK;
}

static char *
join_remaining (GVariantDict *options)
{
  g_autofree const char **args = NULL;

  if (!g_variant_dict_lookup (options, G_OPTION_REMAINING, "^a&ay", &args))
    return NULL;

  return g_strjoinv (" ", (char **) args);
}

static int
proc_application_handle_local_options (GApplication *app,
                                       GVariantDict *options)
{
  ProcApplication *self = PROC_APPLICATION (app);
  g_autofree const char **files = NULL;
  g_autofree char *library = NULL;
  gboolean import = FALSE;
  gboolean list = FALSE;
  gboolean similar = FALSE;

  self->options_parsed = TRUE;

  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("%s %s\n", "proceedings", PACKAGE_VERSION);
      return PROC_EXIT_OK;
    }

  if (g_variant_dict_lookup (options, "library", "^ay", &library))
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (library);

      self->library_path = g_file_get_path (file);
      /* Another library means another window, not the running one. */
      g_application_set_flags (app, g_application_get_flags (app) | G_APPLICATION_NON_UNIQUE);
    }

  import = g_variant_dict_contains (options, "import");
  list = g_variant_dict_contains (options, "list");

  if (import + list + g_variant_dict_contains (options, "export") > 1)
    {
      g_printerr ("%s\n", _("--import, --list and --export cannot be used together"));
      return PROC_EXIT_USAGE;
    }

  similar = g_variant_dict_contains (options, "similar");
  if (similar && import + list + g_variant_dict_contains (options, "export") > 0)
    {
      g_printerr ("%s\n", _("--similar cannot be used with --import, --list or --export"));
      return PROC_EXIT_USAGE;
    }

  if (g_variant_dict_contains (options, "export"))
    {
      g_autofree char *format = NULL;
      g_autofree char *what = NULL;
      g_autofree char *group_by = NULL;
      g_autofree char *output = NULL;

      g_variant_dict_lookup (options, "export", "s", &format);
      g_variant_dict_lookup (options, "what", "s", &what);
      g_variant_dict_lookup (options, "group-by", "s", &group_by);
      g_variant_dict_lookup (options, "output", "^ay", &output);
      return proc_command_line_export (self->library_path, format, what, group_by, output);
    }

  if (g_variant_dict_contains (options, "what") || g_variant_dict_contains (options, "output") ||
      g_variant_dict_contains (options, "group-by"))
    {
      g_printerr ("%s\n", _("--what, --group-by and --output go with --export FORMAT"));
      return PROC_EXIT_USAGE;
    }

  if (similar)
    {
      gint64 paper_id = 0;

      if (g_variant_dict_contains (options, G_OPTION_REMAINING))
        {
          g_printerr ("%s\n", _("--similar takes one paper’s ID, and no FILE or QUERY"));
          return PROC_EXIT_USAGE;
        }
      g_variant_dict_lookup (options, "similar", "x", &paper_id);
      return proc_command_line_similar (self->library_path, paper_id);
    }

  if (import)
    {
      if (!g_variant_dict_lookup (options, G_OPTION_REMAINING, "^a&ay", &files))
        {
          g_printerr ("%s\n", _("--import needs at least one FILE"));
          return PROC_EXIT_USAGE;
        }
      return proc_command_line_import (self->library_path, files);
    }

  if (list)
    {
      g_autofree char *query = join_remaining (options);
      return proc_command_line_list (self->library_path, query);
    }

  return -1;
}

/* GOption's own errors (an unknown option, a missing value) are wrong
 * usage: exit status 2, as for our own checks, not GApplication's 1. */
static gboolean
proc_application_local_command_line (GApplication   *app,
                                     char         ***arguments,
                                     int            *exit_status)
{
  ProcApplication *self = PROC_APPLICATION (app);
  gboolean handled;

  handled = G_APPLICATION_CLASS (proc_application_parent_class)->local_command_line (app, arguments, exit_status);

  if (handled && !self->options_parsed && *exit_status == 1)
    *exit_status = PROC_EXIT_USAGE;

  return handled;
}

static void
about_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  ProcApplication *self = user_data;
  static const char *developers[] = { "The Proceedings authors", NULL };
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  adw_show_about_dialog (GTK_WIDGET (window),
                         "application-name", _("Proceedings"),
                         "application-icon", APP_ID,
                         "developer-name", _("The Proceedings authors"),
                         "version", PACKAGE_VERSION,
                         "comments", _("Triage, read and annotate the papers of a conference, "
                                       "then share reading lists."),
                         "website", "https://github.com/proceedings/Proceedings",
                         "issue-url", "https://github.com/proceedings/Proceedings/issues",
                         "developers", developers,
                         /* Translators: your names, one per line, with e-mail addresses if you like */
                         "translator-credits", _("translator-credits"),
                         "copyright", "© 2026 The Proceedings authors",
                         "license-type", GTK_LICENSE_GPL_3_0,
                         NULL);
}

static void
preferences_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  ProcApplication *self = user_data;
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  /* Ctrl+, again while they are open: they are already there. */
  if (ADW_IS_APPLICATION_WINDOW (window) &&
      PROC_IS_PREFERENCES_DIALOG (adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window))))
    return;

  adw_dialog_present (proc_preferences_dialog_new (self->store ? proc_store_get_path (self->store) : NULL),
                      GTK_WIDGET (window));
}

static void
apply_color_scheme (ProcApplication *self)
{
  static const AdwColorScheme schemes[] = {
    ADW_COLOR_SCHEME_DEFAULT, ADW_COLOR_SCHEME_FORCE_LIGHT, ADW_COLOR_SCHEME_FORCE_DARK,
  };
  g_autofree char *nick = g_settings_get_string (self->settings, "color-scheme");
  guint i = g_str_equal (nick, "force-light") ? 1 : g_str_equal (nick, "force-dark") ? 2 : 0;

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), schemes[i]);
}

#if !ADW_CHECK_VERSION (1, 8, 0)
/* Before libadwaita 1.8 and its AdwShortcutsDialog, the shortcuts are
 * GtkApplication's help overlay (gtk/help-overlay.ui), which each window
 * shows as win.show-help-overlay: app.shortcuts, which the menu names as
 * AdwApplication 1.8 does, shows the active window's. */
static void
shortcuts_action (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (user_data));

  if (window != NULL)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL);
}
#endif

static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  g_application_quit (G_APPLICATION (user_data));
}

static const GActionEntry app_actions[] = {
  { "about", about_action },
  { "preferences", preferences_action },
  { "quit", quit_action },
};

static void
proc_application_startup (GApplication *app)
{
  ProcApplication *self = PROC_APPLICATION (app);

  G_APPLICATION_CLASS (proc_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions, G_N_ELEMENTS (app_actions), app);
#if !ADW_CHECK_VERSION (1, 8, 0)
  {
    static const GActionEntry shortcuts_entry = { "shortcuts", shortcuts_action };

    g_action_map_add_action_entries (G_ACTION_MAP (app), &shortcuts_entry, 1, app);
    /* Ctrl+? is app.shortcuts's, as from 1.8 on, and the menu shows it. */
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.show-help-overlay",
                                           (const char *[]) { NULL });
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.shortcuts",
                                           (const char *[]) { "<Control>question", NULL });
  }
#endif
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit",
                                         (const char *[]) { "<Control>q", NULL });
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.preferences",
                                         (const char *[]) { "<Control>comma", NULL });

  self->settings = g_settings_new (APP_ID);
  g_signal_connect_object (self->settings, "changed::color-scheme",
                           G_CALLBACK (apply_color_scheme), self, G_CONNECT_SWAPPED);
  apply_color_scheme (self);
}

/* A clean end: a running backup stops (its copy is removed), and the
 * run marker goes, so the next start need not check the library. */
static void
proc_application_shutdown (GApplication *app)
{
  ProcApplication *self = PROC_APPLICATION (app);

  g_clear_handle_id (&self->backup_check_id, g_source_remove);
  if (self->backup_cancellable != NULL)
    {
      g_cancellable_cancel (self->backup_cancellable);
      while (self->backup_cancellable != NULL)
        g_main_context_iteration (NULL, TRUE);
    }

  g_clear_object (&self->watcher);
  g_clear_object (&self->store);
  if (self->marker != NULL)
    proc_run_marker_release (g_steal_pointer (&self->marker), TRUE);

  G_APPLICATION_CLASS (proc_application_parent_class)->shutdown (app);
}

static void
proc_application_dispose (GObject *object)
{
  ProcApplication *self = (ProcApplication *)object;

  g_clear_object (&self->watcher);
  g_clear_object (&self->settings);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (proc_application_parent_class)->dispose (object);
}

static void
proc_application_finalize (GObject *object)
{
  ProcApplication *self = (ProcApplication *)object;

  g_clear_pointer (&self->library_path, g_free);
  g_clear_pointer (&self->recovery, proc_recovery_report_free);
  /* Never started, or ended without shutdown: not a clean end. */
  if (self->marker != NULL)
    proc_run_marker_release (g_steal_pointer (&self->marker), FALSE);

  G_OBJECT_CLASS (proc_application_parent_class)->finalize (object);
}

static void
proc_application_class_init (ProcApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = proc_application_dispose;
  object_class->finalize = proc_application_finalize;

  app_class->activate = proc_application_activate;
  app_class->command_line = proc_application_command_line;
  app_class->handle_local_options = proc_application_handle_local_options;
  app_class->local_command_line = proc_application_local_command_line;
  app_class->startup = proc_application_startup;
  app_class->shutdown = proc_application_shutdown;
}

static void
proc_application_init (ProcApplication *self)
{
  self->backup_check_interval_ms = BACKUP_CHECK_INTERVAL_MS;
  self->backup_idle_ms = BACKUP_IDLE_MS;
  g_application_add_main_option_entries (G_APPLICATION (self), main_entries);
  g_application_set_option_context_summary (G_APPLICATION (self),
                                            _("Triage, read and annotate conference paper lists.\n"
                                              "\n"
                                              "Without options, opens the window and imports each FILE given.\n"
                                              "QUERY uses the search language: words, \"phrases\", -word,\n"
                                              "tag:NAME, list:NAME, is:starred, is:unread, is:reading, is:read,\n"
                                              "is:kept, is:maybe, is:skipped, is:untriaged, rating:>=N,\n"
                                              "has:code, has:note, has:pdf, has:openreview, has:arxiv, has:doi;\n"
                                              "OR between alternatives."));
}

ProcApplication *
proc_application_new (void)
{
  return g_object_new (PROC_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_COMMAND_LINE,
                       "resource-base-path", "/io/github/proceedings/Proceedings",
                       NULL);
}

/**
 * proc_application_get_store:
 *
 * Returns: (transfer none) (nullable): the library the windows show
 */
ProcStore *
proc_application_get_store (ProcApplication *self)
{
  g_return_val_if_fail (PROC_IS_APPLICATION (self), NULL);

  return self->store;
}

/* The tests wait seconds, not minutes, for the daily backup. */
void
_proc_application_set_backup_timing (ProcApplication *self,
                                     guint            check_interval_ms,
                                     guint            idle_ms)
{
  self->backup_check_interval_ms = check_interval_ms;
  self->backup_idle_ms = idle_ms;
  if (self->backup_check_id != 0)
    schedule_backups (self);
}
