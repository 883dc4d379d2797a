/* fuzz-bibtex.c: fuzzes the BibTeX reader, and the TeX decoding of field values on its own
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "fuzz-common.h"
#include "proc-bibtex-text.h"

/* The whole input as one field's value too: the reader only hands the
 * decoder balanced values, the decoder's own callers anything. */
static void
decode_value (const guint8 *data,
              size_t        size)
{
  static const ProcBibtexText kinds[] = {
    PROC_BIBTEX_TEXT_TITLE, PROC_BIBTEX_TEXT_PLAIN, PROC_BIBTEX_TEXT_ABSTRACT, PROC_BIBTEX_TEXT_VERBATIM,
  };
  g_autofree char *value = NULL;
  g_autofree char *names = NULL;
  g_autoptr(GPtrArray) items = NULL;

  if (size == 0 || memchr (data, '\0', size) != NULL || !g_utf8_validate_len ((const char *) data, size, NULL))
    return;

  value = g_strndup ((const char *) data, size);
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_autofree char *text = proc_bibtex_decode (value, kinds[i]);

      fuzz_check (text != NULL && g_utf8_validate (text, -1, NULL), "decoded text (kind %u) is not UTF-8", i);
    }

  names = proc_bibtex_decode_names (value);
  fuzz_check (names != NULL && g_utf8_validate (names, -1, NULL), "decoded names are not UTF-8");

  items = proc_bibtex_split_list (value);
  for (guint i = 0; i < items->len; i++)
    fuzz_check (g_utf8_validate (g_ptr_array_index (items, i), -1, NULL), "a list item is not UTF-8");
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  fuzz_read_records (PROC_RECORD_FORMAT_BIBTEX, data, size);
  decode_value (data, size);
  return 0;
}
