/* proc-record-clean.c: what every importer's records go through: control characters, HTML
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "proc-html-text.h"
#include "proc-record-clean.h"

/* Every importer's records pass here, on the pipeline's reading thread
 * (proc-record-pipeline.c), so BibTeX, RIS, CSV, CSL-JSON and Paper
 * Copilot files are treated alike:
 *
 *  - control characters (U+0000–U+001F but tab and newline, U+007F and
 *    the C1 controls U+0080–U+009F) are removed from every field, and the
 *    entry's line is reported, since they are damage, not text; a
 *    carriage return is a line end's and goes silently;
 *  - the HTML of abstracts becomes the app's own text (proc-html-text.c):
 *    emphasis as *x*, entities decoded, other tags removed; titles, names
 *    and venues lose their tags. */

/* Removes control characters from *@field in place; Returns how many. */
static guint
strip_controls (char **field)
{
  char *s = *field;
  guint removed = 0;
  gsize j = 0;

  if (s == NULL)
    return 0;

  for (gsize i = 0; s[i] != '\0'; )
    {
      guchar c = s[i];

      if (c == '\r')
        {
          i++;
          continue;
        }
      if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7f)
        {
          removed++;
          i++;
          continue;
        }
      if (c == 0xc2 && (guchar) s[i + 1] >= 0x80 && (guchar) s[i + 1] <= 0x9f)
        {
          removed++;
          i += 2;
          continue;
        }
      s[j++] = s[i++];
    }
  s[j] = '\0';

  return removed;
}

static void
decode_html (char         **field,
             ProcHtmlText   kind)
{
  char *decoded = proc_html_text_decode (*field, kind);

  if (decoded != NULL)
    {
      g_free (*field);
      *field = decoded;
    }
}

/**
 * proc_record_clean:
 * @file: how messages name the file
 *
 * Cleans @record as it comes out of a reader, and notes in @report's
 * warnings what it removed.
 */
void
proc_record_clean (ProcPaperRecord  *record,
                   ProcImportReport *report,
                   const char       *file)
{
  char **fields[] = {
    &record->derived_title, &record->abstract, &record->authors, &record->venue,
    &record->doi, &record->url, &record->citation_key, &record->status,
    &record->pages, &record->note,
  };
  guint removed = 0;

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    removed += strip_controls (fields[i]);
  for (guint i = 0; i < record->tags->len; i++)
    removed += strip_controls ((char **) &record->tags->pdata[i]);
  for (guint i = 0; i < record->links->len; i++)
    removed += strip_controls (&((ProcLink *) g_ptr_array_index (record->links, i))->url);
  /* the authors in parts, as their display string (counted there once) */
  for (guint i = 0; i < record->names->len; i++)
    {
      ProcName *name = g_ptr_array_index (record->names, i);
      char **parts[] = { &name->given, &name->particle, &name->family, &name->suffix };

      for (guint k = 0; k < G_N_ELEMENTS (parts); k++)
        {
          strip_controls (parts[k]);
          decode_html (parts[k], PROC_HTML_TEXT_PLAIN);
        }
    }

  if (removed > 0 && report != NULL)
    {
      g_autofree char *reason = NULL;

      reason = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u control character removed",
                                             "%u control characters removed", removed),
                                removed);
      proc_import_report_warn (report, file, record->line, reason);
    }

  decode_html (&record->abstract, PROC_HTML_TEXT_ABSTRACT);
  decode_html (&record->derived_title, PROC_HTML_TEXT_PLAIN);
  decode_html (&record->authors, PROC_HTML_TEXT_PLAIN);
  decode_html (&record->venue, PROC_HTML_TEXT_PLAIN);
}
