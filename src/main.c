/* main.c: the entry point of Proceedings
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <gio/gio.h>
#include <glib/gi18n.h>

#include "proc-application.h"

/* The language chosen in Preferences, if not the system's: LANGUAGE
 * outranks the locale for gettext, as long as the locale is not plain C. */
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
  if (messages == NULL || g_str_equal (messages, "C") || g_str_equal (messages, "POSIX"))
    setlocale (LC_MESSAGES, "C.UTF-8");
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(ProcApplication) app = NULL;

  const char *localedir = g_getenv ("PROCEEDINGS_LOCALEDIR");

  setlocale (LC_ALL, "");
  apply_interface_language ();
  /* The tests run the uninstalled binary with the build's translations. */
  bindtextdomain (GETTEXT_PACKAGE, localedir ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = proc_application_new ();

  return g_application_run (G_APPLICATION (app), argc, argv);
}
