/* crash-common.c: what the crash worker and the crash-safety test both derive from a round
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"


#include "crash-common.h"

/* Pieces of abstracts as conference lists have them; the PRNG seeded by
 * the round and the paper picks among them, so a file is the same on
 * every run and each abstract is different from every other. */
static const char * const openers[] = {
  "We study", "This paper revisits", "We propose a new approach to", "Recent work has shown promise in",
  "We introduce a framework for", "Little is known about", "We present a theoretical analysis of",
  "Practitioners increasingly rely on", "We investigate the robustness of", "This work scales up",
};

static const char * const topics[] = {
  "sparse attention for long documents", "diffusion models on small devices", "graph neural networks for molecules",
  "reinforcement learning from human feedback", "federated optimisation under partial participation",
  "contrastive pretraining of vision encoders", "calibration of large language models",
  "bandits with delayed feedback", "retrieval-augmented question answering", "neural operators for fluid dynamics",
  "mixture-of-experts routing", "offline policy evaluation", "test-time adaptation under distribution shift",
  "differentially private fine-tuning", "symbolic regression with transformers", "causal discovery from time series",
};

static const char * const middles[] = {
  "Existing methods either ignore the structure of the data or pay a quadratic cost in the sequence length.",
  "We show that a simple reweighting of the training objective removes most of the bias at no extra cost.",
  "Our analysis gives matching upper and lower bounds that hold for every step size below a threshold.",
  "The key idea is to share the low-rank factors across layers while keeping a private residual per layer.",
  "Unlike prior work, the method needs neither labelled target data nor access to the source model's gradients.",
  "We prove convergence at the optimal rate under a smoothness assumption that is weaker than the usual one.",
  "A careful ablation shows that the gains come from the curriculum rather than from the larger model.",
  "We release a benchmark of forty tasks with held-out splits, so that results can be compared fairly.",
  "The estimator is unbiased, its variance shrinks with the number of samples, and it is cheap to compute.",
  "We connect the method to classical results on kernel regression and derive a closed-form preconditioner.",
};

static const char * const results[] = {
  "Experiments on image classification, language modelling and control show consistent improvements.",
  "On standard benchmarks the method matches the state of the art with a third of the compute.",
  "The approach reduces memory use by a factor of four while keeping accuracy within one point.",
  "Across twelve datasets it improves the worst-group accuracy by seven points on average.",
  "Our code and trained models are publicly available.",
};

/* Some abstracts carry CJK text, so that the CJK index is written too. */
static const char * const cjk[] = {
  "我们在边缘设备上训练扩散模型。", "注意力机制的计算复杂度是序列长度的平方。", "本文提出一种新的图神经网络。",
};

char *
crash_import_list_name (guint round)
{
  return g_strdup_printf ("Crash import %u", round);
}

static void
append_abstract (GString *out,
                 guint    round,
                 guint    k)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (round * 1000003u + k);
  guint n_middles = g_rand_int_range (rand, 2, 6);

  g_string_append_printf (out, "%s %s.",
                          openers[g_rand_int_range (rand, 0, G_N_ELEMENTS (openers))],
                          topics[g_rand_int_range (rand, 0, G_N_ELEMENTS (topics))]);
  for (guint i = 0; i < n_middles; i++)
    g_string_append_printf (out, " %s", middles[g_rand_int_range (rand, 0, G_N_ELEMENTS (middles))]);
  if (k % 25 == 7)
    g_string_append_printf (out, " %s", cjk[k % G_N_ELEMENTS (cjk)]);
  g_string_append_printf (out, " %s", results[g_rand_int_range (rand, 0, G_N_ELEMENTS (results))]);
  /* What makes each abstract unique, and tells which file it came from. */
  g_string_append_printf (out, " (Crash import %u, paper %u.)\n\n", round, k);
}

/* Writes a conference list: @title, then @n_papers abstracts, each a paragraph. */
gboolean
crash_write_list (const char  *path,
                  const char  *title,
                  guint        round,
                  guint        n_papers,
                  GError     **error)
{
  g_autoptr(GString) out = g_string_sized_new (n_papers * 800);

  g_string_append_printf (out, "%s\n\n", title);
  for (guint k = 0; k < n_papers; k++)
    append_abstract (out, round, k);

  return g_file_set_contents (path, out->str, out->len, error);
}

/* The note of version @version of paper @paper_id, as autosave writes it.
 * Every sixteenth version clears the note, as a person deleting it all
 * does; every seventh is long enough to need overflow pages. */
char *
crash_note_text (gint64  paper_id,
                 guint64 version)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) (paper_id * 7919 + version));
  GString *out;
  guint n_sentences;

  if (version % 16 == 15)
    return g_strdup ("");

  out = g_string_new (NULL);
  g_string_append_printf (out, "Note v%" G_GUINT64_FORMAT " on paper %" G_GINT64_FORMAT
                          ": crashnote%010" G_GUINT64_FORMAT ".",
                          version, paper_id, version);
  n_sentences = version % 7 == 3 ? g_rand_int_range (rand, 60, 120) : g_rand_int_range (rand, 1, 6);
  for (guint i = 0; i < n_sentences; i++)
    {
      if (g_rand_int_range (rand, 0, 10) == 0)
        g_string_append_printf (out, " %s", cjk[g_rand_int_range (rand, 0, G_N_ELEMENTS (cjk))]);
      else
        g_string_append_printf (out, " %s", middles[g_rand_int_range (rand, 0, G_N_ELEMENTS (middles))]);
    }

  return g_string_free (out, FALSE);
}

char *
crash_tag_name (guint round,
                guint j)
{
  return g_strdup_printf ("crash-%u-%u", round, j);
}

/* Thousands of papers per tag (1,000 to 4,000 of 8,000), every paper or
 * every second one. */
void
crash_tag_set (guint        round,
               guint        j,
               guint        n_seed,
               CrashTagSet *set)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (round * 7777u + j);

  set->stride = g_rand_int_range (rand, 1, 3);
  set->offset = g_rand_int_range (rand, 0, set->stride);
  set->n = g_rand_int_range (rand, n_seed / 8, n_seed / 2 + 1);
}
