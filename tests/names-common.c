/* names-common.c: names in parts as one line the name tests compare
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "names-common.h"
#include "proc-names.h"

/* "given|particle|family|suffix", names separated by " ; ", "others" for et al. */
char *
names_describe (GPtrArray *names)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < names->len; i++)
    {
      const ProcName *name = g_ptr_array_index (names, i);

      if (i > 0)
        g_string_append (out, " ; ");
      if (name->others)
        {
          g_string_append (out, "others");
          continue;
        }
      g_string_append_printf (out, "%s|%s|%s|%s",
                              name->given ? name->given : "",
                              name->particle ? name->particle : "",
                              name->family ? name->family : "",
                              name->suffix ? name->suffix : "");
    }

  return g_string_free (out, FALSE);
}
