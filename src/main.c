/* main.c: the entry point of Proceedings
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <glib/gi18n.h>

#include "proc-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(ProcApplication) app = NULL;

  const char *localedir = g_getenv ("PROCEEDINGS_LOCALEDIR");

  setlocale (LC_ALL, "");
  /* The tests run the uninstalled binary with the build's translations. */
  bindtextdomain (GETTEXT_PACKAGE, localedir ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = proc_application_new ();

  return g_application_run (G_APPLICATION (app), argc, argv);
}
