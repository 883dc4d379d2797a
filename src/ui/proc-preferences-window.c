/* proc-preferences-window.c: the preferences, bound to GSettings
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "proc-preferences-window.h"

struct _ProcPreferencesWindow
{
  AdwPreferencesWindow parent_instance;

  GSettings *settings;

  AdwComboRow *style_row;
  AdwComboRow *language_row;
  GtkSwitch *preview_switch;
  GtkSpinButton *delay_spin;
};

G_DEFINE_FINAL_TYPE (ProcPreferencesWindow, proc_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

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
proc_preferences_window_dispose (GObject *object)
{
  ProcPreferencesWindow *self = (ProcPreferencesWindow *)object;

  g_clear_object (&self->settings);

  G_OBJECT_CLASS (proc_preferences_window_parent_class)->dispose (object);
}

static void
proc_preferences_window_class_init (ProcPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = proc_preferences_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/proceedings/Proceedings/ui/proc-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ProcPreferencesWindow, style_row);
  gtk_widget_class_bind_template_child (widget_class, ProcPreferencesWindow, language_row);
  gtk_widget_class_bind_template_child (widget_class, ProcPreferencesWindow, preview_switch);
  gtk_widget_class_bind_template_child (widget_class, ProcPreferencesWindow, delay_spin);
}

static void
proc_preferences_window_init (ProcPreferencesWindow *self)
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
  g_settings_bind (self->settings, "show-abstract-preview", self->preview_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "note-autosave-delay", gtk_spin_button_get_adjustment (self->delay_spin),
                   "value", G_SETTINGS_BIND_DEFAULT);
}

GtkWidget *
proc_preferences_window_new (GtkWindow *parent)
{
  return g_object_new (PROC_TYPE_PREFERENCES_WINDOW,
                       "transient-for", parent,
                       "modal", TRUE,
                       NULL);
}
