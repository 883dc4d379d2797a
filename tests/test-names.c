/* test-names.c: names in parts, as BibTeX, RIS, CSV, CSL-JSON and Paper Copilot give them
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "proc-bibtex-names.h"
#include "proc-names.h"

typedef struct
{
  const char *input;
  const char *expected;   /* "given|particle|family|suffix", names separated by " ; " */
} Case;

/* Helpers */

static char *
describe (GPtrArray *names)
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

/* Tests */

/* One row per shape of name that BibTeX defines, and the fields that
 * real files write. */
static void
test_bibtex_shapes (void)
{
  static const Case cases[] = {
    /* von Last, First */
    { "Van Roy, Benjamin", "Benjamin||Van Roy|" },
    { "de Freitas, Nando", "Nando|de|Freitas|" },
    { "Le Cun, Yann", "Yann||Le Cun|" },
    { "van den Oord, A{\\\"a}ron", "Aäron|van den|Oord|" },
    { "Van den Oord, Aaron", "Aaron||Van den Oord|" },
    { "von Luxburg, Ulrike", "Ulrike|von|Luxburg|" },
    { "Van Der Wilk, Mark", "Mark||Van Der Wilk|" },
    { "De Sa, Christopher", "Christopher||De Sa|" },
    { "de la Fuente, Ana", "Ana|de la|Fuente|" },
    { "Le, Quoc V.", "Quoc V.||Le|" },
    { "Von K\\\"{u}gelgen, Julius", "Julius||Von Kügelgen|" },
    /* von Last, Jr, First */
    { "King, Jr, Martin Luther", "Martin Luther||King|Jr" },
    { "van Beethoven, III, Ludwig", "Ludwig|van|Beethoven|III" },
    /* First von Last */
    { "Ulrike von Luxburg", "Ulrike|von|Luxburg|" },
    { "Nando de Freitas", "Nando|de|Freitas|" },
    { "Miryam de Lhoneux", "Miryam|de|Lhoneux|" },
    { "Ludwig van der Maaten", "Ludwig|van der|Maaten|" },
    { "Jean~Paul Sartre", "Jean Paul||Sartre|" },
    { "Yann LeCun", "Yann||LeCun|" },
    { "Plato", "||Plato|" },
    /* braces, accents */
    { "{Google DeepMind}", "||Google DeepMind|" },
    { "{Barnes and Noble, Inc.}", "||Barnes and Noble, Inc.|" },
    { "No{\\'e}mie Elhadad", "Noémie||Elhadad|" },
    { "Rockt{\\\"a}schel, Tim", "Tim||Rocktäschel|" },
    { "{\\'E}mile Zola", "Émile||Zola|" },
    { "Jean {de la} Fontaine", "Jean de la||Fontaine|" },
    /* lists */
    { "Alice Smith and others", "Alice||Smith| ; others" },
    { "Mao, Jingkai AND Foerster, Jakob", "Jingkai||Mao| ; Jakob||Foerster|" },
    /* names separated by commas instead of "and" */
    { "John Smith, Jane Doe, Bob Lee", "John||Smith| ; Jane||Doe| ; Bob||Lee|" },
    { "Saeed Mahloujifar, Mohammad Mahmoody, Ameer Mohammed",
      "Saeed||Mahloujifar| ; Mohammad||Mahmoody| ; Ameer||Mohammed|" },
    { "John Smith, Jane Doe", "John||Smith| ; Jane||Doe|" },
    { "John Smith, Jane Doe, and Bob Lee", "John||Smith| ; Jane||Doe| ; Bob||Lee|" },
    { "Kwon, Young D.", "Young D.||Kwon|" },
    { "Van Roy, Benjamin and Smith, Jane", "Benjamin||Van Roy| ; Jane||Smith|" },
    { "  ", "" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GPtrArray) names = proc_bibtex_parse_names (cases[i].input);
      g_autofree char *got = describe (names);

      g_test_message ("%s → %s", cases[i].input, got);
      g_assert_cmpstr (got, ==, cases[i].expected);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/names/bibtex/shapes", test_bibtex_shapes);

  return g_test_run ();
}
