/* fuzz-document.c: fuzzes the reader of our own Markdown and HTML exports (and the hidden data it reads)
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
  /* The two kinds differ only in their messages and what counts as a
   * paper's heading: the first byte picks one. */
  fuzz_read_records (size > 0 && (data[0] & 1) ? PROC_RECORD_FORMAT_HTML : PROC_RECORD_FORMAT_MARKDOWN,
                     data, size);
  return 0;
}
