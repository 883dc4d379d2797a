/* main.c: the entry point of Proceedings
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <gtk/gtk.h>
#include <glib/gi18n.h>

#include "proc-application.h"

/* The language chosen in Preferences, if not the system's: LANGUAGE
 * outranks the locale for gettext, as long as the locale is not C or
 * (since glibc 2.39) C.UTF-8.  Under those, messages take the chosen
 * language's own locale where it is installed. */
static void
apply_interface_language (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettings) settings = NULL;
  g_autofree char *language = NULL;
  const char *messages;

  if (source == NULL || !(schema = g_settings_schema_source_lookup (source, APP_ID, TRUE)))
    return;

  settings = g_settings_new (APP_ID);
  language = g_settings_get_string (settings, "interface-language");
  if (g_str_equal (language, "system"))
    return;

  g_setenv ("LANGUAGE", language, TRUE);
  messages = setlocale (LC_MESSAGES, NULL);
  if (messages == NULL || g_str_equal (messages, "C") || g_str_equal (messages, "POSIX")
      || g_str_has_prefix (messages, "C."))
    {
      g_autofree char *own = g_strconcat (language, ".UTF-8", NULL);

      /* Older glibc honours LANGUAGE under C.UTF-8. */
      if (setlocale (LC_MESSAGES, own) == NULL)
        setlocale (LC_MESSAGES, "C.UTF-8");
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(ProcApplication) app = NULL;

  const char *localedir = g_getenv ("PROCEEDINGS_LOCALEDIR");

  setlocale (LC_ALL, "");
  /* GTK would set it again from the environment, undoing the locale that
   * apply_interface_language () may choose for messages. */
  gtk_disable_setlocale ();
  apply_interface_language ();
  /* The tests run the uninstalled binary with the build's translations. */
  bindtextdomain (GETTEXT_PACKAGE, localedir ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = proc_application_new ();

  return g_application_run (G_APPLICATION (app), argc, argv);
}
