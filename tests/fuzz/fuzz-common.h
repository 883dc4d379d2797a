/* fuzz-common.h: what every importer's fuzz harness shares
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "proc-record-format.h"

G_BEGIN_DECLS

/* The entry point libFuzzer calls, or fuzz-driver.c without libFuzzer. */
int  LLVMFuzzerTestOneInput (const guint8 *data,
                             size_t        size);

/* Reads every record of @data with @format's reader from a memory
 * stream, checks what must hold of each, and aborts when it does not. */
void fuzz_read_records      (ProcRecordFormat  format,
                             const guint8     *data,
                             gsize             size);

/* Aborts with @message when @condition is false, also in a release
 * build: a violated invariant is a finding. */
#define fuzz_check(condition, ...) \
  G_STMT_START { if (G_UNLIKELY (!(condition))) fuzz_fail (__FILE__, __LINE__, #condition, __VA_ARGS__); } G_STMT_END

G_NORETURN void fuzz_fail   (const char *file,
                             int         line,
                             const char *condition,
                             const char *format,
                             ...) G_GNUC_PRINTF (4, 5);

guint fuzz_count_lines      (const guint8 *data,
                             gsize         size);
void  fuzz_check_message    (const char   *message,
                             guint         n_lines);

G_END_DECLS
