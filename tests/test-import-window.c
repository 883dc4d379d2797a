/* test-import-window.c: what the window says about an import that changed what it read
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>

#include "window-common.h"

/* A PMLR-shaped file with a control character on line 24: the toast
 * counts the warning. */
static void
import_with_warning (ProcWindow *window)
{
  g_autofree char *path = g_build_filename (g_getenv ("PROCEEDINGS_SOURCE_DIR"), "tests", "data",
                                            "bibtex", "pmlr-shapes.bib", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  const char *summary = "pmlr-shapes.bib: 2 papers added, 0 already in the library, 0 skipped, 1 warning";
  g_autofree char *abstract = NULL;
  gint64 end;

  wait_ms (200);
  proc_window_import_files (window, &file, 1);
  end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  while (g_get_monotonic_time () < end && !toast_shown (window, summary))
    g_main_context_iteration (NULL, FALSE);

  g_assert_true (toast_shown (window, summary));
  abstract = raw_text ("SELECT abstract FROM papers WHERE abstract LIKE 'Labels are noisy%'");
  g_assert_cmpstr (abstract, ==, "Labels are noisy. We learn anyway and show it.");
}

static void
test_import_with_warning (void)
{
  window_test_run (import_with_warning);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  window_test_init (&argc, &argv, "import");

  g_test_add_func ("/import-window/warning-in-the-summary", test_import_with_warning);

  status = g_test_run ();
  window_test_finish ();
  return status;
}
