/* fuzz-key-phrases.c: fuzzes the key phrases of an abstract
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "fuzz-common.h"
#include "proc-key-phrases.h"

/* Abstracts come from every importer, so anything: the first byte picks
 * how many phrases to ask for, the rest is the text. */
int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) phrases = NULL;
  guint max_phrases;

  if (size == 0)
    return 0;

  max_phrases = data[0] % 12;
  text = g_strndup ((const char *) data + 1, size - 1);
  phrases = proc_key_phrases_extract (text, max_phrases);

  fuzz_check (phrases != NULL, "no array of phrases");
  fuzz_check (g_strv_length (phrases) <= max_phrases, "%u phrases, %u asked",
              g_strv_length (phrases), max_phrases);
  for (guint i = 0; phrases[i] != NULL; i++)
    {
      fuzz_check (g_utf8_validate (phrases[i], -1, NULL), "phrase %u is not UTF-8", i);
      fuzz_check (phrases[i][0] != '\0', "phrase %u is empty", i);
      fuzz_check (strpbrk (phrases[i], "$\\{}\n") == NULL, "TeX in phrase “%s”", phrases[i]);
      for (guint k = 0; k < i; k++)
        fuzz_check (strcmp (phrases[i], phrases[k]) != 0, "“%s” twice", phrases[i]);
    }

  return 0;
}
