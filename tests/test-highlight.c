/* test-highlight.c: words marked in plain text and in markup
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <pango/pango.h>

#include "proc-highlight.h"

static const char * const search_terms[] = { "graph", NULL };
static const char * const watched_terms[] = { "RL", "conformal prediction", "graph neural", NULL };

static const ProcHighlightSet sets[] = {
  { search_terms, "<s>", "</s>", FALSE },
  { watched_terms, "<w>", "</w>", TRUE },
};

static void
test_plain (void)
{
  g_autofree char *one = proc_highlight_markup ("Paragraph graphs & <b>", search_terms, "[", "]");
  g_autofree char *both = NULL;
  g_autofree char *none = proc_highlight_markup_sets ("", sets, G_N_ELEMENTS (sets));

  /* Search words match anywhere, as before. */
  g_assert_cmpstr (one, ==, "Para[graph] [graph]s &amp; &lt;b&gt;");

  /* Watched words only where a word starts; the first set wins a tie,
   * the longest term of a set its overlaps. */
  both = proc_highlight_markup_sets ("URL RL-based Conformal Prediction; graph neural nets",
                                     sets, G_N_ELEMENTS (sets));
  g_assert_cmpstr (both, ==, "URL <w>RL</w>-based <w>Conformal Prediction</w>; <s>graph</s> neural nets");
  g_assert_cmpstr (none, ==, "");
}

static void
test_in_markup (void)
{
  const char *markup = "Offline <a href=\"https://x.org/rl?a=1&amp;b=2\">RL code</a> &amp; "
                       "<i>conformal</i> prediction, &lt;RL&gt; &#x3b5;-RL";
  g_autofree char *marked = proc_highlight_in_markup (markup, sets, G_N_ELEMENTS (sets));

  /* Inside the link's text, not its address; escapes kept escaped; a
   * phrase across a tag is not one. */
  g_assert_cmpstr (marked, ==,
                   "Offline <a href=\"https://x.org/rl?a=1&amp;b=2\"><w>RL</w> code</a> &amp; "
                   "<i>conformal</i> prediction, &lt;<w>RL</w>&gt; ε-<w>RL</w>");
}

/* What Pango reads: the marked markup of real tags parses. */
static void
test_pango_parses (void)
{
  static const char * const words[] = { "model", "a&b", NULL };
  const ProcHighlightSet real = { words, "<span background=\"#62a0ea\" bgalpha=\"35%\">", "</span>", TRUE };
  const char *inputs[] = {
    "A <a href=\"https://github.com/x/model\">model</a> &amp; <sub>2</sub> a&amp;b models",
    "<i>unclosed model",
    "model <b>bold model</b>",
  };

  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      g_autofree char *marked = proc_highlight_in_markup (inputs[i], &real, 1);
      g_autoptr(GError) error = NULL;
      gboolean input_ok = pango_parse_markup (inputs[i], -1, 0, NULL, NULL, NULL, NULL);

      /* Well-formed in, well-formed out. */
      if (input_ok)
        {
          g_assert_true (pango_parse_markup (marked, -1, 0, NULL, NULL, NULL, &error));
          g_assert_no_error (error);
        }
      g_assert_nonnull (strstr (marked, "<span background"));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/highlight/plain", test_plain);
  g_test_add_func ("/highlight/in-markup", test_in_markup);
  g_test_add_func ("/highlight/pango-parses", test_pango_parses);

  return g_test_run ();
}
