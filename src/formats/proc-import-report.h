/* proc-import-report.h: what an import did, for the person who asked for it
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define PROC_IMPORT_ERROR (proc_import_error_quark ())

typedef enum
{
  PROC_IMPORT_ERROR_ENCODING,
  PROC_IMPORT_ERROR_NUL,
  PROC_IMPORT_ERROR_EMPTY,
  PROC_IMPORT_ERROR_FORMAT,
} ProcImportError;

typedef struct
{
  char      *list_name;
  guint      added;
  guint      present;
  guint      rejected;
  GPtrArray *problems;   /* of char *: "file:line: reason", one per rejected entry */
  GPtrArray *warnings;   /* of char *: "file:line: reason", for entries imported with a change */

  /* Matching (issue 22): of the present papers, those known by an
   * abstract at least 90% alike rather than by a key; and the papers
   * whose derived title the file's official one replaced, with those
   * derived titles, which the import's undo puts back. */
  guint      similar;
  GArray    *retitled_ids;     /* of gint64 */
  GPtrArray *derived_titles;   /* of char *, one per retitled id */
} ProcImportReport;

GQuark            proc_import_error_quark    (void);
ProcImportReport *proc_import_report_new     (void);
void              proc_import_report_free    (ProcImportReport *report);
void              proc_import_report_reject  (ProcImportReport *report,
                                              const char       *file,
                                              guint             line,
                                              const char       *reason);
void              proc_import_report_warn    (ProcImportReport *report,
                                              const char       *file,
                                              guint             line,
                                              const char       *reason);
char             *proc_import_report_dup_summary (const ProcImportReport *report,
                                                  const char             *file);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ProcImportReport, proc_import_report_free)

G_END_DECLS
