/* test-tex.c: TeX-ish abstract text to plain text and Pango markup
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib.h>

#include "proc-tex.h"

typedef struct
{
  const char *input;
  const char *expected;
} Case;

static void
check_cases (const Case *cases,
             gsize       n,
             char      *(*convert) (const char *))
{
  for (gsize i = 0; i < n; i++)
    {
      g_autofree char *out = convert (cases[i].input);

      g_assert_cmpstr (out, ==, cases[i].expected);
    }
}

/* Examples from real abstracts (ICML 2024 and the corpus) */
static void
test_plain_math (void)
{
  static const Case cases[] = {
    { "requires $\\frac{N^2d^2}{M}$ I/O operations", "requires N²d²/M I/O operations" },
    { "$O(\\varepsilon^{-1} \\ln n)$", "O(ε⁻¹ ln n)" },
    { "risk of $\\widetilde O(\\sqrt{d/n})$ for", "risk of Õ(√(d/n)) for" },
    { "loss ($\\geq$10%)", "loss (≥10%)" },
    { "by up to 1,098$\\times$ and 7.68$\\times$", "by up to 1,098× and 7.68×" },
    { "$M \\geq d^2$", "M ≥ d²" },
    { "$\\frac{1}{n+1}$", "1/(n+1)" },
    { "$\\sqrt{x+y}$ and $\\sqrt{T}$", "√(x+y) and √T" },
    { "$\\tilde{O}(n)$, $\\hat{x}$, $\\bar{x}$", "Õ(n), x̂, x̄" },
    { "$\\mathcal{O}(n)$", "𝒪(n)" },
    { "$\\mathbb{R}^d$, $\\mathbb{N}$, $\\mathbb{Z}$, $\\mathbb{Q}$, "
      "$\\mathbb{C}$, $\\mathbb{E}$, $\\mathbb{P}$",
      "ℝᵈ, ℕ, ℤ, ℚ, ℂ, 𝔼, ℙ" },
    { "$\\mathrm{KL}(p \\| q)$", "KL(p ‖ q)" },
    { "$\\text{if } x > 0$", "if  x > 0" },
    { "$\\operatorname{argmax}_x f$", "argmaxₓ f" },
    { "$\\left( \\frac{a}{b} \\right)$", "( a/b )" },
    { "$\\left. x \\right|$", " x |" },
    { "$\\{1, \\ldots, n\\}$", "{1, …, n}" },
    { "$a\\,b\\;c\\ d$", "a b c d" },
    { "$\\alpha, \\beta, \\gamma, \\Omega, \\epsilon, \\varepsilon, \\phi$",
      "α, β, γ, Ω, ε, ε, φ" },
    { "$a \\leq b \\neq c \\approx d \\times e \\cdot f \\pm g$", "a ≤ b ≠ c ≈ d × e · f ± g" },
    { "$\\infty \\in \\sum \\prod \\partial \\nabla \\to \\rightarrow \\leftarrow \\sim \\ll \\gg$",
      "∞ ∈ ∑ ∏ ∂ ∇ → → ← ∼ ≪ ≫" },
    { "$\\log n$, $\\exp(x)$, $\\min_x$, $\\max$, $\\sup$, $\\inf$, $\\lim$",
      "log n, exp(x), minₓ, max, sup, inf, lim" },
    { "$\\epsilon\\rightarrow\\infty$", "ε→∞" },
    { "$IC_{50}$ and $\\|x\\|_0$", "IC₅₀ and ‖x‖₀" },
    { "$|V(G)|^{1+o(1)}$", "|V(G)|¹⁺ᵒ⁽¹⁾" },
    { "$f : 2^{V} \\to \\mathbb{R}$", "f : 2ⱽ → ℝ" },
    { "$x^\\top$, $A^{\\dagger}$, $p^*$, $f'(x)$, $f''$", "xᵀ, A†, p*, f′(x), f″" },
    { "$\\ln^{2/3}n$", "ln^(2/3)n" },
    { "$\\mathcal{L}_{CE}$", "ℒ_CE" },
    { "$x_{i,j}$", "x_(i,j)" },
    { "$\\sqrt[3]{x}$", "∛x" },
    { "$\\not\\in$ and $\\not=$", "∉ and ≠" },
    { "$\\binom{n}{k}$", "C(n, k)" },
    { "$\\unknownmacro{x}$", "unknownmacrox" },
    { "$\\textit{e.g.}$ and $\\texttt{MultiDimSPCI}$", "e.g. and MultiDimSPCI" },
    { "\\(a^2\\) and \\[b_1\\]", "a² and b₁" },
    { "$$E = mc^2$$", "E = mc²" },
  };

  check_cases (cases, G_N_ELEMENTS (cases), proc_tex_to_plain);
}

static void
test_plain_text (void)
{
  static const Case cases[] = {
    { "\\textit{x} \\emph{y} \\textbf{z} \\texttt{w}", "x y z w" },
    { "*reason for future, act for now* (**RAFA**)", "reason for future, act for now (RAFA)" },
    { "a * b * c and 2*3*4", "a * b * c and 2*3*4" },
    { "**not closed and *not either", "**not closed and *not either" },
    { "5\\% of 10\\%", "5% of 10%" },
    { "Fig.~2 and et al.~\\cite{x}", "Fig. 2 and et al. " },
    { "about ~20% and 13~133×", "about ~20% and 13~133×" },
    { "a -- b --- c - d", "a – b — c - d" },
    { "``dual propagation''", "“dual propagation”" },
    { "\"global'' and \"local''", "\"global\" and \"local\"" },
    { "Fr\\'echet, na\\\"\\i ve, \\c{c}a", "Fréchet, naïve, ça" },
    { "{\\em old} style", "old style" },
    { "see \\url{https://x.org/a\\_b} or \\href{https://a.b}{the site}",
      "see https://x.org/a_b or the site" },
    { "\\LaTeX{} and \\S 3", "LaTeX and § 3" },
    /* Escapes lost on the way: "\t" of \textit became a space */
    { "our $ extit{RIoU}$ loss and 3 $ imes$ 3", "our RIoU loss and 3 × 3" },
    /* Glued arguments: \sqrt T and \mathbb{R} without their separators */
    { "$\\sqrtT$ and $\\mathbbR$", "√T and ℝ" },
  };

  check_cases (cases, G_N_ELEMENTS (cases), proc_tex_to_plain);
}

static void
test_markup (void)
{
  static const Case cases[] = {
    { "\\textit{x} \\emph{y} \\textbf{z} \\texttt{w}", "<i>x</i> <i>y</i> <b>z</b> <tt>w</tt>" },
    { "*latent variables* and **RAFA**", "<i>latent variables</i> and <b>RAFA</b>" },
    { "a < b & c > \"d\" 'e'", "a &lt; b &amp; c &gt; &quot;d&quot; &#39;e&#39;" },
    { "$x < y$", "x &lt; y" },
    { "$\\texttt{MultiDimSPCI}$ builds $\\textit{regions}$",
      "<tt>MultiDimSPCI</tt> builds <i>regions</i>" },
    { "$x^{2q}$ and $x_{ij}$ and $N^2$", "x<sup>2q</sup> and xᵢⱼ and N²" },
    { "$\\mathcal{L}_{CE}$", "ℒ<sub>CE</sub>" },
    { "$\\ln^{2/3}n$", "ln<sup>2/3</sup>n" },
    { "Fig.~2", "Fig.\xc2\xa0" "2" },
    { "{\\bf bold} text", "<b>bold</b> text" },
    { "\\textit{}empty", "empty" },
    { "$\\mathbf{x}$", "<b>x</b>" },
  };

  check_cases (cases, G_N_ELEMENTS (cases), proc_tex_to_markup);
}

/* A lone dollar or brace must not swallow the rest of the text */
static void
test_unbalanced (void)
{
  static const Case cases[] = {
    { "costs $5 and more", "costs $5 and more" },
    { "costs $5 and $10 in total", "costs $5 and $10 in total" },
    { "a $x$ b $ c", "a x b $ c" },
    { "\\textit{never closed and the rest", "never closed and the rest" },
    { "stray } brace", "stray  brace" },
    { "{{{ a } b", " a  b" },
    { "trailing backslash \\", "trailing backslash " },
    { "\\", "" },
    { "$", "$" },
    { "$$", "$$" },
    { "a $b\n\nc$ d", "a $b\n\nc$ d" },
    { "\\frac", "/" },
    { "$\\frac{1}$", "1/" },
    { "$x^$", "x" },
    { "$\\sqrt[3$", "√([)3" },
    { "", "" },
  };

  check_cases (cases, G_N_ELEMENTS (cases), proc_tex_to_plain);

  {
    g_autofree char *null_plain = proc_tex_to_plain (NULL);
    g_autofree char *null_markup = proc_tex_to_markup (NULL);

    g_assert_cmpstr (null_plain, ==, "");
    g_assert_cmpstr (null_markup, ==, "");
  }
}

static void
test_unicode (void)
{
  g_autofree char *plain = proc_tex_to_plain ("Fréchet means, 中文摘要 and $\\alpha$ — ok");
  g_autofree char *invalid = proc_tex_to_plain ("bad \xff\xfe bytes $x$");
  g_autofree char *controls = proc_tex_to_markup ("a\x01" "b\x7f" "c \xc2\x85" "d");

  g_assert_cmpstr (plain, ==, "Fréchet means, 中文摘要 and α — ok");
  g_assert_true (g_utf8_validate (invalid, -1, NULL));
  g_assert_nonnull (strstr (invalid, "bytes x"));
  g_assert_cmpstr (controls, ==, "abc d");
}

static void
start_element (GMarkupParseContext  *context,
               const char           *element,
               const char          **names,
               const char          **values,
               gpointer              user_data,
               GError              **error)
{
  static const char * const allowed[] = { "markup", "i", "b", "tt", "u", "sup", "sub", NULL };

  if (!g_strv_contains (allowed, element))
    g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_UNKNOWN_ELEMENT, "<%s>", element);
}

static void
assert_valid_markup (const char *input)
{
  static const GMarkupParser parser = { start_element, NULL, NULL, NULL, NULL };
  g_autofree char *markup = proc_tex_to_markup (input);
  g_autofree char *document = g_strconcat ("<markup>", markup, "</markup>", NULL);
  g_autoptr(GMarkupParseContext) context = g_markup_parse_context_new (&parser, 0, NULL, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_utf8_validate (markup, -1, NULL));
  if (!g_markup_parse_context_parse (context, document, -1, &error) ||
      !g_markup_parse_context_end_parse (context, &error))
    g_error ("Invalid markup for “%s”: %s\n%s", input, error->message, markup);
}

/* Whatever the input, the markup parses and uses only Pango's tags */
static void
test_markup_valid (void)
{
  static const char * const inputs[] = {
    "*a **b** c*", "**a *b* c**", "*a \\textbf{b* c}", "\\textit{a $x^{<b>}$ c}",
    "{\\em a {\\bf b} c} d \\em e", "$\\mathbf{\\hat{x}}_{\\textit{i}}^{<}$",
    "$\\frac{\\textbf{a}}{\\emph{b}}$", "$\\sqrt{\\mathcal{O}_{&}}$",
    "***x***", "*x", "x*", "`a' ``b'' 'c", "<script>&amp;</script>",
    "\\textit{\\textbf{\\texttt{\\underline{deep}}}}", "$\\hat{}$ $\\tilde\\mathcal{O}$",
    "{\\it open group", "\\textsuperscript{th} and \\textsubscript{2}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    assert_valid_markup (inputs[i]);
}

static char *
repeat (const char *unit,
        gsize       times)
{
  GString *s = g_string_sized_new (strlen (unit) * times);

  for (gsize i = 0; i < times; i++)
    g_string_append (s, unit);

  return g_string_free (s, FALSE);
}

/* Seconds that converting UNIT repeated TIMES times takes, both ways. */
static double
time_conversion (const char *unit,
                 gsize       times)
{
  g_autofree char *input = repeat (unit, times);
  gint64 start = g_get_monotonic_time ();
  g_autofree char *plain = proc_tex_to_plain (input);
  g_autofree char *markup = proc_tex_to_markup (input);
  double seconds = (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;

  g_assert_true (g_utf8_validate (plain, -1, NULL));
  g_assert_true (g_utf8_validate (markup, -1, NULL));
  /* output grows at most by a constant factor */
  g_assert_cmpuint (strlen (plain), <=, 8 * strlen (input) + 16);
  g_assert_cmpuint (strlen (markup), <=, 16 * strlen (input) + 16);
  return seconds;
}

/* Large and hostile inputs: no crash, no stack overflow, no quadratic
 * blow-up, and always valid output.  The blow-up is found by scaling, not
 * by a clock limit that a loaded machine or the sanitizers would break:
 * half the input must take about four times as long as an eighth, where
 * a quadratic pass takes sixteen. */
static void
test_robust (void)
{
  static const struct
  {
    const char *unit;
    gsize       times;
  } inputs[] = {
    { "{", 200000 }, { "}", 200000 }, { "$", 300000 }, { "$5 and ", 100000 },
    { "*a ", 200000 }, { "**", 200000 }, { "\\frac", 100000 }, { "\\hat", 100000 },
    { "^", 200000 }, { "$^{", 100000 }, { "\\(", 100000 }, { "\\textit{", 100000 },
    { "\\", 200000 }, { "a_{b^{c_{", 50000 }, { "``", 100000 }, { "~", 200000 },
    { "$\\sqrt[", 50000 }, { "\\begin{", 50000 }, { "é\\'", 100000 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      double eighth = time_conversion (inputs[i].unit, inputs[i].times / 8);
      double half = time_conversion (inputs[i].unit, inputs[i].times / 2);

      g_test_message ("“%s” × %zu: %.3f s, × %zu: %.3f s", inputs[i].unit,
                      inputs[i].times / 2, half, inputs[i].times / 8, eighth);
      /* a second of slack for a scheduler's pause; a quadratic pass here
       * takes minutes */
      g_assert_cmpfloat (half, <, 10 * eighth + 1.0);
    }
}

/* Every byte sequence gives valid output, random TeX-ish soup included */
static void
test_random (void)
{
  static const char * const atoms[] = {
    "$", "{", "}", "\\", "frac", "sqrt", "^", "_", "*", "**", "~", "`", "'", "-",
    "\\textit", "\\mathbb", "a", "b", " ", "\n", "\n\n", "[", "]", "(", ")", "é", "中",
    "\\left", "\\right", "<", "&", "\\(", "\\)", "\\url{", "http://", "%", "\\\\",
  };
  GRand *rand = g_rand_new_with_seed (20260101);

  for (guint round = 0; round < 2000; round++)
    {
      GString *input = g_string_new (NULL);
      guint n = g_rand_int_range (rand, 0, 60);
      g_autofree char *plain = NULL;

      for (guint i = 0; i < n; i++)
        g_string_append (input, atoms[g_rand_int_range (rand, 0, G_N_ELEMENTS (atoms))]);

      plain = proc_tex_to_plain (input->str);
      g_assert_true (g_utf8_validate (plain, -1, NULL));
      assert_valid_markup (input->str);
      g_string_free (input, TRUE);
    }

  g_rand_free (rand);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/tex/plain/math", test_plain_math);
  g_test_add_func ("/tex/plain/text", test_plain_text);
  g_test_add_func ("/tex/markup", test_markup);
  g_test_add_func ("/tex/unbalanced", test_unbalanced);
  g_test_add_func ("/tex/unicode", test_unicode);
  g_test_add_func ("/tex/markup-valid", test_markup_valid);
  g_test_add_func ("/tex/robust", test_robust);
  g_test_add_func ("/tex/random", test_random);

  return g_test_run ();
}
