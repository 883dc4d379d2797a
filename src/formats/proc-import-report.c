/* proc-import-report.c: what an import did, for the person who asked for it
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "proc-import-report.h"

G_DEFINE_QUARK (proc-import-error-quark, proc_import_error)

ProcImportReport *
proc_import_report_new (void)
{
  ProcImportReport *report = g_new0 (ProcImportReport, 1);

  report->problems = g_ptr_array_new_with_free_func (g_free);
  report->warnings = g_ptr_array_new_with_free_func (g_free);

  report->retitled_ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  report->derived_titles = g_ptr_array_new_with_free_func (g_free);
  return report;
}

void
proc_import_report_free (ProcImportReport *report)
{
  if (report == NULL)
    return;

  g_free (report->list_name);
  g_clear_pointer (&report->problems, g_ptr_array_unref);
  g_clear_pointer (&report->warnings, g_ptr_array_unref);

  g_clear_pointer (&report->retitled_ids, g_array_unref);
  g_clear_pointer (&report->derived_titles, g_ptr_array_unref);
  g_free (report);
}

void
proc_import_report_reject (ProcImportReport *report,
                           const char       *file,
                           guint             line,
                           const char       *reason)
{
  report->rejected++;
  g_ptr_array_add (report->problems, g_strdup_printf ("%s:%u: %s", file, line, reason));
}

/* An entry imported, but changed on the way (control characters
 * removed…): the person should know where. */
void
proc_import_report_warn (ProcImportReport *report,
                         const char       *file,
                         guint             line,
                         const char       *reason)
{
  g_ptr_array_add (report->warnings, g_strdup_printf ("%s:%u: %s", file, line, reason));
}

/**
 * proc_import_report_dup_summary:
 *
 * Returns: one translated sentence, such as “icml.txt: 38 papers added,
 *   0 already in the library, 0 skipped”, and “, 2 warnings” when there
 *   are some
 */
char *
proc_import_report_dup_summary (const ProcImportReport *report,
                                const char             *file)
{
  g_autofree char *added = NULL;
  g_autofree char *present = NULL;
  g_autofree char *rejected = NULL;
  g_autofree char *summary = NULL;

  added = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%'u paper added", "%'u papers added", report->added),
                           report->added);
  present = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%'u already in the library",
                                          "%'u already in the library", report->present),
                             report->present);
  rejected = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%'u skipped", "%'u skipped", report->rejected),
                              report->rejected);

  if (report->warnings->len > 0)
    {
      g_autofree char *warnings = NULL;

      warnings = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%'u warning", "%'u warnings",
                                               report->warnings->len),
                                  report->warnings->len);
      /* Translators: a file name, then four counts */
      return g_strdup_printf (_("%s: %s, %s, %s, %s"), file, added, present, rejected, warnings);
    }

  /* Translators: a file name, then three counts */
  summary = g_strdup_printf (_("%s: %s, %s, %s"), file, added, present, rejected);

  if (report->similar > 0)
    {
      g_autofree char *plain = g_steal_pointer (&summary);
      g_autofree char *similar =
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                      "%'u known by an abstract at least 90%% alike",
                                      "%'u known by an abstract at least 90%% alike", report->similar),
                         report->similar);

      /* Translators: what an import did, then how many papers it found by their abstracts */
      summary = g_strdup_printf (_("%s; %s"), plain, similar);
    }

  if (report->retitled_ids->len > 0)
    {
      g_autofree char *plain = g_steal_pointer (&summary);
      g_autofree char *retitled =
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                      "%'u given its official title",
                                      "%'u given their official titles", report->retitled_ids->len),
                         report->retitled_ids->len);

      /* Translators: what an import did, then how many papers it gave their official titles */
      summary = g_strdup_printf (_("%s; %s"), plain, retitled);
    }

  return g_steal_pointer (&summary);
}
