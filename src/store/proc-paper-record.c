/* proc-paper-record.c: a paper as an importer read it, before it is stored
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "proc-paper-record.h"

ProcPaperRecord *
proc_paper_record_new (void)
{
  ProcPaperRecord *record = g_new0 (ProcPaperRecord, 1);

  record->links = g_ptr_array_new_with_free_func ((GDestroyNotify) proc_link_free);
  return record;
}

void
proc_paper_record_free (ProcPaperRecord *record)
{
  if (record == NULL)
    return;

  g_free (record->derived_title);
  g_free (record->abstract);
  g_free (record->authors);
  g_free (record->venue);
  g_clear_pointer (&record->links, g_ptr_array_unref);
  g_free (record);
}

/* Folds case, Unicode forms and runs of white space, so the same text
 * copied from two places hashes the same. */
static void
append_normalized (GString    *out,
                   const char *text)
{
  g_autofree char *nfc = NULL;
  g_autofree char *folded = NULL;
  gboolean space = FALSE;

  if (text == NULL)
    return;

  nfc = g_utf8_normalize (text, -1, G_NORMALIZE_NFKC);
  if (nfc == NULL)
    return;
  folded = g_utf8_casefold (nfc, -1);

  for (const char *p = folded; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_isspace (c))
        {
          space = out->len > 0;
          continue;
        }

      if (space)
        g_string_append_c (out, ' ');
      space = FALSE;
      g_string_append_unichar (out, c);
    }
}

/**
 * proc_paper_record_dup_content_hash:
 *
 * Identifies a paper by its text, for de-duplication across imports: the
 * abstract when there is one, else the title and the first author.
 */
char *
proc_paper_record_dup_content_hash (const ProcPaperRecord *record)
{
  g_autoptr(GString) key = g_string_new (NULL);

  if (record->abstract != NULL && *record->abstract != '\0')
    {
      g_string_append (key, "abstract:");
      append_normalized (key, record->abstract);
    }
  else
    {
      g_auto(GStrv) authors = g_strsplit (record->authors ? record->authors : "", ";", 2);

      g_string_append (key, "title:");
      append_normalized (key, record->derived_title);
      g_string_append (key, "|");
      append_normalized (key, authors[0]);
    }

  return g_compute_checksum_for_string (G_CHECKSUM_SHA256, key->str, key->len);
}
