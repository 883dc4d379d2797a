/* proc-store-similar.c: the papers whose text is closest to a paper's
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-store"

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n.h>

#include "proc-similar.h"
#include "proc-store-private.h"
#include "proc-tex.h"

/* A paper's own words, weighted by tf·idf, make a query; the full-text
 * index finds the papers that have any of them, and each is scored by the
 * weights of the words it has, as BM25 would.  Two words the paper says
 * together twice, as "conformal prediction", are a phrase of the query
 * too, weighted as the rarer of them.
 *
 * The words are cut by papers_fts' own tokenizer (Porter stems of
 * unicode61 tokens), so each is a term the index holds, and the word as
 * written, put in a query, stems to the same term again: the index counts
 * the papers that have it (its document frequency), and finds them.  The
 * distinctive words of a paper are rare ones, and a query of rare words
 * matches few papers; every paper it matches is scored, so the words are
 * chosen within a budget of matches: a common word that would have the
 * query score half the library is left out, as it says little about the
 * paper anyway.
 *
 * FTS5's own bm25() took 15 ms for 15,000 matches at 87,000 papers: two
 * thirds of that read each paper's length, and the rest counted each
 * word's papers again, which the weights already know.  So the score is
 * BM25 without the length (b = 0: abstracts are much of a length, and a
 * word's share saturates), computed by a function of our own,
 * similarity_function(): 5 ms.  Counting all the papers of each of a
 * paper's 70 or so words would take 10 to 20 ms, most of it for common
 * words that are not chosen: choose_terms() counts a word only as far as
 * the choice needs, and the store keeps the counts for the next paper. */

/* The words of the query, at most, and the pairs of words. */
#define MAX_TERMS 24
#define MAX_PAIRS 4
#define MAX_PHRASES (MAX_TERMS + MAX_PAIRS)
/* The papers a query may match, as the sum of its words' document
 * frequencies: about 8 ms of scoring at most. */
#define MATCH_BUDGET 20000
/* Longer tokens are not words: hashes, URLs glued together, DNA. */
#define MAX_TERM_BYTES 40
/* Each word's papers are counted this far first. */
#define MIN_COUNT_CAP 1000
/* Rows asked for beyond @limit: the paper itself, and papers a damaged
 * index may still name after they were deleted. */
#define EXTRA_ROWS 4
/* BM25's saturation of a word's count in a paper. */
#define K1 1.2

/* What the query matches: the paper's text, not its authors (a shared
 * surname says nothing of the subject).  A word in a title counts twice,
 * in the columns' order in papers_fts (proc-schema.c). */
#define MATCH_COLUMNS "{derived_title user_title abstract}"
static const double column_weights[] = { 2.0, 2.0, 1.0, 0.0 };

typedef struct
{
  char *stem;       /* the term in papers_fts */
  char *surface;    /* the word as written, which the query stems again */
  guint tf;
  gint64 df;
  gboolean df_at_least;   /* df is only where its count stopped */
  double weight;
  gboolean chosen;
} Term;

/* Two words that follow each other in the text, as "conformal
 * prediction": a phrase of the query when the paper says it twice. */
typedef struct
{
  Term *first;
  Term *second;
  guint tf;
  double weight;
} Pair;

/* What a store keeps between two papers, on its connection. */
typedef struct
{
  GHashTable *stopwords;   /* the stems of stopword_text */
  GHashTable *df;          /* stem → gint64 *, the papers that have it, or
                            * minus the count it stopped at */
  gint64 n_papers;         /* in the library when they were first read */
  gboolean connected;      /* proc_similarity() exists */
} Similarity;

typedef struct
{
  const char *text;
  GHashTable *stopwords;
  GHashTable *terms;       /* stem → Term, or the stopwords' stems */
  GHashTable *pairs;       /* "stem stem" → Pair */
  Term *previous;          /* the token before, if it is a term */
} Tokenizing;

static GQuark
similarity_quark (void)
{
  return g_quark_from_static_string ("proc-store-similarity");
}

/* Words that say nothing of a paper's subject: English function words,
 * the words any abstract uses to present its work, and what is left of
 * a URL or of a PDF's text ("sys(cid:173) tem").  They are compared as
 * the tokenizer stems them, so one form of each word stands for all
 * (method for methods, use for using).  Words whose stem a subject
 * shares stay out ("general", whose stem is also that of generative and
 * generalization). */
static const char stopword_text[] =
  "a about above according achieve across after again against all allow also although among an "
  "and another any approach are as at available based be because been before being below best "
  "better between both but by can cannot capable challenge cid com compare consider could current "
  "describe did do does doi doing due during each either enable et etc even existing "
  "experimental extensive few find first for framework from further furthermore github given "
  "had has have having he her here hers him his how however html http https i ie if improve in "
  "include into introduce investigate io is it its itself just key large lead leverage make "
  "many may method more moreover most much must my need new no nor not novel number obtain of "
  "off often on once one only or org other others our ours ourselves out outperform over own "
  "paper particular perform possible potential present previous problem promising propose "
  "provide recent require research result same see several she should show significant "
  "significantly simple since so some such superior technique than that the their theirs them "
  "themselves then there therefore these they this those three through thus to too two under "
  "until up upon us use various very via was way we well were what when where whether which "
  "while who whom why wide widely will with within without work would www yet you your";

static void
similarity_free (gpointer data)
{
  Similarity *similarity = data;

  g_clear_pointer (&similarity->stopwords, g_hash_table_unref);
  g_clear_pointer (&similarity->df, g_hash_table_unref);
  g_free (similarity);
}

static void
term_free (gpointer data)
{
  Term *term = data;

  g_free (term->stem);
  g_free (term->surface);
  g_free (term);
}

/* A word: two characters or more, letters and digits only, one letter at
 * least.  What TeX leaves of formulas (x, ², α₁) and numbers are not. */
static gboolean
is_word (const char *token,
         int         n_bytes)
{
  const char *end = token + n_bytes;
  gboolean has_letter = FALSE;
  guint n_chars = 0;

  if (n_bytes > MAX_TERM_BYTES)
    return FALSE;

  for (const char *c = token; c < end; c = g_utf8_next_char (c))
    {
      gunichar ch = g_utf8_get_char_validated (c, end - c);

      if (ch == (gunichar) -1 || ch == (gunichar) -2 || !g_unichar_isalnum (ch))
        return FALSE;
      has_letter |= g_unichar_isalpha (ch);
      n_chars++;
    }

  return has_letter && n_chars >= 2;
}

static int
stopword_cb (void       *data,
             int         flags,
             const char *token,
             int         n_token,
             int         start,
             int         end)
{
  Tokenizing *tokenizing = data;

  g_hash_table_add (tokenizing->terms, g_strndup (token, n_token));

  return SQLITE_OK;
}

static int
term_cb (void       *data,
         int         flags,
         const char *token,
         int         n_token,
         int         start,
         int         end)
{
  Tokenizing *tokenizing = data;
  Term *previous = tokenizing->previous;
  g_autofree char *stem = NULL;
  Term *term;

  if (flags & FTS5_TOKEN_COLOCATED)
    return SQLITE_OK;

  /* Any other token between two words keeps them from being a pair, as
   * it does in a phrase of FTS5. */
  tokenizing->previous = NULL;
  if (!is_word (token, n_token) || end <= start)
    return SQLITE_OK;

  stem = g_strndup (token, n_token);
  if (g_hash_table_contains (tokenizing->stopwords, stem))
    return SQLITE_OK;

  term = g_hash_table_lookup (tokenizing->terms, stem);
  if (term == NULL)
    {
      term = g_new0 (Term, 1);
      term->stem = g_steal_pointer (&stem);
      term->surface = g_strndup (tokenizing->text + start, end - start);
      g_hash_table_insert (tokenizing->terms, term->stem, term);
    }
  term->tf++;

  if (previous != NULL)
    {
      g_autofree char *key = g_strconcat (previous->stem, " ", term->stem, NULL);
      Pair *pair = g_hash_table_lookup (tokenizing->pairs, key);

      if (pair == NULL)
        {
          pair = g_new0 (Pair, 1);
          pair->first = previous;
          pair->second = term;
          g_hash_table_insert (tokenizing->pairs, g_steal_pointer (&key), pair);
        }
      pair->tf++;
    }
  tokenizing->previous = term;

  return SQLITE_OK;
}

static fts5_api *
get_fts5_api (ProcStore  *self,
              GError    **error)
{
  sqlite3_stmt *stmt;
  fts5_api *api = NULL;

  if (!(stmt = _proc_store_prepare (self, "SELECT fts5(?1)", error)))
    return NULL;
  sqlite3_bind_pointer (stmt, 1, (void *) &api, "fts5_api_ptr", NULL);
  sqlite3_step (stmt);
  sqlite3_reset (stmt);

  if (api == NULL || api->iVersion < 2)
    {
      g_set_error_literal (error, PROC_STORE_ERROR, PROC_STORE_ERROR_FAILED,
                           _("Could not find similar papers: this SQLite has no full-text search"));
      return NULL;
    }

  return api;
}

/* papers_fts' tokenizer, as its schema declares it (proc-schema.c). */
static gboolean
tokenize (ProcStore   *self,
          const char  *text,
          GHashTable  *stopwords,
          GHashTable  *terms,
          GHashTable  *pairs,
          GError     **error)
{
  static const char *args[] = { "unicode61", "remove_diacritics", "2" };
  fts5_api *api;
  fts5_tokenizer tokenizer;
  Fts5Tokenizer *instance = NULL;
  void *user_data = NULL;
  Tokenizing tokenizing = { text, stopwords, terms, pairs, NULL };
  int rc;

  if (!(api = get_fts5_api (self, error)))
    return FALSE;

  if (api->xFindTokenizer (api, "porter", &user_data, &tokenizer) != SQLITE_OK ||
      tokenizer.xCreate (user_data, args, G_N_ELEMENTS (args), &instance) != SQLITE_OK)
    {
      g_set_error_literal (error, PROC_STORE_ERROR, PROC_STORE_ERROR_FAILED,
                           _("Could not find similar papers: the full-text search has no Porter stemmer"));
      return FALSE;
    }

  rc = tokenizer.xTokenize (instance, &tokenizing, FTS5_TOKENIZE_DOCUMENT, text, strlen (text),
                            stopwords != NULL ? term_cb : stopword_cb);
  tokenizer.xDelete (instance);

  if (rc != SQLITE_OK)
    {
      g_set_error_literal (error, PROC_STORE_ERROR, PROC_STORE_ERROR_FAILED,
                           _("Could not find similar papers: the paper’s text could not be read"));
      return FALSE;
    }

  return TRUE;
}

/* proc_similarity(papers_fts, weights): for each phrase of the query, its
 * weight (a blob of doubles, in the phrases' order) times BM25's
 * saturation of how often the paper has it, a title counting twice. */
static void
similarity_function (const Fts5ExtensionApi  *api,
                     Fts5Context             *fts,
                     sqlite3_context         *context,
                     int                      argc,
                     sqlite3_value          **argv)
{
  double weights[MAX_PHRASES];
  double counts[MAX_PHRASES] = { 0 };
  int n_phrases = api->xPhraseCount (fts);
  int n_instances = 0;
  double score = 0;

  if (argc != 1 || n_phrases > MAX_PHRASES ||
      sqlite3_value_bytes (argv[0]) != n_phrases * (int) sizeof (double))
    {
      sqlite3_result_error (context, "proc_similarity() takes one weight per phrase", -1);
      return;
    }
  /* A blob need not be aligned for doubles. */
  memcpy (weights, sqlite3_value_blob (argv[0]), n_phrases * sizeof (double));

  if (api->xInstCount (fts, &n_instances) != SQLITE_OK)
    {
      sqlite3_result_error (context, "proc_similarity() could not read the matches", -1);
      return;
    }

  for (int i = 0; i < n_instances; i++)
    {
      int phrase, column, offset;

      if (api->xInst (fts, i, &phrase, &column, &offset) == SQLITE_OK &&
          phrase >= 0 && phrase < n_phrases &&
          column >= 0 && column < (int) G_N_ELEMENTS (column_weights))
        counts[phrase] += column_weights[column];
    }

  for (int p = 0; p < n_phrases; p++)
    score += weights[p] * counts[p] * (K1 + 1) / (counts[p] + K1);

  sqlite3_result_double (context, score);
}

/* What this store keeps for the next paper, and the SQL function, which
 * each connection needs once. */
static Similarity *
get_similarity (ProcStore  *self,
                GError    **error)
{
  Similarity *similarity = g_object_get_qdata (G_OBJECT (self), similarity_quark ());
  fts5_api *api;

  if (similarity == NULL)
    {
      similarity = g_new0 (Similarity, 1);
      similarity->stopwords = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      similarity->df = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      g_object_set_qdata_full (G_OBJECT (self), similarity_quark (), similarity, similarity_free);
    }

  if (g_hash_table_size (similarity->stopwords) == 0 &&
      !tokenize (self, stopword_text, NULL, similarity->stopwords, NULL, error))
    return NULL;

  if (!similarity->connected)
    {
      if (!(api = get_fts5_api (self, error)))
        return NULL;
      if (api->xCreateFunction (api, "proc_similarity", NULL, similarity_function, NULL) != SQLITE_OK)
        {
          _proc_store_set_error (self, error, _("find similar papers"));
          return NULL;
        }
      similarity->connected = TRUE;
    }

  return similarity;
}

/* The shown paper's title and abstract, TeX turned into the text it
 * reads as, so that \textit{regions} is the word regions. */
static char *
dup_paper_text (ProcStore  *self,
                gint64      paper_id,
                GError    **error)
{
  sqlite3_stmt *stmt;
  g_autofree char *title = NULL;
  g_autofree char *abstract = NULL;
  int rc;

  if (!(stmt = _proc_store_prepare (self, "SELECT coalesce(user_title, derived_title), abstract"
                                          " FROM papers WHERE id = ?", error)))
    return NULL;

  sqlite3_bind_int64 (stmt, 1, paper_id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    {
      title = proc_tex_to_plain ((const char *) sqlite3_column_text (stmt, 0));
      abstract = proc_tex_to_plain ((const char *) sqlite3_column_text (stmt, 1));
    }
  sqlite3_reset (stmt);

  if (rc == SQLITE_DONE)
    {
      g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, paper_id);

      /* Translators: %s is a number, the id that `proceedings --list` shows */
      g_set_error (error, PROC_STORE_ERROR, PROC_STORE_ERROR_NOT_FOUND,
                   _("There is no paper with the ID %s in the library"), id);
      return NULL;
    }
  if (rc != SQLITE_ROW)
    {
      _proc_store_set_error (self, error, _("find similar papers"));
      return NULL;
    }

  return g_strconcat (title, "\n", abstract, NULL);
}

static gboolean
count_papers (ProcStore  *self,
              gint64     *n_papers,
              GError    **error)
{
  sqlite3_stmt *stmt;
  int rc;

  if (!(stmt = _proc_store_prepare (self, "SELECT count(*) FROM papers", error)))
    return FALSE;

  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    *n_papers = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);

  if (rc != SQLITE_ROW)
    return _proc_store_set_error (self, error, _("find similar papers"));

  return TRUE;
}

/* BM25's idf, which stays above 0 for the commonest word. */
static double
idf (gint64 df,
     gint64 n_papers)
{
  return log (1 + (n_papers - df + 0.5) / (df + 0.5));
}

/* A phrase of FTS5: the words as written, in double quotes. */
static void
append_quoted (GString    *match,
               const char *first,
               const char *second)
{
  g_string_append_c (match, '"');
  for (const char *c = first; *c != '\0'; c++)
    {
      if (*c == '"')
        g_string_append_c (match, '"');
      g_string_append_c (match, *c);
    }
  if (second != NULL)
    {
      g_string_append_c (match, ' ');
      for (const char *c = second; *c != '\0'; c++)
        {
          if (*c == '"')
            g_string_append_c (match, '"');
          g_string_append_c (match, *c);
        }
    }
  g_string_append_c (match, '"');
}

/* Counts the papers that have @term, stopping at @cap: a walk of the
 * index that reads that many papers at most. */
static gboolean
count_term (ProcStore  *self,
            Term       *term,
            gint64      cap,
            GError    **error)
{
  g_autoptr(GString) phrase = g_string_new (NULL);
  sqlite3_stmt *stmt;
  int rc;

  if (!(stmt = _proc_store_prepare (self, "SELECT count(*) FROM"
                                          " (SELECT 1 FROM papers_fts WHERE papers_fts MATCH ?1 LIMIT ?2)", error)))
    return FALSE;

  append_quoted (phrase, term->surface, NULL);
  sqlite3_bind_text (stmt, 1, phrase->str, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 2, cap);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    term->df = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);

  if (rc != SQLITE_ROW)
    return _proc_store_set_error (self, error, _("find similar papers"));

  term->df_at_least = term->df >= cap;
  return TRUE;
}

static void
remember_count (Similarity *similarity,
                Term       *term)
{
  gint64 value = term->df_at_least ? -term->df : term->df;

  g_hash_table_insert (similarity->df, g_strdup (term->stem), g_memdup2 (&value, sizeof value));
}

/* How many papers have each term, as far as MIN_COUNT_CAP papers: where
 * a rare word's count ends, and a common word's begins (see
 * choose_terms()).  The counts are kept while the library stays within a
 * hundredth of the size it had when they were read: they only choose and
 * weigh the words, and a paper deleted or edited moves them by one; a
 * large import starts anew. */
static gboolean
read_document_frequencies (ProcStore   *self,
                           Similarity  *similarity,
                           GPtrArray   *terms,
                           gint64       n_papers,
                           GError     **error)
{
  if (similarity->n_papers == 0 || ABS (n_papers - similarity->n_papers) * 100 > similarity->n_papers)
    {
      g_hash_table_remove_all (similarity->df);
      similarity->n_papers = n_papers;
    }

  for (guint i = 0; i < terms->len; i++)
    {
      Term *term = g_ptr_array_index (terms, i);
      gint64 *known = g_hash_table_lookup (similarity->df, term->stem);

      if (known != NULL)
        {
          term->df = ABS (*known);
          term->df_at_least = *known < 0;
          continue;
        }

      if (!count_term (self, term, MIN_COUNT_CAP, error))
        return FALSE;
      remember_count (similarity, term);
    }

  return TRUE;
}

/* tf·idf; for a word whose count stopped, the most it can be. */
static double
term_weight (const Term *term,
             gint64      n_papers)
{
  return (1 + log (term->tf)) * idf (term->df, n_papers);
}

/* The query's words: by weight, the heaviest first, each while the
 * budget has room for its papers.  Counting every word's papers to the
 * end would take 10 to 20 ms for a paper, most of it on common words
 * ("model": 2 ms, in 42,000 of 87,000 papers), which are rarely chosen:
 * a paper has a dozen words in fewer than 1,000 papers, and those with
 * a few of the next most common fill the budget.  So a word whose count
 * stopped is counted further, three times as far or to what the budget
 * has left, only when its weight could be the heaviest left; the words
 * chosen are the same as if all had been counted.  A word of this paper
 * alone finds no other.  Returns: what is left of the budget, or -1 on
 * an error. */
static gint64
choose_terms (ProcStore   *self,
              Similarity  *similarity,
              GPtrArray   *terms,
              gint64       n_papers,
              GError     **error)
{
  g_autoptr(GPtrArray) candidates = g_ptr_array_new ();
  gint64 budget = MATCH_BUDGET;
  guint n_chosen = 0;

  for (guint i = 0; i < terms->len; i++)
    {
      Term *term = g_ptr_array_index (terms, i);

      if (term->df >= 2)
        g_ptr_array_add (candidates, term);
    }

  while (candidates->len > 0 && n_chosen < MAX_TERMS)
    {
      guint best = 0;
      double best_weight = term_weight (g_ptr_array_index (candidates, 0), n_papers);
      Term *term;

      for (guint i = 1; i < candidates->len; i++)
        {
          Term *other = g_ptr_array_index (candidates, i);
          double weight = term_weight (other, n_papers);

          /* The same weight: the same word on every run. */
          if (weight > best_weight ||
              (weight == best_weight &&
               strcmp (other->stem, ((Term *) g_ptr_array_index (candidates, best))->stem) < 0))
            {
              best = i;
              best_weight = weight;
            }
        }
      term = g_ptr_array_index (candidates, best);

      if (term->df > budget)
        {
          g_ptr_array_remove_index_fast (candidates, best);
          continue;
        }

      if (term->df_at_least)
        {
          if (!count_term (self, term, MIN (term->df * 3, budget + 1), error))
            return -1;
          remember_count (similarity, term);
          continue;
        }

      term->chosen = TRUE;
      term->weight = best_weight;
      budget -= term->df;
      n_chosen++;
      g_ptr_array_remove_index_fast (candidates, best);
    }

  return budget;
}

static int
compare_weights (gconstpointer a,
                 gconstpointer b)
{
  const Term *x = *(const Term * const *) a;
  const Term *y = *(const Term * const *) b;

  if (x->weight != y->weight)
    return x->weight < y->weight ? 1 : -1;

  /* The same weight: the same order on every run. */
  return strcmp (x->stem, y->stem);
}

static int
compare_pair_weights (gconstpointer a,
                      gconstpointer b)
{
  const Pair *x = *(const Pair * const *) a;
  const Pair *y = *(const Pair * const *) b;

  if (x->weight != y->weight)
    return x->weight < y->weight ? 1 : -1;

  if (x->first != y->first)
    return strcmp (x->first->stem, y->first->stem);
  return strcmp (x->second->stem, y->second->stem);
}

static void
append_phrase (GString    *match,
               GArray     *weights,
               double      weight,
               const char *first,
               const char *second)
{
  g_string_append (match, weights->len > 0 ? " OR " : "");
  append_quoted (match, first, second);
  g_array_append_val (weights, weight);
}

/* The query, the paper's most distinctive words and pairs of words, any
 * of them, and their weights in its order.  %NULL when no word of it is
 * in another paper.  @budget: the matches the words left to the pairs. */
static char *
dup_similar_match (GPtrArray  *terms,
                   GHashTable *pair_table,
                   gint64      n_papers,
                   gint64      budget,
                   GArray     *weights)
{
  g_autoptr(GString) match = g_string_new (MATCH_COLUMNS " : (");
  g_autoptr(GPtrArray) pairs = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer value;
  guint n_pairs = 0;

  /* The words choose_terms() chose, the heaviest first. */
  g_ptr_array_sort (terms, compare_weights);
  for (guint i = 0; i < terms->len; i++)
    {
      Term *term = g_ptr_array_index (terms, i);

      if (term->chosen)
        append_phrase (match, weights, term->weight, term->surface, NULL);
    }

  /* A pair is rarer than either of its words: it has at least the idf
   * of the rarer one, when that one was counted to the end.  Its papers
   * are among those of its words, so it costs nothing of the budget
   * unless neither word is chosen. */
  g_hash_table_iter_init (&iter, pair_table);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      Pair *pair = value;
      Term *rarer = pair->first->df <= pair->second->df ? pair->first : pair->second;

      if (pair->tf < 2 || rarer->df < 2 || rarer->df_at_least)
        continue;
      pair->weight = (1 + log (pair->tf)) * idf (rarer->df, n_papers);
      g_ptr_array_add (pairs, pair);
    }
  g_ptr_array_sort (pairs, compare_pair_weights);

  for (guint i = 0; i < pairs->len && n_pairs < MAX_PAIRS; i++)
    {
      Pair *pair = g_ptr_array_index (pairs, i);
      gint64 rows = MIN (pair->first->df, pair->second->df);

      if (!pair->first->chosen && !pair->second->chosen)
        {
          if (rows > budget)
            continue;
          budget -= rows;
        }

      append_phrase (match, weights, pair->weight, pair->first->surface, pair->second->surface);
      n_pairs++;
    }

  if (weights->len == 0)
    return NULL;

  g_string_append_c (match, ')');
  return g_string_free (g_steal_pointer (&match), FALSE);
}

/* The paper's own score for its words: the most a paper can have, that
 * the others are a share of.  It is nearly always among the results. */
static double
score_self (ProcStore  *self,
            const char *match,
            GArray     *weights,
            gint64      paper_id)
{
  sqlite3_stmt *stmt;
  double score = 0;

  if (!(stmt = _proc_store_prepare (self, "SELECT proc_similarity(papers_fts, ?2) FROM papers_fts"
                                          " WHERE papers_fts MATCH ?1 AND rowid = ?3", NULL)))
    return 0;

  sqlite3_bind_text (stmt, 1, match, -1, SQLITE_STATIC);
  sqlite3_bind_blob (stmt, 2, weights->data, weights->len * sizeof (double), SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 3, paper_id);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    score = sqlite3_column_double (stmt, 0);
  sqlite3_reset (stmt);

  return score;
}

/**
 * proc_store_find_similar:
 * @paper_id: the paper to find others like
 * @limit: how many to return, at most
 *
 * The papers whose title and abstract are closest to those of @paper_id,
 * by the words they share, each weighted by how rare it is in the
 * library.  Never @paper_id itself.  A paper with no word that another
 * paper has (an empty abstract, say) has none.
 *
 * Returns: (transfer full) (element-type ProcSimilarPaper): the papers,
 *   most similar first, or %NULL with @error set (%PROC_STORE_ERROR_NOT_FOUND
 *   when there is no paper @paper_id)
 */
GArray *
proc_store_find_similar (ProcStore  *self,
                         gint64      paper_id,
                         guint       limit,
                         GError    **error)
{
  g_autoptr(GHashTable) term_table = NULL;
  g_autoptr(GHashTable) pair_table = NULL;
  g_autoptr(GPtrArray) terms = NULL;
  g_autoptr(GArray) weights = NULL;
  g_autoptr(GArray) similar = NULL;
  g_autofree char *text = NULL;
  g_autofree char *match = NULL;
  Similarity *similarity;
  sqlite3_stmt *stmt;
  gint64 n_papers = 0;
  gint64 budget;
  double top_score = 0;
  gboolean found_self = FALSE;
  GHashTableIter iter;
  gpointer value;
  int rc;

  g_return_val_if_fail (PROC_IS_STORE (self), NULL);

  if (!(text = dup_paper_text (self, paper_id, error)))
    return NULL;

  similar = g_array_new (FALSE, FALSE, sizeof (ProcSimilarPaper));
  if (limit == 0)
    return g_steal_pointer (&similar);

  term_table = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, term_free);
  pair_table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  if (!(similarity = get_similarity (self, error)) ||
      !tokenize (self, text, similarity->stopwords, term_table, pair_table, error))
    return NULL;

  terms = g_ptr_array_new_full (g_hash_table_size (term_table), NULL);
  g_hash_table_iter_init (&iter, term_table);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_ptr_array_add (terms, value);

  if (terms->len == 0)
    return g_steal_pointer (&similar);

  if (!count_papers (self, &n_papers, error) ||
      !read_document_frequencies (self, similarity, terms, n_papers, error) ||
      (budget = choose_terms (self, similarity, terms, n_papers, error)) < 0)
    return NULL;

  weights = g_array_new (FALSE, FALSE, sizeof (double));
  if (!(match = dup_similar_match (terms, pair_table, n_papers, budget, weights)))
    return g_steal_pointer (&similar);

  /* The papers table confirms each: a damaged index may name papers that
   * were deleted (see _proc_store_distrust_search_index()). */
  if (!(stmt = _proc_store_prepare (self,
                                    "SELECT r.id, r.score FROM"
                                    " (SELECT rowid AS id, proc_similarity(papers_fts, ?2) AS score"
                                    "  FROM papers_fts WHERE papers_fts MATCH ?1"
                                    "  ORDER BY score DESC, rowid LIMIT ?3) r"
                                    " JOIN papers p ON p.id = r.id ORDER BY r.score DESC, r.id", error)))
    return NULL;

  sqlite3_bind_text (stmt, 1, match, -1, SQLITE_STATIC);
  sqlite3_bind_blob (stmt, 2, weights->data, weights->len * sizeof (double), SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 3, (gint64) limit + 1 + EXTRA_ROWS);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      ProcSimilarPaper paper = { sqlite3_column_int64 (stmt, 0), sqlite3_column_double (stmt, 1) };

      if (paper.id == paper_id)
        {
          found_self = TRUE;
          top_score = paper.score;
        }
      else if (similar->len < limit)
        g_array_append_val (similar, paper);
    }
  sqlite3_reset (stmt);

  if (rc != SQLITE_DONE)
    {
      _proc_store_set_error (self, error, _("find similar papers"));
      return NULL;
    }

  if (!found_self)
    top_score = score_self (self, match, weights, paper_id);
  for (guint i = 0; i < similar->len; i++)
    {
      ProcSimilarPaper *paper = &g_array_index (similar, ProcSimilarPaper, i);

      paper->score = top_score > 0 ? CLAMP (paper->score / top_score, 0.0, 1.0) : 0.0;
    }

  return g_steal_pointer (&similar);
}
