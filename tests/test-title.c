/* test-title.c: display titles derived from abstracts
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib.h>

#include "proc-title.h"
#include "proc-title-markup.h"

typedef struct
{
  const char *abstract;
  const char *title;
} Case;

/* The sentences of ICML 2024 abstracts (../shared/seeds) up to the one
 * that names the method, so that these run without the shared folder */
static const Case named_cases[] = {
  /* TinyTrain */
  {
    "On-device training is essential for user personalisation and privacy. "
    "With the pervasiveness of IoT devices and microcontroller units "
    "(MCUs), this task becomes more challenging due to the constrained "
    "memory and compute resources, and the limited availability of labelled "
    "user data. Nonetheless, prior works neglect the data scarcity issue, "
    "require excessively long training time ($\\textit{e.g.}$ a few hours), "
    "or induce substantial accuracy loss ($\\geq$10%). In this paper, we "
    "propose TinyTrain, an on-device training approach that drastically "
    "reduces training time by selectively updating parts of the model and "
    "explicitly coping with data scarcity.",
    "TinyTrain: On-device training approach",
  },
  /* PromptGIP */
  {
    "Image processing is a fundamental task in computer vision, which aims "
    "at enhancing image quality and extracting essential features for "
    "subsequent vision applications. Traditionally, task-specific models "
    "are developed for individual tasks and designing such models requires "
    "distinct expertise. Building upon the success of large language models "
    "(LLMs) in natural language processing (NLP), there is a similar trend "
    "in computer vision, which focuses on developing large-scale models "
    "through pretraining and in-context learning. This paradigm shift "
    "reduces the reliance on task-specific models, yielding a powerful "
    "unified model to deal with various tasks. However, these advances have "
    "predominantly concentrated on high-level vision tasks, with less "
    "attention paid to low-level vision tasks. To address this issue, we "
    "propose a universal model for general image processing that covers "
    "image restoration, image enhancement, image feature extraction tasks, "
    "etc. Our proposed framework, named PromptGIP, unifies these diverse "
    "image processing tasks within a universal framework.",
    "PromptGIP: Universal model for general image processing",
  },
  /* LESS */
  {
    "Many computational factors limit broader deployment of large language "
    "models. In this paper, we focus on a memory bottleneck imposed by the "
    "key-value (KV) cache, a computational shortcut that requires storing "
    "previous KV pairs during decoding. While existing KV cache methods "
    "approach this problem by pruning or evicting large swaths of "
    "relatively less important KV pairs to dramatically reduce the memory "
    "footprint of the cache, they can have limited success in tasks that "
    "require recollecting a majority of previous tokens. To alleviate this "
    "issue, we propose LESS, a simple integration of a (nearly free) "
    "constant sized cache with eviction-based cache methods, such that all "
    "tokens can be queried at later decoding steps.",
    "LESS: Simple integration of a constant sized cache",
  },
  /* SANE */
  {
    "Learning representations of well-trained neural network models holds "
    "the promise to provide an understanding of the inner workings of those "
    "models. However, previous work has either faced limitations when "
    "processing larger networks or was task-specific to either "
    "discriminative or generative tasks. This paper introduces the SANE "
    "approach to weight-space learning.",
    "SANE: Approach to weight-space learning",
  },
  /* LLMCompiler */
  {
    "The reasoning capabilities of the recent LLMs enable them to execute "
    "external function calls to overcome their inherent limitations, such "
    "as knowledge cutoffs, poor arithmetic skills, or lack of access to "
    "private data. This development has allowed LLMs to select and "
    "coordinate multiple functions based on the context to tackle more "
    "complex problems. However, current methods for function calling often "
    "require sequential reasoning and acting for each function which can "
    "result in high latency, cost, and sometimes inaccurate behavior. To "
    "address this, we introduce LLMCompiler, which executes functions in "
    "parallel to efficiently orchestrate multiple function calls.",
    "LLMCompiler: Executes functions in parallel",
  },
  /* MultiDimSPCI */
  {
    "Conformal prediction (CP) has been a popular method for uncertainty "
    "quantification because it is distribution-free, model-agnostic, and "
    "theoretically sound. For forecasting problems in supervised learning, "
    "most CP methods focus on building prediction intervals for univariate "
    "responses. In this work, we develop a sequential CP method called "
    "$\\texttt{MultiDimSPCI}$ that builds prediction $\\textit{regions}$ "
    "for a multivariate response, especially in the context of multivariate "
    "time series, which are not exchangeable.",
    "MultiDimSPCI: Sequential CP method for conformal prediction",
  },
  /* RAFA */
  {
    "Large language models (LLMs) demonstrate impressive reasoning "
    "abilities, but translating reasoning into actions in the real world "
    "remains challenging. In particular, it is unclear how to complete a "
    "given task provably within a minimum number of interactions with the "
    "external environment, e.g., through an internal mechanism of "
    "reasoning. To this end, we propose the first framework with provable "
    "regret guarantees to orchestrate reasoning and acting, which we call "
    "*reason for future, act for now* (**RAFA**).",
    "RAFA: Reason for future, act for now",
  },
  /* SASNet */
  {
    "Existing event-based motion deblurring methods mostly focus on "
    "restoring images with the same spatial and temporal scales as events. "
    "However, the unknown scales of images and events in the real world "
    "pose great challenges and have rarely been explored. To address this "
    "gap, we propose a novel Scale-Aware Spatio-temporal Network (SASNet) "
    "to flexibly restore blurred images with event streams at arbitrary "
    "scales.",
    "SASNet: Scale-Aware Spatio-temporal Network",
  },
};

static void
assert_title_shape (const char *abstract,
                    const char *title)
{
  gsize len = strlen (title);

  g_assert_true (g_utf8_validate (title, -1, NULL));
  g_assert_cmpuint (g_utf8_strlen (title, -1), <=, PROC_TITLE_MAX_CHARS);
  g_assert_null (strchr (title, '$'));
  g_assert_null (strchr (title, '\\'));
  g_assert_null (strchr (title, '{'));
  if (len > 0)
    {
      g_assert_null (strchr (".,;:!? ", title[len - 1]));
      g_assert_false (g_ascii_islower (title[0]));
      g_assert_cmpint (title[0], !=, ' ');
    }
}

static void
test_named (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (named_cases); i++)
    {
      g_autofree char *title = proc_title_derive (named_cases[i].abstract);

      g_assert_cmpstr (title, ==, named_cases[i].title);
      assert_title_shape (named_cases[i].abstract, title);
    }
}

static void
test_patterns (void)
{
  static const Case cases[] = {
    /* name (acronym), spelled out after */
    { "Safety prompts are common. Inspired by these findings, we propose a "
      "method for safety prompt optimization, namely DRO (Directed "
      "Representation Optimization).",
      "DRO: Directed Representation Optimization" },
    /* the long form starts before the letters do */
    { "Current models focus on local context. In this paper, we present the "
      "Perceptual Context and Sensitivity BIQA (CSIQA), a novel contrastive "
      "learning paradigm.",
      "CSIQA: Perceptual Context and Sensitivity BIQA" },
    /* "our method, …" and an emphasised lower-case long form */
    { "Training deep kernels is hard. Experiments show that our resulting "
      "method, *amortized varitional* DKL (AVDKL), outperforms DKL.",
      "AVDKL: Amortized varitional DKL" },
    /* a name of several capitalised words, then a participle */
    { "The latent space of diffusion models is entangled. To tackle this "
      "problem, we present Isometric Diffusion, equipping a diffusion model "
      "with a geometric regularizer to guide the model to learn a "
      "geometrically sound latent space of the training data manifold.",
      "Isometric Diffusion: Equipping a diffusion model" },
    /* the appositive stops where its clause starts */
    { "To study this interaction, we created ArtWhisperer, an online game "
      "where users are given a target image and are tasked with iteratively "
      "finding a prompt that creates a similar-looking image as the target.",
      "ArtWhisperer: Online game" },
    /* common acronyms are not names */
    { "Large language models (LLMs) are everywhere. We propose GPU kernels "
      "for LLMs (GPU) that run fast.",
      "GPU kernels for large language models" },
    /* "we tackle this problem through X": X is the contribution */
    { "Spatiotemporal forecasting predicts future observations of sensors. "
      "Most methods fail when data is missing. In this work, we tackle this "
      "problem through hierarchical spatiotemporal downsampling of the input.",
      "Hierarchical spatiotemporal downsampling of the input" },
    /* "we study X and present the first Y": Y */
    { "Balanced cuts are hard to find in noisy graphs. We study the "
      "fine-grained complexity of the problem and present the first "
      "near-linear time algorithm for semi-random graph clustering.",
      "Near-linear time algorithm for semi-random graph clustering" },
    /* a name whose long form only spells it out: the task it serves */
    { "Long-tailed learning suffers from class imbalance. Many strategies "
      "exist for long-tailed learning, but none wins on every class. We "
      "propose Multi-Objective Optimization based Strategy Fusion (MOOSF), "
      "which fuses the strategies.",
      "MOOSF: Multi-Objective Optimization based Strategy Fusion for long-tailed learning" },
    /* topic phrases make a title, not a list: what serves the task, for it */
    { "Multi-agent learning is hard when agents converge to a suboptimal joint "
      "policy. Optimistic updates help cooperative multi-agent learning. We "
      "show that optimistic updates avoid a suboptimal joint policy in "
      "cooperative multi-agent learning.",
      "Suboptimal joint policy and optimistic updates for multi-agent learning" },
    /* experiments are not what a paper brings */
    { "The anisotropic noise of stochastic gradient descent is known to "
      "matter for sharp minima. We present various experiments to verify the "
      "benefits of anisotropic noise in stochastic gradient descent.",
      "Stochastic gradient descent, anisotropic noise and sharp minima" },
    /* a phrase cut before "of" does not end on "the number" */
    { "Kernel ridge regression is costly. We present nearly tight lower "
      "bounds on the number of kernel queries needed by any algorithm that "
      "approximates kernel ridge regression.",
      "Nearly tight lower bounds for kernel ridge regression" },
    /* a term the abstract coins names the paper */
    { "This study investigates how weight decay affects the update behavior "
      "of individual neurons. Weight decay can cause the angular updates to "
      "converge to a steady state we call rotational equilibrium.",
      "Rotational equilibrium: How weight decay affects the update behavior" },
    /* an acronym the abstract defines is spelled out in the title… */
    { "Deep kernel learning (DKL) combines neural networks with Gaussian "
      "processes. We introduce AVDKL, an amortized variational DKL that "
      "scales to large data sets.",
      "AVDKL: Amortized variational deep kernel learning" },
    /* …also a long form of one word in parts */
    { "Classifiers are often trained from positive-unlabeled (PU) data. We "
      "propose PUbN, a simple PU learning scheme with biased negative data.",
      "PUbN: Simple positive-unlabeled learning scheme with biased negative data" },
    /* …in sentence case, not in the capitals that spell it */
    { "Causal discovery with latent variables lists a Maximal Ancestral "
      "Graph (MAG) per equivalence class. We propose efficient MAG listing "
      "for causal discovery.",
      "Efficient maximal ancestral graph listing for causal discovery" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *title = proc_title_derive (cases[i].abstract);

      g_assert_cmpstr (title, ==, cases[i].title);
      assert_title_shape (cases[i].abstract, title);
    }
}

/* Without a name, the first sentence, shortened */
static void
test_first_sentence (void)
{
  static const Case cases[] = {
    /* not the sentence: its phrases, the acronym once */
    { "Maximal ancestral graph (MAG) is a prevalent graphical model. Given "
      "observational data, only a Markov equivalence class (MEC) of MAGs is "
      "identifiable.",
      "Maximal ancestral graph and graphical model" },
    /* lead-in dropped, ten words at most, not ending mid-phrase */
    { "This study investigates how weight decay affects the update behavior "
      "of individual neurons in deep neural networks through a combination "
      "of applied analysis and experimentation.",
      "How weight decay affects the update behavior" },
    { "In this paper, we study the problem of action detection in videos. "
      "Our method is fast.",
      "Action detection in videos" },
    /* an opening clause is not the statement */
    { "Despite their success, deep networks remain vulnerable to small "
      "perturbations of their inputs. We study why.",
      "Deep networks and small perturbations" },
    /* TeX becomes text */
    { "We give an $O(\\varepsilon^{-1} \\ln n)$ bound for sparse embeddings.",
      "We give an O(ε⁻¹ ln n) bound for sparse embeddings" },
    /* one short sentence, no final period */
    { "graph neural networks for molecules", "Graph neural networks for molecules" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *title = proc_title_derive (cases[i].abstract);

      g_assert_cmpstr (title, ==, cases[i].title);
      assert_title_shape (cases[i].abstract, title);
    }
}

static guint
count_words (const char *s)
{
  g_auto(GStrv) words = g_strsplit (s, " ", -1);
  guint n = 0;

  for (guint i = 0; words[i] != NULL; i++)
    n += *words[i] != '\0';

  return n;
}

/* Seed abstracts as the seed list and PMLR give them (../shared/seeds,
 * icml2024-seed-pmlr.bib), whole or up to the sentences that matter */
static const struct
{
  const char *abstract;
  const char *method;   /* the name a title has, or NULL */
} property_cases[] = {
  /* I/O Complexity of Attention, or How Optimal is FlashAttention? */
  {
    "Attention is at the heart of the popular Transformer architecture, yet "
    "suffers from quadratic time and memory complexity. In a recent significant "
    "development, FlashAttention shows that the I/O complexity of attention is "
    "the true bottleneck in scaling Transformers. Given two levels of memory "
    "hierarchy, a fast cache (e.g. GPU on-chip SRAM) where computation happens "
    "and a slow memory (e.g. GPU high-bandwidth memory) where the data resides, "
    "the I/O complexity measures the number of accesses to the slow memory. "
    "FlashAttention is an I/O-aware algorithm for self-attention that requires "
    "$\\frac{N^2d^2}{M}$ I/O operations where $N$ is the dimension of the "
    "attention matrix, $d$ is the head-dimension and $M$ is the size of cache. "
    "Naturally, to further reduce the computational costs of Attention, the "
    "authors ask the question: is FlashAttention's I/O complexity optimal for "
    "every value of $M$? We resolve the above question in its full generality "
    "by showing an I/O complexity lower bound that matches the upper bound "
    "provided by FlashAttention for any values of $M \\geq d^2$ within any "
    "constant factors.",
    "FlashAttention",
  },
  /* Optimistic Multi-Agent Policy Gradient */
  {
    "*Relative overgeneralization* (RO) occurs in cooperative multi-agent "
    "learning tasks when agents converge towards a suboptimal joint policy due "
    "to overfitting to suboptimal behaviors of other agents. No methods have "
    "been proposed for addressing RO in multi-agent policy gradient (MAPG) "
    "methods although these methods produce state-of-the-art results. To "
    "address this gap, we propose a general, yet simple, framework to enable "
    "optimistic updates in MAPG methods that alleviate the RO problem. Our "
    "approach involves clipping the advantage to eliminate negative values, "
    "thereby facilitating optimistic updates in MAPG.",
    NULL,
  },
  /* Predicting Dose-Response Curves with Deep Neural Networks */
  {
    "Dose-response curves characterize the relationship between the "
    "concentration of drugs and their inhibitory effect on the growth of "
    "specific types of cells. The predominant Hill-equation model of an ideal "
    "enzymatic inhibition unduly simplifies the biochemical reality of many "
    "drugs; and for these drugs the widely-used drug performance indicator "
    "IC50 can be misleading. We propose a method to predict dose-response "
    "curves of drugs from the molecular structure of the drug and the cell "
    "line, with a neural network that predicts the curve of drug response.",
    NULL,
  },
  /* LTM, as PMLR writes emphasis: HTML that a title never shows */
  {
    "Tabular data are everywhere. We introduce LTM: <em>Large Tabular "
    "Model</em>, a foundation model for tables trained on &amp; evaluated "
    "across **many** datasets.",
    "LTM",
  },
};

/* Words of @s, lower case, letters and digits only, one space apart */
static char *
flat_words (const char *s)
{
  GString *out = g_string_new (NULL);
  gboolean space = TRUE;

  for (const char *p = s; *p; p++)
    {
      if (g_ascii_isalnum (*p))
        {
          g_string_append_c (out, g_ascii_tolower (*p));
          space = FALSE;
        }
      else if (!space)
        {
          g_string_append_c (out, ' ');
          space = TRUE;
        }
    }
  while (out->len > 0 && out->str[out->len - 1] == ' ')
    g_string_truncate (out, out->len - 1);

  return g_string_free (out, FALSE);
}

/* What issue 22 asks of a derived title: a short noun phrase, never the
 * first sentence cut, no markup, the method's name when there is one */
static void
test_properties (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (property_cases); i++)
    {
      const char *abstract = property_cases[i].abstract;
      g_autofree char *title = proc_title_derive (abstract);
      g_autofree char *first = g_strndup (abstract, strcspn (abstract, "."));
      g_autofree char *flat_title = flat_words (title);
      g_autofree char *flat_first = flat_words (first);

      g_test_message ("%s", title);
      assert_title_shape (abstract, title);
      g_assert_cmpuint (count_words (title), >=, 2);
      g_assert_cmpuint (count_words (title), <=, 10);
      g_assert_false (g_str_has_suffix (title, "…"));

      /* not the first sentence's words, cut */
      g_assert_false (g_str_has_prefix (flat_first, flat_title) &&
                      count_words (flat_title) >= 4);

      /* no markup */
      g_assert_null (strchr (title, '<'));
      g_assert_null (strchr (title, '*'));
      g_assert_null (strchr (title, '&'));

      if (property_cases[i].method != NULL)
        {
          g_autofree char *prefix = g_strconcat (property_cases[i].method, ": ", NULL);

          g_assert_true (g_str_has_prefix (title, prefix));
        }
    }
}

/* What a title never shows, whoever wrote the abstract */
static void
test_markup (void)
{
  static const Case cases[] = {
    /* PMLR */
    { "LTM: <em>Large Tabular Model</em>", "LTM: Large Tabular Model" },
    { "H<sub>2</sub>O &amp; CO<sub>2</sub>, x &lt; y", "H2O & CO2, x < y" },
    { "&#8220;quoted&#x201D; &mdash; &unknown; & so", "“quoted” — &unknown; & so" },
    { "a <a href=\"https://x.org\">link</a>, x < y and <3", "a link, x < y and <3" },
    /* Markdown, as the seed lists write it */
    { "*reason for future, act for now* (**RAFA**)", "reason for future, act for now (RAFA)" },
    { "_emphasis_ but snake_case and 2*3 stay", "emphasis but snake_case and 2*3 stay" },
    /* math is left to proc_tex_to_plain () */
    { "$x^*$ and $a_i$", "$x^*$ and $a_i$" },
    { "no markup at all", "no markup at all" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *plain = proc_title_strip_markup (cases[i].abstract);

      g_assert_cmpstr (plain, ==, cases[i].title);
    }

  /* and in the derived title, whatever the importer did */
  {
    g_autofree char *title = proc_title_derive ("We propose <b>FooNet</b>, a network for "
                                                "<em>tabular</em> data &amp; text.");

    g_assert_cmpstr (title, ==, "FooNet: Network for tabular data & text");
  }
}

/* No words, no title: the caller shows its own, translated placeholder */
static void
test_empty (void)
{
  static const char * const inputs[] = { "", "   ", " \n\t \n\n ", "\xc2\xa0", "{}", "$ $" };

  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      g_autofree char *title = proc_title_derive (inputs[i]);

      g_assert_cmpstr (title, ==, "");
    }

  {
    g_autofree char *title = proc_title_derive (NULL);

    g_assert_cmpstr (title, ==, "");
  }
}

static void
test_length (void)
{
  GString *sentence = g_string_new ("We consider ");
  GString *name = g_string_new ("We propose ");
  g_autofree char *title = NULL;
  g_autofree char *named = NULL;
  g_autofree char *unbroken = NULL;
  g_autofree char *word = NULL;

  for (guint i = 0; i < 300; i++)
    g_string_append_printf (sentence, "word%u ", i);
  g_string_append (sentence, "in the end.");
  title = proc_title_derive (sentence->str);
  g_assert_cmpuint (count_words (title), <=, 10);
  g_assert_false (g_str_has_suffix (title, "…"));
  assert_title_shape (sentence->str, title);

  /* a name that leaves no room for a description */
  for (guint i = 0; i < 10; i++)
    g_string_append (name, "VeryLongName");
  g_string_append (name, ", a method for everything.");
  named = proc_title_derive (name->str);
  g_assert_cmpuint (g_utf8_strlen (named, -1), <=, PROC_TITLE_MAX_CHARS);
  assert_title_shape (name->str, named);

  /* one word longer than a title */
  word = g_strnfill (500, 'x');
  unbroken = proc_title_derive (word);
  g_assert_cmpuint (g_utf8_strlen (unbroken, -1), <=, PROC_TITLE_MAX_CHARS);
  g_assert_true (g_str_has_suffix (unbroken, "…"));

  g_string_free (sentence, TRUE);
  g_string_free (name, TRUE);
}

/* Whatever the input: a bounded, valid title, quickly */
static void
test_robust (void)
{
  static const char * const units[] = {
    "(", ")", "we propose ", "called ", "X (", "$", "\\frac{", ". ", "é ", "A. ",
    "(ABC) ", "the ABC approach ", ", ", "“", "—", "\xe2\x80\x99",
  };
  GRand *rand = g_rand_new_with_seed (4242);

  for (guint round = 0; round < 3000; round++)
    {
      GString *input = g_string_new (NULL);
      guint n = g_rand_int_range (rand, 0, 80);
      g_autofree char *title = NULL;

      for (guint i = 0; i < n; i++)
        g_string_append (input, units[g_rand_int_range (rand, 0, G_N_ELEMENTS (units))]);

      title = proc_title_derive (input->str);
      g_assert_true (g_utf8_validate (title, -1, NULL));
      g_assert_cmpuint (g_utf8_strlen (title, -1), <=, PROC_TITLE_MAX_CHARS);
      g_string_free (input, TRUE);
    }

  /* a megabyte in one paragraph */
  {
    GString *big = g_string_new (NULL);
    g_autofree char *title = NULL;

    while (big->len < 1024 * 1024)
      g_string_append (big, "We propose FooNet (Foo Network), a network for $x^2$ data. ");
    title = proc_title_derive (big->str);
    g_assert_cmpstr (title, ==, "FooNet: Foo Network");
    g_string_free (big, TRUE);
  }

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

/* The abstracts of the seed lists: the first line is the list's title,
 * then one abstract per paragraph */
static GPtrArray *
read_seed_abstracts (const char *dir)
{
  GPtrArray *abstracts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, ".txt"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);

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
          char *abstract = g_strstrip (g_strdup (paragraphs[k]));

          if (*abstract != '\0')
            g_ptr_array_add (abstracts, abstract);
          else
            g_free (abstract);
        }
    }

  return abstracts;
}

static void
test_seeds (void)
{
  static const char * const names[] = {
    "TinyTrain", "PromptGIP", "LESS", "SANE", "LLMCompiler", "MultiDimSPCI", "RAFA", "SASNet",
  };
  g_autofree char *dir = find_seeds_dir ();
  g_autoptr(GPtrArray) abstracts = NULL;
  guint found[G_N_ELEMENTS (names)] = { 0 };

  if (dir == NULL)
    {
      g_test_skip ("The shared seeds are not here (set PROCEEDINGS_SHARED_DIR)");
      return;
    }

  abstracts = read_seed_abstracts (dir);
  g_assert_cmpuint (abstracts->len, ==, 38);

  for (guint i = 0; i < abstracts->len; i++)
    {
      const char *abstract = g_ptr_array_index (abstracts, i);
      g_autofree char *title = proc_title_derive (abstract);

      g_test_message ("%s", title);
      g_assert_cmpstr (title, !=, "");
      assert_title_shape (abstract, title);

      /* the abstract that introduces a name gets it as its title */
      for (guint k = 0; k < G_N_ELEMENTS (names); k++)
        {
          g_autofree char *introduced = g_strdup_printf ("propose %s", names[k]);
          g_autofree char *prefix = g_strconcat (names[k], ": ", NULL);
          gboolean introduces = strstr (abstract, introduced) != NULL;

          /* the other ways the seeds name their methods */
          if (strcmp (names[k], "PromptGIP") == 0)
            introduces = strstr (abstract, "named PromptGIP") != NULL;
          else if (strcmp (names[k], "SANE") == 0)
            introduces = strstr (abstract, "introduces the SANE approach") != NULL;
          else if (strcmp (names[k], "LLMCompiler") == 0)
            introduces = strstr (abstract, "introduce LLMCompiler") != NULL;
          else if (strcmp (names[k], "MultiDimSPCI") == 0)
            introduces = strstr (abstract, "called $\\texttt{MultiDimSPCI}$") != NULL;
          else if (strcmp (names[k], "RAFA") == 0)
            introduces = strstr (abstract, "(**RAFA**)") != NULL;
          else if (strcmp (names[k], "SASNet") == 0)
            introduces = strstr (abstract, "Network (SASNet)") != NULL;

          if (introduces)
            {
              g_assert_true (g_str_has_prefix (title, prefix));
              found[k]++;
            }
        }
    }

  for (guint k = 0; k < G_N_ELEMENTS (names); k++)
    g_assert_cmpuint (found[k], ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/title/named", test_named);
  g_test_add_func ("/title/patterns", test_patterns);
  g_test_add_func ("/title/first-sentence", test_first_sentence);
  g_test_add_func ("/title/properties", test_properties);
  g_test_add_func ("/title/markup", test_markup);
  g_test_add_func ("/title/empty", test_empty);
  g_test_add_func ("/title/length", test_length);
  g_test_add_func ("/title/robust", test_robust);
  g_test_add_func ("/title/seeds", test_seeds);

  return g_test_run ();
}
