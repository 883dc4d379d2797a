/* test-links.c: code, project and paper links found in abstracts
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib.h>

#include "proc-links.h"

typedef struct
{
  const char   *url;
  ProcLinkKind  kind;
} Expected;

static void
assert_links (const char     *text,
              const Expected *expected,
              guint           n_expected)
{
  g_autoptr(GPtrArray) links = proc_links_extract (text);

  g_assert_nonnull (links);
  for (guint i = 0; i < MIN (links->len, n_expected); i++)
    {
      const ProcLink *link = g_ptr_array_index (links, i);

      g_assert_cmpstr (link->url, ==, expected[i].url);
      g_assert_cmpstr (proc_link_kind_to_string (link->kind), ==,
                       proc_link_kind_to_string (expected[i].kind));
    }
  g_assert_cmpuint (links->len, ==, n_expected);
}

#define ASSERT_LINKS(text, ...)                                           \
  G_STMT_START {                                                          \
    static const Expected e[] = { __VA_ARGS__ };                          \
    assert_links ((text), e, G_N_ELEMENTS (e));                           \
  } G_STMT_END

#define ASSERT_NO_LINKS(text) assert_links ((text), NULL, 0)

/* The sentences with links in the ICML 2024 seeds: seven code links,
 * several followed by the sentence's period */
static const char * const seed_sentences[] = {
  "Codes will be available at https://github.com/lyh-18/PromptGIP.",
  "Relevant code can be found at https://github.com/hdong920/LESS.",
  "Code and dataset are available at https://github.com/aipixel/SASNet.",
  "Code can be found at: https://github.com/KempnerInstitute/llm_uncertainty",
  "The entire source code of PHAZE is available at https://github.com/msr-fiddle/phaze.",
  "The code is available at https://github.com/LIUYUANWEI98/IFRNet .",
  ("accuracy improvement of up to $\\sim 9 \\%$ compared to ReAct.Our code is "
   "available at https://github.com/SqueezeAILab/LLMCompiler."),
};

static const char * const seed_urls[] = {
  "https://github.com/lyh-18/PromptGIP",
  "https://github.com/hdong920/LESS",
  "https://github.com/aipixel/SASNet",
  "https://github.com/KempnerInstitute/llm_uncertainty",
  "https://github.com/msr-fiddle/phaze",
  "https://github.com/LIUYUANWEI98/IFRNet",
  "https://github.com/SqueezeAILab/LLMCompiler",
};

static void
test_seed_sentences (void)
{
  g_autofree char *all = NULL;
  g_autoptr(GPtrArray) links = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (seed_sentences); i++)
    {
      const Expected expected[] = { { seed_urls[i], PROC_LINK_CODE } };

      assert_links (seed_sentences[i], expected, 1);
    }

  /* all at once: in order */
  all = g_strjoinv (" ", (char **) seed_sentences);
  links = proc_links_extract (all);
  g_assert_cmpuint (links->len, ==, G_N_ELEMENTS (seed_urls));
  for (guint i = 0; i < links->len; i++)
    g_assert_cmpstr (((ProcLink *) g_ptr_array_index (links, i))->url, ==, seed_urls[i]);
}

static void
test_punctuation (void)
{
  ASSERT_LINKS ("See https://x.org/a.", { "https://x.org/a", PROC_LINK_OTHER });
  ASSERT_LINKS ("See https://x.org/a, or not.", { "https://x.org/a", PROC_LINK_OTHER });
  ASSERT_LINKS ("Is it https://x.org/a?", { "https://x.org/a", PROC_LINK_OTHER });
  ASSERT_LINKS ("(see https://x.org/a_(b))", { "https://x.org/a_(b)", PROC_LINK_OTHER });
  ASSERT_LINKS ("(see https://x.org/a)", { "https://x.org/a", PROC_LINK_OTHER });
  ASSERT_LINKS ("(https://x.org/a).", { "https://x.org/a", PROC_LINK_OTHER });
  ASSERT_LINKS ("[https://x.org/a]", { "https://x.org/a", PROC_LINK_OTHER });
  ASSERT_LINKS ("\"https://x.org/a\"", { "https://x.org/a", PROC_LINK_OTHER });
  ASSERT_LINKS ("“https://x.org/a”", { "https://x.org/a", PROC_LINK_OTHER });
  ASSERT_LINKS ("at https://x.org/a;", { "https://x.org/a", PROC_LINK_OTHER });
  ASSERT_LINKS ("at https://x.org/a?q=1&r=2!", { "https://x.org/a?q=1&r=2", PROC_LINK_OTHER });
  ASSERT_LINKS ("**https://github.com/a/b**", { "https://github.com/a/b", PROC_LINK_CODE });
  ASSERT_LINKS ("<https://x.org/a>", { "https://x.org/a", PROC_LINK_OTHER });
  ASSERT_LINKS ("[the code](https://github.com/a/b).",
                { "https://github.com/a/b", PROC_LINK_CODE });
}

static void
test_tex (void)
{
  ASSERT_LINKS ("Code: \\url{https://github.com/a/b_c}.",
                { "https://github.com/a/b_c", PROC_LINK_CODE });
  ASSERT_LINKS ("Code: \\url{https://github.com/a/b\\_c}",
                { "https://github.com/a/b_c", PROC_LINK_CODE });
  ASSERT_LINKS ("Project page: \\href{https://x.org/p}{x.org/p}",
                { "https://x.org/p", PROC_LINK_PROJECT });
  ASSERT_LINKS ("$x$ at https://x.org/a\\%20b", { "https://x.org/a%20b", PROC_LINK_OTHER });
}

static void
test_bare_and_doi (void)
{
  ASSERT_LINKS ("Code at github.com/a/b.", { "https://github.com/a/b", PROC_LINK_CODE });
  ASSERT_LINKS ("Visit www.Example.org/x for more",
                { "https://www.example.org/x", PROC_LINK_OTHER });
  ASSERT_LINKS ("HTTPS://GitHub.com/A/B", { "https://github.com/A/B", PROC_LINK_CODE });
  ASSERT_LINKS ("doi:10.1145/3292500.3330701.",
                { "https://doi.org/10.1145/3292500.3330701", PROC_LINK_DOI });
  ASSERT_LINKS ("DOI: 10.5281/zenodo.14178277",
                { "https://doi.org/10.5281/zenodo.14178277", PROC_LINK_DOI });
  ASSERT_LINKS ("data (10.5281/zenodo.123).",
                { "https://doi.org/10.5281/zenodo.123", PROC_LINK_DOI });
  ASSERT_LINKS ("http://dx.doi.org/10.1000/xyz", { "https://doi.org/10.1000/xyz", PROC_LINK_DOI });
  /* numbers are not DOIs, and a DOI needs its suffix */
  ASSERT_NO_LINKS ("accuracy of 10.5% and 10.1/2 and 10.12345 or v10.1234/5");
  ASSERT_NO_LINKS ("see 10.1234/. and doi:10.1234/)");
  /* neither are parts of other links or addresses */
  ASSERT_LINKS ("https://dl.acm.org/doi/10.5555/2772879.2773411",
                { "https://dl.acm.org/doi/10.5555/2772879.2773411", PROC_LINK_OTHER });
  ASSERT_NO_LINKS ("mail me at someone@github.com/x or mygithub.com/x");
}

static void
test_kinds (void)
{
  ASSERT_LINKS ("https://arxiv.org/abs/2401.00001 and https://arxiv.org/pdf/2401.00001 "
                "and https://x.org/paper.PDF?dl=1",
                { "https://arxiv.org/abs/2401.00001", PROC_LINK_OTHER },
                { "https://arxiv.org/pdf/2401.00001", PROC_LINK_PDF },
                { "https://x.org/paper.PDF?dl=1", PROC_LINK_PDF });
  ASSERT_LINKS ("https://foo.github.io/bar https://gitlab.com/a/b https://huggingface.co/x/y "
                "https://bitbucket.org/a/b https://codeberg.org/a/b "
                "https://sites.google.com/view/z",
                { "https://foo.github.io/bar", PROC_LINK_PROJECT },
                { "https://gitlab.com/a/b", PROC_LINK_CODE },
                { "https://huggingface.co/x/y", PROC_LINK_CODE },
                { "https://bitbucket.org/a/b", PROC_LINK_CODE },
                { "https://codeberg.org/a/b", PROC_LINK_CODE },
                { "https://sites.google.com/view/z", PROC_LINK_PROJECT });
  /* other hosts: what the sentence says they are */
  ASSERT_LINKS ("Videos are on our project page: https://lab.example.edu/robot.",
                { "https://lab.example.edu/robot", PROC_LINK_PROJECT });
  ASSERT_LINKS ("Our implementation is at https://lab.example.edu/tool. See https://x.org.",
                { "https://lab.example.edu/tool", PROC_LINK_CODE },
                { "https://x.org", PROC_LINK_OTHER });
}

static void
test_duplicates (void)
{
  ASSERT_LINKS ("https://github.com/a/b (https://github.com/a/b). Again: https://github.com/a/b.",
                { "https://github.com/a/b", PROC_LINK_CODE });
  ASSERT_LINKS ("github.com/a/b and https://github.com/a/b",
                { "https://github.com/a/b", PROC_LINK_CODE });
  ASSERT_LINKS ("https://b.org https://a.org https://b.org",
                { "https://b.org", PROC_LINK_OTHER },
                { "https://a.org", PROC_LINK_OTHER });
}

static void
test_none (void)
{
  ASSERT_NO_LINKS ("No link in this abstract, only 3.5% and e.g. a.b.");
  ASSERT_NO_LINKS ("");
  ASSERT_NO_LINKS ("http://");
  ASSERT_NO_LINKS ("see http:// for nothing");
  ASSERT_NO_LINKS ("https:// followed by a space");
  ASSERT_NO_LINKS ("https://localhost and https://.org and https://x. and https://");
  ASSERT_NO_LINKS ("github.com/ alone");
  ASSERT_NO_LINKS ("the file://x.org/a and ftp://x.org/b are not web links");

  {
    g_autoptr(GPtrArray) links = proc_links_extract (NULL);

    g_assert_nonnull (links);
    g_assert_cmpuint (links->len, ==, 0);
  }
}

static void
test_kind_strings (void)
{
  static const struct
  {
    ProcLinkKind  kind;
    const char   *name;
  } kinds[] = {
    { PROC_LINK_CODE, "code" }, { PROC_LINK_PROJECT, "project" }, { PROC_LINK_PDF, "pdf" },
    { PROC_LINK_DOI, "doi" }, { PROC_LINK_OTHER, "other" },
  };

  /* stored in the database: these names never change */
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_assert_cmpstr (proc_link_kind_to_string (kinds[i].kind), ==, kinds[i].name);
      g_assert_cmpint (proc_link_kind_from_string (kinds[i].name), ==, kinds[i].kind);
    }

  g_assert_cmpint (proc_link_kind_from_string ("video"), ==, PROC_LINK_OTHER);
  g_assert_cmpint (proc_link_kind_from_string ("CODE"), ==, PROC_LINK_OTHER);
  g_assert_cmpint (proc_link_kind_from_string (""), ==, PROC_LINK_OTHER);
  g_assert_cmpint (proc_link_kind_from_string (NULL), ==, PROC_LINK_OTHER);
  g_assert_cmpstr (proc_link_kind_to_string ((ProcLinkKind) 42), ==, "other");
}

static void
test_free (void)
{
  g_autoptr(ProcLink) link = g_new0 (ProcLink, 1);

  link->url = g_strdup ("https://x.org");
  proc_link_free (NULL);
}

static void
test_robust (void)
{
  static const char * const units[] = {
    "https://", "http://x.", "github.com/", "www.", "(", ")", "]", "}", ".", " ",
    "\\_", "\\", "doi:", "10.1234/", "a", "é", "\n", "?", "\"",
  };
  GRand *rand = g_rand_new_with_seed (777);
  GString *big = g_string_new (NULL);
  g_autoptr(GPtrArray) links = NULL;

  for (guint round = 0; round < 3000; round++)
    {
      GString *input = g_string_new (NULL);
      g_autoptr(GPtrArray) found = NULL;
      guint n = g_rand_int_range (rand, 0, 40);

      for (guint i = 0; i < n; i++)
        g_string_append (input, units[g_rand_int_range (rand, 0, G_N_ELEMENTS (units))]);

      found = proc_links_extract (input->str);
      for (guint i = 0; i < found->len; i++)
        {
          const ProcLink *link = g_ptr_array_index (found, i);

          g_assert_true (g_str_has_prefix (link->url, "https://") ||
                         g_str_has_prefix (link->url, "http://"));
          g_assert_true (g_utf8_validate (link->url, -1, NULL));
          g_assert_null (strchr (link->url, ' '));
        }
      g_string_free (input, TRUE);
    }

  /* a megabyte of links, most of them the same */
  while (big->len < 1024 * 1024)
    g_string_append_printf (big, "https://github.com/a/b%u. ", (guint) (big->len % 7));
  links = proc_links_extract (big->str);
  g_assert_cmpuint (links->len, ==, 7);

  g_string_free (big, TRUE);
  g_rand_free (rand);
}

static char *
find_seeds_dir (void)
{
  const char *shared = g_getenv ("PROCEEDINGS_SHARED_DIR");
  char *dir;

#ifdef SHARED_DIR
  if (shared == NULL)
    shared = SHARED_DIR;
#endif
  if (shared == NULL)
    return NULL;

  dir = g_build_filename (shared, "seeds", NULL);
  if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    g_clear_pointer (&dir, g_free);

  return dir;
}

/* The whole seed lists: exactly the seven code links */
static void
test_seeds (void)
{
  g_autofree char *dir = find_seeds_dir ();
  g_autoptr(GDir) d = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  if (dir == NULL)
    {
      g_test_skip ("The shared seeds are not here (set PROCEEDINGS_SHARED_DIR)");
      return;
    }

  d = g_dir_open (dir, 0, NULL);
  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, ".txt"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);
  g_assert_cmpuint (names->len, >, 0);

  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (dir, g_ptr_array_index (names, i), NULL);
      g_autofree char *contents = NULL;
      g_auto(GStrv) paragraphs = NULL;
      g_autoptr(GError) error = NULL;

      g_file_get_contents (path, &contents, NULL, &error);
      g_assert_no_error (error);

      paragraphs = g_strsplit (contents, "\n\n", -1);
      for (guint k = 1; paragraphs[k] != NULL; k++)
        {
          g_autoptr(GPtrArray) links = proc_links_extract (paragraphs[k]);

          for (guint l = 0; l < links->len; l++)
            {
              const ProcLink *link = g_ptr_array_index (links, l);

              g_test_message ("%s %s", proc_link_kind_to_string (link->kind), link->url);
              g_assert_cmpint (link->kind, ==, PROC_LINK_CODE);
              g_ptr_array_add (found, g_strdup (link->url));
            }
        }
    }

  g_assert_cmpuint (found->len, ==, G_N_ELEMENTS (seed_urls));
  for (guint i = 0; i < G_N_ELEMENTS (seed_urls); i++)
    {
      guint index;

      g_assert_true (g_ptr_array_find_with_equal_func (found, seed_urls[i], g_str_equal, &index));
    }
}

static void
assert_markup (const char *text,
               const char *expected)
{
  g_autofree char *markup = proc_links_to_markup (text);

  g_assert_cmpstr (markup, ==, expected);
}

/* Abstracts shown with their links clickable, TeX still converted */
static void
test_markup (void)
{
  assert_markup ("Code is available at https://github.com/lyh-18/PromptGIP.",
                 "Code is available at <a href=\"https://github.com/lyh-18/PromptGIP\">"
                 "https://github.com/lyh-18/PromptGIP</a>.");
  assert_markup ("requires $\\frac{N^2d^2}{M}$ I/O, see https://x.org/a",
                 "requires N²d²/M I/O, see <a href=\"https://x.org/a\">https://x.org/a</a>");
  /* What TeX would change stays as written inside a link */
  assert_markup ("at https://x.org/a--b_c*d*~e ok",
                 "at <a href=\"https://x.org/a--b_c*d*~e\">https://x.org/a--b_c*d*~e</a> ok");
  assert_markup ("Code: \\url{https://github.com/a/b\\_c}.",
                 "Code: <a href=\"https://github.com/a/b_c\">https://github.com/a/b_c</a>.");
  /* Escaped for the attribute and the text */
  assert_markup ("see https://x.org/?q=1&r='2' & more",
                 "see <a href=\"https://x.org/?q=1&amp;r=&apos;2\">"
                 "https://x.org/?q=1&amp;r=&apos;2</a>&#39; &amp; more");
  /* The host is normalised for the browser, shown as written */
  assert_markup ("HTTPS://GitHub.com/A/B",
                 "<a href=\"https://github.com/A/B\">HTTPS://GitHub.com/A/B</a>");
  assert_markup ("**https://github.com/a/b** and (https://x.org/a).",
                 "<b><a href=\"https://github.com/a/b\">https://github.com/a/b</a></b> and "
                 "(<a href=\"https://x.org/a\">https://x.org/a</a>).");
  assert_markup ("one https://a.org/1 two https://b.org/2",
                 "one <a href=\"https://a.org/1\">https://a.org/1</a> two "
                 "<a href=\"https://b.org/2\">https://b.org/2</a>");

  /* Only web links, and only real ones */
  assert_markup ("ftp://x.org/a and javascript://x.org", "ftp://x.org/a and javascript://x.org");
  assert_markup ("http:// alone, https://nohost and <b>", "http:// alone, https://nohost and &lt;b&gt;");
  assert_markup ("xhttps://x.org/a", "xhttps://x.org/a");
  assert_markup ("no links, $x^2$", "no links, x²");
  assert_markup (NULL, "");
  /* Private-use characters would be taken for placeholders: no links then */
  assert_markup ("\xee\x80\x80 https://x.org", "\xee\x80\x80 https://x.org");
}

static void
check_link_element (GMarkupParseContext  *context,
                    const char           *element,
                    const char          **names,
                    const char          **values,
                    gpointer              user_data,
                    GError              **error)
{
  static const char * const allowed[] = { "markup", "i", "b", "tt", "u", "sup", "sub", "a", NULL };

  if (!g_strv_contains (allowed, element))
    g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_UNKNOWN_ELEMENT, "<%s>", element);
  else if (strcmp (element, "a") == 0 &&
           (names[0] == NULL || strcmp (names[0], "href") != 0 || names[1] != NULL ||
            !(g_str_has_prefix (values[0], "http://") || g_str_has_prefix (values[0], "https://"))))
    g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT, "bad <a>");
}

/* Whatever the text, the markup parses, and links are http(s) hrefs */
static void
test_markup_valid (void)
{
  static const GMarkupParser parser = { check_link_element, NULL, NULL, NULL, NULL };
  static const char * const inputs[] = {
    "https://x.org/\"><script>", "https://x.org/a<b>c", "$https://x.org/a_b$",
    "\\textit{https://x.org/i} and \\texttt{see https://x.org/t}",
    "\\href{https://x.org/p}{the page}", "[t](https://x.org/a)", "https://x.org/{a}",
    "https://x.org/a\\", "https://x.org/\\&amp;", "{https://x.org}", "$x https://x.org/$ y",
    "https://", "https://.", "https://a.b", "*https://x.org/a*b*", "``https://x.org''",
  };

  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      g_autofree char *markup = proc_links_to_markup (inputs[i]);
      g_autofree char *document = g_strconcat ("<markup>", markup, "</markup>", NULL);
      g_autoptr(GMarkupParseContext) context = g_markup_parse_context_new (&parser, 0, NULL, NULL);
      g_autoptr(GError) error = NULL;

      if (!g_markup_parse_context_parse (context, document, -1, &error) ||
          !g_markup_parse_context_end_parse (context, &error))
        g_error ("Invalid markup for “%s”: %s\n%s", inputs[i], error->message, markup);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/links/seed-sentences", test_seed_sentences);
  g_test_add_func ("/links/punctuation", test_punctuation);
  g_test_add_func ("/links/tex", test_tex);
  g_test_add_func ("/links/bare-and-doi", test_bare_and_doi);
  g_test_add_func ("/links/kinds", test_kinds);
  g_test_add_func ("/links/duplicates", test_duplicates);
  g_test_add_func ("/links/none", test_none);
  g_test_add_func ("/links/kind-strings", test_kind_strings);
  g_test_add_func ("/links/free", test_free);
  g_test_add_func ("/links/robust", test_robust);
  g_test_add_func ("/links/seeds", test_seeds);
  g_test_add_func ("/links/markup", test_markup);
  g_test_add_func ("/links/markup-valid", test_markup_valid);

  return g_test_run ();
}
