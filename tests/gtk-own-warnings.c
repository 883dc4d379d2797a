/* gtk-own-warnings.c: what GTK warns about itself, not about us
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window tests run with G_DEBUG=fatal-warnings, so that any warning
 * our code causes fails them.  GTK 4.24's X11 backend, on an X server
 * without a compositor (Xvfb), reports one frame as submitted twice
 * (gdk/x11/gdksurface-x11.c and gdkdisplay-x11.c both tell the frame
 * clock) and warns "gdk_frame_timings_submitted() called on submitted
 * frame." once a process, whatever the program does.  GTK 4.18's
 * GtkShortcutsWindow (deprecated, shown only where libadwaita is 1.7)
 * lays out labels of its own that report a width of -2 when it opens.
 * Those messages are written as plain messages instead; every other goes
 * on as before.
 * Linked whole into the window tests: the constructor installs the writer
 * before GTK starts.
 */

#include "config.h"

#include <gtk/gtk.h>

static const struct {
  const char *domain;
  const char *prefix;
  const char *suffix;
  guint below_minor;        /* only with GTK 4 older than 4.this, or 0 */
} gtk_own_warnings[] = {
  { "Gdk", "gdk_frame_timings_submitted() called on submitted frame.", "", 0 },
  { "Gtk", "GtkLabel ", " (label) reported min width -2, but sizes must be >= 0", 20 },
};

static const char *
field (const GLogField *fields,
       gsize            n_fields,
       const char      *key)
{
  for (gsize i = 0; i < n_fields; i++)
    if (g_str_equal (fields[i].key, key) && fields[i].length < 0)
      return fields[i].value;
  return NULL;
}

static GLogWriterOutput
writer (GLogLevelFlags   log_level,
        const GLogField *fields,
        gsize            n_fields,
        gpointer         user_data)
{
  const char *domain = field (fields, n_fields, "GLIB_DOMAIN");
  const char *message = field (fields, n_fields, "MESSAGE");

  if ((log_level & G_LOG_LEVEL_WARNING) != 0 && message != NULL)
    for (gsize i = 0; i < G_N_ELEMENTS (gtk_own_warnings); i++)
      if ((gtk_own_warnings[i].below_minor == 0 || gtk_get_minor_version () < gtk_own_warnings[i].below_minor) &&
          g_strcmp0 (domain, gtk_own_warnings[i].domain) == 0 &&
          g_str_has_prefix (message, gtk_own_warnings[i].prefix) &&
          g_str_has_suffix (message, gtk_own_warnings[i].suffix))
        {
          g_printerr ("(GTK's own, not fatal) %s-WARNING: %s\n", domain, message);
          return G_LOG_WRITER_HANDLED;
        }

  return g_log_writer_default (log_level, fields, n_fields, user_data);
}

__attribute__((constructor))
static void
install_writer (void)
{
  g_log_set_writer_func (writer, NULL, NULL);
}
