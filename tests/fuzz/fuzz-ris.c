/* fuzz-ris.c: fuzzes the RIS reader
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "fuzz-common.h"

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  fuzz_read_records (PROC_RECORD_FORMAT_RIS, data, size);
  return 0;
}
