/* synthetic-library.c: a library of numbered papers, for the model tests
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>

#include "proc-import-batch.h"
#include "synthetic-library.h"

/**
 * synthetic_library_new:
 * @dir_out: (out) (optional): the library's folder, for
 *   synthetic_library_remove()
 *
 * "Paper 00000", "Paper 00001", … in a new library, in that order; the
 * odd ones say "transformers" in their abstracts, the even ones "kernels".
 */
ProcStore *
synthetic_library_new (guint   n_papers,
                       char  **dir_out)
{
  g_autofree char *dir = g_dir_make_tmp ("proceedings-synthetic-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "library.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcImportBatch) batch = NULL;
  ProcStore *store = proc_store_open (path, &error);

  g_assert_no_error (error);
  batch = proc_import_batch_begin (store, "Synthetic", NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < n_papers; i++)
    {
      g_autoptr(ProcPaperRecord) record = proc_paper_record_new ();

      record->derived_title = g_strdup_printf ("Paper %05u", i);
      record->abstract = g_strdup_printf ("We study problem %u with %s.", i,
                                          i % 2 ? "transformers" : "kernels");
      g_assert_true (proc_import_batch_add (batch, record, NULL, &error));
    }
  g_assert_true (proc_import_batch_commit (batch, &error));
  g_assert_no_error (error);

  if (dir_out != NULL)
    *dir_out = g_steal_pointer (&dir);

  return store;
}

/* After the store is closed. */
void
synthetic_library_remove (const char *dir)
{
  g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
  const char *name;

  while (handle != NULL && (name = g_dir_read_name (handle)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_unlink (path);
    }
  g_rmdir (dir);
}
