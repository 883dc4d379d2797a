/* proc-title.c: a display title for a paper that has none
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "proc-title.h"

#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "proc-key-phrases.h"
#include "proc-tex.h"
#include "proc-title-markup.h"

/* Conference lists give abstracts without titles, so a paper is shown
 * under a title derived from its abstract:
 *
 *  - when the abstract introduces a method by name ("we propose TinyTrain,
 *    an on-device training approach that…", "a Scale-Aware Spatio-temporal
 *    Network (SASNet)", "a method called MultiDimSPCI"), the title is the
 *    name and what the abstract says it is: "TinyTrain: On-device training
 *    approach", "SASNet: Scale-Aware Spatio-temporal Network";
 *  - otherwise it is the first sentence, without lead-ins ("In this paper,
 *    we study", "Despite their success,") and asides, cut at a clause
 *    boundary when it is still too long.
 *
 * The abstract is turned into plain text, then into words and sentences
 * once, each word looked up once in a small lexicon; the rest compares
 * flags, so 90,000 abstracts take a fraction of a second. */

#define MIN_TOPIC_CHARS  12
#define MAX_TITLE_WORDS  10   /* a title a reader scans, not a sentence */
#ifndef NAMED_PHRASES
#define NAMED_PHRASES 2
#endif
#ifndef TOPIC_PHRASES
#define TOPIC_PHRASES 3
#endif
#define MAX_WORD         32

/* Lexicon */

enum
{
  W_INTRO        = 1 << 0,   /* we propose, we introduce */
  W_NAMING_VERB  = 1 << 1,   /* we call, we dub */
  W_INTRO_3SG    = 1 << 2,   /* this paper presents */
  W_SELF_NOUN    = 1 << 3,   /* paper, work */
  W_NAMING       = 1 << 4,   /* called, named, namely */
  W_ADVERB       = 1 << 5,   /* we further propose */
  W_DETERMINER   = 1 << 6,
  W_WEAK_ADJ     = 1 << 7,   /* a novel, a simple */
  W_GENERIC      = 1 << 8,   /* approach, method, framework */
  W_LEAD_IN      = 1 << 9,   /* we study, this paper considers */
  W_LEAD_IN_THAT = 1 << 10,  /* we show that */
  W_DANGLING     = 1 << 11,  /* a title does not end on these */
  W_CLAUSE       = 1 << 12,  /* which, where, while */
  W_CONJUNCTION  = 1 << 13,
  W_PREPOSITION  = 1 << 14,
  W_ABBREVIATION = 1 << 15,  /* e.g. et al. */
  W_ARTICLE      = 1 << 16,
  W_OPENER       = 1 << 17,  /* Despite…, While…, In… at the start of a sentence */
  W_PROBLEM      = 1 << 18,  /* the problem of */
  W_WE           = 1 << 19,
  W_OUR          = 1 << 20,
  W_THIS         = 1 << 21,
  W_TO           = 1 << 22,
  W_THAT         = 1 << 23,
  W_WHICH        = 1 << 24,  /* which, that, who: a relative clause follows */
  W_FOR          = 1 << 25,
  W_IN           = 1 << 26,
  W_OF           = 1 << 27,
  W_ON           = 1 << 28,  /* focus on, deal with */
  W_HERE         = 1 << 29,  /* Here, Recently, */
  W_INITIATE     = 1 << 30,
};

/* a second word of flags, for the few that do not fit */
enum
{
  W2_BE          = 1 << 0,   /* it is known that, it has been shown that */
  W2_KNOWN       = 1 << 1,
  W2_WELL        = 1 << 2,
  W2_IT          = 1 << 3,
  W2_VERB        = 1 << 4,   /* a noun phrase stops before these */
};

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
    "challenges", W_PROBLEM, 0 },
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
    "relies rely aims aim seeks seek consists comprises", 0, W2_VERB },
};

typedef struct
{
  guint32 flags;
  guint32 flags2;
} WordFlags;

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
static guint32 cue_filter[26 * 26];

/* The same for the words that mark where a name follows */
static const char marker_words[] =
  "our called named dubbed termed coined namely nicknamed codenamed call term "
  "dub name coin";
static guint32 marker_filter[26 * 26];

/* and for the first word of "we propose", "this paper presents" */
static const char intro_words[] = "we this our the";
static guint32 intro_filter[26 * 26];

/* Bytes that end a word: white space, punctuation, and the first bytes of
 * a no-break space or a Unicode dash or quote (0xc2, 0xe2), which need a
 * closer look.  word_end_map () finds them sixteen at a time. */
static gboolean word_end[256];

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

static void
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

      fill_filter (cue_filter, cue_words);
      fill_filter (marker_filter, marker_words);
      fill_filter (intro_filter, intro_words);

      for (guint c = 0; c <= ' '; c++)
        word_end[c] = TRUE;
      for (const char *p = ",;:()[]{}\"!?\xc2\xe2"; *p; p++)
        word_end[(guchar) *p] = TRUE;

      g_once_init_leave (&initialized, 1);
    }
}

static WordFlags
word_flags (const char *s,
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

/* Abstract: words and sentences */

typedef struct
{
  guint   start;
  guint   end;            /* a final period is not part of the word */
  guint32 flags;
  guint32 flags2;
  char    punct;          /* the punctuation character, or 0 for a word */
  guint   dot : 1;        /* the word was followed by a period */
  guint   looked_up : 1;  /* @flags and @flags2 are known */
  guint   marker : 1;     /* may be a word after which a name follows */
} Token;

typedef struct
{
  guint    first;
  guint    end;
  gboolean cue;           /* has "we", "our", "this paper" or "called" */
} Sentence;

typedef struct
{
  const char *text;       /* plain text */
  Token      *tokens;
  guint       n_tokens;
  Sentence   *sentences;
  guint       n_sentences;
} Abstract;

/* The length of the white space at @p: ASCII, no-break and other spaces */
static gsize
space_len (const char *p)
{
  guchar c = *p;

  if (c > 0 && c <= ' ')
    return 1;
  if (c == 0xc2 && (guchar) p[1] == 0xa0)
    return 2;
  if (c == 0xe2 && (guchar) p[1] == 0x80 &&
      (((guchar) p[2] >= 0x80 && (guchar) p[2] <= 0x8a) || (guchar) p[2] == 0xaf))
    return 3;

  return 0;
}

static char
punct_char (const char *p)
{
  switch (*p)
    {
    case ',': case ';': case ':': case '(': case ')': case '[': case ']':
    case '{': case '}': case '"': case '!': case '?':
      return *p;
    default:
      break;
    }

  /* “ ” ‘ — – ; the right single quote is an apostrophe too often */
  if ((guchar) p[0] == 0xe2 && (guchar) p[1] == 0x80)
    switch ((guchar) p[2])
      {
      case 0x9c: case 0x9d: return '"';
      case 0x98: return '\'';
      case 0x93: case 0x94: return '-';
      default: break;
      }

  return 0;
}

/* Words are looked up when first asked about: most sentences never are */
static Token *
tok_lookup (Abstract *a,
            guint     i)
{
  Token *t = &a->tokens[i];

  if (!t->looked_up)
    {
      WordFlags wf = t->punct == 0 ? word_flags (a->text + t->start, t->end - t->start)
                                   : (WordFlags) { 0, 0 };

      t->flags = wf.flags;
      t->flags2 = wf.flags2;
      t->looked_up = TRUE;
    }

  return t;
}

/* One bit per byte of @text, set where a word may end (see word_end) and
 * at the final NUL.  Finding the end of each word in this map is a count
 * of zero bits instead of a byte loop whose exit the processor cannot
 * predict: that byte loop was where most of the time went. */
static guint64 *
word_end_map (const char *text,
              gsize       len)
{
  guint64 *bits = g_new0 (guint64, len / 64 + 2);
  gsize i = 0;

#ifdef __SSE2__
  for (; i + 16 <= len; i += 16)
    {
      __m128i v = _mm_loadu_si128 ((const __m128i *) (gconstpointer) (text + i));
      __m128i lower = _mm_or_si128 (v, _mm_set1_epi8 (0x20));
      __m128i even = _mm_and_si128 (v, _mm_set1_epi8 ((char) 0xfe));
      /* 0 <= byte <= '"': white space, '!' and '"' (as signed bytes) */
      __m128i m = _mm_and_si128 (_mm_cmpgt_epi8 (v, _mm_set1_epi8 (-1)),
                                 _mm_cmplt_epi8 (v, _mm_set1_epi8 ('"' + 1)));

      m = _mm_or_si128 (m, _mm_cmpeq_epi8 (lower, _mm_set1_epi8 ('{')));         /* [ { */
      m = _mm_or_si128 (m, _mm_cmpeq_epi8 (lower, _mm_set1_epi8 ('}')));         /* ] } */
      m = _mm_or_si128 (m, _mm_cmpeq_epi8 (lower, _mm_set1_epi8 ((char) 0xe2))); /* 0xc2 0xe2 */
      m = _mm_or_si128 (m, _mm_cmpeq_epi8 (even, _mm_set1_epi8 ('(')));          /* ( ) */
      m = _mm_or_si128 (m, _mm_cmpeq_epi8 (even, _mm_set1_epi8 (':')));          /* : ; */
      m = _mm_or_si128 (m, _mm_cmpeq_epi8 (v, _mm_set1_epi8 (',')));
      m = _mm_or_si128 (m, _mm_cmpeq_epi8 (v, _mm_set1_epi8 ('?')));

      bits[i / 64] |= (guint64) (guint) _mm_movemask_epi8 (m) << (i % 64);
    }
#endif

  for (; i < len; i++)
    if (word_end[(guchar) text[i]])
      bits[i / 64] |= G_GUINT64_CONSTANT (1) << (i % 64);
  bits[len / 64] |= G_GUINT64_CONSTANT (1) << (len % 64);

  return bits;
}

/* The first position at or after @pos where a word may end */
static inline gsize
next_word_end (const guint64 *bits,
               gsize          pos)
{
  gsize w = pos / 64;
  guint64 m = bits[w] >> (pos % 64);

  if (m != 0)
    return pos + (gsize) __builtin_ctzll (m);

  for (w++; bits[w] == 0; w++)
    ;

  return w * 64 + (gsize) __builtin_ctzll (bits[w]);
}

/* Whether a word may be one of the words of @filter, without a lookup:
 * by its first two letters and its length */
static inline gboolean
may_be (const guint32 *filter,
        const char    *word,
        gsize          len)
{
  char c0 = word[0] | 0x20;
  char c1 = word[1] | 0x20;

  return len >= 2 && len < 32 && c0 >= 'a' && c0 <= 'z' && c1 >= 'a' && c1 <= 'z' &&
         (filter[(c0 - 'a') * 26 + (c1 - 'a')] & (1u << len)) != 0;
}

static void
add_sentence (Abstract *a,
              guint    *s_alloc,
              guint     first,
              guint     end,
              gboolean  cue)
{
  if (a->n_sentences == *s_alloc)
    {
      *s_alloc *= 2;
      a->sentences = g_renew (Sentence, a->sentences, *s_alloc);
    }
  a->sentences[a->n_sentences].first = first;
  a->sentences[a->n_sentences].end = end;
  a->sentences[a->n_sentences].cue = cue;
  a->n_sentences++;
}

/* One pass over the text: words, punctuation, sentences, and which
 * sentences may introduce a name. */
static void
abstract_init (Abstract   *a,
               const char *text)
{
  guint n_alloc = 256;
  guint s_alloc = 16;
  guint first = 0;
  gboolean cue = FALSE;
  gboolean may_end = FALSE;  /* the previous token ends a sentence if this one starts one */
  const char *p = text;
  g_autofree guint64 *ends = word_end_map (text, strlen (text));

  a->text = text;
  a->tokens = g_new (Token, n_alloc);
  a->n_tokens = 0;
  a->sentences = g_new (Sentence, s_alloc);
  a->n_sentences = 0;

  while (*p)
    {
      guchar byte = *p;
      Token *t;
      char c = 0;

      if (byte == ' ')
        {
          p++;
          continue;
        }

      if (word_end[byte])
        {
          gsize space = space_len (p);

          if (space > 0)
            {
              p += space;
              continue;
            }
          c = punct_char (p);  /* 0 for the other characters from 0xc2 or 0xe2 */
        }

      if (a->n_tokens == n_alloc)
        {
          n_alloc *= 2;
          a->tokens = g_renew (Token, a->tokens, n_alloc);
        }
      t = &a->tokens[a->n_tokens];
      t->start = p - text;
      t->flags = t->flags2 = 0;
      t->punct = c;
      t->dot = t->looked_up = t->marker = FALSE;

      /* did the previous token end a sentence? */
      if (may_end)
        {
          gboolean starts;

          if (c != 0)
            {
              starts = c == '(' || c == '"' || c == '[';
            }
          else
            {
              gunichar u = byte < 0x80 ? (gunichar) byte : g_utf8_get_char (p);

              starts = g_unichar_isupper (u) || g_unichar_isdigit (u);
            }
          if (starts)
            {
              add_sentence (a, &s_alloc, first, a->n_tokens, cue);
              first = a->n_tokens;
              cue = FALSE;
            }
        }

      if (c != 0)
        {
          p = g_utf8_next_char (p);
          t->end = p - text;
          may_end = c == '!' || c == '?';
          a->n_tokens++;
          continue;
        }

      /* a word, up to white space or punctuation */
      for (;;)
        {
          p = text + next_word_end (ends, p - text);
          if (*p == '\0' || *p == ' ' || space_len (p) > 0 || punct_char (p) != 0)
            break;
          p++;  /* another character that starts with 0xc2 or 0xe2 */
        }
      t->end = p - text;
      may_end = FALSE;

      /* "approach." is the word "approach" at the end of a sentence, but
       * "e.g." and the initial of "A. Smith" end nothing */
      if (p[-1] == '.')
        {
          while (t->end > t->start && text[t->end - 1] == '.')
            t->end--;
          t->dot = TRUE;
          if (t->end == t->start)
            {
              t->punct = '.';
              t->end = p - text;
              may_end = TRUE;
              a->n_tokens++;
              continue;
            }
          tok_lookup (a, a->n_tokens);
          may_end = !(t->flags & W_ABBREVIATION) &&
                    !(t->end - t->start == 1 && g_ascii_isupper (text[t->start]));
        }

      {
        const char *w = text + t->start;
        gsize len = t->end - t->start;

        t->marker = may_be (marker_filter, w, len);
        if (may_be (cue_filter, w, len) &&
            (tok_lookup (a, a->n_tokens)->flags & (W_WE | W_OUR | W_SELF_NOUN | W_NAMING)))
          cue = TRUE;
      }

      a->n_tokens++;
    }

  if (first < a->n_tokens)
    add_sentence (a, &s_alloc, first, a->n_tokens, cue);
}

static void
abstract_clear (Abstract *a)
{
  g_free (a->tokens);
  g_free (a->sentences);
}

static gboolean
tok_word (Abstract *a,
          guint     i)
{
  return i < a->n_tokens && a->tokens[i].punct == 0;
}

static gboolean
tok_punct (Abstract *a,
           guint     i,
           char      c)
{
  return i < a->n_tokens && a->tokens[i].punct == c;
}

static gboolean
tok_has (Abstract *a,
         guint     i,
         guint32   flags)
{
  return i < a->n_tokens && (tok_lookup (a, i)->flags & flags) != 0;
}

static gboolean
tok_has2 (Abstract *a,
          guint     i,
          guint32   flags2)
{
  return i < a->n_tokens && (tok_lookup (a, i)->flags2 & flags2) != 0;
}

static gboolean
has_upper (Abstract *a,
           guint     i)
{
  if (!tok_word (a, i))
    return FALSE;

  for (guint k = a->tokens[i].start; k < a->tokens[i].end; k++)
    if (g_ascii_isupper (a->text[k]))
      return TRUE;

  return FALSE;
}

static gboolean
is_capitalized_word (Abstract *a,
                     guint     i)
{
  return tok_word (a, i) && g_ascii_isupper (a->text[a->tokens[i].start]);
}

/* Text of tokens [first, end), as written */
static char *
tok_span (Abstract *a,
          guint     first,
          guint     end)
{
  if (first >= end || end > a->n_tokens)
    return g_strdup ("");

  return g_strndup (a->text + a->tokens[first].start,
                    a->tokens[end - 1].end - a->tokens[first].start);
}

/* Names */

static gboolean
is_name_part (const char *s,
              gsize       len)
{
  guint letters = 0, upper = 0, digits = 0;
  gboolean inner_upper = FALSE;

  for (gsize i = 0; i < len; i++)
    {
      char c = s[i];

      if (g_ascii_isalpha (c))
        {
          letters++;
          if (g_ascii_isupper (c))
            {
              upper++;
              inner_upper |= i > 0;
            }
        }
      else if (g_ascii_isdigit (c))
        {
          digits++;
        }
      else if (c != '+' && c != '-' && c != '_')
        {
          return FALSE;  /* I/O, e.g, non-ASCII */
        }
    }

  /* TinyTrain, SASNet, LESS, GPT4, H2D; not T5-sized fragments like L2 */
  return letters > 0 &&
         (inner_upper || (upper == letters && letters >= 2) ||
          (digits > 0 && letters + digits > 2));
}

static gboolean
is_stop_name (const char *s,
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

/* The method name in token @i, without a possessive, or NULL */
static char *
name_at (Abstract *a,
         guint     i)
{
  const char *s;
  gsize len;

  if (!tok_word (a, i))
    return NULL;

  s = a->text + a->tokens[i].start;
  len = a->tokens[i].end - a->tokens[i].start;

  if (len > 2 && s[len - 2] == '\'' && s[len - 1] == 's')
    len -= 2;
  else if (len > 4 && strncmp (s + len - 4, "’s", 4) == 0)
    len -= 4;
  while (len > 0 && (s[len - 1] == '\'' || s[len - 1] == '*'))
    len--;
  while (len > 0 && (*s == '\'' || *s == '*'))
    s++, len--;

  if (len < 2 || len > 40 || is_stop_name (s, len))
    return NULL;

  if (memchr (s, '-', len) != NULL)
    {
      /* GPT-4V and VA-MVSNet are names, Scale-Aware and LLM-based are not */
      gboolean named_part = FALSE;
      const char *part = s;
      const char *end = s + len;

      while (part < end)
        {
          const char *dash = memchr (part, '-', end - part);
          gsize plen = (dash != NULL ? dash : end) - part;
          gboolean lower = plen >= 3;

          for (gsize k = 0; k < plen; k++)
            lower = lower && g_ascii_islower (part[k]);
          if (lower)
            return NULL;
          if (is_name_part (part, plen) && !is_stop_name (part, plen))
            named_part = TRUE;
          part += plen + 1;
        }

      if (!named_part)
        return NULL;
    }
  else if (!is_name_part (s, len))
    {
      return NULL;
    }

  return g_strndup (s, len);
}

/* Schwartz and Hearst (2003): the shortest end of @lf in which the letters
 * of @sf appear in order, the first one starting a word.  Digits in @sf may
 * stand for words ("L2A": Learning to Augment) and are not looked for.
 * Returns the offset where that long form starts, or -1. */
static gssize
find_long_form (const char *sf,
                gsize       sf_len,
                const char *lf,
                gsize       lf_len)
{
  gssize s = (gssize) sf_len - 1;
  gssize l = (gssize) lf_len - 1;
  gssize first = 0;

  while (first < (gssize) sf_len && !g_ascii_isalpha (sf[first]))
    first++;

  while (s >= first)
    {
      char c = g_ascii_tolower (sf[s]);

      if (!g_ascii_isalpha (c))
        {
          s--;
          continue;
        }

      while (l >= 0 &&
             (g_ascii_tolower (lf[l]) != c ||
              (s == first && l > 0 && g_ascii_isalnum (lf[l - 1]))))
        l--;

      if (l < 0)
        return -1;

      l--;
      s--;
    }

  return s < first && first < (gssize) sf_len ? l + 1 : -1;
}

/* Phrases */

static gboolean
is_dangling (const char *s,
             gsize       len)
{
  return (word_flags (s, len).flags & W_DANGLING) != 0;
}

/* Removes "(...)" and "[...]" asides that follow a space: "(LLMs)",
 * "(nearly free)", "[Smith, 2020]", but not the "(n)" of "O(n)". */
static char *
strip_asides (const char *s)
{
  GString *out = g_string_sized_new (strlen (s));
  const char *p = s;

  while (*p)
    {
      /* copy up to the next bracket or white space */
      const char *run = p;

      while (!word_end[(guchar) *p] || (*p == ' ' && p[1] != ' ' && p[1] != '(' && p[1] != '['))
        p++;
      g_string_append_len (out, run, p - run);
      if (*p == '\0')
        break;

      if ((*p == '(' || *p == '[') &&
          (p == s || (guchar) p[-1] <= ' ' || (guchar) p[-1] == 0xa0))
        {
          char open = *p, close = *p == '(' ? ')' : ']';
          int level = 0;
          const char *q = p;

          for (; *q; q++)
            {
              level += *q == open ? 1 : *q == close ? -1 : 0;
              if (level == 0)
                break;
            }

          if (*q != '\0')
            {
              p = q + 1;
              /* "a (b) c" → "a c", "a (b), c" → "a, c" */
              while (out->len > 0 && out->str[out->len - 1] == ' ')
                g_string_truncate (out, out->len - 1);
              if (*p != '\0' && space_len (p) == 0 && !strchr (",.;:)]", *p))
                g_string_append_c (out, ' ');
              continue;
            }
        }

      if (space_len (p) > 0)
        {
          p += space_len (p);
          if (out->len > 0 && out->str[out->len - 1] != ' ')
            g_string_append_c (out, ' ');
          continue;
        }

      /* a bracket that is not an aside, or a character from 0xc2 or 0xe2 */
      g_string_append_c (out, *p);
      p++;
    }

  while (out->len > 0 && out->str[out->len - 1] == ' ')
    g_string_truncate (out, out->len - 1);

  return g_string_free (out, FALSE);
}

/* Removes asides between commas and dashes: "The estimator, which takes X
 * into account, is…" → "The estimator is…", "X – with guarantees – Y". */
static void
strip_inner_clauses (GString *s)
{
  static const char * const openers[] = {
    "which ", "i.e.", "e.g.", "such as ", "including ", "namely ", "who ",
    "whose ", "where ", NULL
  };
  char *p;

  /* ", which …," and the like: one pass over the commas */
  for (p = strchr (s->str, ','); p != NULL; p = strchr (p + 1, ','))
    {
      char *next;
      gboolean aside = FALSE;

      if (p[1] != ' ')
        continue;
      for (guint i = 0; openers[i] != NULL && !aside; i++)
        aside = strncmp (p + 2, openers[i], strlen (openers[i])) == 0;
      if (!aside)
        continue;

      next = strchr (p + 2, ',');
      if (next == NULL || next[1] != ' ')
        break;
      g_string_erase (s, p - s->str, next + 1 - p);
      p = s->str + (p - s->str) - 1;
      if (p < s->str)
        p = s->str;
    }

  /* " – with guarantees – ": a pair of spaced dashes */
  for (p = strchr (s->str, '\xe2'); p != NULL; p = strchr (p + 1, '\xe2'))
    {
      char *next;

      if (p == s->str || p[-1] != ' ' || (strncmp (p, "–", 3) != 0 && strncmp (p, "—", 3) != 0) ||
          p[3] != ' ')
        continue;
      next = strstr (p + 4, p[2] == '\x93' ? " – " : " — ");
      if (next == NULL)
        break;
      g_string_erase (s, p - 1 - s->str, next + 4 - (p - 1));
      break;
    }
}

/* Whether @s has more than @n characters, counting no further */
static gboolean
longer_than (const char *s,
             guint       n)
{
  guint chars = 0;

  for (; *s; s++)
    if (((guchar) *s & 0xc0) != 0x80 && ++chars > n)
      return TRUE;

  return FALSE;
}

/* Removes words a title does not end on, and trailing punctuation. */
static void
strip_dangling (GString *s)
{
  for (;;)
    {
      gsize end = s->len;
      gsize start;

      for (;;)
        {
          if (end > 0 && strchr (" ,;:.!?-'\"", s->str[end - 1]) != NULL)
            end--;
          else if (end >= 3 && (strncmp (s->str + end - 3, "—", 3) == 0 ||
                                strncmp (s->str + end - 3, "–", 3) == 0 ||
                                strncmp (s->str + end - 3, "“", 3) == 0 ||
                                strncmp (s->str + end - 3, "‘", 3) == 0))
            end -= 3;
          else
            break;
        }
      g_string_truncate (s, end);

      start = end;
      while (start > 0 && s->str[start - 1] != ' ')
        start--;
      if (start == 0 || !is_dangling (s->str + start, end - start))
        return;
      g_string_truncate (s, start);
    }
}

static void
capitalize (GString *s)
{
  gsize first_word = strcspn (s->str, " ");

  /* "on-device training" → "On-device training"; "iPhone" and "k-NN" stay */
  for (gsize i = 0; i < first_word; i++)
    if (g_ascii_isupper (s->str[i]))
      return;

  if (s->len > 0 && g_ascii_islower (s->str[0]))
    s->str[0] = g_ascii_toupper (s->str[0]);
}

/* "a simple integration of…" → "simple integration of…" */
static const char *
skip_article (const char *s)
{
  for (;;)
    {
      gsize len = strcspn (s, " ");
      WordFlags wf = word_flags (s, len);
      gboolean skip = (wf.flags & W_ARTICLE) ||
                      ((wf.flags & W_WEAK_ADJ) && len <= 5);  /* novel, new, first */

      if (!skip || s[len] != ' ')
        return s;
      s += len + 1;
    }
}

/* Candidates */

typedef enum
{
  NAME_WEAKEST,   /* "we propose conformal factuality, a framework…" */
  NAME_WEAK,      /* "we present Isometric Diffusion, equipping…" */
  NAME_STRONG,    /* "we propose TinyTrain", "called X", "… Network (SASNet)" */
} NameStrength;

typedef struct
{
  char        *name;
  char        *topic;      /* what the abstract says the method is, uncut */
  gboolean     long_form;  /* @topic spells out an acronym */
  NameStrength strength;
  guint        token;
} Candidate;

static void
candidate_free (Candidate *c)
{
  g_free (c->name);
  g_free (c->topic);
  g_free (c);
}

static void
add_candidate (GPtrArray    *candidates,
               char         *name,
               char         *topic,
               gboolean      long_form,
               NameStrength  strength,
               guint         token)
{
  Candidate *c = g_new0 (Candidate, 1);

  c->name = name;
  c->topic = topic;
  c->long_form = long_form;
  c->strength = strength;
  c->token = token;
  g_ptr_array_add (candidates, c);
}

/* Words [first, end) as text, asides removed */
static char *
phrase (Abstract *a,
        guint     first,
        guint     end)
{
  g_autofree char *span = NULL;

  /* a title never shows more than the first few dozen words */
  for (guint i = first + 1; i < end; i++)
    if (a->tokens[i].end - a->tokens[first].start > 3 * PROC_TITLE_MAX_CHARS)
      {
        end = i;
        break;
      }

  span = tok_span (a, first, end);

  return strip_asides (span);
}

/* What the abstract says after a name: "TinyTrain, an on-device training
 * approach that…", "LLMCompiler, which executes…", "FooNet to restore…" */
static char *
topic_after_name (Abstract *a,
                  guint     i,
                  guint     end)
{
  if (i >= end)
    return NULL;

  if (tok_punct (a, i, '('))
    {
      /* skip an aside: "SASNet (short for…), a network" */
      while (i < end && !tok_punct (a, i, ')'))
        i++;
      return topic_after_name (a, i + 1, end);
    }

  if (tok_punct (a, i, ',') || tok_punct (a, i, ':') || tok_punct (a, i, ';') ||
      tok_punct (a, i, '-'))
    {
      const Token *t;

      i++;
      if (!tok_word (a, i))
        return NULL;
      t = tok_lookup (a, i);

      if (t->flags & W_ARTICLE)
        return phrase (a, i, end);
      if (t->flags & W_WHICH)
        return phrase (a, i + 1, end);
      /* "Isometric Diffusion, equipping a diffusion model with…" */
      if (t->end - t->start > 4 && strncmp (a->text + t->end - 3, "ing", 3) == 0 &&
          g_ascii_islower (a->text[t->start]))
        return phrase (a, i, end);
      if (!tok_punct (a, i - 1, ','))
        return phrase (a, i, end);
      return NULL;
    }

  if (tok_has (a, i, W_TO | W_WHICH | W_FOR))
    return phrase (a, i + 1, end);

  if (tok_has (a, i, W_GENERIC))
    return phrase (a, i, end);

  return NULL;
}

/* "our proposed framework", "the method": nothing a reader learns from */
static gboolean
is_generic_phrase (const char *s)
{
  guint content = 0;
  gboolean generic = FALSE;

  while (*s)
    {
      gsize len = strcspn (s, " ");
      WordFlags wf = word_flags (s, len);

      if (!(wf.flags & (W_DETERMINER | W_WEAK_ADJ)))
        {
          content++;
          generic = (wf.flags & W_GENERIC) != 0;
        }
      s += len;
      while (*s == ' ')
        s++;
    }

  return content == 0 || (content == 1 && generic);
}

typedef struct
{
  guint    object;   /* first token after the intro verb */
  guint    verb;
  gboolean naming;   /* "we call" */
} Intro;

/* "we propose", "we further introduce", "This paper presents" */
static gboolean
find_intro (Abstract *a,
            guint     first,
            guint     end,
            Intro    *intro)
{
  for (guint i = first; i < end; i++)
    {
      guint j = i + 1;

      if (a->tokens[i].punct != 0 ||
          !may_be (intro_filter, a->text + a->tokens[i].start,
                   a->tokens[i].end - a->tokens[i].start))
        continue;  /* not "we", "this", "our" or "the" */

      if (tok_has (a, i, W_WE))
        {
          while (j < end && tok_has (a, j, W_ADVERB))
            j++;
          if (tok_has (a, j, W_INTRO | W_NAMING_VERB))
            {
              intro->verb = j;
              intro->object = j + 1;
              intro->naming = tok_has (a, j, W_NAMING_VERB);
              return TRUE;
            }
        }
      else if (tok_has (a, i, W_THIS | W_OUR | W_ARTICLE) && tok_has (a, j, W_SELF_NOUN))
        {
          j++;
          while (j < end && tok_has (a, j, W_ADVERB))
            j++;
          if (tok_has (a, j, W_INTRO_3SG))
            {
              intro->verb = j;
              intro->object = j + 1;
              intro->naming = FALSE;
              return TRUE;
            }
        }
    }

  return FALSE;
}

static gboolean
near_marker (const guint *markers,
             guint        n_markers,
             guint        token,
             guint        distance)
{
  for (guint m = 0; m < n_markers; m++)
    if (markers[m] <= token && token - markers[m] <= distance)
      return TRUE;

  return FALSE;
}

/* "LONG FORM (ACRONYM)" and "ACRONYM (LONG FORM)" */
static void
find_acronyms (Abstract    *a,
               guint        first,
               guint        end,
               const guint *markers,
               guint        n_markers,
               GPtrArray   *candidates)
{
  for (guint i = first + 1; i < end; i++)
    {
      g_autofree char *name = NULL;
      g_autofree char *lf = NULL;
      guint window, start_tok, lf_start, capitals = 0;
      gssize offset;

      if (!tok_punct (a, i, '('))
        continue;

      /* ACRONYM (Long Form) */
      if ((name = name_at (a, i - 1)) != NULL)
        {
          guint close = i + 1;

          while (close < end && close < i + 12 && !tok_punct (a, close, ')'))
            close++;
          if (tok_punct (a, close, ')') && close > i + 2)
            {
              g_autofree char *inner = tok_span (a, i + 1, close);

              if (find_long_form (name, strlen (name), inner, strlen (inner)) == 0)
                {
                  for (guint k = i + 1; k < close; k++)
                    capitals += is_capitalized_word (a, k);
                  if (capitals >= 2 || near_marker (markers, n_markers, i - 1, 3))
                    {
                      add_candidate (candidates, g_steal_pointer (&name),
                                     g_steal_pointer (&inner), TRUE, NAME_STRONG, i - 1);
                      continue;
                    }
                }
            }
          g_clear_pointer (&name, g_free);
        }

      /* Long Form (ACRONYM) */
      if (!tok_punct (a, i + 2, ')') || (name = name_at (a, i + 1)) == NULL)
        continue;

      window = MIN (strlen (name) + 5, strlen (name) * 2);
      start_tok = i;
      while (start_tok > first && i - start_tok < window)
        start_tok--;

      lf = tok_span (a, start_tok, i);
      offset = find_long_form (name, strlen (name), lf, strlen (lf));
      if (offset < 0)
        continue;

      /* the token where the long form starts */
      lf_start = start_tok;
      while (lf_start < i && a->tokens[lf_start].end <= a->tokens[start_tok].start + (guint) offset)
        lf_start++;

      /* "the Perceptual Context and Sensitivity BIQA (CSIQA)": the letters
       * start at Context, the name at Perceptual */
      while (lf_start > first + 1 && is_capitalized_word (a, lf_start - 1) &&
             !tok_has (a, lf_start - 1, W_DETERMINER) && i - lf_start < 12)
        lf_start--;

      if (i - lf_start < 2 && memchr (a->text + a->tokens[lf_start].start, '-',
                                      a->tokens[lf_start].end - a->tokens[lf_start].start) == NULL)
        continue;

      for (guint k = lf_start; k < i; k++)
        capitals += is_capitalized_word (a, k) && k != first;

      /* a lower-case long form counts right after "we propose", "called",
       * "our method," and the like, and when it is not a modifier ("rolling
       * shutter (RS) correction"): elsewhere it defines a term */
      if (capitals < 2 &&
          (!near_marker (markers, n_markers, lf_start, 5) ||
           (tok_word (a, i + 3) && g_ascii_islower (a->text[a->tokens[i + 3].start]) &&
            !tok_has (a, i + 3, W_TO | W_WHICH | W_FOR | W_CONJUNCTION |
                                W_PREPOSITION | W_DANGLING | W_CLAUSE))))
        continue;

      add_candidate (candidates, g_steal_pointer (&name), phrase (a, lf_start, i),
                     TRUE, NAME_STRONG, i + 1);
    }
}

/* The noun phrase before a naming word: "a sequential CP method" called…,
 * "Our proposed framework", named… */
static char *
phrase_before (Abstract    *a,
               guint        first,
               guint        naming,
               const Intro *intro)
{
  guint end = naming;
  guint start;

  while (end > first && (tok_punct (a, end - 1, ',') || tok_has (a, end - 1, W_WE | W_WHICH)))
    end--;

  if (intro->verb < naming && intro->object < end)
    {
      start = intro->object;
    }
  else
    {
      start = end;
      while (start > first && !tok_punct (a, start - 1, ',') &&
             !tok_punct (a, start - 1, ';') && end - start < 12)
        start--;
    }

  return start < end ? phrase (a, start, end) : NULL;
}

static void
scan_sentence (Abstract  *a,
               guint      s,
               guint     *last_intro,
               GPtrArray *candidates)
{
  guint first = a->sentences[s].first;
  guint end = a->sentences[s].end;
  Intro intro = { G_MAXUINT, G_MAXUINT, FALSE };
  gboolean has_intro;
  guint markers[8];
  guint n_markers = 0;

  if (!a->sentences[s].cue)
    return;

  has_intro = find_intro (a, first, end, &intro);

  /* naming words and "our method," also make a sentence introduce a name */
  for (guint i = first; i < end && n_markers < G_N_ELEMENTS (markers) - 1; i++)
    {
      guint32 flags = a->tokens[i].marker ? tok_lookup (a, i)->flags : 0;

      if ((flags & W_NAMING) ||
          ((flags & W_NAMING_VERB) && i > first && tok_has (a, i - 1, W_WE)))
        {
          markers[n_markers++] = i + 1;
        }
      else if (flags & W_OUR)
        {
          guint j = i + 1;

          while (j < end && j < i + 4 && !tok_has (a, j, W_GENERIC))
            j++;
          if (tok_has (a, j, W_GENERIC) && tok_punct (a, j + 1, ','))
            markers[n_markers++] = j + 2;
        }
    }

  if (!has_intro && n_markers == 0)
    return;

  /* called X, named X, we call it X, our method, X */
  for (guint m = 0; m < n_markers; m++)
    {
      guint i = markers[m];
      char *name;

      while (i < end && (tok_has (a, i, W_DETERMINER | W_GENERIC) ||
                         tok_punct (a, i, '"') || tok_punct (a, i, '\'')))
        i++;

      if ((name = name_at (a, i)) != NULL)
        {
          char *topic = phrase_before (a, first, markers[m] - 1, &intro);
          guint after = i + 1;

          while (tok_punct (a, after, '"') || tok_punct (a, after, '\''))
            after++;

          if (topic == NULL || is_generic_phrase (topic))
            {
              g_free (topic);
              topic = last_intro[0] < last_intro[1] ? phrase (a, last_intro[0], last_intro[1])
                                                    : topic_after_name (a, after, end);
              if (topic == NULL && tok_punct (a, after, ','))
                topic = phrase (a, after + 1, end);  /* "…, named X, unifies…" */
            }
          add_candidate (candidates, name, topic, FALSE, NAME_STRONG, i);
        }
    }

  if (has_intro && n_markers < G_N_ELEMENTS (markers))
    markers[n_markers++] = intro.object;

  find_acronyms (a, first, end, markers, n_markers, candidates);

  if (has_intro && !intro.naming)
    {
      guint i = intro.object;
      guint k;
      char *name;

      while (i < end && i < intro.object + 3 && tok_has (a, i, W_ARTICLE | W_WEAK_ADJ))
        i++;

      /* we propose TinyTrain, …; the SANE approach to… */
      if ((name = name_at (a, i)) != NULL)
        {
          if (i + 1 >= end || a->tokens[i + 1].punct != 0 || a->tokens[i].dot ||
              tok_has (a, i + 1, W_TO | W_WHICH | W_FOR | W_GENERIC))
            add_candidate (candidates, name, topic_after_name (a, i + 1, end),
                           FALSE, NAME_STRONG, i);
          else
            g_free (name);
        }

      /* we present Isometric Diffusion, equipping… */
      k = intro.object;
      while (k < end && k < intro.object + 4 && is_capitalized_word (a, k) &&
             !tok_has (a, k, W_DETERMINER) && !a->tokens[k].dot)
        k++;
      if (k - intro.object >= 2 && k < end &&
          (tok_punct (a, k, ',') || tok_punct (a, k, ':') ||
           tok_has (a, k, W_TO | W_WHICH | W_FOR)))
        add_candidate (candidates, tok_span (a, intro.object, k),
                       topic_after_name (a, k, end), FALSE, NAME_WEAK, intro.object);

      /* we propose conformal factuality, a framework… */
      k = intro.object;
      while (k < end && k < intro.object + 3 && tok_word (a, k) &&
             g_ascii_islower (a->text[a->tokens[k].start]) &&
             !tok_has (a, k, W_DETERMINER | W_DANGLING | W_WEAK_ADJ | W_GENERIC))
        k++;
      if (k > intro.object && tok_punct (a, k, ',') && tok_has (a, k + 1, W_ARTICLE) &&
          g_ascii_tolower (a->text[a->tokens[k + 1].start]) == 'a')
        {
          GString *name_str = g_string_new (NULL);
          g_autofree char *span = tok_span (a, intro.object, k);

          g_string_append (name_str, span);
          capitalize (name_str);
          add_candidate (candidates, g_string_free (name_str, FALSE),
                         topic_after_name (a, k, end), FALSE, NAME_WEAKEST, intro.object);
        }

      /* remembered for "Our framework, named X" in a later sentence */
      if (tok_has (a, intro.object, W_ARTICLE))
        {
          last_intro[0] = intro.object;
          last_intro[1] = end;
        }
    }

  /* the NAME approach, anywhere in the sentence */
  for (guint i = first; i + 2 < end; i++)
    {
      char *name;

      if (a->tokens[i].end - a->tokens[i].start <= 3 && has_upper (a, i + 1) &&
          tok_has (a, i, W_ARTICLE) && tok_has (a, i + 2, W_GENERIC) &&
          (name = name_at (a, i + 1)) != NULL)
        add_candidate (candidates, name, phrase (a, i + 2, end), FALSE, NAME_WEAK, i + 1);
    }
}

static Candidate *
best_candidate (GPtrArray *candidates)
{
  Candidate *best = NULL;

  for (guint i = 0; i < candidates->len; i++)
    {
      Candidate *c = g_ptr_array_index (candidates, i);

      if (best == NULL || c->strength > best->strength ||
          (c->strength == best->strength && c->token < best->token))
        best = c;
    }

  if (best == NULL)
    return NULL;

  /* "namely DRO (Directed Representation Optimization)": the spelled-out
   * acronym describes the name best */
  if (!best->long_form)
    for (guint i = 0; i < candidates->len; i++)
      {
        Candidate *c = g_ptr_array_index (candidates, i);

        if (c->long_form && strcmp (c->name, best->name) == 0)
          return c;
      }

  return best;
}

/* Noun phrases */

/* Whether @s (a word of @len bytes) is a dash standing alone: " – " */
static gboolean
is_dash_word (const char *s,
              gsize       len)
{
  return (len == 1 && *s == '-') ||
         (len == 3 && (strncmp (s, "–", 3) == 0 || strncmp (s, "—", 3) == 0));
}

/* The noun phrase @s (single spaces, asides removed) starts with, in at
 * most @max_words words: it stops at a comma or a stop, before a clause
 * ("which", "where", "that"), a dash or a verb ("is", "achieves").  When
 * the words run out first, it ends before the last preposition or
 * conjunction, so that a title never ends mid-phrase: "simple integration
 * of a constant sized cache with eviction-based…" → "simple integration
 * of a constant sized cache".  Function words at the end go. */
static char *
noun_phrase (const char *s,
             guint       max_words)
{
  GString *out = g_string_new (NULL);
  gsize last_join = 0;
  guint n = 0, words_at_join = 0;
  gboolean complete = FALSE;   /* it ended where the phrase does */
  const char *p = s;

  while (*p == ' ')
    p++;

  for (;;)
    {
      gsize len, wlen;
      gboolean ends_clause = FALSE;
      WordFlags wf;

      if (*p == '\0')
        {
          complete = TRUE;
          break;
        }

      len = wlen = strcspn (p, " ");
      while (wlen > 0 && strchr (",;:.!?\"", p[wlen - 1]) != NULL)
        {
          wlen--;
          ends_clause = TRUE;
        }
      if (wlen == 0 || is_dash_word (p, wlen))
        {
          complete = TRUE;
          break;
        }

      wf = word_flags (p, wlen);
      if (n > 0 && ((wf.flags & (W_CLAUSE | W_WHICH)) || (wf.flags2 & W2_VERB)))
        {
          complete = TRUE;
          break;
        }
      if (n == max_words)
        break;
      if (n > 0 && (wf.flags & (W_PREPOSITION | W_CONJUNCTION | W_OF)))
        {
          last_join = out->len;
          words_at_join = n;
        }

      if (out->len > 0)
        g_string_append_c (out, ' ');
      g_string_append_len (out, p, wlen);
      n++;

      if (ends_clause)
        {
          complete = TRUE;
          break;
        }
      p += len;
      while (*p == ' ')
        p++;
    }

  if (!complete && words_at_join >= 2)
    g_string_truncate (out, last_join);
  strip_dangling (out);

  return g_string_free (out, FALSE);
}

static guint
count_words (const char *s)
{
  guint n = 0;

  for (const char *p = s; *p; )
    {
      while (*p == ' ')
        p++;
      if (*p == '\0')
        break;
      n++;
      p += strcspn (p, " ");
    }

  return n;
}

/* "FlashAttention shows that…", "FlashAttention is…", "…than FlashAttention":
 * a name in CamelCase that the abstract comes back to, though it
 * introduces it with none of the words scan_sentence () looks for.  All
 * capitals count only when the abstract uses them often, and not when
 * they abbreviate a term it defines ("maximal ancestral graph (MAG)"). */
static char *
prominent_name (Abstract *a)
{
  struct { guint token; guint count; gboolean camel; } seen[16];
  guint n_seen = 0;
  guint best = G_MAXUINT;

  for (guint i = 0; i < a->n_tokens; i++)
    {
      const Token *t = &a->tokens[i];
      gsize len = t->end - t->start;
      const char *w = a->text + t->start;
      gboolean camel = FALSE, found = FALSE;
      guint upper = 0, lower = 0;

      if (t->punct != 0 || len < 3 || len > 40)
        continue;
      for (gsize k = 0; k < len; k++)
        {
          upper += g_ascii_isupper (w[k]);
          lower += g_ascii_islower (w[k]);
          camel |= k > 0 && g_ascii_isupper (w[k]) && g_ascii_islower (w[k - 1]);
        }
      if (upper == 0 || (!camel && (lower > 0 || upper < 2)))
        continue;

      for (guint k = 0; k < n_seen && !found; k++)
        {
          const Token *o = &a->tokens[seen[k].token];

          if (o->end - o->start == len && memcmp (a->text + o->start, w, len) == 0)
            {
              seen[k].count++;
              found = TRUE;
            }
        }
      if (found || n_seen == G_N_ELEMENTS (seen))
        continue;
      /* a defined abbreviation: "(MAG)" */
      if (!camel && tok_punct (a, i - 1, '(') && i > 0)
        continue;
      if (!is_name_part (w, len) || is_stop_name (w, len))
        continue;
      seen[n_seen].token = i;
      seen[n_seen].count = 1;
      seen[n_seen].camel = camel;
      n_seen++;
    }

  for (guint k = 0; k < n_seen; k++)
    if (seen[k].count >= (seen[k].camel ? 2u : 4u) &&
        (best == G_MAXUINT || seen[k].count > seen[best].count))
      best = k;

  return best != G_MAXUINT ? name_at (a, seen[best].token) : NULL;
}

/* Whether @phrase has the word @word, case folded */
static gboolean
has_word (const char *phrase,
          const char *word)
{
  gsize len = strlen (word);

  for (const char *p = phrase; *p; )
    {
      gsize wl = strcspn (p, " ");

      if (wl == len && g_ascii_strncasecmp (p, word, len) == 0)
        return TRUE;
      p += wl;
      while (*p == ' ')
        p++;
    }

  return FALSE;
}

/* Whether @a and @b share a word of four letters or more, case and a
 * final s folded: "on-device training approach" and "on-device training" */
static gboolean
share_word (const char *a,
            const char *b)
{
  for (const char *p = b; *p; )
    {
      gsize len = strcspn (p, " ");
      gsize stem = len > 4 && (p[len - 1] == 's' || p[len - 1] == 'S') ? len - 1 : len;

      if (stem >= 4)
        for (const char *q = a; *q; )
          {
            gsize qlen = strcspn (q, " ");

            if (qlen >= stem && qlen <= stem + 1 && g_ascii_strncasecmp (p, q, stem) == 0)
              return TRUE;
            q += qlen;
            while (*q == ' ')
              q++;
          }
      p += len;
      while (*p == ' ')
        p++;
    }

  return FALSE;
}

/* "sequential CP method", "online game": a head noun that needs a "for…" */
static gboolean
ends_generic (const char *s)
{
  const char *last = strrchr (s, ' ');

  gsize first = strcspn (s, " ");

  /* "equipping a diffusion model" is an action, not a thing */
  if (first > 4 && strncmp (s + first - 3, "ing", 3) == 0)
    return FALSE;

  last = last != NULL ? last + 1 : s;

  return (word_flags (last, strlen (last)).flags & W_GENERIC) != 0;
}

/* What the abstract is about, from its key phrases: the best ones, as
 * many as fit in @max_words ("Time series, missing data and graph
 * neural networks"), never repeating @name. */
static char *
key_phrase_topic (const char *abstract,
                  const char *name,
                  guint       max_words,
                  guint       max_phrases)
{
  g_auto(GStrv) phrases = proc_key_phrases_extract (abstract, max_phrases + 1);
  const char *kept[4];
  guint n_kept = 0, words = 0;
  GString *out = g_string_new (NULL);

  for (guint i = 0; phrases[i] != NULL && n_kept < MIN (max_phrases, G_N_ELEMENTS (kept)); i++)
    {
      guint n = count_words (phrases[i]);

      if (name != NULL && has_word (phrases[i], name))
        continue;
      if (words + n + (n_kept > 0 ? 1 : 0) > max_words)
        continue;
      kept[n_kept++] = phrases[i];
      words += n + (n_kept > 1 ? 1 : 0);
    }

  for (guint i = 0; i < n_kept; i++)
    {
      if (i > 0)
        g_string_append (out, i + 1 == n_kept ? " and " : ", ");
      g_string_append (out, kept[i]);
    }

  return g_string_free (out, FALSE);
}

/* Drops words from the end of @s until it has at most @max_chars
 * characters; one word longer than that is cut, with "…" */
static void
fit_chars (GString *s,
           guint    max_chars)
{
  while (longer_than (s->str, max_chars))
    {
      char *space = strrchr (s->str, ' ');

      if (space == NULL)
        {
          const char *limit = g_utf8_offset_to_pointer (s->str, max_chars - 1);

          g_string_truncate (s, limit - s->str);
          g_string_append (s, "…");
          return;
        }
      g_string_truncate (s, space - s->str);
      strip_dangling (s);
    }
}

/* "we propose a universal model for general image processing that…" →
 * "universal model for general image processing": what the paper brings,
 * from the first sentence that says "we propose" or "this paper presents" */
static char *
intro_phrase (Abstract *a)
{
  for (guint s = 0; s < a->n_sentences; s++)
    {
      Intro intro = { G_MAXUINT, G_MAXUINT, FALSE };
      g_autofree char *span = NULL;
      char *np;

      if (!a->sentences[s].cue ||
          !find_intro (a, a->sentences[s].first, a->sentences[s].end, &intro) ||
          intro.naming || tok_has (a, intro.object, W_DANGLING & ~W_ARTICLE) ||
          !tok_word (a, intro.object))
        continue;

      span = phrase (a, intro.object, a->sentences[s].end);
      np = noun_phrase (skip_article (span), MAX_TITLE_WORDS);
      if (count_words (np) >= 2 && !is_generic_phrase (np))
        return np;
      g_free (np);
    }

  return NULL;
}

/* The first sentence, without lead-ins */

/* "we study", "This paper considers", "it is well known that": returns the
 * token after the lead-in, or @i */
static guint
skip_lead_in (Abstract *a,
              guint     i,
              guint     end)
{
  guint j = i;

  if (tok_has (a, j, W_WE))
    j++;
  else if (tok_has (a, j, W_THIS | W_OUR | W_ARTICLE) && tok_has (a, j + 1, W_SELF_NOUN))
    j += 2;
  else if (tok_has2 (a, j, W2_IT) && tok_has2 (a, j + 1, W2_BE))
    {
      /* it is (well) known that, it has been shown that */
      j++;
      while (j < end && j < i + 4 && tok_has2 (a, j, W2_BE | W2_WELL))
        j++;
      if (tok_has2 (a, j, W2_KNOWN) && tok_has (a, j + 1, W_THAT))
        return end - (j + 2) >= 4 ? j + 2 : i;
      return i;
    }
  else
    return i;

  while (j < end && tok_has (a, j, W_ADVERB))
    j++;

  if (tok_has (a, j, W_LEAD_IN_THAT) && tok_has (a, j + 1, W_THAT))
    j += 2;
  else if (tok_has (a, j, W_LEAD_IN))
    j += tok_has (a, j + 1, W_ON) ? 2 : 1;  /* focus on, deal with */
  else if (tok_has (a, j, W_INITIATE) && tok_has (a, j + 1, W_ARTICLE) &&
           tok_has (a, j + 2, W_SELF_NOUN) && tok_has (a, j + 3, W_OF))
    j += 4;
  else
    return i;

  return end - j >= 3 ? j : i;
}

static char *
first_sentence (Abstract *a,
                gboolean *led_in_out)
{
  guint first = a->sentences[0].first;
  guint end = a->sentences[0].end;
  guint i = first;
  guint lead_in;
  gboolean led_in = FALSE;
  GString *s;
  g_autofree char *text = NULL;

  while (i < end && a->tokens[i].punct != 0)
    i++;  /* a stray quote or bracket */

  /* In this paper, … / Here, … */
  if (tok_has (a, i, W_IN) && tok_has (a, i + 1, W_THIS) && tok_has (a, i + 2, W_SELF_NOUN))
    i += tok_punct (a, i + 3, ',') ? 4 : 3;
  else if (tok_has (a, i, W_HERE) && tok_punct (a, i + 1, ','))
    i += 2;

  /* Despite their success, X… / In recent years, X… */
  for (guint round = 0; round < 2 && tok_has (a, i, W_OPENER); round++)
    {
      guint comma = i + 1;

      /* the comma after which the main clause starts: not ", each…",
       * ", which…", ", and…" or a damaged ", s physical…" */
      for (; comma < end && comma < i + 25 && a->tokens[comma].punct != ';'; comma++)
        {
          const Token *next;
          gsize len;

          if (!tok_punct (a, comma, ',') || !tok_word (a, comma + 1))
            continue;
          next = &a->tokens[comma + 1];
          len = next->end - next->start;
          if ((len == 1 && g_ascii_islower (a->text[next->start])) ||
              tok_has (a, comma + 1, W_CLAUSE | W_WHICH | W_CONJUNCTION | W_ABBREVIATION) ||
              (len > 4 && g_ascii_islower (a->text[next->start]) &&
               (strncmp (a->text + next->end - 3, "ing", 3) == 0 ||
                strncmp (a->text + next->end - 2, "ed", 2) == 0)) ||
              (len == 4 && g_ascii_strncasecmp (a->text + next->start, "each", 4) == 0))
            continue;
          break;
        }
      if (!tok_punct (a, comma, ',') || end - comma < 5)
        break;
      i = skip_lead_in (a, comma + 1, end);
      led_in = i > comma + 1;
    }

  lead_in = skip_lead_in (a, i, end);
  if (lead_in > i)
    {
      /* we study the problem of X → X */
      i = lead_in;
      led_in = TRUE;
      if (tok_has (a, i, W_ARTICLE) && tok_has (a, i + 1, W_PROBLEM) && tok_has (a, i + 2, W_OF) &&
          end - i > 5)
        i += 3;
    }

  if (end - i < 2)
    i = first;

  text = phrase (a, i, end);
  s = g_string_new (led_in ? skip_article (text) : text);
  if (led_in_out != NULL)
    *led_in_out = led_in;
  strip_inner_clauses (s);

  return g_string_free (s, FALSE);
}

/* "Name: topic", the topic fitted to what the name leaves */
static char *
named_title (const char *name,
             const char *topic)
{
  GString *title = g_string_new (name);

  if (topic != NULL && *topic != '\0')
    {
      GString *t = g_string_new (topic);

      capitalize (t);
      fit_chars (t, PROC_TITLE_MAX_CHARS - MIN (g_utf8_strlen (name, -1) + 2,
                                                PROC_TITLE_MAX_CHARS - MIN_TOPIC_CHARS));
      if (t->len > 0)
        g_string_append_printf (title, ": %s", t->str);
      g_string_free (t, TRUE);
    }

  return g_string_free (title, FALSE);
}

static char *
derive (const char *text,
        const char *marked)
{
  g_autoptr(GPtrArray) candidates = NULL;
  guint last_intro[2] = { 0, 0 };
  g_autofree char *name = NULL;
  g_autofree char *topic = NULL;
  Candidate *best;
  GString *title;
  Abstract a;

  abstract_init (&a, text);
  if (a.n_tokens == 0 || a.n_sentences == 0)
    {
      abstract_clear (&a);
      return g_strdup ("");
    }

  candidates = g_ptr_array_new_with_free_func ((GDestroyNotify) candidate_free);

  for (guint s = 0; s < a.n_sentences; s++)
    scan_sentence (&a, s, last_intro, candidates);

  best = best_candidate (candidates);

  /* the method's name with what it is */
  if (best != NULL && g_utf8_strlen (best->name, -1) <= PROC_TITLE_MAX_CHARS - MIN_TOPIC_CHARS - 2 &&
      count_words (best->name) < MAX_TITLE_WORDS)
    {
      guint budget = MAX_TITLE_WORDS - count_words (best->name);

      name = g_strdup (best->name);
      if (best->topic != NULL)
        {
          g_autofree char *clean = strip_asides (best->topic);
          const char *from = best->long_form ? clean : skip_article (clean);

          /* an acronym's long form is whole: "reason for future, act for now" */
          if (best->long_form && count_words (from) <= budget)
            {
              GString *whole = g_string_new (from);

              strip_dangling (whole);
              topic = g_string_free (whole, FALSE);
            }
          else
            topic = noun_phrase (from, budget);
          if ((!best->long_form && is_generic_phrase (topic)) ||
              g_ascii_strcasecmp (topic, name) == 0)
            g_clear_pointer (&topic, g_free);  /* "RoleBreak: Framework" says nothing */
        }
      if (topic == NULL || *topic == '\0')
        {
          g_free (topic);
          topic = key_phrase_topic (marked, name, budget, NAMED_PHRASES);
        }
      else if (!best->long_form && count_words (topic) + 2 < budget && ends_generic (topic))
        {
          /* "Sequential CP method" says little: for what */
          g_autofree char *key = key_phrase_topic (marked, name, budget - count_words (topic) - 1, 1);

          if (*key != '\0' && !share_word (topic, key) && !share_word (key, name))
            {
              char *both = g_strdup_printf ("%s for %s", topic, key);

              g_free (topic);
              topic = both;
            }
        }
    }
  /* a name the abstract keeps coming back to: "FlashAttention" */
  else if ((name = prominent_name (&a)) != NULL && count_words (name) < MAX_TITLE_WORDS)
    {
      topic = key_phrase_topic (marked, name, MAX_TITLE_WORDS - count_words (name), NAMED_PHRASES);
    }
  else
    {
      g_clear_pointer (&name, g_free);
      /* what the paper brings: "we propose X", "we study X" */
      topic = intro_phrase (&a);
      if (topic != NULL && count_words (topic) < 4)
        {
          /* a short contribution, and what it is about */
          char *key = key_phrase_topic (marked, NULL, MAX_TITLE_WORDS - count_words (topic) - 1, 1);

          if (*key != '\0' && !share_word (topic, key))
            {
              char *both = g_strdup_printf ("%s for %s", topic, key);

              g_free (topic);
              topic = both;
            }
          g_free (key);
        }
      if (topic == NULL)
        {
          gboolean led_in = FALSE;
          g_autofree char *sentence = first_sentence (&a, &led_in);

          /* "In this paper, we study X": X, when it is a phrase of its own */
          topic = noun_phrase (led_in ? sentence : skip_article (sentence), MAX_TITLE_WORDS);
          /* …or when the whole sentence is one: "Graph neural networks for molecules" */
          if (!(led_in || count_words (topic) == count_words (sentence)) ||
              count_words (topic) < 2 || is_generic_phrase (topic))
            {
              char *key = key_phrase_topic (marked, NULL, MAX_TITLE_WORDS, TOPIC_PHRASES);

              if (*key != '\0')
                {
                  g_free (topic);
                  topic = key;
                }
              else
                g_free (key);
            }
        }
    }

  if (name != NULL)
    {
      abstract_clear (&a);
      return named_title (name, topic);
    }

  title = g_string_new (topic);
  fit_chars (title, PROC_TITLE_MAX_CHARS);
  capitalize (title);
  abstract_clear (&a);

  return g_string_free (title, FALSE);
}

/**
 * proc_title_derive:
 * @abstract: (nullable): the abstract of a paper, as imported
 *
 * Derives a title to show for a paper whose list gives no title: the name
 * of the method the abstract introduces with what it is ("TinyTrain:
 * On-device training approach"), or else its first sentence, shortened.
 *
 * The title is plain text, at most %PROC_TITLE_MAX_CHARS characters, with
 * no trailing punctuation; "…" ends it when it was cut mid-phrase.
 *
 * Returns: (transfer full): the title; the empty string when the abstract
 *   has no words, in which case the caller shows its own (translated)
 *   placeholder
 */
char *
proc_title_derive (const char *abstract)
{
  g_autofree char *marked = NULL;
  g_autofree char *plain = NULL;
  char *title;
  char *w;

  if (abstract == NULL)
    return g_strdup ("");

  title_init_tables ();

  /* whatever the importer did with HTML and Markdown, a title shows none */
  marked = proc_title_strip_markup (abstract);
  plain = proc_tex_to_plain (marked);
  title = derive (plain, marked);

  /* whatever TeX survived is noise in a title */
  w = title;
  for (const char *r = title; *r; r++)
    if (*r != '\\')
      *w++ = *r;
  *w = '\0';

  return title;
}
