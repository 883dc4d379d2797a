/* fuzz-csl-json.c: fuzzes the CSL-JSON reader (and the JSON array splitter under it)
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
  fuzz_read_records (PROC_RECORD_FORMAT_CSL_JSON, data, size);
  return 0;
}
