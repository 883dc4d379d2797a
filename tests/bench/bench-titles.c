/* bench-titles.c: the derived-title half of the benchmark
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   bench-titles < ABSTRACTS
 *
 * Reads abstracts separated by NUL bytes, derives each one's title with
 * proc_title_derive () as the conference-list importer does, and prints
 * the titles one a line, then one JSON object with the count and the
 * seconds the derivation took (reading and printing left out).
 * run-titles.py compares the titles with the official ones.
 */

#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <string.h>

#include <glib.h>

#include "proc-title.h"

int
main (void)
{
  g_autoptr(GString) input = g_string_new (NULL);
  g_autoptr(GPtrArray) abstracts = g_ptr_array_new ();
  g_autoptr(GPtrArray) titles = g_ptr_array_new_with_free_func (g_free);
  char buffer[65536];
  gsize n;
  gint64 start, end;

  setlocale (LC_ALL, "");

  while ((n = fread (buffer, 1, sizeof buffer, stdin)) > 0)
    g_string_append_len (input, buffer, n);

  for (gsize at = 0; at < input->len; )
    {
      const char *abstract = input->str + at;
      gsize len = strlen (abstract);

      g_ptr_array_add (abstracts, (gpointer) abstract);
      at += len + 1;
    }

  start = g_get_monotonic_time ();
  for (guint i = 0; i < abstracts->len; i++)
    g_ptr_array_add (titles, proc_title_derive (g_ptr_array_index (abstracts, i)));
  end = g_get_monotonic_time ();

  for (guint i = 0; i < titles->len; i++)
    {
      char *title = g_ptr_array_index (titles, i);

      g_strdelimit (title, "\n", ' ');
      printf ("%s\n", title);
    }
  printf ("{\"count\": %u, \"seconds\": %.6f}\n", titles->len, (end - start) / 1e6);

  return 0;
}
