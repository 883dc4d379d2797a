/* proc-key-phrases-private.h: what the files of the key-phrase extractor share
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The extractor (see proc-key-phrases.c) in four files: its word lists
 * (proc-key-phrases-lexicon.c), math and links taken out of the text
 * (proc-key-phrases-text.c), the text as words, with acronyms and case
 * (proc-key-phrases-words.c), and the phrases counted, scored and chosen
 * (proc-key-phrases.c). */
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

typedef struct
{
  char  *text;
  guint  count;
} Surface;

extern GHashTable *kp_cjk_stops;     /* word → GINT_TO_POINTER (1) */
extern GHashTable *kp_cjk_weaks;
extern GHashTable *kp_cjk_starts;
extern GHashTable *kp_cjk_stop_set;  /* gunichar → 1 */

/* proc-key-phrases-lexicon.c */
void kp_lexicon_init (void);
guint kp_lexicon_lookup (const char *lower);
gboolean kp_is_cjk (gunichar c);
gboolean kp_is_hiragana (gunichar c);
gboolean kp_is_cjk_punct (gunichar c);
gboolean kp_ends_cjk_sentence (gunichar c);
gboolean kp_is_word_char (gunichar c);
char *kp_word_key (const char *lower,
                   const char *written);
gboolean kp_is_preposition (const char *lower);
gboolean kp_is_relative (const char *lower);
gboolean kp_is_verb_form (const char *lower);
gboolean kp_is_gerund (const char *lower);
gboolean kp_is_adverb (const char *lower);

/* proc-key-phrases-text.c */
char *kp_strip_math_and_links (const char *text);
gboolean kp_has_title (const char *text);

/* proc-key-phrases-words.c */
void kp_extractor_init (Extractor *self);
void kp_extractor_clear (Extractor *self);
void kp_extractor_tokenize (Extractor  *self,
                            const char *text);
void kp_extractor_mark_lead (Extractor *self);
double kp_extractor_weight (Extractor  *self,
                            const Word *word);
void kp_extractor_find_acronyms (Extractor *self);
void kp_extractor_count_cases (Extractor *self);

G_END_DECLS
