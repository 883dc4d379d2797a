/* proc-title-lexicon.c: the words the title rules know, as data
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "proc-title.h"
#include "proc-title-private.h"

#define MAX_WORD         32

typedef struct
{
  const char *words;   /* space-separated */
  guint32     flags;
  guint32     flags2;
} LexiconEntry;

static const LexiconEntry lexicon_entries[] = {
  { "propose present introduce develop design devise build create construct "
    "release proposed presented introduced developed designed devised built "
    "created constructed released", W_INTRO, 0 },
  { "call term dub name coin", W_NAMING_VERB, 0 },
  { "proposes presents introduces develops designs describes offers devises "
    "builds", W_INTRO_3SG, 0 },
  { "paper work study article note letter thesis manuscript submission "
    "report chapter", W_SELF_NOUN, 0 },
  { "called named dubbed termed coined namely nicknamed codenamed", W_NAMING, 0 },
  { "further also then here first thus therefore hence now additionally "
    "instead next finally subsequently newly hereby specifically accordingly "
    "formally empirically theoretically consequently moreover furthermore "
    "herein ultimately simply systematically carefully", W_ADVERB, 0 },
  { "a an the our this these its their it them", W_DETERMINER, 0 },
  { "novel new first proposed resulting simple overall whole entire final "
    "complete unified general generic efficient effective powerful "
    "principled", W_WEAK_ADJ, 0 },
  { "approach method framework model algorithm architecture system network "
    "technique pipeline benchmark dataset library toolkit tool agent "
    "protocol module strategy scheme procedure platform suite estimator "
    "optimizer paradigm metric solver mechanism methodology formulation "
    "family package simulator environment engine language loss objective "
    "policy attack defense variant extension methods models networks corpus "
    "approaches frameworks algorithms", W_GENERIC, 0 },
  { "study studies studied consider considers considered investigate "
    "investigates investigated propose proposes proposed present presents "
    "presented introduce introduces introduced develop develops developed "
    "address addresses addressed explore explores explored examine examines "
    "examined analyze analyzes analyzed analyse analyses analysed describe "
    "describes described tackle tackles tackled revisit revisits revisited "
    "design designs designed provide provides provided formulate formulates "
    "formulated demonstrate demonstrates report reports reported discuss "
    "discusses discussed review reviews reviewed survey surveys surveyed "
    "focus focuses focused deal deals dealt", W_LEAD_IN, 0 },
  { "show shows showed prove proves proved demonstrate demonstrates "
    "demonstrated find found argue argues argued observe observes observed "
    "establish establishes established", W_LEAD_IN_THAT, 0 },
  { "a an the of for to in on at by with from and or but nor as via into "
    "onto over under that which who whose where when while is are was were "
    "be been being we our its their this these those such than both either "
    "using through within without between among across about can may will "
    "has have had it they not also very more most so thus including",
    W_DANGLING, 0 },
  { "which where who whose while whereas although though thereby thus hence "
    "wherein whereby "
    "because since whether yielding leading resulting allowing enabling",
    W_CLAUSE, 0 },
  { "and or but yet", W_CONJUNCTION, 0 },
  { "to by using via through with for in on from under over across within "
    "without based at into towards toward against when if as is are than "
    "such including", W_PREPOSITION, 0 },
  { "e.g i.e al vs cf fig figs eq eqs sec no vol pp resp approx w.r.t wrt "
    "i.i.d a.k.a aka incl dr prof mr ms st inc ltd co corp u.s viz ca est",
    W_ABBREVIATION, 0 },
  { "a an the", W_ARTICLE, 0 },
  { "while whilst although though given with in as when since because "
    "despite due unlike by following inspired motivated often for to after "
    "before if once upon under over among within thanks owing compared "
    "building based leveraging recently nowadays today currently "
    "traditionally typically generally historically", W_OPENER, 0 },
  { "problem problems task tasks question questions issue issues challenge "
    "challenges limitation limitations gap shortcoming shortcomings",
    W_PROBLEM, 0 },
  { "tackle address solve overcome mitigate alleviate resolve remedy",
    0, W2_REMEDY },
  { "by through via with", 0, W2_MEANS },
  { "learning clustering forecasting classification detection segmentation "
    "recognition estimation prediction generation retrieval reduction "
    "compression inference optimization optimisation planning control "
    "translation summarization reconstruction localization tracking ranking "
    "recovery completion discovery selection alignment synthesis answering "
    "reasoning adaptation sampling search regression matching testing "
    "verification factorization denoising editing navigation imputation "
    "exploration", 0, W2_TASK },
  { "problem problems task tasks", 0, W2_PROBLEM },
  { "experiments experiment results evidence simulations comparisons "
    "evaluations", 0, W2_EVIDENCE },
  { "monte carlo gaussian bayesian markov markovian euclidean langevin "
    "hamiltonian wasserstein hilbert riemannian lipschitz boltzmann dirichlet "
    "poisson bernoulli laplace laplacian fourier newton hessian jacobian "
    "shapley nash kalman gibbs metropolis lagrangian kullback leibler "
    "johnson lindenstrauss stein cauchy bregman tucker chebyshev hebbian "
    "bellman wishart stiefel grassmann grassmannian banach sobolev "
    "erdos renyi turing boolean english chinese", 0, W2_PROPER },
  { "introducing proposing developing presenting designing devising building "
    "creating constructing leveraging employing exploiting using adopting "
    "providing formulating",
    0, W2_GERUND },
  { "we", W_WE, 0 },
  { "our", W_OUR, 0 },
  { "this", W_THIS, 0 },
  { "to", W_TO, 0 },
  { "that", W_THAT | W_WHICH, 0 },
  { "which who", W_WHICH, 0 },
  { "for", W_FOR, 0 },
  { "in", W_IN, 0 },
  { "of", W_OF, 0 },
  { "on upon with", W_ON, 0 },
  { "here herein recently nowadays today currently", W_HERE, 0 },
  { "initiate", W_INITIATE, 0 },
  { "it", 0, W2_IT },
  { "is has been", 0, W2_BE },
  { "known shown established believed observed", 0, W2_KNOWN },
  { "well widely", 0, W2_WELL },
  { "is are was were be been being can could may might will would should must "
    "shall does do did has have had achieves achieve outperforms outperform "
    "shows yields yield enables enable allows allow requires require remains "
    "remain suffers suffer leads improves improve reduces reduce provides "
    "makes perform performs generates generate captures exhibits exhibit "
    "relies rely aims aim seeks seek consists comprises show lead provide "
    "achieved trained requires", 0, W2_VERB },
};

/* The lexicon is looked up for every word of every abstract, so it is a
 * small open-addressing table of its own rather than a GHashTable: no
 * allocation, no function pointers, the word lowered and hashed in one go. */
#define LEXICON_SIZE      2048  /* a power of two, well above the ~500 words */
#define LEXICON_WORD_MAX  16

typedef struct
{
  char      word[LEXICON_WORD_MAX + 1];
  guint8    len;
  WordFlags flags;
} LexiconSlot;

/* Acronyms that name a field, a device, a dataset or a well-known tool
 * rather than the paper's method.  Plurals are found without the final s. */
static const char stop_names[] =
  "AI ML DL RL NLP CV LLM LM VLM MLLM LVLM LMM GPU TPU CPU NPU FPGA ASIC CNN "
  "RNN GNN DNN NN ANN MLP GAN VAE SGD GD API IoT MCU SOTA QA VQA KV IO MDP "
  "POMDP PDE ODE SDE SVM PCA MCMC EM KL MSE RMSE MAE IID OOD SSL UDA DA FL "
  "MARL MAPG NAS HPO CP GP LSTM ReLU SAT MIP ILP LP QP SDP DP MEC MAG US USA "
  "UK EU AUC ROC BLEU ROUGE FID IS PSNR SSIM mAP IoU AP FPS FLOPs FLOP TCP IP "
  "HTTP URL PDF JSON SQL XML HTML RGB RGB-D RGBD HDR LiDAR LIDAR GPS IMU UAV "
  "AUV EEG ECG MRI CT fMRI PET 3D 2D 4D 1D 6D II III IV VI VII VIII IX XI XII "
  "ChatGPT GitHub PyTorch TensorFlow YouTube OpenAI iPhone ImageNet MNIST "
  "CIFAR CIFAR-10 CIFAR-100 COCO MS-COCO KITTI COVID-19 SARS-CoV-2 A100 V100 "
  "H100 k-NN kNN KNN NeurIPS ICML ICLR CVPR ECCV ICCV AAAI IJCAI ACL EMNLP "
  "NAACL PhD USD OCR ASR TTS MT NMT NER POS SLAM SfM MVS ViT BERT GPT LoRA "
  "RLHF DPO PPO SFT ICL CoT RAG IRL IL BC MPC PID SMT MILP NP PAC VC RKHS NTK "
  "HMM CRF LDA DRL TD MAV DOF SE SO ROS";

static LexiconSlot *lexicon;
static GHashTable  *stop_table;

/* By length and first letter, the last letters of lexicon words: most
 * words of an abstract are not in the lexicon, and this says so at once. */
static guint32 lexicon_filter[LEXICON_WORD_MAX + 1][27];

/* Words that can make a sentence introduce a name ("we", "our", "this
 * paper", "called"), by first letters and length: a sentence with none of
 * them is not looked at further. */
static const char cue_words[] =
  "we our paper work study article note letter thesis manuscript submission "
  "report chapter called named dubbed termed coined namely nicknamed codenamed";
guint32 title_cue_filter[26 * 26];

/* The same for the words that mark where a name follows */
static const char marker_words[] =
  "our called named dubbed termed coined namely nicknamed codenamed call term "
  "dub name coin";
guint32 title_marker_filter[26 * 26];

/* and for the first word of "we propose", "this paper presents" */
static const char intro_words[] = "we this our the";
guint32 title_intro_filter[26 * 26];

/* Bytes that end a word: white space, punctuation, and the first bytes of
 * a no-break space or a Unicode dash or quote (0xc2, 0xe2), which need a
 * closer look.  title_word_end_map () finds them sixteen at a time. */
gboolean title_word_end[256];

static inline guint32
hash_step (guint32 h,
           char    c)
{
  return (h ^ (guchar) c) * 16777619u;  /* FNV-1a */
}

/* 0–25 for letters, 26 for the dot of "e.g." */
static inline guint
letter_index (char c)
{
  return c == '.' ? 26 : (guint) (c - 'a');
}

static void
add_words (const char *words,
           guint32     flags,
           guint32     flags2)
{
  const char *p = words;

  while (*p)
    {
      gsize len = strcspn (p, " ");
      guint32 h = 2166136261u;
      guint slot;

      if (len == 0 || len > LEXICON_WORD_MAX)
        {
          g_critical ("Lexicon word too long: %.*s", (int) len, p);
          p += len + 1;
          continue;
        }

      for (gsize i = 0; i < len; i++)
        h = hash_step (h, p[i]);

      for (slot = h & (LEXICON_SIZE - 1);
           lexicon[slot].len != 0 &&
           !(lexicon[slot].len == len && memcmp (lexicon[slot].word, p, len) == 0);
           slot = (slot + 1) & (LEXICON_SIZE - 1))
        ;

      memcpy (lexicon[slot].word, p, len);
      lexicon[slot].len = len;
      lexicon_filter[len][letter_index (p[0])] |= 1u << letter_index (p[len - 1]);
      lexicon[slot].flags.flags |= flags;
      lexicon[slot].flags.flags2 |= flags2;

      p += len;
      while (*p == ' ')
        p++;
    }
}

static void
fill_filter (guint32    *filter,
             const char *words)
{
  for (const char *p = words; *p; )
    {
      gsize len = strcspn (p, " ");

      filter[(p[0] - 'a') * 26 + (p[1] - 'a')] |= 1u << len;
      p += len;
      while (*p == ' ')
        p++;
    }
}

void
title_init_tables (void)
{
  static gsize initialized = 0;

  if (g_once_init_enter (&initialized))
    {
      g_auto(GStrv) stops = g_strsplit (stop_names, " ", -1);

      /* Built once and kept for the life of the process */
      lexicon = g_new0 (LexiconSlot, LEXICON_SIZE);
      for (guint i = 0; i < G_N_ELEMENTS (lexicon_entries); i++)
        add_words (lexicon_entries[i].words, lexicon_entries[i].flags, lexicon_entries[i].flags2);

      stop_table = g_hash_table_new (g_str_hash, g_str_equal);
      for (guint i = 0; stops[i] != NULL; i++)
        g_hash_table_add (stop_table, g_strdup (stops[i]));

      fill_filter (title_cue_filter, cue_words);
      fill_filter (title_marker_filter, marker_words);
      fill_filter (title_intro_filter, intro_words);

      for (guint c = 0; c <= ' '; c++)
        title_word_end[c] = TRUE;
      for (const char *p = ",;:()[]{}\"!?\xc2\xe2"; *p; p++)
        title_word_end[(guchar) *p] = TRUE;

      g_once_init_leave (&initialized, 1);
    }
}

WordFlags
title_word_flags (const char *s,
                  gsize       len)
{
  static const WordFlags none = { 0, 0 };
  char buf[LEXICON_WORD_MAX];
  guint32 h = 2166136261u;

  /* every word in the lexicon is short and made of letters and dots */
  if (len == 0 || len > LEXICON_WORD_MAX ||
      !g_ascii_isalpha (s[0]) || !(g_ascii_isalpha (s[len - 1]) || s[len - 1] == '.') ||
      !(lexicon_filter[len][letter_index (s[0] | 0x20)] &
        (1u << letter_index (s[len - 1] == '.' ? '.' : s[len - 1] | 0x20))))
    return none;

  for (gsize i = 0; i < len; i++)
    {
      char c = s[i];

      if (c >= 'A' && c <= 'Z')
        c += 'a' - 'A';
      else if (!((c >= 'a' && c <= 'z') || c == '.'))
        return none;
      buf[i] = c;
      h = hash_step (h, c);
    }

  for (guint slot = h & (LEXICON_SIZE - 1); lexicon[slot].len != 0;
       slot = (slot + 1) & (LEXICON_SIZE - 1))
    if (lexicon[slot].len == len && memcmp (lexicon[slot].word, buf, len) == 0)
      return lexicon[slot].flags;

  return none;
}

gboolean
title_is_stop_name (const char *s,
                    gsize       len)
{
  char buf[MAX_WORD];

  if (len >= sizeof buf)
    return FALSE;

  memcpy (buf, s, len);
  buf[len] = '\0';
  if (g_hash_table_contains (stop_table, buf))
    return TRUE;

  /* LLMs, GPUs */
  if (len > 2 && buf[len - 1] == 's')
    {
      buf[len - 1] = '\0';
      return g_hash_table_contains (stop_table, buf);
    }

  return FALSE;
}
