/* library-common.h: a library file to import fixtures into, read back with SQLite, export and give to pandoc
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "proc-exporter.h"
#include "proc-import-report.h"
#include "proc-store.h"

typedef struct
{
  char *dir;
  char *path;
  ProcStore *store;
} Library;

#define PAPER_FIELD(lib, column, key) \
  sql_text (lib, "SELECT " column " FROM papers WHERE citation_key = ?1", key)
#define PAPER_LINKS(lib, key) \
  sql_text (lib, "SELECT kind || ' ' || url FROM paper_links" \
                 " WHERE paper_id = (SELECT id FROM papers WHERE citation_key = ?1) ORDER BY position", key)

void              library_open                    (Library          *lib);
void              library_close                   (Library          *lib);
ProcImportReport *import_text                     (Library          *lib,
                                                   const char       *text,
                                                   const char       *display_name);
ProcImportReport *import_fixture                  (Library          *lib,
                                                   const char       *name);
char             *sql_text                        (Library          *lib,
                                                   const char       *sql,
                                                   const char       *key);
void              assert_field                    (Library          *lib,
                                                   const char       *sql,
                                                   const char       *key,
                                                   const char       *expected);
char             *export_all                      (Library          *lib,
                                                   ProcRecordFormat  format);
void              assert_contains                 (const char       *text,
                                                   const char       *needle);
void              assert_lacks                    (const char       *text,
                                                   const char       *needle);
JsonArray        *pandoc_items                    (const char       *bibtex);
void              assert_pandoc_conference_papers (const char       *bibtex,
                                                   guint             n_items);
