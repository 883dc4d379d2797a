/* test-key-phrases.c: the key phrases of abstracts
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib.h>

#include "proc-key-phrases.h"
#include "proc-tex.h"

/* The bundled ICML 2024 list: one abstract per paragraph after the
 * list's title. */
static GPtrArray *
read_seed_abstracts (void)
{
  const char *source = g_getenv ("PROCEEDINGS_SOURCE_DIR");
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  g_auto(GStrv) paragraphs = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *abstracts = g_ptr_array_new_with_free_func (g_free);

  g_assert_nonnull (source);
  path = g_build_filename (source, "resources", "lists", "icml-2024.txt", NULL);
  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);

  paragraphs = g_strsplit (contents, "\n\n", -1);
  for (guint i = 1; paragraphs[i] != NULL; i++)
    {
      char *abstract = g_strstrip (g_strdup (paragraphs[i]));

      if (*abstract != '\0')
        g_ptr_array_add (abstracts, abstract);
      else
        g_free (abstract);
    }

  return abstracts;
}

static const char *
find_abstract (GPtrArray  *abstracts,
               const char *start)
{
  for (guint i = 0; i < abstracts->len; i++)
    if (g_str_has_prefix (g_ptr_array_index (abstracts, i), start))
      return g_ptr_array_index (abstracts, i);

  g_assert_not_reached ();
}

static char *
join (char **phrases)
{
  return g_strjoinv (" | ", phrases);
}

static gboolean
contains_phrase (char       **phrases,
                 const char  *phrase)
{
  return g_strv_contains ((const char * const *) phrases, phrase);
}

#define assert_has(phrases, phrase) \
  G_STMT_START { \
    if (!contains_phrase ((phrases), (phrase))) \
      { \
        g_autofree char *all = join (phrases); \
        g_error ("“%s” is not among the key phrases: %s", (phrase), all); \
      } \
  } G_STMT_END

#define assert_lacks(phrases, phrase) \
  G_STMT_START { \
    if (contains_phrase ((phrases), (phrase))) \
      { \
        g_autofree char *all = join (phrases); \
        g_error ("“%s” should not be a key phrase: %s", (phrase), all); \
      } \
  } G_STMT_END

static gboolean
is_cjk_text (const char *text)
{
  for (const char *p = text; *p; p = g_utf8_next_char (p))
    if (g_utf8_get_char (p) >= 0x3040)
      return TRUE;

  return FALSE;
}

/* What holds for the phrases of any text. */
static void
assert_phrase_shapes (char       **phrases,
                      guint        max_phrases,
                      const char  *text)
{
  static const char * const edges[] = {
    "we", "our", "the", "a", "of", "and", "paper", "propose", "proposed", "results",
    "method", "methods", "approach", "show", "novel", "this", "in", NULL
  };
  g_autofree char *plain = proc_tex_to_plain (text);
  g_autofree char *plain_lower = g_utf8_strdown (plain, -1);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  g_assert_nonnull (phrases);
  g_assert_cmpuint (g_strv_length (phrases), <=, max_phrases);

  for (guint i = 0; phrases[i] != NULL; i++)
    {
      const char *phrase = phrases[i];
      g_autofree char *lower = g_utf8_strdown (phrase, -1);
      g_auto(GStrv) words = g_strsplit (lower, " ", -1);
      guint n = g_strv_length (words);

      g_assert_true (g_utf8_validate (phrase, -1, NULL));
      g_assert_cmpstr (phrase, !=, "");
      g_assert_null (strpbrk (phrase, "$\\{}^_*<>()[],;:\"\n"));
      g_assert_null (strstr (phrase, "http"));
      g_assert_null (strstr (phrase, "github"));
      g_assert_null (strstr (phrase, "  "));
      g_assert_false (g_hash_table_contains (seen, lower));
      g_hash_table_add (seen, g_strdup (lower));

      if (is_cjk_text (phrase))
        {
          g_assert_cmpuint (g_utf8_strlen (phrase, -1), >=, 2);
          g_assert_cmpuint (g_utf8_strlen (phrase, -1), <=, 6);
        }
      else
        {
          g_assert_cmpuint (n, >=, 1);
          g_assert_cmpuint (n, <=, 3);
          g_assert_false (g_strv_contains (edges, words[0]));
          g_assert_false (g_strv_contains (edges, words[n - 1]));
          /* no word of digits only */
          for (guint k = 0; k < n; k++)
            g_assert_false (strspn (words[k], "0123456789.") == strlen (words[k]));
        }

      /* every phrase is in the text as written, up to case */
      if (strstr (plain_lower, lower) == NULL)
        g_error ("“%s” is not in the text", phrase);
    }
}

static void
test_seeds_shape (void)
{
  g_autoptr(GPtrArray) abstracts = read_seed_abstracts ();
  guint with_phrases = 0;

  g_assert_cmpuint (abstracts->len, ==, 38);

  for (guint i = 0; i < abstracts->len; i++)
    {
      const char *abstract = g_ptr_array_index (abstracts, i);
      g_auto(GStrv) phrases = proc_key_phrases_extract (abstract, 6);
      g_auto(GStrv) again = proc_key_phrases_extract (abstract, 6);
      g_auto(GStrv) first = proc_key_phrases_extract (abstract, 1);
      g_autofree char *all = join (phrases);

      g_test_message ("%.50s… → %s", abstract, all);
      assert_phrase_shapes (phrases, 6, abstract);
      with_phrases += phrases[0] != NULL;

      /* the same text gives the same phrases; fewer asked, the best of them */
      g_assert_true (g_strv_equal ((const char * const *) phrases, (const char * const *) again));
      g_assert_cmpuint (g_strv_length (first), ==, MIN (1, g_strv_length (phrases)));
      if (phrases[0] != NULL)
        g_assert_cmpstr (first[0], ==, phrases[0]);
    }

  /* every abstract of the list says what it is about */
  g_assert_cmpuint (with_phrases, ==, abstracts->len);
}

static void
test_seeds_content (void)
{
  g_autoptr(GPtrArray) abstracts = read_seed_abstracts ();
  g_auto(GStrv) flash = NULL;
  g_auto(GStrv) mag = NULL;
  g_auto(GStrv) dkl = NULL;
  g_auto(GStrv) rafa = NULL;
  g_auto(GStrv) promptgip = NULL;
  g_auto(GStrv) sbm = NULL;
  g_auto(GStrv) conformal = NULL;

  /* math ($\frac{N^2d^2}{M}$, $M \geq d^2$) leaves nothing behind */
  flash = proc_key_phrases_extract (find_abstract (abstracts, "Attention is at the heart"), 6);
  g_assert_cmpstr (flash[0], ==, "I/O complexity");
  assert_has (flash, "FlashAttention");
  for (guint i = 0; flash[i] != NULL; i++)
    g_assert_null (strstr (flash[i], "²"));

  /* an acronym counts for what it stands for; *latent variables* is text */
  mag = proc_key_phrases_extract (find_abstract (abstracts, "Maximal ancestral graph (MAG)"), 6);
  g_assert_cmpstr (mag[0], ==, "maximal ancestral graph");
  assert_has (mag, "Markov equivalence class");
  assert_has (mag, "latent confounders");
  assert_lacks (mag, "MAG");
  assert_lacks (mag, "MAGs");

  /* names keep their capitals inside a phrase in lower case */
  dkl = proc_key_phrases_extract (find_abstract (abstracts, "Deep kernel learning (DKL)"), 6);
  g_assert_cmpstr (dkl[0], ==, "deep kernel learning");
  assert_has (dkl, "Gaussian processes");
  assert_lacks (dkl, "DKL");

  /* "large language models (LLMs)": one phrase for both, as written */
  rafa = proc_key_phrases_extract (find_abstract (abstracts, "Large language models (LLMs) demonstrate"), 6);
  g_assert_cmpstr (rafa[0], ==, "large language models");
  assert_has (rafa, "Markov decision processes");
  assert_lacks (rafa, "LLMs");
  assert_lacks (rafa, "language models");

  /* the subject of the first sentence; Title Case is no name */
  promptgip = proc_key_phrases_extract (find_abstract (abstracts, "Image processing is a fundamental"), 6);
  g_assert_cmpstr (promptgip[0], ==, "image processing");
  assert_has (promptgip, "computer vision");
  assert_lacks (promptgip, "image");

  sbm = proc_key_phrases_extract (find_abstract (abstracts, "Stochastic block models (SBMs)"), 6);
  g_assert_cmpstr (sbm[0], ==, "stochastic block models");

  /* "language model (LM)": one phrase for the words and the acronym;
   * generic words alone are none */
  conformal = proc_key_phrases_extract (find_abstract (abstracts, "Guaranteeing the correctness"), 8);
  assert_has (conformal, "conformal prediction");
  assert_has (conformal, "language model");
  assert_lacks (conformal, "LM");
  for (guint i = 0; conformal[i] != NULL; i++)
    {
      g_assert_cmpstr (conformal[i], !=, "problem");
      g_assert_cmpstr (conformal[i], !=, "guarantees");
      g_assert_cmpstr (conformal[i], !=, "correctness");
    }
}

static void
test_math_and_markup (void)
{
  static const char *kmeans_text =
    "We study $k$-means clustering with outliers. Our $k$-means clustering bound is "
    "tight for $k \\geq 2$ and $\\epsilon$-greedy exploration.";
  static const char *emphasis_text =
    "Causal models with *latent variables* are hard. We learn \\textit{latent variables} "
    "and \\emph{latent variables} from **observational data** and observational data.";
  g_auto(GStrv) only_math = proc_key_phrases_extract ("$\\frac{N^2d^2}{M}$ and $$x^2 + y^2$$ and \\(a_i\\) \\[b\\]", 6);
  g_auto(GStrv) kmeans = NULL;
  g_auto(GStrv) emphasis = NULL;
  g_auto(GStrv) dollars = NULL;

  g_auto(GStrv) math_words = proc_key_phrases_extract ("Bounds on $\\text{mirror descent}$ hold. "
                                                      "So do $\\mathrm{mirror\\ descent} + \\log n$ and "
                                                      "\\(\\textrm{mirror descent}\\) ones.", 6);

  g_assert_cmpuint (g_strv_length (only_math), ==, 0);
  /* words in math are the math's, not the abstract's */
  g_assert_cmpuint (g_strv_length (math_words), ==, 0);

  /* a symbol in a word stays: $k$-means */
  kmeans = proc_key_phrases_extract (kmeans_text, 6);
  assert_has (kmeans, "k-means clustering");
  assert_phrase_shapes (kmeans, 6, kmeans_text);

  /* emphasis and font commands are text */
  emphasis = proc_key_phrases_extract (emphasis_text, 6);
  g_assert_cmpstr (emphasis[0], ==, "latent variables");
  assert_has (emphasis, "observational data");
  assert_phrase_shapes (emphasis, 6, emphasis_text);

  /* a lone dollar is a price, not math (two in a paragraph are math, as
   * the abstract shows them) */
  dollars = proc_key_phrases_extract ("Cloud computing is at $5 per hour. Cloud computing "
                                      "is cheap.\n\nCloud computing at $3.", 6);
  assert_has (dollars, "cloud computing");
}

static void
test_links (void)
{
  static const char *text =
    "Graph transformers scale. Code for graph transformers is at "
    "https://github.com/graph/transformers-code and http://example.org/graph_transformers.";
  g_auto(GStrv) only_link = proc_key_phrases_extract ("https://github.com/example/repository-name", 6);
  g_auto(GStrv) bare = proc_key_phrases_extract ("github.com/example/graph-networks www.example.org/graph-networks", 6);
  g_auto(GStrv) with_text = NULL;

  g_assert_cmpuint (g_strv_length (only_link), ==, 0);
  g_assert_cmpuint (g_strv_length (bare), ==, 0);

  with_text = proc_key_phrases_extract (text, 6);
  g_assert_cmpstr (with_text[0], ==, "graph transformers");
  assert_phrase_shapes (with_text, 6, text);
}

static void
test_plurals_and_case (void)
{
  g_auto(GStrv) plurals = proc_key_phrases_extract ("A large language model answers. Large language models "
                                                    "reason, and large language models plan. Policies and "
                                                    "policy gradients: the policy gradient is noisy.", 6);
  g_auto(GStrv) acronyms = proc_key_phrases_extract ("We evaluate GPT-4 on ReLU networks. GPT-4 fails on "
                                                     "deep ReLU networks, and an LLM like GPT-4 needs "
                                                     "ReLU networks.", 6);
  g_auto(GStrv) capitals = proc_key_phrases_extract ("Graph neural networks are popular. Graph neural networks "
                                                     "use Gaussian processes, and Gaussian processes help "
                                                     "graph neural networks.", 6);

  /* counted together, shown as written most */
  g_assert_cmpstr (plurals[0], ==, "large language models");
  assert_lacks (plurals, "large language model");
  assert_has (plurals, "policy gradients");
  assert_lacks (plurals, "policy gradient");

  assert_has (acronyms, "GPT-4");
  assert_has (acronyms, "ReLU networks");

  /* capitals at the start of a sentence are not the word's */
  assert_has (capitals, "graph neural networks");
  assert_has (capitals, "Gaussian processes");
  assert_lacks (capitals, "Graph neural networks");
}

static void
test_generic_words (void)
{
  g_auto(GStrv) phrases = proc_key_phrases_extract ("In this paper, we propose a novel method. "
                                                    "Extensive experiments show that our method "
                                                    "outperforms existing methods. Our results show "
                                                    "the effectiveness of the proposed approach, and the "
                                                    "results of the experiments show the approach works. "
                                                    "The model learns from data and the model is trained "
                                                    "on data.", 6);

  g_assert_cmpuint (g_strv_length (phrases), ==, 0);
}

static void
test_title (void)
{
  /* a title's phrase counts once; in the abstract, twice would be needed */
  g_auto(GStrv) titled = proc_key_phrases_extract ("Sparse autoencoders for interpretability\n\n"
                                                   "We train dictionary learning models on activations. "
                                                   "Dictionary learning finds interpretable features.", 6);
  g_auto(GStrv) untitled = proc_key_phrases_extract ("We train dictionary learning models on activations of "
                                                     "sparse autoencoders for interpretability. Dictionary "
                                                     "learning finds interpretable features.", 6);

  assert_has (titled, "sparse autoencoders");
  assert_has (titled, "dictionary learning");
  assert_lacks (untitled, "sparse autoencoders");
  g_assert_cmpstr (untitled[0], ==, "dictionary learning");
  /* "dictionary learning models" opens the text, but "dictionary
   * learning" is repeated: it is the phrase */
  assert_lacks (untitled, "dictionary learning models");
}

static void
test_chinese (void)
{
  static const char *inference =
    "大语言模型在自然语言处理任务中表现出色，但大语言模型的推理成本很高。本文提出一种面向大语言模型的"
    "高效推理方法，通过键值缓存压缩和投机解码减少推理延迟。我们在多个基准上评估了该方法，实验结果表明，"
    "键值缓存压缩可以将显存占用降低一半，投机解码可以将推理速度提高两倍。代码见 "
    "https://github.com/example/llm-infer 。";
  static const char *federated =
    "联邦学习允许多个客户端在不共享数据的情况下协同训练模型。然而，客户端之间的数据异质性会降低联邦学习的"
    "性能。我们提出了一种基于知识蒸馏的联邦学习框架FedKD，利用服务器端的知识蒸馏缓解数据异质性。"
    "在CIFAR-10和CIFAR-100上的实验表明，FedKD优于现有的联邦学习方法。";
  g_auto(GStrv) first = proc_key_phrases_extract (inference, 6);
  g_auto(GStrv) second = proc_key_phrases_extract (federated, 6);
  g_auto(GStrv) unrepeated = proc_key_phrases_extract ("本文研究图像分类。", 6);

  assert_phrase_shapes (first, 6, inference);
  assert_has (first, "大语言模型");
  assert_has (first, "键值缓存压缩");
  assert_has (first, "投机解码");
  assert_lacks (first, "语言模型");   /* part of 大语言模型 */

  assert_phrase_shapes (second, 6, federated);
  g_assert_cmpstr (second[0], ==, "联邦学习");
  assert_has (second, "知识蒸馏");
  assert_has (second, "数据异质性");
  assert_has (second, "FedKD");
  for (guint i = 0; second[i] != NULL; i++)
    {
      g_assert_false (g_str_has_prefix (second[i], "我们"));
      g_assert_false (g_str_has_suffix (second[i], "的"));
    }

  /* nothing repeats: nothing to say */
  g_assert_cmpuint (g_strv_length (unrepeated), ==, 0);
}

static void
test_edge_cases (void)
{
  static const char * const empty[] = {
    "", " ", "\n\n\n", ".", "$", "$$", "\\", "{}", "()", "12 34 56. 7.5%", "a b c d e f",
    "— – … “” ‘’", "we we we we", "x y x y x y",
  };
  g_auto(GStrv) null_text = proc_key_phrases_extract (NULL, 6);
  g_auto(GStrv) none_asked = proc_key_phrases_extract ("Graph neural networks. Graph neural networks.", 0);
  g_auto(GStrv) one = proc_key_phrases_extract ("Graph neural networks and diffusion models. Graph neural "
                                                "networks beat diffusion models.", 1);

  g_assert_nonnull (null_text);
  g_assert_null (null_text[0]);
  g_assert_nonnull (none_asked);
  g_assert_null (none_asked[0]);
  g_assert_cmpuint (g_strv_length (one), ==, 1);

  for (guint i = 0; i < G_N_ELEMENTS (empty); i++)
    {
      g_auto(GStrv) phrases = proc_key_phrases_extract (empty[i], 6);

      g_assert_nonnull (phrases);
      g_assert_cmpuint (g_strv_length (phrases), ==, 0);
    }
}

static void
test_invalid_utf8 (void)
{
  static const char * const inputs[] = {
    "Graph neural networks \xff\xfe. Graph neural networks \xc3",
    "\xc3\xa9\xc3",
    "Deep \xe6\xa8 learning \xf0\x9f\x98 models and deep learning models.\xed\xa0\x80",
    "\x80\x80\x80\x80",
    "大语言\xe6模型和大语言\xe6模型",
  };

  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      g_auto(GStrv) phrases = proc_key_phrases_extract (inputs[i], 6);

      for (guint k = 0; phrases[k] != NULL; k++)
        {
          g_assert_true (g_utf8_validate (phrases[k], -1, NULL));
          g_assert_cmpstr (phrases[k], !=, "");
        }
    }

  {
    g_auto(GStrv) phrases = proc_key_phrases_extract (inputs[0], 6);

    assert_has (phrases, "graph neural networks");
  }
}

/* Whatever the input: valid phrases of the right shape, quickly */
static void
test_robust (void)
{
  static const char * const units[] = {
    "(", ")", "we propose ", "graph ", "neural ", "networks ", "of ", "$", "\\frac{", ". ",
    "é ", "A. ", "(ABC) ", "Large Language Models ", "(LLMs) ", ", ", "“", "—", "\xe2\x80\x99s ",
    "https://x.org/a ", "$k$-", "\\(", "\\)", "\n\n", "*", "大语言", "模型", "的", "。", "\xff",
    "-", "/", "'s ", "\\textit{", "}", "GPT-4 ", "ing ", "learning ", "that ", "uses ",
  };
  g_autoptr(GRand) rand = g_rand_new_with_seed (9090);
  g_autoptr(GPtrArray) abstracts = read_seed_abstracts ();
  g_autoptr(GTimer) timer = g_timer_new ();

  for (guint round = 0; round < 3000; round++)
    {
      g_autoptr(GString) input = g_string_new (NULL);
      guint n = g_rand_int_range (rand, 0, 120);
      guint max_phrases = g_rand_int_range (rand, 1, 10);
      g_auto(GStrv) phrases = NULL;

      for (guint i = 0; i < n; i++)
        g_string_append (input, units[g_rand_int_range (rand, 0, G_N_ELEMENTS (units))]);

      phrases = proc_key_phrases_extract (input->str, max_phrases);
      g_assert_cmpuint (g_strv_length (phrases), <=, max_phrases);
      for (guint k = 0; phrases[k] != NULL; k++)
        {
          g_assert_true (g_utf8_validate (phrases[k], -1, NULL));
          g_assert_cmpstr (phrases[k], !=, "");
          g_assert_null (strpbrk (phrases[k], "$\\{}"));
        }
    }

  /* seed abstracts cut at any byte, even inside a character */
  for (guint i = 0; i < abstracts->len; i++)
    {
      const char *abstract = g_ptr_array_index (abstracts, i);
      gsize cut = g_rand_int_range (rand, 0, strlen (abstract) + 1);
      g_autofree char *part = g_strndup (abstract, cut);
      g_auto(GStrv) phrases = proc_key_phrases_extract (part, 6);

      for (guint k = 0; phrases[k] != NULL; k++)
        g_assert_true (g_utf8_validate (phrases[k], -1, NULL));
    }

  /* very long texts: 4 MB of abstracts, and of what makes scans go back */
  {
    g_autoptr(GString) big = g_string_new (NULL);
    g_auto(GStrv) phrases = NULL;

    while (big->len < 4 * 1024 * 1024)
      g_string_append (big, g_ptr_array_index (abstracts, big->len % abstracts->len));
    g_timer_start (timer);
    phrases = proc_key_phrases_extract (big->str, 6);
    g_test_message ("4 MB of abstracts: %.3f s", g_timer_elapsed (timer, NULL));
    g_assert_cmpuint (g_strv_length (phrases), ==, 6);
  }

  {
    static const char * const repeated[] = { "$", "\\(", "$$", "{", "\\textit{", "(a ", "a-", "大" };

    for (guint i = 0; i < G_N_ELEMENTS (repeated); i++)
      {
        g_autoptr(GString) big = g_string_new (NULL);
        g_auto(GStrv) phrases = NULL;

        while (big->len < 1024 * 1024)
          g_string_append (big, repeated[i]);
        g_timer_start (timer);
        phrases = proc_key_phrases_extract (big->str, 6);
        g_test_message ("1 MB of “%s”: %.3f s", repeated[i], g_timer_elapsed (timer, NULL));
        g_assert_nonnull (phrases);
      }
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/key-phrases/seeds/shape", test_seeds_shape);
  g_test_add_func ("/key-phrases/seeds/content", test_seeds_content);
  g_test_add_func ("/key-phrases/math-and-markup", test_math_and_markup);
  g_test_add_func ("/key-phrases/links", test_links);
  g_test_add_func ("/key-phrases/plurals-and-case", test_plurals_and_case);
  g_test_add_func ("/key-phrases/generic-words", test_generic_words);
  g_test_add_func ("/key-phrases/title", test_title);
  g_test_add_func ("/key-phrases/chinese", test_chinese);
  g_test_add_func ("/key-phrases/edge-cases", test_edge_cases);
  g_test_add_func ("/key-phrases/invalid-utf8", test_invalid_utf8);
  g_test_add_func ("/key-phrases/robust", test_robust);

  return g_test_run ();
}
