/* proc-key-phrases.c: the key phrases of an abstract
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "proc-key-phrases.h"

#include <string.h>

#include "proc-links.h"
#include "proc-tex.h"

/* Key phrases are what a reader would tag a paper with: "large language
 * models", "I/O complexity", "Gaussian processes".  They are found in the
 * abstract alone, without a corpus to compare with:
 *
 *  - math, links and TeX markup are taken out first, so that "$N^2$" or
 *    "github.com/x" never become words;
 *  - candidates are runs of one to three words between stopwords and
 *    punctuation ("of" may join two words: "mixture of experts"), and
 *    runs of two to six characters in Chinese, which has no spaces;
 *  - words that say nothing about the topic ("we propose", "results",
 *    "method") break a run; generic words ("model", "learning", "data")
 *    may be part of a phrase but never the whole of one;
 *  - plurals share a key, so "language model" and "language models" are
 *    counted together and shown as the abstract writes them most;
 *  - an acronym defined in the text ("large language models (LLMs)")
 *    counts for what it stands for.
 *
 * The score is the C-value of Frantzi, Ananiadou and Mima (2000) with
 * weights: the occurrences of a phrase, minus the mean of the longer
 * phrases that contain it (so "language model" does not win on the
 * occurrences of "large language model"), times a factor for its length
 * (a common single word 0.6, two words 1.5, three 1.8: the longer phrase
 * is the more specific tag).  Where an occurrence is matters: in the title
 * (a first line without a full stop) or in the words an abstract opens
 * with (its subject, most often) it weighs 2, in the first sentence 1.5,
 * in the second 1.25, elsewhere 1.  A phrase must occur twice, or once in
 * those leading places; a phrase that is part of a chosen one, contains
 * it or continues it is left out, so the phrases say different things. */

/* An abstract is a few kilobytes: beyond this the text is no abstract,
 * and its beginning says enough about what it is. */
#define MAX_TEXT_BYTES   (128 * 1024)
#define MAX_WORD_BYTES   48
#define MAX_LATIN_WORDS  3
#define MIN_CJK_CHARS    2
#define MAX_CJK_CHARS    6
#define MAX_TITLE_BYTES  300
#define MIN_SCORE        2.0

enum
{
  LEX_STOP = 1 << 0,   /* breaks a phrase */
  LEX_WEAK = 1 << 1,   /* may be in a phrase, is never one on its own */
  LEX_OF   = 1 << 2,   /* only inside a phrase */
};

enum
{
  WORD_BREAK_BEFORE   = 1 << 0,   /* no phrase spans from the word before */
  WORD_WEAK           = 1 << 1,
  WORD_OF             = 1 << 2,
  WORD_CJK            = 1 << 3,
  WORD_SPECIAL        = 1 << 4,   /* an acronym or mixed case: shown as written */
  WORD_CAPITAL        = 1 << 5,
  WORD_SENTENCE_START = 1 << 6,
  WORD_PAREN          = 1 << 7,   /* "(MAG)" right after a word: may define an acronym */
  WORD_DEFINITION     = 1 << 8,   /* the acronym where it is defined */
  WORD_LEAD           = 1 << 9,   /* in the title, or the first phrase of the abstract */
  WORD_INITIAL        = 1 << 10,  /* begins with a capital, special or not */
  WORD_CASE_UNKNOWN   = 1 << 11,  /* its capital says nothing about the word */
};

typedef struct
{
  char  *form;       /* as written when special, else in lower case; plural kept */
  char  *key;        /* lower case, singular */
  guint  sentence;
  guint  flags;
} Word;

typedef struct
{
  guint n_words;     /* mid-sentence words that could be capitalised */
  guint n_capital;
} SentenceInfo;

typedef struct
{
  guint n_lower;
  guint n_capital;
} CaseCount;

typedef struct
{
  char  *expansion;  /* the key of the phrase it stands for */
  guint  n_words;
} Acronym;

typedef struct
{
  char      *key;           /* the words' keys, separated by spaces */
  GPtrArray *surfaces;      /* (element-type utf8): the forms seen, owned by the surface table */
  double     weight;        /* the occurrences, weighted by where they are */
  double     super_weight;  /* the weights of the longer phrases containing it */
  guint      n_super;
  double     score;
  guint      count;
  guint      first;         /* the index of the first word of the first occurrence */
  guint      n_words;
  gboolean   cjk;
  gboolean   weak;          /* generic words only */
  gboolean   has_of;
  gboolean   lead;          /* once in the title or at the start is enough */
  gboolean   special;       /* of one word, an acronym or a name in mixed case */
  gboolean   repeated_part; /* a shorter phrase in it occurs more than once */
  gboolean   acceptable;
} Phrase;

typedef struct
{
  GArray     *words;        /* Word */
  GArray     *sentences;    /* SentenceInfo */
  GHashTable *acronyms;     /* word key → Acronym */
  GHashTable *phrases;      /* key → Phrase */
  GHashTable *surfaces;     /* surface → count */
  GHashTable *cases;        /* word key → CaseCount */
  guint       sentence;
  gboolean    title;        /* the first paragraph is a title */
  gboolean    sentence_open;
  gboolean    pending_break;
  gboolean    pending_end;  /* a full stop: a sentence ends unless lower case follows */
  gboolean    after_preposition;
  gboolean    after_relative;
} Extractor;

/* Lexicon */

static const char * const stop_words =
  /* function words */
  "a about above across after afterwards again against ago all almost alone along already "
  "also although always am among amongst an and and/or another any anyhow anyone anything "
  "anyway anywhere are aren't around as at be became because become becomes becoming been "
  "before beforehand behind being below beside besides between beyond both but by can "
  "can't cannot could couldn't did didn't do does doesn't doing don't done down during each "
  "either else elsewhere enough etc even ever every everyone everything everywhere except "
  "few for former formerly from further furthermore had has hasn't have haven't having he "
  "hence her here hereby herein hers herself him himself his how however i if in indeed "
  "instead into is isn't it it's its itself just last latter latterly least less let like "
  "likely many may me meanwhile might mine more moreover most mostly much must my myself "
  "namely neither never nevertheless next no nobody none nor not nothing now nowhere off "
  "often on once one ones only onto or other others otherwise our ours ourselves out over "
  "own per perhaps rather re same seem seemed seeming seems several she should since so "
  "some somehow someone something sometime sometimes somewhat somewhere still such than "
  "that the their theirs them themselves then thence there thereafter thereby therefore "
  "therein thereof thereupon these they this those though through throughout thru thus to "
  "together too toward towards under unlike until up upon us very via vs versus was wasn't "
  "we well were weren't what whatever when whence whenever where whereas whereby wherein "
  "whereupon wherever whether which while whilst whither who whoever whole whom whose why "
  "will with within without won't would wouldn't yet you your yours yourself yourselves "
  "et al ie eg cf wrt resp approx "
  /* counting */
  "two three four five six seven eight nine ten twice dozens hundreds thousands millions "
  "billions first second third fourth fifth last final finally "
  /* what abstracts say about themselves */
  "paper papers work works study studies article approach approaches method methods "
  "methodology methodologies technique techniques framework frameworks result results "
  "finding findings experiment experiments experimental extensive extensively comprehensive "
  "comprehensively thorough evaluation evaluations performance performances effectiveness "
  "superiority advantage advantages benefit benefits contribution contributions novel "
  "novelty new newly existing previous previously prior recent recently current currently "
  "state-of-the-art sota various variety different diverse numerous many several significant "
  "significantly substantial substantially considerable considerably remarkable remarkably "
  "superior competitive promising effective efficient simple easy key important importance "
  "crucial critical essential main major particular specific typical common commonly "
  "widely wide broad popular traditional conventional original overall able capable "
  "possible impossible potential additional issue issues challenge challenges challenging "
  "aspect aspects fact case cases example examples kind kinds type types number numbers "
  "amount lot lots order terms respect regard regards end way ways part parts due better "
  "best good great well-known so-called idea ideas insight insights scenario scenarios "
  "literature researchers practitioners authors art areas area line lines goal goals "
  "purpose purposes step steps manner needs need unified thorough rich richer "
  "strategy strategies solution solutions property properties behavior behaviour "
  "behaviors behaviours demand demands hand code source open-source available "
  "publicly extensive further paradigm towards toward use usage user-friendly "
  "true false correct wrong certain given same similar related respective "
  /* verbs of abstracts, in all their forms */
  "propose proposes proposed proposing present presents presented presenting introduce "
  "introduces introduced introducing show shows showed shown showing demonstrate "
  "demonstrates demonstrated demonstrating achieve achieves achieved achieving outperform "
  "outperforms outperformed outperforming improve improves improved improving improvement "
  "improvements provide provides provided providing develop develops developed developing "
  "study studied studying investigate investigates investigated investigating explore "
  "explores explored exploring consider considers considered considering address "
  "addresses addressed addressing use uses used using utilize utilizes utilized "
  "utilizing utilise utilises utilised utilising leverage leverages leveraged leveraging "
  "employ employs employed employing apply applies applied applying obtain obtains "
  "obtained obtaining enable enables enabled enabling allow allows allowed allowing make "
  "makes made making require requires required requiring perform performs performed "
  "performing yield yields yielded yielding lead leads led remain remains remained "
  "suggest suggests suggested indicate indicates indicated reveal reveals revealed find "
  "finds found observe observes observed prove proves proved establish establishes "
  "established conduct conducts conducted evaluate evaluates evaluated evaluating validate "
  "validates validated verify verifies verified compare compares compared comparing "
  "comparison comparisons include includes included including based aim aims aimed "
  "focus focuses focused focusing argue argues argued believe believes believed designs "
  "designed designing give gives gave given giving get gets got take takes took taken "
  "call calls called term termed name named dub dubbed refer refers referred tend tends "
  "seek seeks sought attempt attempts try tries tried help helps helped know known knows "
  "see seen exist exists consist consists contain contains involve involves rely relies "
  "depend depends ensure ensures facilitate facilitates offer offers offered capture "
  "captures captured reduce reduces reducing increase increases increasing enhance enhances "
  "enhancing solve solves solving learn learns learnt trained trains generate generates "
  "generating describe describes described discuss discusses discussed report reports "
  "reported highlight highlights highlighted underscore underscores tackle tackles tackled "
  "mitigate mitigates mitigating alleviate alleviates overcome overcomes surpass "
  "surpasses surpassing exhibit exhibits exhibited possess possesses serve serves "
  "served lack lacks lacking suffer suffers suffering fail fails failed hold holds held "
  "match matches matching become becomes achieve attain attains attained reach reaches "
  "reached allow result resulting ask asks asked answer raise raises resolve resolves "
  "resolved extend extends extended remains retain retains maintain maintains "
  "maintaining fall falls lie lies come comes go goes goes keep keeps put puts bring "
  "brings brought set sets find finding finds account accounts accounted combine combines "
  "combined combining incorporate incorporates incorporated integrate integrates "
  "integrated integrating exploit exploits exploited exploiting adopt adopts adopted "
  "characterize characterizes characterized characterise characterises characterised "
  "identify identifies identified compute computes computed capture "
  "formulate formulates formulated outline outlines define defines defined denote "
  "denotes denoted assume assumes assumed assuming guarantee guarantees guaranteed "
  "ensure ensuring enjoys enjoy remain motivated motivate motivates inspired "
  "build builds built construct constructs constructed create creates created "
  "benefit benefits benefiting showcase showcases showcased confirm confirms confirmed "
  "support supports supported emerge emerges emerged emerging gain gains gained "
  "design significantly better worse following follows followed affect affects affected affecting underlying presence "
  "usual unusual inherent limitation limitations poor fundamental subsequent individual "
  "distinct powerful versatile prevalent degree gap core mirror mirrors stand stands "
  "open-ended intriguing interesting desirable desired appealing surprising surprisingly "
  "notable notably crucially largely mainly primarily increasingly";

static const char * const weak_words =
  "model models network networks learning training data algorithm algorithms system "
  "systems task tasks problem problems process processes setting settings application "
  "applications domain domains field fields baseline baselines benchmark benchmarks "
  "dataset datasets time times cost costs accuracy error errors quality feature "
  "features information structure structures function functions space spaces "
  "analysis analyses theory theories evaluation understanding instance instances "
  "level levels set sets range ranges scale scales size sizes value values "
  "large larger largest small smaller smallest high higher highest low lower lowest "
  "upper long longer short shorter deep deeper local global single multiple joint "
  "real real-world large-scale small-scale high-quality fine-grained standard general "
  "generic random fast faster slow slower online offline optimal approximate "
  "universal strong stronger weak weaker robust scalable practical theoretical "
  "empirical empirically downstream upstream natural human humans framework "
  "component components module modules mechanism mechanisms technique "
  "objective objectives loss losses term terms rate rates step-by-step "
  "ability abilities capability capabilities power efficiency scalability "
  "generalization robustness effect effects impact role nature form forms "
  "sample samples example input inputs output outputs state states "
  "art state-of-the-art level-wise lack presence absence sense basis "
  "community communities researcher tool tools pipeline pipelines scheme schemes "
  "variant variants version versions family families class classes category "
  "dimension dimensions parameter parameters estimate estimates aware assumption "
  "assumptions adaptive open forward backward background object objects image images "
  "video videos text texts user users context contexts matrix bound bounds "
  "interaction interactions architecture architectures event events temporal spatial "
  "leader team agent agents graph graphs prompt prompts query queries robot robots "
  "policy policies signal signals vector vectors point points node nodes edge edges "
  "target targets source sources token tokens layer layers unit units element elements";

/* Words that end in "s" but are no plurals, and irregular plurals. */
static const char * const not_plurals =
  "series species news means lens physics always perhaps whereas chaos ethos kudos "
  "logos pathos cosmos bayes its has was does this us yes plus minus versus bonus "
  "thesis alias gas atlas canvas bias analysis basis axis hypothesis synthesis "
  "corpus status focus consensus virus campus census nexus apparatus calculus "
  "radius stimulus locus";

static const char * const irregular_plurals =
  "matrices:matrix vertices:vertex indices:index simplices:simplex apices:apex "
  "biases:bias analyses:analysis hypotheses:hypothesis theses:thesis syntheses:synthesis "
  "axes:axis aliases:alias lenses:lens gases:gas atlases:atlas caches:cache "
  "niches:niche avalanches:avalanche headaches:headache movies:movie cookies:cookie "
  "criteria:criterion phenomena:phenomenon corpora:corpus stimuli:stimulus "
  "children:child mice:mouse radii:radius loci:locus foci:focus nuclei:nucleus "
  "schemata:schema formulae:formula automata:automaton";

/* Chinese: characters that do not begin or end a term, and words that say
 * nothing about the topic or only repeat the generic ones. */
static const char * const cjk_stop_chars =
  "的了和与及在是对以而并或等我你他她它这那其该此种些把被将从于所也都就又还很更没让使给"
  "之者已且即着到吗呢吧啊每各";

static const char * const cjk_stop_words =
  "本文 我们 提出 通过 进行 基于 表明 实验 结果 研究 方法 问题 现有 能够 可以 以及 并且 然而 "
  "但是 因此 此外 同时 一种 一个 一些 这些 这个 每个 所有 多种 对于 由于 用于 关于 作为 成为 "
  "认为 因为 为了 使用 利用 给定 之间 其他 如何 显著 有效 新的 取得 实现 提供 具有 包括 需要 "
  "主要 重要 不同 相比 优于 证明 展示 得到 获得 表现 广泛 大量 最近 近年 领域 方面 目前 传统 "
  "进一步 以往 已有 存在 面临 解决 提高 提升 引入 设计 构建 开发 探索 分析 发现 比较 评估";

static const char * const cjk_weak_words =
  "模型 学习 数据 任务 网络 训练 算法 性能 系统 框架 特征 信息 结构 理论 效果 能力 精度 准确 "
  "样本 参数 问题 方法 技术 应用 场景 目标 损失 函数 空间 分布";

/* A phrase that starts with one of these starts a term, whatever its
 * first character is elsewhere. */
static const char * const cjk_term_starts = "在线 并行 对比 对抗 向量 因果 个性 一致";

static GHashTable *lexicon;      /* word → LEX_* */
static GHashTable *irregular;    /* plural → singular */
static GHashTable *cjk_stops;    /* word → GINT_TO_POINTER (1) */
static GHashTable *cjk_weaks;
static GHashTable *cjk_starts;
static GHashTable *cjk_stop_set; /* gunichar → 1 */

static void
add_words (GHashTable *table,
           const char *words,
           guint       flags)
{
  g_auto(GStrv) split = g_strsplit (words, " ", -1);

  for (guint i = 0; split[i] != NULL; i++)
    {
      guint merged;

      if (split[i][0] == '\0')
        continue;
      merged = flags | GPOINTER_TO_UINT (g_hash_table_lookup (table, split[i]));
      g_hash_table_replace (table, g_strdup (split[i]), GUINT_TO_POINTER (merged));
    }
}

static void
lexicon_init (void)
{
  static gsize initialized;

  if (g_once_init_enter (&initialized))
    {
      g_auto(GStrv) pairs = g_strsplit (irregular_plurals, " ", -1);

      lexicon = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      add_words (lexicon, stop_words, LEX_STOP);
      add_words (lexicon, weak_words, LEX_WEAK);
      add_words (lexicon, not_plurals, 0);
      g_hash_table_replace (lexicon, g_strdup ("of"), GUINT_TO_POINTER (LEX_OF));

      irregular = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      for (guint i = 0; pairs[i] != NULL; i++)
        {
          const char *colon = strchr (pairs[i], ':');

          if (colon != NULL)
            g_hash_table_replace (irregular, g_strndup (pairs[i], colon - pairs[i]),
                                  g_strdup (colon + 1));
        }
      /* not plurals map to themselves */
      {
        g_auto(GStrv) singular = g_strsplit (not_plurals, " ", -1);

        for (guint i = 0; singular[i] != NULL; i++)
          if (singular[i][0] != '\0')
            g_hash_table_replace (irregular, g_strdup (singular[i]), g_strdup (singular[i]));
      }

      cjk_stops = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      add_words (cjk_stops, cjk_stop_words, 1);
      cjk_weaks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      add_words (cjk_weaks, cjk_weak_words, 1);
      cjk_starts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      add_words (cjk_starts, cjk_term_starts, 1);
      cjk_stop_set = g_hash_table_new (NULL, NULL);
      for (const char *p = cjk_stop_chars; *p; p = g_utf8_next_char (p))
        g_hash_table_add (cjk_stop_set, GUINT_TO_POINTER (g_utf8_get_char (p)));

      g_once_init_leave (&initialized, 1);
    }
}

static guint
lexicon_lookup (const char *lower)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (lexicon, lower));
}

/* Characters */

static gboolean
is_cjk (gunichar c)
{
  return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) ||
         (c >= 0x20000 && c <= 0x2FFFF) || (c >= 0xF900 && c <= 0xFAFF) ||
         (c >= 0x3040 && c <= 0x30FF) || (c >= 0x31F0 && c <= 0x31FF);
}

static gboolean
is_hiragana (gunichar c)
{
  return c >= 0x3040 && c <= 0x309F;
}

/* Ideographic punctuation and full-width forms: they separate Chinese
 * words as spaces separate English ones. */
static gboolean
is_cjk_punct (gunichar c)
{
  return (c >= 0x3000 && c <= 0x303F) || (c >= 0xFF00 && c <= 0xFFEF);
}

static gboolean
ends_cjk_sentence (gunichar c)
{
  return c == 0x3002 || c == 0xFF01 || c == 0xFF1F || c == 0xFF1B;
}

static gboolean
is_word_char (gunichar c)
{
  return g_unichar_isalnum (c) || g_unichar_ismark (c);
}

/* Plurals */

static gboolean
is_vowel (char c)
{
  return strchr ("aeiou", c) != NULL;
}

static char *
singular_part (const char *part)
{
  gsize len = strlen (part);
  const char *mapped;

  if ((mapped = g_hash_table_lookup (irregular, part)) != NULL)
    return g_strdup (mapped);
  if (len < 4 || part[len - 1] != 's')
    return g_strdup (part);
  if (g_str_has_suffix (part, "ss") || g_str_has_suffix (part, "us") ||
      g_str_has_suffix (part, "is") || g_str_has_suffix (part, "as") ||
      g_str_has_suffix (part, "ics") || g_ascii_isdigit (part[len - 2]))
    return g_strdup (part);
  if (len > 4 && g_str_has_suffix (part, "ies"))
    return g_strdup_printf ("%.*sy", (int) (len - 3), part);
  if (g_str_has_suffix (part, "sses") || g_str_has_suffix (part, "shes") ||
      g_str_has_suffix (part, "ches") || g_str_has_suffix (part, "xes") ||
      g_str_has_suffix (part, "zzes"))
    return g_strndup (part, len - 2);
  /* viruses, bonuses, but causes */
  if (len > 5 && g_str_has_suffix (part, "uses") && !is_vowel (part[len - 5]))
    return g_strndup (part, len - 2);

  return g_strndup (part, len - 1);
}

/* The key under which the forms of a word are counted together: lower
 * case, and singular in its last part ("pre-trained models" → "model"). */
static char *
word_key (const char *lower,
          const char *written)
{
  gsize len = strlen (written);
  const char *part;
  g_autofree char *singular = NULL;

  /* LLMs, GPUs: an acronym's plural */
  if (len > 2 && written[len - 1] == 's' && g_ascii_isupper (written[len - 2]) &&
      g_ascii_isupper (written[0]))
    return g_strndup (lower, strlen (lower) - 1);

  part = strrchr (lower, '-');
  part = part != NULL ? part + 1 : lower;
  if (strrchr (part, '/') != NULL)
    part = strrchr (part, '/') + 1;
  singular = singular_part (part);

  return g_strdup_printf ("%.*s%s", (int) (part - lower), lower, singular);
}

/* Math and links */

#define NO_MATCH G_MAXSIZE

enum
{
  DELIM_DOLLAR,
  DELIM_DISPLAY,
  DELIM_PAREN,
  DELIM_BRACKET,
  N_DELIMS
};

/* Where the paragraph that @from is in ends: at a blank line. */
static gsize
paragraph_end (const char *text,
               gsize       len,
               gsize       from)
{
  for (gsize j = from; j < len; j++)
    {
      gsize k;

      if (text[j] != '\n')
        continue;
      for (k = j + 1; k < len && (text[k] == ' ' || text[k] == '\t' || text[k] == '\r'); k++)
        ;
      if (k < len && text[k] == '\n')
        return j;
    }

  return len;
}

static gsize
find_close (const char *text,
            gsize       from,
            gsize       until,
            const char *close)
{
  gsize close_len = strlen (close);

  for (gsize j = from; j + close_len <= until; j++)
    if (text[j] == close[0] && memcmp (text + j, close, close_len) == 0 &&
        (close[0] != '$' || text[j - 1] != '\\'))
      return j;

  return NO_MATCH;
}

/* Latin and Greek letters and digits: "k", "ε", not "𝒥" or "ℓ₁" */
static gboolean
is_short_word (const char *text)
{
  glong n = g_utf8_strlen (text, -1);

  if (n < 1 || n > 4)
    return FALSE;
  for (const char *p = text; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (!(c < 0x80 && g_ascii_isalnum (c)) && !(c >= 0x391 && c <= 0x3c9 && g_unichar_isalpha (c)))
        return FALSE;
    }

  return TRUE;
}

/* Math becomes a break between phrases, except a symbol that is part of
 * a word: "$k$-means", "$\epsilon$-greedy". */
static void
append_math (GString    *out,
             const char *text,
             gsize       len,
             gsize       open,
             gsize       inner,
             gsize       inner_end,
             gsize       after)
{
  gboolean attached = (after + 1 < len && text[after] == '-' && g_ascii_isalpha (text[after + 1])) ||
                      (open >= 2 && text[open - 1] == '-' && g_ascii_isalpha (text[open - 2]));

  if (attached && inner_end - inner <= 32)
    {
      g_autofree char *source = g_strndup (text + inner, inner_end - inner);
      g_autofree char *plain = proc_tex_to_plain (source);

      g_strstrip (plain);
      if (is_short_word (plain))
        {
          g_string_append (out, plain);
          return;
        }
    }

  g_string_append (out, " ; ");
}

/* Takes the math and the web addresses out of @text, which is valid UTF-8.
 * A `$` is math when another closes it in the same paragraph, as
 * proc-tex.c reads it; a failed search is remembered for the rest of the
 * paragraph, so lone dollars cost one scan. */
static char *
strip_math_and_links (const char *text)
{
  static const char * const opens[N_DELIMS] = { "$", "$$", "\\(", "\\[" };
  static const char * const closes[N_DELIMS] = { "$", "$$", "\\)", "\\]" };
  gsize len = strlen (text);
  GString *out = g_string_sized_new (len + 16);
  gsize no_close[N_DELIMS] = { 0 };
  gsize para_end = 0;
  gsize i = 0;

  while (i < len)
    {
      char c = text[i];
      int kind = -1;
      gsize n;

      if (i >= para_end)
        para_end = paragraph_end (text, len, i);

      if (c == '\\' && i + 1 < len && text[i + 1] == '$')
        {
          g_string_append_len (out, text + i, 2);
          i += 2;
          continue;
        }

      if (c == '$')
        kind = (i + 1 < len && text[i + 1] == '$') ? DELIM_DISPLAY : DELIM_DOLLAR;
      else if (c == '\\' && i + 1 < len && text[i + 1] == '(')
        kind = DELIM_PAREN;
      else if (c == '\\' && i + 1 < len && text[i + 1] == '[')
        kind = DELIM_BRACKET;

      if (kind >= 0)
        {
          gsize open_len = strlen (opens[kind]);

          if (i >= no_close[kind])
            {
              gsize close = find_close (text, i + open_len, para_end, closes[kind]);

              if (close != NO_MATCH)
                {
                  gsize after = close + strlen (closes[kind]);

                  append_math (out, text, len, i, i + open_len, close, after);
                  i = after;
                  continue;
                }
              no_close[kind] = para_end;
            }
          g_string_append_len (out, text + i, open_len);
          i += open_len;
          continue;
        }

      if ((c == 'h' || c == 'H') &&
          (n = proc_links_address_length (text, text + i, text + len)) > 0)
        {
          g_string_append (out, " ; ");
          i += n;
          continue;
        }

      g_string_append_c (out, c);
      i++;
    }

  return g_string_free (out, FALSE);
}

/* Words */

static void
word_clear (Word *word)
{
  g_free (word->form);
  g_free (word->key);
}

static void
phrase_free (Phrase *phrase)
{
  g_free (phrase->key);
  g_ptr_array_unref (phrase->surfaces);
  g_free (phrase);
}

typedef struct
{
  char  *text;
  guint  count;
} Surface;

static void
surface_free (Surface *surface)
{
  g_free (surface->text);
  g_free (surface);
}

static void
acronym_free (Acronym *acronym)
{
  g_free (acronym->expansion);
  g_free (acronym);
}

static void
extractor_init (Extractor *self)
{
  memset (self, 0, sizeof *self);
  self->words = g_array_new (FALSE, FALSE, sizeof (Word));
  g_array_set_clear_func (self->words, (GDestroyNotify) word_clear);
  self->sentences = g_array_new (FALSE, TRUE, sizeof (SentenceInfo));
  self->acronyms = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                          (GDestroyNotify) acronym_free);
  self->phrases = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                         (GDestroyNotify) phrase_free);
  self->surfaces = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                          (GDestroyNotify) surface_free);
  self->cases = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

static void
extractor_clear (Extractor *self)
{
  g_array_unref (self->words);
  g_array_unref (self->sentences);
  g_hash_table_unref (self->acronyms);
  g_hash_table_unref (self->phrases);
  g_hash_table_unref (self->surfaces);
  g_hash_table_unref (self->cases);
}

static SentenceInfo *
extractor_sentence (Extractor *self)
{
  if (self->sentences->len <= self->sentence)
    g_array_set_size (self->sentences, self->sentence + 1);

  return &g_array_index (self->sentences, SentenceInfo, self->sentence);
}

static void
extractor_end_sentence (Extractor *self)
{
  if (self->sentence_open)
    self->sentence++;
  self->sentence_open = FALSE;
  self->pending_break = TRUE;
  self->pending_end = FALSE;
}

/* A full stop ends a sentence unless the text goes on in lower case:
 * "e.g. the", "et al. show". */
static void
extractor_resolve_end (Extractor *self,
                       gunichar   next)
{
  if (!self->pending_end)
    return;
  if (g_unichar_islower (next))
    self->pending_end = FALSE;
  else
    extractor_end_sentence (self);
}

static void
extractor_push (Extractor *self,
                char      *form,
                char      *key,
                guint      flags)
{
  Word word = { form, key, self->sentence, flags };

  if (self->pending_break)
    word.flags |= WORD_BREAK_BEFORE;
  if (!self->sentence_open)
    word.flags |= WORD_SENTENCE_START;
  self->pending_break = FALSE;
  self->sentence_open = TRUE;
  g_array_append_val (self->words, word);
}

static gboolean
is_preposition (const char *lower)
{
  static const char * const prepositions[] = {
    "of", "by", "for", "in", "on", "with", "from", "to", "at", "into", "via",
    "through", "without", "towards", "toward", "when", "while", "after",
    "before", "upon", "about", "onto", "within", "across", "against", "among",
    "between", "despite", "like", "unlike", "thereby", "whilst", NULL
  };

  return g_strv_contains (prepositions, lower);
}

/* "a policy that collects", "which requires": after these, a word in -s
 * or -ed is a verb */
static gboolean
is_relative (const char *lower)
{
  static const char * const relatives[] = {
    "that", "which", "who", "it", "also", "often", "then", "still", "thus",
    "usually", "typically", "generally", "mostly", "only", NULL
  };

  return g_strv_contains (relatives, lower);
}

static gboolean
is_verb_form (const char *lower)
{
  gsize len = strlen (lower);

  return len >= 4 && (lower[len - 1] == 's' || g_str_has_suffix (lower, "ed")) &&
         !g_str_has_suffix (lower, "ss");
}

/* "by prepending model inputs", "for building prediction intervals": a
 * word in -ing after a preposition, or opening a sentence, is a verb. */
static gboolean
is_gerund (const char *lower)
{
  static const char * const nouns[] = { "string", "spring", "offspring", "ceiling", NULL };

  return strlen (lower) >= 6 && g_str_has_suffix (lower, "ing") && !g_strv_contains (nouns, lower);
}

static gboolean
is_adverb (const char *lower)
{
  static const char * const keep[] = {
    "family", "anomaly", "assembly", "supply", "early", "italy", "monopoly",
    "butterfly", "reply", "ally", "rally", "tally", "jelly", "homily", "poly",
    "belly", "bully", NULL
  };
  gsize len = strlen (lower);

  if (len < 5 || !g_str_has_suffix (lower, "ly") || strchr (lower, '-') != NULL)
    return FALSE;

  return !g_strv_contains (keep, lower);
}

/* One run of text between spaces, without Chinese characters. */
static void
extractor_add_latin (Extractor  *self,
                     const char *start,
                     const char *end)
{
  const char *p = start;
  const char *q = end;
  gboolean adjacent = !self->pending_break && self->words->len > 0 && self->sentence_open;
  gboolean open_paren = FALSE;
  gboolean close_paren = FALSE;
  gboolean full_stop = FALSE;
  gboolean trailing = FALSE;
  gboolean junk = FALSE;
  gboolean has_letter = FALSE;
  gboolean special = FALSE;
  gboolean has_digit = FALSE;
  guint n_chars = 0;
  guint n_letters = 0;
  guint lex;
  gunichar first;
  gunichar prev = 0;
  gboolean after_preposition = self->after_preposition;
  gboolean after_relative = self->after_relative;
  g_autofree char *lower = NULL;
  g_autofree char *written = NULL;
  g_autofree char *key = NULL;
  guint flags = 0;

  self->after_preposition = FALSE;
  self->after_relative = FALSE;

  while (p < q && !is_word_char (g_utf8_get_char (p)))
    {
      /* "(MAG)", not "((" or "(e.g.": only a plain opening parenthesis
       * right after a word introduces an acronym */
      open_paren = p == start && *p == '(';
      self->pending_break = TRUE;
      p = g_utf8_next_char (p);
    }
  adjacent = adjacent && open_paren;

  while (q > p)
    {
      const char *before = g_utf8_prev_char (q);
      gunichar c = g_utf8_get_char (before);

      if (is_word_char (c))
        break;
      close_paren |= c == ')';
      full_stop |= c == '.' || c == '?' || c == '!' || c == 0x2026;
      trailing = TRUE;
      q = before;
    }

  if (p == q)
    {
      /* no word: "—", "…", what is left of math and links */
      for (const char *r = start; r < end; r++)
        full_stop |= *r == '.' || *r == '?' || *r == '!';
      self->pending_break = TRUE;
      self->pending_end |= full_stop;
      return;
    }

  extractor_resolve_end (self, g_utf8_get_char (p));

  /* the possessive ends a phrase: "FlashAttention's I/O complexity" */
  if (q - p > 2 && q[-1] == 's' && q[-2] == '\'')
    q -= 2, trailing = TRUE;
  else if (q - p > 4 && q[-1] == 's' && memcmp (q - 4, "\xe2\x80\x99", 3) == 0)
    q -= 4, trailing = TRUE;

  first = g_utf8_get_char (p);
  for (const char *r = p; r < q; r = g_utf8_next_char (r))
    {
      gunichar c = g_utf8_get_char (r);
      const char *next = g_utf8_next_char (r);
      gunichar after = next < q ? g_utf8_get_char (next) : 0;

      n_chars++;
      if (g_unichar_isalpha (c) || g_unichar_ismark (c))
        {
          has_letter = TRUE;
          n_letters++;
          if (r != p && (g_unichar_isupper (c) || g_unichar_istitle (c)))
            special = TRUE;
        }
      else if (g_unichar_isdigit (c))
        has_digit = TRUE;
      else if (c == '-' || c == '/')
        junk |= !is_word_char (prev) || !is_word_char (after);
      else if (c == '.')
        junk |= !g_unichar_isdigit (prev) || !g_unichar_isdigit (after);
      else
        junk = TRUE;   /* math left over, an apostrophe, a path */
      prev = c;
    }

  if (junk || !has_letter || n_chars < 2 || q - p > MAX_WORD_BYTES)
    {
      self->pending_break = TRUE;
      self->sentence_open = TRUE;
      self->pending_end = full_stop;
      return;
    }

  lower = g_utf8_strdown (p, q - p);
  written = g_strndup (p, q - p);
  key = word_key (lower, written);
  lex = lexicon_lookup (lower);
  if (lex == 0)
    lex = lexicon_lookup (key);   /* "matrices" is as generic as "matrix" */

  if ((lex & LEX_STOP) || (lex == 0 && is_adverb (lower)) ||
      ((after_preposition || !self->sentence_open) && is_gerund (lower)) ||
      (after_relative && is_verb_form (lower)))
    {
      self->after_preposition = !trailing && is_preposition (lower);
      self->after_relative = !trailing && is_relative (lower);
      self->pending_break = TRUE;
      self->sentence_open = TRUE;
      self->pending_end = full_stop;
      return;
    }

  /* "3D", "2.5-D": only with what they qualify */
  if ((lex & LEX_WEAK) || (has_digit && n_letters <= 1))
    flags |= WORD_WEAK;
  if (lex & LEX_OF)
    flags |= WORD_OF;
  if (special)
    flags |= WORD_SPECIAL;
  else if (g_unichar_isupper (first) || g_unichar_istitle (first))
    flags |= WORD_CAPITAL;
  if (g_unichar_isupper (first) || g_unichar_istitle (first))
    flags |= WORD_INITIAL;
  if (adjacent && close_paren && special)
    flags |= WORD_PAREN;

  /* how much of the sentence is in Title Case */
  if (self->sentence_open && !(flags & WORD_OF))
    {
      gunichar second = g_utf8_get_char (g_utf8_next_char (p));
      gboolean title_like = g_unichar_isupper (first) && g_unichar_islower (second);
      SentenceInfo *info = extractor_sentence (self);

      if (!special || title_like)
        info->n_words++;
      info->n_capital += title_like;
    }

  extractor_push (self,
                  special ? g_steal_pointer (&written) : g_steal_pointer (&lower),
                  g_steal_pointer (&key),
                  flags);

  self->pending_break = trailing;
  self->pending_end = full_stop;
  self->after_preposition = (lex & LEX_OF) && !trailing;
}

/* A run of text between spaces with Chinese or Japanese in it: each
 * character is a word; the Latin words between them are words as usual. */
static void
extractor_add_mixed (Extractor  *self,
                     const char *start,
                     const char *end)
{
  const char *latin = start;

  for (const char *r = start; r < end; r = g_utf8_next_char (r))
    {
      gunichar c = g_utf8_get_char (r);

      if (!is_cjk (c) && !is_cjk_punct (c))
        continue;

      if (latin < r)
        {
          extractor_add_latin (self, latin, r);
          self->pending_break = TRUE;
        }
      latin = g_utf8_next_char (r);

      if (is_cjk (c) && !is_hiragana (c))
        {
          char *form = g_strndup (r, latin - r);

          if (self->pending_end)
            extractor_end_sentence (self);
          extractor_push (self, form, g_strdup (form), WORD_CJK);
        }
      else if (ends_cjk_sentence (c))
        {
          extractor_end_sentence (self);
        }
      else
        {
          self->pending_break = TRUE;
        }
    }

  if (latin < end)
    extractor_add_latin (self, latin, end);
}

static void
extractor_tokenize (Extractor  *self,
                    const char *text)
{
  const char *p = text;

  while (*p)
    {
      const char *start;
      guint newlines = 0;
      gboolean wide = FALSE;

      while (*p && g_unichar_isspace (g_utf8_get_char (p)))
        {
          newlines += *p == '\n';
          p = g_utf8_next_char (p);
        }
      if (newlines >= 2)
        extractor_end_sentence (self);
      if (*p == '\0')
        break;

      for (start = p; *p && !g_unichar_isspace (g_utf8_get_char (p)); p = g_utf8_next_char (p))
        wide |= (guchar) *p >= 0xe3;

      if (wide)
        extractor_add_mixed (self, start, p);
      else
        extractor_add_latin (self, start, p);
    }
}

/* A first line without a full stop, followed by a blank line, is a title:
 * callers put the title first when the paper has one. */
static gboolean
has_title (const char *text)
{
  const char *start = text;
  const char *blank;
  const char *last;

  while (g_ascii_isspace (*start))
    start++;
  blank = strstr (start, "\n\n");
  if (blank == NULL || blank == start || blank - start > MAX_TITLE_BYTES ||
      memchr (start, '\n', blank - start) != NULL)
    return FALSE;

  for (last = blank; last > start && g_ascii_isspace (last[-1]); last--)
    ;
  if (last > start && strchr (".?!", last[-1]) != NULL)
    return FALSE;

  for (const char *rest = blank; *rest; rest++)
    if (!g_ascii_isspace (*rest))
      return TRUE;

  return FALSE;
}

/* The title, and the words an abstract starts with (its subject, most
 * often: "Causal representation learning aims at"), say what it is about. */
static void
extractor_mark_lead (Extractor *self)
{
  Word *words = (Word *) (gpointer) self->words->data;
  guint body = self->title ? 1 : 0;
  guint i = 0;
  guint end;

  for (; i < self->words->len && self->title && words[i].sentence == 0; i++)
    words[i].flags |= WORD_LEAD;

  if (i >= self->words->len || words[i].sentence != body || (words[i].flags & WORD_CJK))
    return;

  /* more words in a row than a phrase has are a clause: "Many
   * computational factors limit broader deployment" */
  for (end = i + 1; end < self->words->len && !(words[end].flags & WORD_BREAK_BEFORE); end++)
    ;
  if (end - i <= MAX_LATIN_WORDS)
    for (; i < end; i++)
      words[i].flags |= WORD_LEAD;
}

static double
extractor_weight (Extractor  *self,
                  const Word *word)
{
  guint sentence = word->sentence;

  if (word->flags & WORD_LEAD)
    return 2.0;
  if (self->title)
    {
      if (sentence == 0)
        return 2.0;
      sentence--;
    }

  return sentence == 0 ? 1.5 : sentence == 1 ? 1.25 : 1.0;
}

/* Acronyms */

static void
append_initial (GString    *out,
                const char *word)
{
  g_string_append_unichar (out, g_unichar_tolower (g_utf8_get_char (word)));
}

/* "large language models (LLMs)": the letters of the acronym are the
 * initials of the words before it, all of them or without "of"
 * ("Internet of Things (IoT)"), or its capitals are ("scientific machine
 * learning (SciML)"). */
static void
extractor_find_acronyms (Extractor *self)
{
  Word *words = (Word *) (gpointer) self->words->data;

  for (guint i = 1; i < self->words->len; i++)
    {
      g_autoptr(GString) letters = g_string_new (NULL);
      g_autoptr(GString) capitals = g_string_new (NULL);
      const char *form = words[i].form;
      gsize len = strlen (form);

      if (!(words[i].flags & WORD_PAREN) || g_hash_table_contains (self->acronyms, words[i].key))
        continue;

      if (len > 2 && form[len - 1] == 's' && g_ascii_isupper (form[len - 2]))
        len--;
      for (const char *p = form; p < form + len; p = g_utf8_next_char (p))
        {
          gunichar c = g_utf8_get_char (p);

          if (!g_unichar_isalnum (c))
            continue;
          g_string_append_unichar (letters, g_unichar_tolower (c));
          if (g_unichar_isupper (c))
            g_string_append_unichar (capitals, g_unichar_tolower (c));
        }
      if (capitals->len < 2)
        continue;

      for (guint m = 1; m <= MAX_LATIN_WORDS && m <= i; m++)
        {
          g_autoptr(GString) all = g_string_new (NULL);
          g_autoptr(GString) content = g_string_new (NULL);
          g_autoptr(GString) parts = g_string_new (NULL);
          g_autoptr(GString) expansion = g_string_new (NULL);
          guint from = i - m;
          gboolean contiguous = TRUE;

          if (words[from].flags & (WORD_OF | WORD_CJK))
            continue;
          for (guint k = from; k < i; k++)
            {
              if ((k > from && (words[k].flags & WORD_BREAK_BEFORE)) || (words[k].flags & WORD_CJK))
                contiguous = FALSE;
              append_initial (all, words[k].form);
              if (!(words[k].flags & WORD_OF))
                append_initial (content, words[k].form);
              /* "Expectation-Maximization (EM)" */
              for (const char *part = words[k].form; part != NULL; part = strchr (part, '-'))
                {
                  if (*part == '-')
                    part++;
                  if (*part != '\0' && !(words[k].flags & WORD_OF))
                    append_initial (parts, part);
                }
              if (k > from)
                g_string_append_c (expansion, ' ');
              g_string_append (expansion, words[k].key);
            }
          if (!contiguous)
            break;

          if (g_str_equal (all->str, letters->str) || g_str_equal (content->str, capitals->str) ||
              g_str_equal (parts->str, capitals->str))
            {
              Acronym *acronym = g_new0 (Acronym, 1);

              acronym->expansion = g_string_free (g_steal_pointer (&expansion), FALSE);
              acronym->n_words = m;
              g_hash_table_insert (self->acronyms, g_strdup (words[i].key), acronym);
              words[i].flags |= WORD_DEFINITION;
              break;
            }
        }
    }
}

/* "Blind Image Quality Assessment (BIQA)", "Temporal Implicit
 * Representation Module": names spelled out in Title Case, whose words
 * are no names. */
static void
extractor_mark_title_case_runs (Extractor *self)
{
  Word *words = (Word *) (gpointer) self->words->data;
  guint n = self->words->len;
  guint i = 0;

  while (i < n)
    {
      guint end = i;
      guint last = i;
      guint n_capitals = 0;

      if (!(words[i].flags & WORD_INITIAL) || (words[i].flags & WORD_CJK))
        {
          i++;
          continue;
        }

      for (; end < n; end++)
        {
          if (end > i && (words[end].flags & WORD_BREAK_BEFORE))
            break;
          if (words[end].flags & WORD_INITIAL)
            n_capitals++, last = end;
          else if (!(words[end].flags & WORD_OF))
            break;
        }

      if (n_capitals >= 3 ||
          (n_capitals >= 2 && last + 1 < n && (words[last + 1].flags & WORD_PAREN)))
        for (guint k = i; k <= last; k++)
          words[k].flags |= WORD_CASE_UNKNOWN;

      i = last + 1;
    }
}

/* Capitals: "Gaussian" and "Transformer" keep theirs when the text writes
 * them so inside sentences; other words are shown in lower case.  Words
 * at the start of a sentence and in Title Case sentences say nothing. */
static void
extractor_count_cases (Extractor *self)
{
  extractor_mark_title_case_runs (self);

  for (guint i = 0; i < self->words->len; i++)
    {
      Word *word = &g_array_index (self->words, Word, i);
      SentenceInfo *info;
      CaseCount *count;

      if (word->flags & (WORD_CJK | WORD_SPECIAL | WORD_OF | WORD_SENTENCE_START |
                         WORD_CASE_UNKNOWN))
        continue;
      if (word->sentence >= self->sentences->len)
        continue;
      info = &g_array_index (self->sentences, SentenceInfo, word->sentence);
      if (info->n_words >= 3 && info->n_capital * 4 >= info->n_words * 3)
        continue;

      count = g_hash_table_lookup (self->cases, word->key);
      if (count == NULL)
        {
          count = g_new0 (CaseCount, 1);
          g_hash_table_insert (self->cases, g_strdup (word->key), count);
        }
      if (word->flags & WORD_CAPITAL)
        count->n_capital++;
      else
        count->n_lower++;
    }
}

/* Phrases */

static Phrase *
extractor_add_occurrence (Extractor  *self,
                          const char *key,
                          guint       n_words,
                          gboolean    cjk,
                          gboolean    weak,
                          gboolean    has_of,
                          gboolean    lead,
                          guint       first,
                          double      weight,
                          const char *surface)
{
  Phrase *phrase = g_hash_table_lookup (self->phrases, key);

  if (phrase == NULL)
    {
      phrase = g_new0 (Phrase, 1);
      phrase->key = g_strdup (key);
      phrase->surfaces = g_ptr_array_new ();
      phrase->n_words = n_words;
      phrase->cjk = cjk;
      phrase->weak = weak;
      phrase->has_of = has_of;
      phrase->first = first;
      g_hash_table_insert (self->phrases, phrase->key, phrase);
    }
  phrase->weight += weight;
  phrase->count++;
  phrase->lead |= lead;

  if (surface != NULL)
    {
      Surface *seen = g_hash_table_lookup (self->surfaces, surface);

      if (seen == NULL)
        {
          seen = g_new0 (Surface, 1);
          seen->text = g_strdup (surface);
          g_hash_table_insert (self->surfaces, seen->text, seen);
          g_ptr_array_add (phrase->surfaces, seen);
        }
      seen->count++;
    }

  return phrase;
}

static void
extractor_count_phrases (Extractor *self)
{
  Word *words = (Word *) (gpointer) self->words->data;
  guint n = self->words->len;
  g_autoptr(GString) key = g_string_new (NULL);
  g_autoptr(GString) surface = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      gboolean cjk = (words[i].flags & WORD_CJK) != 0;
      guint max_words = cjk ? MAX_CJK_CHARS : MAX_LATIN_WORDS;
      double weight = extractor_weight (self, &words[i]);
      gboolean lead = (words[i].flags & WORD_LEAD) != 0;
      gboolean weak = TRUE;
      gboolean has_of = FALSE;

      if (words[i].flags & (WORD_OF | WORD_DEFINITION))
        continue;

      g_string_truncate (key, 0);
      g_string_truncate (surface, 0);

      for (guint length = 1; length <= max_words && i + length <= n; length++)
        {
          Word *word = &words[i + length - 1];
          Acronym *acronym;

          if (length > 1 && (word->flags & (WORD_BREAK_BEFORE | WORD_DEFINITION)))
            break;
          if (((word->flags & WORD_CJK) != 0) != cjk)
            break;

          if (length > 1)
            {
              g_string_append_c (key, ' ');
              if (!cjk)
                g_string_append_c (surface, ' ');
            }
          g_string_append (key, word->key);
          g_string_append (surface, word->form);
          weak &= (word->flags & (WORD_WEAK | WORD_OF)) != 0;

          if (word->flags & WORD_OF)
            {
              has_of = TRUE;
              continue;
            }
          if (cjk && length < MIN_CJK_CHARS)
            continue;

          if (length == 1 && (word->flags & WORD_SPECIAL) &&
              (acronym = g_hash_table_lookup (self->acronyms, word->key)) != NULL)
            extractor_add_occurrence (self, acronym->expansion, acronym->n_words, FALSE,
                                      FALSE, FALSE, lead, i, weight, NULL);
          else
            {
              Phrase *phrase = extractor_add_occurrence (self, key->str, length, cjk, weak,
                                                         has_of, lead, i, weight, surface->str);

              phrase->special |= length == 1 && (word->flags & WORD_SPECIAL) != 0;
            }
        }
    }
}

/* Whether @key has the words of @part in a row. */
static gboolean
key_contains (const char *key,
              const char *part)
{
  gsize len = strlen (part);

  for (const char *p = strstr (key, part); p != NULL; p = strstr (p + 1, part))
    if ((p == key || p[-1] == ' ') && (p[len] == '\0' || p[len] == ' '))
      return TRUE;

  return FALSE;
}

/* Whether @a ends with words that @b starts with: "blind image quality"
 * and "image quality assessment" are one name cut in two. */
static gboolean
keys_chain (const char *a,
            const char *b)
{
  gsize len_b = strlen (b);

  for (const char *p = strchr (a, ' '); p != NULL; p = strchr (p + 1, ' '))
    {
      gsize len = strlen (p + 1);

      if (len < len_b && strncmp (p + 1, b, len) == 0 && b[len] == ' ')
        return TRUE;
    }

  return FALSE;
}

static gboolean
cjk_has_affix (GHashTable  *table,
               const char  *text,
               gboolean     prefix)
{
  glong n = g_utf8_strlen (text, -1);

  for (glong length = 2; length <= 3 && length < n; length++)
    {
      const char *from = prefix ? text : g_utf8_offset_to_pointer (text, n - length);
      const char *to = prefix ? g_utf8_offset_to_pointer (text, length) : text + strlen (text);
      g_autofree char *affix = g_strndup (from, to - from);

      if (g_hash_table_contains (table, affix))
        return TRUE;
    }

  return FALSE;
}

static gboolean
cjk_acceptable (const Phrase *phrase,
                const char   *text)
{
  glong n = g_utf8_strlen (text, -1);
  gunichar first = g_utf8_get_char (text);
  gunichar last = g_utf8_get_char (g_utf8_prev_char (text + strlen (text)));
  gboolean term_start = cjk_has_affix (cjk_starts, text, TRUE);
  gboolean all_weak = n % 2 == 0;

  if (phrase->count < 2 || g_hash_table_contains (cjk_stops, text))
    return FALSE;
  if (!term_start && (g_hash_table_contains (cjk_stop_set, GUINT_TO_POINTER (first)) ||
                      cjk_has_affix (cjk_stops, text, TRUE)))
    return FALSE;
  if (g_hash_table_contains (cjk_stop_set, GUINT_TO_POINTER (last)) ||
      cjk_has_affix (cjk_stops, text, FALSE))
    return FALSE;

  /* 模型训练: generic words only */
  for (glong k = 0; all_weak && k < n; k += 2)
    {
      const char *from = g_utf8_offset_to_pointer (text, k);
      g_autofree char *pair = g_strndup (from, g_utf8_offset_to_pointer (from, 2) - from);

      all_weak = g_hash_table_contains (cjk_weaks, pair);
    }

  return !all_weak;
}

static double
length_factor (const Phrase *phrase)
{
  static const double latin[] = { 0.0, 0.6, 1.5, 1.8 };
  static const double cjk[] = { 0.0, 0.0, 1.0, 1.2, 1.5, 1.6, 1.7 };

  if (phrase->cjk)
    return cjk[MIN (phrase->n_words, MAX_CJK_CHARS)];
  /* an acronym stands for a phrase */
  if (phrase->n_words == 1 && phrase->special)
    return 1.0;

  return latin[MIN (phrase->n_words, MAX_LATIN_WORDS)];
}

static const char *
phrase_surface (const Phrase *phrase)
{
  const Surface *best = NULL;

  for (guint i = 0; i < phrase->surfaces->len; i++)
    {
      const Surface *surface = g_ptr_array_index (phrase->surfaces, i);

      if (best == NULL || surface->count > best->count)
        best = surface;
    }

  return best != NULL ? best->text : NULL;
}

static gboolean
phrase_acceptable (const Phrase *phrase)
{
  const char *surface = phrase_surface (phrase);

  if (surface == NULL)
    return FALSE;
  if (phrase->cjk)
    {
      g_autofree char *text = g_strdup (surface);

      return cjk_acceptable (phrase, text);
    }
  if (phrase->weak)
    return FALSE;
  if (phrase->n_words == 1)
    return phrase->count >= 2;
  if (phrase->has_of)
    return phrase->count >= 3;

  /* once at the start, unless a part of it is repeated: "Graph
   * transformers scale" is "graph transformers" and a verb */
  return phrase->count >= 2 || (phrase->lead && !phrase->repeated_part);
}

/* The phrases that are part of @phrase: "language model" and "model" of
 * "large language model". */
static GPtrArray *
extractor_parts (Extractor    *self,
                 const Phrase *phrase)
{
  GPtrArray *found = g_ptr_array_new ();
  g_auto(GStrv) words = g_strsplit (phrase->key, " ", -1);
  g_autoptr(GString) part = g_string_new (NULL);
  guint n = g_strv_length (words);

  for (guint length = 1; length < n; length++)
    for (guint from = 0; from + length <= n; from++)
      {
        Phrase *other;

        g_string_truncate (part, 0);
        for (guint k = from; k < from + length; k++)
          {
            if (k > from)
              g_string_append_c (part, ' ');
            g_string_append (part, words[k]);
          }
        other = g_hash_table_lookup (self->phrases, part->str);
        if (other != NULL && other != phrase)
          g_ptr_array_add (found, other);
      }

  return found;
}

/* Which phrases may be chosen, and the C-value's correction: what the
 * acceptable phrases containing one weigh, on average. */
static void
extractor_relate_phrases (Extractor *self)
{
  GHashTableIter iter;
  Phrase *phrase;

  g_hash_table_iter_init (&iter, self->phrases);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &phrase))
    {
      g_autoptr(GPtrArray) parts = NULL;

      if (phrase->n_words < 2)
        continue;
      parts = extractor_parts (self, phrase);
      for (guint i = 0; i < parts->len; i++)
        {
          const Phrase *part = g_ptr_array_index (parts, i);

          phrase->repeated_part |= part->n_words >= 2 && part->count >= 2;
        }
    }

  g_hash_table_iter_init (&iter, self->phrases);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &phrase))
    phrase->acceptable = phrase_acceptable (phrase);

  g_hash_table_iter_init (&iter, self->phrases);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &phrase))
    {
      g_autoptr(GPtrArray) parts = NULL;

      if (phrase->n_words < 2 || !phrase->acceptable)
        continue;
      parts = extractor_parts (self, phrase);
      for (guint i = 0; i < parts->len; i++)
        {
          Phrase *part = g_ptr_array_index (parts, i);

          part->super_weight += phrase->weight;
          part->n_super++;
        }
    }
}

static int
compare_phrases (gconstpointer a,
                 gconstpointer b)
{
  const Phrase *pa = *(const Phrase * const *) a;
  const Phrase *pb = *(const Phrase * const *) b;

  if (pa->score != pb->score)
    return pa->score > pb->score ? -1 : 1;
  if (pa->count != pb->count)
    return pa->count > pb->count ? -1 : 1;
  if (pa->first != pb->first)
    return pa->first < pb->first ? -1 : 1;

  return strcmp (pa->key, pb->key);
}

/* The surface as shown: words the text capitalises inside sentences keep
 * their capital ("Gaussian processes"). */
static char *
extractor_display (Extractor    *self,
                   const Phrase *phrase)
{
  const char *surface = phrase_surface (phrase);
  g_auto(GStrv) parts = NULL;

  if (phrase->cjk)
    return g_strdup (surface);

  parts = g_strsplit (surface, " ", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_autofree char *key = NULL;
      g_autofree char *lower = g_utf8_strdown (parts[i], -1);
      CaseCount *count;

      if (strcmp (parts[i], lower) != 0)
        continue;
      key = word_key (parts[i], parts[i]);
      count = g_hash_table_lookup (self->cases, key);
      if (count != NULL && count->n_capital > count->n_lower)
        {
          gunichar c = g_unichar_totitle (g_utf8_get_char (parts[i]));
          char buf[8] = { 0 };
          char *capitalised;

          g_unichar_to_utf8 (c, buf);
          capitalised = g_strconcat (buf, g_utf8_next_char (parts[i]), NULL);
          g_free (parts[i]);
          parts[i] = capitalised;
        }
    }

  return g_strjoinv (" ", parts);
}

static void
extractor_choose (Extractor *self,
                  guint      max_phrases,
                  GPtrArray *out)
{
  g_autoptr(GPtrArray) candidates = g_ptr_array_new ();
  g_autoptr(GPtrArray) chosen = g_ptr_array_new ();
  GHashTableIter iter;
  Phrase *phrase;

  g_hash_table_iter_init (&iter, self->phrases);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &phrase))
    {
      double residual = phrase->weight;

      if (!phrase->acceptable)
        continue;
      if (phrase->n_super > 0)
        residual -= phrase->super_weight / phrase->n_super;
      phrase->score = residual * length_factor (phrase);
      if (phrase->score >= MIN_SCORE)
        g_ptr_array_add (candidates, phrase);
    }
  g_ptr_array_sort (candidates, compare_phrases);

  for (guint i = 0; i < candidates->len && chosen->len < max_phrases; i++)
    {
      gboolean overlaps = FALSE;

      phrase = g_ptr_array_index (candidates, i);
      for (guint k = 0; k < chosen->len && !overlaps; k++)
        {
          const Phrase *other = g_ptr_array_index (chosen, k);

          overlaps = key_contains (phrase->key, other->key) ||
                     key_contains (other->key, phrase->key) ||
                     keys_chain (phrase->key, other->key) || keys_chain (other->key, phrase->key);
        }
      if (overlaps)
        continue;

      g_ptr_array_add (chosen, phrase);
      g_ptr_array_add (out, extractor_display (self, phrase));
    }
}

/**
 * proc_key_phrases_extract:
 * @text: (nullable): an abstract, as imported, optionally after its title
 *   and a blank line
 * @max_phrases: how many phrases to return at most
 *
 * Finds the phrases that say what @text is about, in the order of their
 * score (see the comment at the top of this file).  Math, links and TeX
 * markup never become phrases; acronyms and words capitalised inside
 * sentences keep their capitals, other words are in lower case.  Invalid
 * UTF-8 is repaired first, and only the first 128 KB are read.
 *
 * Returns: (transfer full) (array zero-terminated=1): at most @max_phrases
 *   phrases, best first; an empty array when there are none
 */
char **
proc_key_phrases_extract (const char *text,
                          guint       max_phrases)
{
  GPtrArray *out = g_ptr_array_new ();
  g_autofree char *valid = NULL;
  g_autofree char *stripped = NULL;
  g_autofree char *plain = NULL;
  Extractor self;
  gsize len;

  if (text == NULL || max_phrases == 0)
    {
      g_ptr_array_add (out, NULL);
      return (char **) g_ptr_array_free (out, FALSE);
    }

  lexicon_init ();

  len = strlen (text);
  if (len > MAX_TEXT_BYTES)
    {
      len = MAX_TEXT_BYTES;
      while (len > 0 && ((guchar) text[len] & 0xc0) == 0x80)
        len--;
    }
  valid = g_utf8_make_valid (text, len);
  stripped = strip_math_and_links (valid);
  plain = proc_tex_to_plain (stripped);

  extractor_init (&self);
  self.title = has_title (plain);
  extractor_tokenize (&self, plain);
  extractor_find_acronyms (&self);
  extractor_mark_lead (&self);
  extractor_count_cases (&self);
  extractor_count_phrases (&self);
  extractor_relate_phrases (&self);
  extractor_choose (&self, max_phrases, out);
  extractor_clear (&self);

  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}
