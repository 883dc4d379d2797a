/* proc-title-private.h: what the files of the title code share
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The title code (see proc-title.c) in five files: the lexicon
 * (proc-title-lexicon.c), the abstract as words and sentences
 * (proc-title-abstract.c), the method names it introduces
 * (proc-title-names.c), phrases cut to titles (proc-title-phrases.c), and
 * the rules that choose a title (proc-title.c). */

#define MAX_TITLE_WORDS  10   /* a title a reader scans, not a sentence */

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
  W2_REMEDY      = 1 << 5,   /* we tackle this problem by… */
  W2_MEANS       = 1 << 6,   /* …by, through, via, with… */
  W2_GERUND      = 1 << 7,   /* …by introducing X */
  W2_TASK        = 1 << 8,   /* a phrase ending on these names a task */
  W2_PROBLEM     = 1 << 9,   /* …or a problem: "Tukey regression problem" */
  W2_PROPER      = 1 << 10,  /* Monte Carlo, Gaussian: a title keeps the capital */
  W2_EVIDENCE    = 1 << 11,  /* "we present experiments": not what a paper brings */
};

typedef struct
{
  guint32 flags;
  guint32 flags2;
} WordFlags;

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

typedef struct
{
  guint    object;   /* first token after the intro verb */
  guint    verb;
  gboolean naming;   /* "we call" */
} Intro;

extern gboolean title_word_end[256];
extern guint32  title_cue_filter[26 * 26];
extern guint32  title_marker_filter[26 * 26];
extern guint32  title_intro_filter[26 * 26];

/* proc-title-lexicon.c */
void title_init_tables (void);
WordFlags title_word_flags (const char *s,
                            gsize       len);
gboolean title_is_stop_name (const char *s,
                             gsize       len);

/* proc-title-abstract.c */
gsize title_space_len (const char *p);
Token *title_tok_lookup (Abstract *a,
                         guint     i);
guint64 *title_word_end_map (const char *text,
                             gsize       len);
void title_abstract_init (Abstract   *a,
                          const char *text);
void title_abstract_clear (Abstract *a);
gboolean title_tok_word (Abstract *a,
                         guint     i);
gboolean title_tok_punct (Abstract *a,
                          guint     i,
                          char      c);
gboolean title_tok_has (Abstract *a,
                        guint     i,
                        guint32   flags);
gboolean title_tok_has2 (Abstract *a,
                         guint     i,
                         guint32   flags2);
gboolean title_has_upper (Abstract *a,
                          guint     i);
gboolean title_is_capitalized_word (Abstract *a,
                                    guint     i);
char *title_tok_span (Abstract *a,
                      guint     first,
                      guint     end);

/* proc-title-names.c */
gboolean title_is_generic_phrase (const char *s);
gboolean title_find_intro (Abstract *a,
                           guint     first,
                           guint     end,
                           Intro    *intro);
void title_scan_sentence (Abstract  *a,
                          guint      s,
                          guint     *last_intro,
                          GPtrArray *candidates);
Candidate *title_best_candidate (GPtrArray *candidates);
char *title_prominent_name (Abstract *a);
void title_candidate_free (Candidate *c);
gssize title_find_long_form (const char *sf,
                             gsize       sf_len,
                             const char *lf,
                             gsize       lf_len);

/* proc-title-acronyms.c */
char *title_expand_acronyms (Abstract   *a,
                             const char *phrase,
                             guint       extra_words,
                             guint       max_chars);
char *title_coined_term (Abstract *a);

/* proc-title-topics.c */
char *title_quick_topic (Abstract   *a,
                         const char *skip,
                         guint       max_words,
                         guint       max_phrases,
                         guint       max_chars);

/* proc-title-phrases.c */
char *title_strip_asides (const char *s);
void title_strip_inner_clauses (GString *s);
void title_strip_dangling (GString *s);
void title_capitalize (GString *s);
const char *title_skip_article (const char *s);
char *title_phrase (Abstract *a,
                    guint     first,
                    guint     end);
char *title_noun_phrase (const char *s,
                         guint       max_words);
guint title_count_words (const char *s);
gboolean title_has_word (const char *phrase,
                         const char *word);
gboolean title_share_word (const char *a,
                           const char *b);
gboolean title_ends_generic (const char *s);
gboolean title_names_task (const char *s);
void title_fit_chars (GString *s,
                      guint    max_chars);

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

G_END_DECLS
