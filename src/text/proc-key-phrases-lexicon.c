/* proc-key-phrases-lexicon.c: the words key phrases are made of, and are not, as data
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "proc-key-phrases.h"
#include "proc-key-phrases-private.h"

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
GHashTable *kp_cjk_stops;    /* word → GINT_TO_POINTER (1) */
GHashTable *kp_cjk_weaks;
GHashTable *kp_cjk_starts;
GHashTable *kp_cjk_stop_set; /* gunichar → 1 */

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

void
kp_lexicon_init (void)
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

      kp_cjk_stops = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      add_words (kp_cjk_stops, cjk_stop_words, 1);
      kp_cjk_weaks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      add_words (kp_cjk_weaks, cjk_weak_words, 1);
      kp_cjk_starts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      add_words (kp_cjk_starts, cjk_term_starts, 1);
      kp_cjk_stop_set = g_hash_table_new (NULL, NULL);
      for (const char *p = cjk_stop_chars; *p; p = g_utf8_next_char (p))
        g_hash_table_add (kp_cjk_stop_set, GUINT_TO_POINTER (g_utf8_get_char (p)));

      g_once_init_leave (&initialized, 1);
    }
}

guint
kp_lexicon_lookup (const char *lower)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (lexicon, lower));
}

/**
 * proc_key_phrases_is_stop_word:
 * @lower: a word in lower case
 * @weak: (out) (optional): set to whether the word is generic ("model",
 *   "learning"): part of a phrase, never one on its own
 *
 * Whether the extractor's lexicon says @lower breaks a phrase, for the
 * callers that find phrases of their own (the derived titles).
 */
gboolean
proc_key_phrases_is_stop_word (const char *lower,
                               gboolean   *weak)
{
  guint lex;

  kp_lexicon_init ();
  lex = kp_lexicon_lookup (lower);
  if (weak != NULL)
    *weak = (lex & LEX_WEAK) != 0;

  return (lex & LEX_STOP) != 0;
}

/* Characters */

gboolean
kp_is_cjk (gunichar c)
{
  return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) ||
         (c >= 0x20000 && c <= 0x2FFFF) || (c >= 0xF900 && c <= 0xFAFF) ||
         (c >= 0x3040 && c <= 0x30FF) || (c >= 0x31F0 && c <= 0x31FF);
}

gboolean
kp_is_hiragana (gunichar c)
{
  return c >= 0x3040 && c <= 0x309F;
}

/* Ideographic punctuation and full-width forms: they separate Chinese
 * words as spaces separate English ones. */
gboolean
kp_is_cjk_punct (gunichar c)
{
  return (c >= 0x3000 && c <= 0x303F) || (c >= 0xFF00 && c <= 0xFFEF);
}

gboolean
kp_ends_cjk_sentence (gunichar c)
{
  return c == 0x3002 || c == 0xFF01 || c == 0xFF1F || c == 0xFF1B;
}

gboolean
kp_is_word_char (gunichar c)
{
  if (c < 0x80)
    return g_ascii_isalnum (c);

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
char *
kp_word_key (const char *lower,
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

  if (part == lower)
    return g_steal_pointer (&singular);
  {
    gsize prefix = part - lower;
    gsize slen = strlen (singular);
    char *key = g_malloc (prefix + slen + 1);

    memcpy (key, lower, prefix);
    memcpy (key + prefix, singular, slen + 1);
    return key;
  }
}

gboolean
kp_is_preposition (const char *lower)
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
gboolean
kp_is_relative (const char *lower)
{
  static const char * const relatives[] = {
    "that", "which", "who", "it", "also", "often", "then", "still", "thus",
    "usually", "typically", "generally", "mostly", "only", NULL
  };

  return g_strv_contains (relatives, lower);
}

gboolean
kp_is_verb_form (const char *lower)
{
  gsize len = strlen (lower);

  return len >= 4 && (lower[len - 1] == 's' || g_str_has_suffix (lower, "ed")) &&
         !g_str_has_suffix (lower, "ss");
}

/* "by prepending model inputs", "for building prediction intervals": a
 * word in -ing after a preposition, or opening a sentence, is a verb. */
gboolean
kp_is_gerund (const char *lower)
{
  static const char * const nouns[] = { "string", "spring", "offspring", "ceiling", NULL };

  return strlen (lower) >= 6 && g_str_has_suffix (lower, "ing") && !g_strv_contains (nouns, lower);
}

gboolean
kp_is_adverb (const char *lower)
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
