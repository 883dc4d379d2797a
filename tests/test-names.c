/* test-names.c: the name parser and writer, one table row per shape of name
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib.h>

#include "proc-bibtex-names.h"
#include "names-common.h"
#include "proc-names.h"

typedef struct
{
  const char *input;
  const char *expected;   /* "given|particle|family|suffix", names separated by " ; " */
} Case;

/* Helpers */

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
    { "van den Oord, Aäron", "Aäron|van den|Oord|" },
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
    { "Smith, Esq., John", "John||Smith|Esq." },
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
    { "Dvo{\\v{r}}{\\'a}k, Anton{\\'\\i}n", "Antonín||Dvořák|" },
    { "Jan {\\v{S}}koda Novak", "Jan Škoda||Novak|" },
    { "Jan {\\v{s}}koda Novak", "Jan|škoda|Novak|" },
    { "Anders {\\O}stergaard Berg", "Anders Østergaard||Berg|" },
    { "Anders {\\o}stergaard Berg", "Anders|østergaard|Berg|" },
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
      g_autofree char *got = names_describe (names);

      g_test_message ("%s → %s", cases[i].input, got);
      g_assert_cmpstr (got, ==, cases[i].expected);
    }
}

/* Plain text: RIS's "Family, Given, Suffix", CSV's cells, JSON strings. */
static void
test_text_shapes (void)
{
  static const Case cases[] = {
    { "Van Roy, Benjamin", "Benjamin||Van Roy|" },
    { "de Freitas, Nando", "Nando|de|Freitas|" },
    { "van den Oord, Aäron", "Aäron|van den|Oord|" },
    { "Smith, John, Jr.", "John||Smith|Jr." },
    { "King, Jr., Martin Luther", "Martin Luther||King|Jr." },
    { "Smith, , Jr.", "||Smith|Jr." },
    { "Martin Luther King Jr.", "Martin Luther||King|Jr." },
    { "Ulrike von Luxburg", "Ulrike|von|Luxburg|" },
    { "Google DeepMind,", "||Google DeepMind|" },
    { "Zhang\u00a0San", "||Zhang\u00a0San|" },
    /* capitalised particles, as conference sites write them */
    { "Chris De Sa", "Chris||De Sa|" },
    { "Rianne Van Den Berg", "Rianne||Van Den Berg|" },
    { "Remi Tachet Des Combes", "Remi Tachet||Des Combes|" },
    { "Van Dijk", "Van||Dijk|" },
    { "Xuan Di Wang", "Xuan Di||Wang|" },
    { "et al.", "others" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GPtrArray) names = proc_names_new ();
      g_autofree char *got = NULL;

      g_ptr_array_add (names, proc_name_parse (cases[i].input, PROC_NAME_TEXT));
      got = names_describe (names);
      g_test_message ("%s → %s", cases[i].input, got);
      g_assert_cmpstr (got, ==, cases[i].expected);
    }

  g_assert_null (proc_name_parse ("  ", PROC_NAME_TEXT));
  g_assert_null (proc_name_parse (",", PROC_NAME_TEXT));
}

/* Written so that BibTeX reads the same parts back. */
static void
test_bibtex_encode (void)
{
  static const struct { const char *given, *particle, *family, *suffix, *expected; } cases[] = {
    { "Benjamin", NULL, "Van Roy", NULL, "Van Roy, Benjamin" },
    { "Nando", "de", "Freitas", NULL, "de Freitas, Nando" },
    { "Aäron", "van den", "Oord", NULL, "van den Oord, Aäron" },
    { "Aaron", NULL, "Van den Oord", NULL, "{Van den Oord}, Aaron" },
    { "Vincent", NULL, "van Gogh", NULL, "{van Gogh}, Vincent" },
    { "Julius", NULL, "Von Kügelgen", NULL, "Von Kügelgen, Julius" },
    { "Martin Luther", NULL, "King", "Jr.", "King, Jr., Martin Luther" },
    { NULL, NULL, "Smith", "Jr.", "Smith, Jr.," },
    { NULL, NULL, "Google DeepMind", NULL, "{Google DeepMind}" },
    { NULL, NULL, "Barnes and Noble, Inc.", NULL, "{Barnes and Noble, Inc.}" },
    { NULL, NULL, "Plato", NULL, "Plato" },
    { NULL, "de", "Freitas", NULL, "de Freitas" },
    { NULL, "Van den", "Oord", NULL, "{Van den Oord}" },
    { "Benjamin", "Van", "Roy", NULL, "Van Roy, Benjamin" },
    { "Jean, Paul", NULL, "Sartre", NULL, "Sartre, {Jean, Paul}" },
  };
  g_autoptr(GPtrArray) all = proc_names_new ();
  g_autofree char *list = NULL;
  g_autoptr(GPtrArray) back = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *got = NULL;

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(ProcName) name = proc_name_new (cases[i].given, cases[i].particle, cases[i].family, cases[i].suffix);
      g_autofree char *encoded = proc_bibtex_encode_name (name);

      g_test_message ("%s", encoded);
      g_assert_cmpstr (encoded, ==, cases[i].expected);
      /* "Van" is no von for BibTeX or pandoc: it joins the family */
      if (cases[i].particle == NULL || g_ascii_islower (cases[i].particle[0]))
        g_ptr_array_add (all, g_steal_pointer (&name));
    }
  g_ptr_array_add (all, proc_name_new_others ());

  list = proc_bibtex_encode_name_list (all);
  back = proc_bibtex_parse_names (list);
  expected = names_describe (all);
  got = names_describe (back);
  g_assert_cmpstr (got, ==, expected);
  g_assert_true (g_str_has_suffix (list, " and others"));

  /* Alone, "Van Roy, Benjamin Paul" would be two names separated by a
   * comma: its family is braced, and so is a suffix of two words. */
  {
    g_autoptr(GPtrArray) one = proc_names_new ();
    g_autofree char *alone = NULL;
    g_autoptr(GPtrArray) again = NULL;
    g_autofree char *shape = NULL;

    g_ptr_array_add (one, proc_name_new ("Benjamin Paul", NULL, "Van Roy", NULL));
    alone = proc_bibtex_encode_name_list (one);
    g_assert_cmpstr (alone, ==, "{Van Roy}, Benjamin Paul");
    again = proc_bibtex_parse_names (alone);
    shape = names_describe (again);
    g_assert_cmpstr (shape, ==, "Benjamin Paul||Van Roy|");

    g_ptr_array_set_size (one, 0);
    g_ptr_array_add (one, proc_name_new ("John", NULL, "Smith", "Esq. Ph.D."));
    g_clear_pointer (&alone, g_free);
    alone = proc_bibtex_encode_name_list (one);
    g_assert_cmpstr (alone, ==, "Smith, {Esq. Ph.D.}, John");
  }
}

static void
test_serialize (void)
{
  g_autoptr(GPtrArray) names = proc_bibtex_parse_names ("Van Roy, Benjamin and de Freitas, Nando and "
                                                        "King, Jr., Martin and {Google DeepMind} and others");
  g_autofree char *text = proc_names_serialize (names);
  g_autoptr(GPtrArray) back = proc_names_deserialize (text);
  g_autofree char *before = names_describe (names);
  g_autofree char *after = names_describe (back);
  g_autoptr(GPtrArray) none = proc_names_deserialize ("");
  g_autofree char *empty = proc_names_serialize (none);

  g_assert_cmpstr (text, ==, "Benjamin\t\tVan Roy\t\nNando\tde\tFreitas\t\nMartin\t\tKing\tJr.\n"
                             "\t\tGoogle DeepMind\t\nothers");
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (none->len, ==, 0);
  g_assert_cmpstr (empty, ==, "");
  /* Lines not in the form are left out, never half read. */
  g_clear_pointer (&back, g_ptr_array_unref);
  back = proc_names_deserialize ("garbage\n\t\t\t\nA\t\tB\t");
  g_assert_cmpuint (back->len, ==, 1);
}

static gboolean
word_is_lower (const char *word)
{
  for (const char *p = word; *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_isalpha (g_utf8_get_char (p)))
      return g_unichar_islower (g_utf8_get_char (p));

  return FALSE;
}

/* A von part that does not start and end with a lower-case word, or that
 * holds a comma or an "and" */
static gboolean
has_unreadable_particle (GPtrArray *names)
{
  for (guint i = 0; i < names->len; i++)
    {
      const ProcName *name = g_ptr_array_index (names, i);
      g_auto(GStrv) words = NULL;
      guint n;

      if (name->particle == NULL)
        continue;
      words = g_strsplit (name->particle, " ", -1);
      n = g_strv_length (words);
      if (!word_is_lower (words[0]) || !word_is_lower (words[n - 1]) || strchr (name->particle, ',') != NULL ||
          g_strv_contains ((const char * const *) words, "and") || g_strv_contains ((const char * const *) words, "AND"))
        return TRUE;
    }

  return FALSE;
}

/* Whatever the field, its names written back and read again have the
 * same parts, and the stored form gives them back. */
static void
test_random_fields (void)
{
  static const char * const pieces[] = {
    "Van", "van", "de", "De", "la", "Roy", "Oord", "Smith", "J.", "Jr.", "III", "and", "AND",
    "others", ",", ", ", " ", " ", " ", "~", "{", "}", "{\\'e}", "\\\"o", "é", "Łukasz", "-", "'",
    "O'Neil", "{Google DeepMind}", "\\&", "$x$", "et al.", "\t", "\n", "von", "Le", "d'",
  };
  GRand *rand = g_rand_new_with_seed (22);
  guint n_merged = 0;

  for (guint round = 0; round < 20000; round++)
    {
      g_autoptr(GString) field = g_string_new (NULL);
      g_autoptr(GPtrArray) names = NULL;
      g_autoptr(GPtrArray) back = NULL;
      g_autoptr(GPtrArray) stored = NULL;
      g_autofree char *encoded = NULL;
      g_autofree char *serialized = NULL;
      g_autofree char *before = NULL;
      g_autofree char *after = NULL;
      g_autofree char *restored = NULL;
      guint n = g_rand_int_range (rand, 1, 12);

      for (guint i = 0; i < n; i++)
        g_string_append (field, pieces[g_rand_int_range (rand, 0, G_N_ELEMENTS (pieces))]);

      names = proc_bibtex_parse_names (field->str);
      encoded = proc_bibtex_encode_name_list (names);
      back = proc_bibtex_parse_names (encoded);
      before = names_describe (names);
      after = names_describe (back);
      /* The same parts, but for a particle that BibTeX cannot read as one,
       * which joins the family: then the text is written the same again. */
      if (g_strcmp0 (before, after) != 0)
        {
          g_autofree char *again = proc_bibtex_encode_name_list (back);

          g_test_message ("%s → %s → %s → %s", field->str, before, encoded, after);
          g_assert_true (has_unreadable_particle (names));
          g_assert_cmpstr (again, ==, encoded);
          n_merged++;
        }
      /* and the list shows the same */
      {
        g_autofree char *shown = proc_names_to_display (names);
        g_autofree char *shown_back = proc_names_to_display (back);

        g_assert_cmpstr (shown_back, ==, shown);
      }

      serialized = proc_names_serialize (names);
      stored = proc_names_deserialize (serialized);
      restored = names_describe (stored);
      g_assert_cmpstr (restored, ==, before);
      g_assert_true (g_utf8_validate (serialized, -1, NULL));
    }

  g_test_message ("%u of 20000 fields had a particle BibTeX cannot write", n_merged);
  g_assert_cmpuint (n_merged, <, 2000);
  g_rand_free (rand);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/names/bibtex/shapes", test_bibtex_shapes);
  g_test_add_func ("/names/text/shapes", test_text_shapes);
  g_test_add_func ("/names/bibtex/encode", test_bibtex_encode);
  g_test_add_func ("/names/serialize", test_serialize);
  g_test_add_func ("/names/random-fields", test_random_fields);

  return g_test_run ();
}
