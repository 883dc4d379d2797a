/* test-query.c: the search entry's query language, parsed and run
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <sqlite3.h>

#include "proc-query.h"
#include "proc-schema.h"

#define ALL "1,2,3,4,5,6,7,8"

/* Parsing, through the canonical text */

static void
check_parse (const char *text,
             const char *expected)
{
  g_autoptr(ProcQuery) query = proc_query_parse (text);
  g_autofree char *canonical = proc_query_to_string (query);

  if (g_strcmp0 (canonical, expected) != 0)
    g_test_message ("parsing '%s'", text);
  g_assert_cmpstr (canonical, ==, expected);
}

static void
test_parse_empty (void)
{
  const char *empty[] = { NULL, "", "   ", "\t\n", "-", "\"", "- \"", "-\"", "\"\"",
                          "* ^ ( ) : + { } \\ % _ ; ' --", "🚀", "🚀 🎉", "-🚀" };

  for (guint i = 0; i < G_N_ELEMENTS (empty); i++)
    {
      g_autoptr(ProcQuery) query = proc_query_parse (empty[i]);
      g_autofree char *canonical = proc_query_to_string (query);
      g_autofree char *rank = proc_query_dup_rank_match (query);
      g_auto(GStrv) terms = proc_query_dup_terms (query);
      g_autoptr(GString) where = g_string_new (NULL);
      g_autoptr(GPtrArray) params = g_ptr_array_new_with_free_func ((GDestroyNotify) g_variant_unref);

      g_assert_true (proc_query_is_empty (query));
      g_assert_false (proc_query_has_text (query));
      g_assert_cmpstr (canonical, ==, "");
      g_assert_null (rank);
      g_assert_nonnull (terms);
      g_assert_null (terms[0]);

      proc_query_append_sql (query, where, params);
      g_assert_cmpstr (where->str, ==, "");
      g_assert_cmpuint (params->len, ==, 0);
    }
}

static void
test_parse_words (void)
{
  check_parse ("graph", "graph*");
  check_parse ("graph ", "graph");
  check_parse ("  graph   neural  ", "graph neural");
  check_parse ("graph neural", "graph neural*");
  check_parse ("graph\tneural\n", "graph neural");
  check_parse ("graph\u3000neural", "graph neural*");
  check_parse ("self-supervised ", "self-supervised");
  check_parse ("Graph ", "Graph");
}

static void
test_parse_phrases (void)
{
  check_parse ("\"neural net\"", "\"neural net\"");
  check_parse ("\"neural net", "\"neural net\"");
  check_parse ("\"  neural net  \" ", "\"  neural net  \"");
  check_parse ("graph \"neural net\" ", "graph \"neural net\"");
  check_parse ("foo\"bar baz\"", "foo \"bar baz\"");
  check_parse ("\"a\"\"b\"", "\"a\" \"b\"");
}

static void
test_parse_negation (void)
{
  check_parse ("-word", "-word");
  check_parse ("graph -word", "graph -word");
  check_parse ("-\"a phrase\"", "-\"a phrase\"");
  check_parse ("-tag:x -is:read -has:code -list:foo -rating:<2",
               "-tag:x -is:read -has:code -list:foo -rating:<2");
  check_parse ("--foo ", "--foo");
  check_parse ("graph - neural ", "graph neural");
  check_parse ("graph -", "graph");
}

static void
test_parse_operators (void)
{
  check_parse ("graph \"neural net\" -foo tag:\"x y\" is:starred rating:>=3 has:code prefix",
               "graph \"neural net\" -foo tag:\"x y\" is:starred rating:>=3 has:code prefix*");
  check_parse ("tag:ml", "tag:ml");
  check_parse ("tag:\"two words\"", "tag:\"two words\"");
  check_parse ("tag:\"two words", "tag:\"two words\"");
  check_parse ("tag:\"  padded  \"", "tag:padded");
  check_parse ("tag:\"x\"", "tag:x");
  check_parse ("tag:a:b", "tag:a:b");
  check_parse ("tag:\"x y\"z", "tag:\"x y\" z*");
  check_parse ("list:\"ICML 2024 论文列表\"", "list:\"ICML 2024 论文列表\"");
  check_parse ("list:arxiv", "list:arxiv");
  check_parse ("is:starred is:unread is:reading is:read",
               "is:starred is:unread is:reading is:read");
  check_parse ("has:code has:note has:tag has:link",
               "has:code has:note has:tag has:link");
  check_parse ("has:pdf has:openreview has:supplement has:arxiv has:doi",
               "has:pdf has:openreview has:supplement has:arxiv has:doi");
  check_parse ("-has:PDF has:OpenReview", "-has:pdf has:openreview");
  check_parse ("rating:3 rating:=3 rating:>=3 rating:>3 rating:<=2 rating:<2 rating:0 rating:5",
               "rating:3 rating:3 rating:>=3 rating:>3 rating:<=2 rating:<2 rating:0 rating:5");
  check_parse ("rating:\"4\"", "rating:4");
}

static void
test_parse_or (void)
{
  check_parse ("conformal OR calibration", "conformal OR calibration*");
  check_parse ("\"conformal prediction\" OR tag:uq OR is:kept",
               "\"conformal prediction\" OR tag:uq OR is:kept");
  check_parse ("a b OR -c is:maybe", "a b OR -c is:maybe");
  check_parse ("OR a", "a*");
  check_parse ("a OR", "a OR*");
  check_parse ("a OR OR b", "a OR b*");
  check_parse ("\"a OR b\"", "\"a OR b\"");
  check_parse ("a or b", "a or b*");
  check_parse ("aOR b", "aOR b*");
}

static void
test_parse_case (void)
{
  check_parse ("IS:Starred HAS:Code Tag:ML LIST:Foo RATING:>=3 iS:READ hAs:NoTe",
               "is:starred has:code tag:ML list:Foo rating:>=3 is:read has:note");
}

static void
test_parse_prefix (void)
{
  /* Only the last term, only a plain positive word, only while typing. */
  check_parse ("transf", "transf*");
  check_parse ("transf ", "transf");
  check_parse ("graph transf", "graph transf*");
  check_parse ("transf graph ", "transf graph");
  check_parse ("graph \"neural net\"", "graph \"neural net\"");
  check_parse ("graph \"neural net", "graph \"neural net\"");
  check_parse ("\"neural net\" graph", "\"neural net\" graph*");
  check_parse ("graph -foo", "graph -foo");
  check_parse ("graph tag:x", "graph tag:x");
  check_parse ("graph is:read", "graph is:read");
  check_parse ("graph *", "graph");
  check_parse ("graph 🚀", "graph");
  check_parse ("graph\"", "graph");
  check_parse ("foo:bar", "foo:bar*");
  check_parse ("is:\"all you\"", "is:\"all you\"");
}

static void
test_parse_malformed (void)
{
  /* Unknown operators and bad values are searched as text, as typed. */
  check_parse ("foo:bar ", "foo:bar");
  check_parse ("http://example.com ", "http://example.com");
  check_parse ("rating:>>x ", "rating:>>x");
  check_parse ("rating:6 ", "rating:6");
  check_parse ("rating:-1 ", "rating:-1");
  check_parse ("rating:33 ", "rating:33");
  check_parse ("rating:>= ", "rating:>=");
  check_parse ("rating:=>3 ", "rating:=>3");
  check_parse ("is:nothing ", "is:nothing");
  check_parse ("has:everything ", "has:everything");
  check_parse ("tag: ", "tag:");
  check_parse ("tag:", "tag:*");
  check_parse ("tag:\"\" ", "tag:\"\"");
  check_parse ("tag:\"   \" ", "tag:\"   \"");
  check_parse ("list: ", "list:");
  check_parse ("is:\"all you\" ", "is:\"all you\"");
  check_parse (":graph ", ":graph");
  check_parse ("graph: ", "graph:");

  /* FTS5 syntax is only text. */
  check_parse ("NEAR AND OR NOT ", "NEAR AND OR NOT");
  check_parse ("NEAR(a b) ", "NEAR(a b)");
  check_parse ("graph* ^graph (graph) +graph {graph} ",
               "graph* ^graph (graph) +graph {graph}");
  check_parse ("a:b:c ", "a:b:c");
  check_parse ("\\graph\\ \\ ", "\\graph\\");

  /* Hostile and non-ASCII input. */
  check_parse ("'; DROP TABLE papers; -- ", "DROP TABLE papers;");
  check_parse ("Robert'); DROP TABLE papers;--", "Robert'); DROP TABLE papers;--*");
  check_parse ("\" OR 1=1 --", "\" OR 1=1 --\"");
  check_parse ("论文 ", "论文");
  check_parse ("🚀rocket", "🚀rocket*");
  check_parse ("rocket 🚀", "rocket");
  check_parse ("graph\xff", "graph\xef\xbf\xbd*");
}

static void
test_parse_many_terms (void)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(ProcQuery) query = NULL;
  g_auto(GStrv) terms = NULL;

  for (guint i = 0; i < 2000; i++)
    g_string_append_printf (text, "w%u ", i);

  query = proc_query_parse (text->str);
  terms = proc_query_dup_terms (query);
  g_assert_cmpuint (g_strv_length (terms), ==, 64);
  g_assert_cmpstr (terms[63], ==, "w63");
}

static void
test_query_flags (void)
{
  struct {
    const char *text;
    gboolean empty;
    gboolean has_text;
  } cases[] = {
    { "graph", FALSE, TRUE },
    { "\"neural net\"", FALSE, TRUE },
    { "-graph", FALSE, FALSE },
    { "is:read", FALSE, FALSE },
    { "tag:x -graph rating:3", FALSE, FALSE },
    { "is:read graph", FALSE, TRUE },
    { "foo:bar", FALSE, TRUE },
    { "* ( )", TRUE, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(ProcQuery) query = proc_query_parse (cases[i].text);

      g_assert_cmpint (proc_query_is_empty (query), ==, cases[i].empty);
      g_assert_cmpint (proc_query_has_text (query), ==, cases[i].has_text);
    }
}

static void
test_query_terms (void)
{
  g_autoptr(ProcQuery) query =
    proc_query_parse ("graph \"neural net\" -foo -\"bar baz\" tag:x is:read 论文 transf");
  g_auto(GStrv) terms = proc_query_dup_terms (query);
  const char * const expected[] = { "graph", "neural net", "论文", "transf", NULL };

  g_assert_cmpstrv (terms, expected);
}

static void
test_query_rank_match (void)
{
  struct {
    const char *text;
    const char *match;
  } cases[] = {
    { "graph \"neural net\" -foo transf", "\"graph\" OR \"neural net\" OR \"transf\" *" },
    { "graph ", "\"graph\"" },
    { "is:read -graph tag:x", NULL },
    { "is:\"x y\" ", "\"is:\"\"x y\"\"\"" },
    /* OR is the language's own: its sides stay quoted words. */
    { "NEAR(a OR b)*", "\"NEAR(a\" OR \"b)*\" *" },
    { "NEAR(a or b)*", "\"NEAR(a\" OR \"or\" OR \"b)*\" *" },
    { "self-supervised", "\"self-supervised\" *" },
    /* Completions of the prefix, which FTS5 stems like the text. */
    { "attentio", "\"attentio\" * OR \"attention\" OR \"attentious\"" },
    { "learnin", "\"learnin\" * OR \"learning\"" },
    { "runnin", "\"runnin\" * OR \"running\"" },
    { "usefu", "\"usefu\" * OR \"useful\"" },
    { "station", "\"station\" * OR \"stations\" OR \"stational\"" },
    /* …but not from a lone consonant, nor for short or non-ASCII words. */
    { "model", "\"model\" *" },
    { "transf", "\"transf\" *" },
    { "abc", "\"abc\" *" },
    { "graph2", "\"graph2\" *" },
    { "Café", "\"Café\" *" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(ProcQuery) query = proc_query_parse (cases[i].text);
      g_autofree char *match = proc_query_dup_rank_match (query);

      if (g_strcmp0 (match, cases[i].match) != 0)
        g_test_message ("rank match of '%s'", cases[i].text);
      g_assert_cmpstr (match, ==, cases[i].match);
    }
}

static void
test_query_sql (void)
{
  g_autoptr(ProcQuery) query =
    proc_query_parse ("graph -tag:\"x y\" rating:>=3 is:starred -has:code list:arxiv");
  g_autoptr(GString) where = g_string_new (NULL);
  g_autoptr(GPtrArray) params = g_ptr_array_new_with_free_func ((GDestroyNotify) g_variant_unref);

  proc_query_append_sql (query, where, params);
  g_assert_cmpstr (where->str, ==,
                   " AND (p.id IN (SELECT rowid FROM papers_fts WHERE papers_fts MATCH ?)"
                   " OR p.id IN (SELECT rowid FROM notes_fts WHERE notes_fts MATCH ?)"
                   " OR p.id IN (SELECT paper_id FROM paper_tags WHERE tag_id IN"
                   " (SELECT rowid FROM tags_fts WHERE tags_fts MATCH ?)))"
                   " AND (NOT (p.id IN (SELECT pt.paper_id FROM paper_tags pt"
                   " JOIN tags t ON t.id = pt.tag_id WHERE t.name = ?)))"
                   " AND (p.rating >= ?)"
                   " AND (p.starred = 1)"
                   " AND (NOT (p.id IN (SELECT paper_id FROM paper_links WHERE kind = 'code')))"
                   " AND (p.id IN (SELECT lp.paper_id FROM list_papers lp"
                   " JOIN lists l ON l.id = lp.list_id WHERE l.name = ? COLLATE NOCASE))");

  g_assert_cmpuint (params->len, ==, 6);
  g_assert_cmpstr (g_variant_get_type_string (params->pdata[0]), ==, "s");
  g_assert_cmpstr (g_variant_get_string (params->pdata[0], NULL), ==, "\"graph\"");
  g_assert_cmpstr (g_variant_get_string (params->pdata[1], NULL), ==, "\"graph\"");
  g_assert_cmpstr (g_variant_get_string (params->pdata[2], NULL), ==, "\"graph\"");
  g_assert_cmpstr (g_variant_get_string (params->pdata[3], NULL), ==, "x y");
  g_assert_cmpstr (g_variant_get_type_string (params->pdata[4]), ==, "x");
  g_assert_cmpint (g_variant_get_int64 (params->pdata[4]), ==, 3);
  g_assert_cmpstr (g_variant_get_string (params->pdata[5], NULL), ==, "arxiv");
  for (guint i = 0; i < params->len; i++)
    g_assert_false (g_variant_is_floating (params->pdata[i]));
}

static void
test_split_cjk (void)
{
  struct {
    const char *text;
    const char *split;
  } cases[] = {
    { NULL, NULL },
    { "", NULL },
    { "Graph neural networks", NULL },
    /* Typographic marks, accents, maths and emoji are not CJK. */
    { "“Café” — naïve ∑ 🚀 ﬁne", NULL },
    { "在边缘设备上训练", "在 边 缘 设 备 上 训 练" },
    { "基于GPT-4模型。", "基 于 GPT-4 模 型 。" },
    { "我们用 Transformer 做翻译", "我 们 用 Transformer 做 翻 译" },
    { "边缘", "边 缘" },
    { "トランスフォーマー", "ト ラ ン ス フ ォ ー マ ー" },
    { "신경망 학습", "신 경 망 학 습" },
    { "ｶﾀｶﾅ", "ｶ ﾀ ｶ ﾅ" },
    { "𠀀𠀁 x", "𠀀 𠀁 x" },
    { "々〇", "々 〇" },
    /* Bytes that are not UTF-8 are kept, and never read past. */
    { "\xe8\xbe", NULL },
    { "边\xe8\xbe", "边 \xe8\xbe" },
    { "边\xff缘", "边 \xff 缘" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *split = proc_query_split_cjk (cases[i].text);

      g_assert_cmpstr (split, ==, cases[i].split);
    }
}

static void
test_query_cjk (void)
{
  struct {
    const char *text;
    const char *where;
    const char *param;
    const char *rank;
    const char *cjk_rank;
  } cases[] = {
    { "边缘", " AND (p.id IN (SELECT rowid FROM cjk_fts WHERE cjk_fts MATCH ?))",
      "\"边 缘\"", NULL, "\"边 缘\"" },
    /* A word ending in a character needs no prefix; one ending in Latin
     * letters is still being typed. */
    { "边缘 ", " AND (p.id IN (SELECT rowid FROM cjk_fts WHERE cjk_fts MATCH ?))",
      "\"边 缘\"", NULL, "\"边 缘\"" },
    { "GPT模型", " AND (p.id IN (SELECT rowid FROM cjk_fts WHERE cjk_fts MATCH ?))",
      "\"GPT 模 型\"", NULL, "\"GPT 模 型\"" },
    { "模型G", " AND (p.id IN (SELECT rowid FROM cjk_fts WHERE cjk_fts MATCH ?))",
      "\"模 型 G\" *", NULL, "\"模 型 G\" *" },
    { "模型。", " AND (p.id IN (SELECT rowid FROM cjk_fts WHERE cjk_fts MATCH ?))",
      "\"模 型 。\"", NULL, "\"模 型 。\"" },
    { "-边缘", " AND (NOT (p.id IN (SELECT rowid FROM cjk_fts WHERE cjk_fts MATCH ?)))",
      "\"边 缘\"", NULL, NULL },
    { "\"边缘 设备\"", " AND (p.id IN (SELECT rowid FROM cjk_fts WHERE cjk_fts MATCH ?))",
      "\"边 缘 设 备\"", NULL, "\"边 缘 设 备\"" },
    /* FTS5 syntax stays text. */
    { "边缘\"\"", " AND (p.id IN (SELECT rowid FROM cjk_fts WHERE cjk_fts MATCH ?))",
      "\"边 缘\"", NULL, "\"边 缘\"" },
    { "边缘:NEAR(x*", " AND (p.id IN (SELECT rowid FROM cjk_fts WHERE cjk_fts MATCH ?))",
      "\"边 缘 :NEAR(x*\" *", NULL, "\"边 缘 :NEAR(x*\" *" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(ProcQuery) query = proc_query_parse (cases[i].text);
      g_autoptr(GString) where = g_string_new (NULL);
      g_autoptr(GPtrArray) params = g_ptr_array_new_with_free_func ((GDestroyNotify) g_variant_unref);
      g_autofree char *rank = proc_query_dup_rank_match (query);
      g_autofree char *cjk_rank = proc_query_dup_cjk_rank_match (query);

      g_test_message ("query '%s'", cases[i].text);
      proc_query_append_sql (query, where, params);
      g_assert_cmpstr (where->str, ==, cases[i].where);
      g_assert_cmpuint (params->len, ==, 1);
      g_assert_cmpstr (g_variant_get_string (params->pdata[0], NULL), ==, cases[i].param);
      g_assert_cmpstr (rank, ==, cases[i].rank);
      g_assert_cmpstr (cjk_rank, ==, cases[i].cjk_rank);
    }

  /* Mixed with other words: each searches its own index, and the words
   * without CJK characters rank the results. */
  {
    g_autoptr(ProcQuery) query = proc_query_parse ("graph 边缘 -模型 transf");
    g_autoptr(GString) where = g_string_new (NULL);
    g_autoptr(GPtrArray) params = g_ptr_array_new_with_free_func ((GDestroyNotify) g_variant_unref);
    g_autofree char *rank = proc_query_dup_rank_match (query);
    g_autofree char *cjk_rank = proc_query_dup_cjk_rank_match (query);
    g_auto(GStrv) terms = proc_query_dup_terms (query);
    const char * const expected_terms[] = { "graph", "边缘", "transf", NULL };

    proc_query_append_sql (query, where, params);
    /* The two words without CJK characters in one match first. */
    g_assert_cmpstr (where->str, ==,
                     " AND (p.id IN (SELECT rowid FROM papers_fts WHERE papers_fts MATCH ?)"
                     " OR (p.id IN (SELECT rowid FROM notes_fts"
                     " UNION ALL SELECT paper_id FROM paper_tags)"
                     " AND (p.id IN (SELECT rowid FROM papers_fts WHERE papers_fts MATCH ?)"
                     " OR p.id IN (SELECT rowid FROM notes_fts WHERE notes_fts MATCH ?)"
                     " OR p.id IN (SELECT paper_id FROM paper_tags WHERE tag_id IN"
                     " (SELECT rowid FROM tags_fts WHERE tags_fts MATCH ?)))"
                     " AND (p.id IN (SELECT rowid FROM papers_fts WHERE papers_fts MATCH ?)"
                     " OR p.id IN (SELECT rowid FROM notes_fts WHERE notes_fts MATCH ?)"
                     " OR p.id IN (SELECT paper_id FROM paper_tags WHERE tag_id IN"
                     " (SELECT rowid FROM tags_fts WHERE tags_fts MATCH ?)))))"
                     " AND (p.id IN (SELECT rowid FROM cjk_fts WHERE cjk_fts MATCH ?))"
                     " AND (NOT (p.id IN (SELECT rowid FROM cjk_fts WHERE cjk_fts MATCH ?)))");
    g_assert_cmpuint (params->len, ==, 9);
    g_assert_cmpstr (g_variant_get_string (params->pdata[0], NULL), ==, "(\"graph\") AND (\"transf\" *)");
    g_assert_cmpstr (g_variant_get_string (params->pdata[1], NULL), ==, "\"graph\"");
    g_assert_cmpstr (g_variant_get_string (params->pdata[3], NULL), ==, "\"graph\"");
    g_assert_cmpstr (g_variant_get_string (params->pdata[4], NULL), ==, "\"transf\" *");
    g_assert_cmpstr (g_variant_get_string (params->pdata[6], NULL), ==, "\"transf\" *");
    g_assert_cmpstr (g_variant_get_string (params->pdata[7], NULL), ==, "\"边 缘\"");
    g_assert_cmpstr (g_variant_get_string (params->pdata[8], NULL), ==, "\"模 型\"");
    g_assert_cmpstr (rank, ==, "\"graph\" OR \"transf\" *");
    g_assert_cmpstr (cjk_rank, ==, "\"边 缘\"");
    g_assert_cmpstrv (terms, expected_terms);
  }
}

/* Running the SQL on a real library */

typedef struct
{
  sqlite3 *db;
} Fixture;

/* Notes are set by UPDATE: notes_fts is only filled by triggers on
 * updates of papers.note; tags_fts by triggers on tags. */
static const char fixture_sql[] =
  "INSERT INTO lists (id, name, source, imported_at) VALUES"
  "  (1, 'NeurIPS 2017', 'neurips.cc', 1),"
  "  (2, 'ICML 2024 论文列表', 'icml.cc', 2);"
  "INSERT INTO papers (id, list_id, derived_title, abstract, authors, added_at,"
  "                    read_state, starred, rating, content_hash) VALUES"
  "  (1, 1, 'Attention Is All You Need',"
  "   'We propose the Transformer, a sequence model based solely on attention mechanisms.',"
  "   'Ashish Vaswani, Noam Shazeer', 1, 2, 1, 5, 'h1'),"
  "  (2, 1, 'Graph Neural Networks: A Review',"
  "   'A survey of graph neural network methods with applications in chemistry.',"
  "   'Jie Zhou', 2, 1, 0, 3, 'h2'),"
  "  (3, 2, 'Self-Supervised Learning of Visual Representations',"
  "   'Contrastive self-supervised learning without labels improves image features.',"
  "   'Ting Chen', 3, 0, 0, 4, 'h3'),"
  "  (4, 2, '图神经网络综述', '本文 综述 图神经网络 方法', '张三', 4, 0, 0, 2, 'h4'),"
  "  (5, NULL, 'Diffusion Models Beat GANs on Image Synthesis',"
  "   'Diffusion models achieve state of the art sample quality.',"
  "   'Prafulla Dhariwal', 5, 2, 1, 1, 'h5'),"
  "  (6, NULL, 'SQL Injection Considered Harmful',"
  "   'How to DROP TABLE papers safely: escaping in C++ with NEAR AND OR NOT operators (and \"quotes\").',"
  "   'Robert Tables', 6, 0, 0, 0, 'h6'),"
  "  (7, NULL, 'Rockets 🚀 for Everyone', 'A rocket emoji 🚀 study.',"
  "   'Elon Nobody', 7, 0, 0, 3, 'h7'),"
  "  (8, NULL, 'Understanding Attention in Vision Transformers',"
  "   'Probing heads of vision transformers.', 'Ada Lovelace', 8, 1, 0, 4, 'h8');"
  "UPDATE papers SET note = 'Compare with the zebrafish experiments' WHERE id = 3;"
  "UPDATE papers SET note = 'Great baseline numbers' WHERE id = 5;"
  "UPDATE papers SET note = 'café naïve résumé' WHERE id = 8;"
  "INSERT INTO list_papers (list_id, paper_id, position) VALUES"
  "  (1, 1, 0), (1, 2, 1), (2, 3, 0), (2, 4, 1);"
  "INSERT INTO tags (id, name) VALUES"
  "  (1, 'Transformers'), (2, 'deep learning'), (3, 'graphs'), (4, '综述'),"
  "  (5, 'generative'), (6, 'blockchain'), (7, 'unused');"
  "INSERT INTO paper_tags (paper_id, tag_id) VALUES"
  "  (1, 1), (1, 2), (2, 3), (4, 4), (5, 5), (7, 6);"
  "INSERT INTO paper_links (paper_id, position, url, kind) VALUES"
  "  (1, 0, 'https://github.com/tensorflow/tensor2tensor', 'code'),"
  "  (1, 1, 'https://arxiv.org/pdf/1706.03762', 'pdf'),"
  "  (2, 0, 'https://arxiv.org/pdf/1812.08434', 'pdf'),"
  "  (3, 0, 'https://github.com/google-research/simclr', 'code'),"
  "  (3, 1, 'https://sites.google.com/simclr', 'project'),"
  "  (6, 0, 'https://doi.org/10.0/0', 'doi');";

static void
exec_sql (sqlite3    *db,
          const char *sql)
{
  char *error = NULL;

  if (sqlite3_exec (db, sql, NULL, NULL, &error) != SQLITE_OK)
    g_error ("%s", error);
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_assert_cmpint (sqlite3_open (":memory:", &fixture->db), ==, SQLITE_OK);
  exec_sql (fixture->db, "PRAGMA foreign_keys = ON;");
  /* Every migration, whether full-text search came with v1 or later. */
  proc_schema_add_functions (fixture->db);
  for (guint version = 0; version < proc_schema_get_version (); version++)
    exec_sql (fixture->db, proc_schema_get_migration (version));
  exec_sql (fixture->db, proc_schema_get_connection_sql ());
  exec_sql (fixture->db, fixture_sql);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_assert_cmpint (sqlite3_close (fixture->db), ==, SQLITE_OK);
}

static guint
count_placeholders (const char *sql)
{
  guint n = 0;

  for (const char *c = sql; *c != '\0'; c++)
    if (*c == '?')
      n++;

  return n;
}

/* The ids the query selects, in order, as "1,2,3". */
static char *
run_query (sqlite3    *db,
           const char *text)
{
  g_autoptr(ProcQuery) query = proc_query_parse (text);
  g_autoptr(GString) sql = g_string_new ("SELECT p.id FROM papers p WHERE 1");
  g_autoptr(GPtrArray) params = g_ptr_array_new_with_free_func ((GDestroyNotify) g_variant_unref);
  GString *ids = g_string_new (NULL);
  sqlite3_stmt *stmt = NULL;
  int rc;

  proc_query_append_sql (query, sql, params);
  g_string_append (sql, " ORDER BY p.id");
  g_assert_cmpuint (count_placeholders (sql->str), ==, params->len);

  rc = sqlite3_prepare_v2 (db, sql->str, -1, &stmt, NULL);
  if (rc != SQLITE_OK)
    g_error ("'%s': %s\n%s", text, sqlite3_errmsg (db), sql->str);

  proc_query_bind_params (stmt, 1, params);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_string_append_printf (ids, "%s%" G_GINT64_FORMAT,
                            ids->len > 0 ? "," : "",
                            (gint64) sqlite3_column_int64 (stmt, 0));
  if (rc != SQLITE_DONE)
    g_error ("'%s': %s\n%s", text, sqlite3_errmsg (db), sql->str);

  sqlite3_finalize (stmt);

  return g_string_free (ids, FALSE);
}

static void
check_ids (Fixture    *fixture,
           const char *text,
           const char *expected)
{
  g_autofree char *ids = run_query (fixture->db, text);

  if (g_strcmp0 (ids, expected) != 0)
    g_test_message ("query '%s'", text);
  g_assert_cmpstr (ids, ==, expected);
}

static void
test_sql_text (Fixture       *fixture,
               gconstpointer  data)
{
  check_ids (fixture, "", ALL);
  check_ids (fixture, "attention ", "1,8");
  check_ids (fixture, "Attention ", "1,8");
  check_ids (fixture, "attention vision ", "8");
  check_ids (fixture, "graph ", "2");
  check_ids (fixture, "networks ", "2");
  check_ids (fixture, "Shazeer ", "1");
  check_ids (fixture, "image ", "3,5");
  check_ids (fixture, "self-supervised ", "3");
  check_ids (fixture, "supervised self ", "3");

  /* Only in a note, only in a tag name. */
  check_ids (fixture, "zebrafish ", "3");
  check_ids (fixture, "blockchain ", "7");
  check_ids (fixture, "learning ", "1,3");
  check_ids (fixture, "blockchain rocket ", "7");
  check_ids (fixture, "zebrafish contrastive ", "3");
  check_ids (fixture, "cafe ", "8");
  check_ids (fixture, "CAFÉ naive ", "8");
  /* Two words or more: found in the text together, or one in the text and
   * one in a note or a tag, or both in the annotations; never by halves. */
  check_ids (fixture, "attention learning ", "1");
  check_ids (fixture, "baseline diffusion ", "5");
  check_ids (fixture, "zebrafish experiments ", "3");
  check_ids (fixture, "graph zebrafish ", "");
  check_ids (fixture, "rocket blockchain everyone ", "7");
  check_ids (fixture, "attention -vision transformer ", "1");
  check_ids (fixture, "learning labels contrastive zebrafish ", "3");

  /* Phrases. */
  check_ids (fixture, "\"graph neural\"", "2");
  check_ids (fixture, "\"neural graph\"", "");
  check_ids (fixture, "\"self-supervised learning\"", "3");
  check_ids (fixture, "\"graph neural", "2");
  check_ids (fixture, "\"deep learning\"", "1");
}

static void
test_sql_prefix (Fixture       *fixture,
                 gconstpointer  data)
{
  struct {
    const char *word;
    const char *id;
  } typed[] = {
    { "attention", "1" }, { "attention", "8" }, { "mechanisms", "1" },
    { "transformers", "8" }, { "applications", "2" }, { "chemistry", "2" },
    { "networks", "2" }, { "representations", "3" }, { "supervised", "3" },
    { "contrastive", "3" }, { "improves", "3" }, { "learning", "3" },
    { "diffusion", "5" }, { "synthesis", "5" }, { "quality", "5" },
    { "considered", "6" }, { "escaping", "6" }, { "operators", "6" },
    { "understanding", "8" }, { "probing", "8" }, { "zebrafish", "3" },
  };

  check_ids (fixture, "transf", "1,8");
  check_ids (fixture, "transf ", "");
  check_ids (fixture, "TRANSF", "1,8");
  check_ids (fixture, "attention transf", "1,8");
  check_ids (fixture, "vision transf", "8");
  check_ids (fixture, "zebra", "3");
  check_ids (fixture, "zebra ", "");
  check_ids (fixture, "block", "7");
  check_ids (fixture, "\"graph neu", "");
  check_ids (fixture, "self-sup", "3");

  /* Every step of typing a word finds it, even where the stemmer indexed
   * a stem the typed text has gone past ("attentio" and "attent"). */
  for (guint i = 0; i < G_N_ELEMENTS (typed); i++)
    for (gsize len = 3; len <= strlen (typed[i].word); len++)
      {
        g_autofree char *head = g_strndup (typed[i].word, len);
        g_autofree char *ids = run_query (fixture->db, head);
        g_auto(GStrv) found = g_strsplit (ids, ",", -1);

        if (!g_strv_contains ((const char * const *) found, typed[i].id))
          g_test_message ("typing '%s' found %s", head, ids);
        g_assert_true (g_strv_contains ((const char * const *) found, typed[i].id));
      }

  check_ids (fixture, "attentio", "1,8");
  check_ids (fixture, "learnin", "1,3");
  check_ids (fixture, "diffusi", "5");
  check_ids (fixture, "representatio", "3");
  check_ids (fixture, "station", "");
  check_ids (fixture, "statio", "");
}

static void
test_sql_negation (Fixture       *fixture,
                   gconstpointer  data)
{
  check_ids (fixture, "-graph", "1,3,4,5,6,7,8");
  check_ids (fixture, "-\"neural network\"", "1,3,4,5,6,7,8");
  check_ids (fixture, "attention -vision", "1");
  check_ids (fixture, "-zebrafish", "1,2,4,5,6,7,8");
  check_ids (fixture, "-blockchain", "1,2,3,4,5,6,8");
  check_ids (fixture, "-transformers -graph -diffusion", "3,4,6,7");
  /* A negated word is not a prefix while typing. */
  check_ids (fixture, "-transf", ALL);
}

static void
test_sql_tag (Fixture       *fixture,
              gconstpointer  data)
{
  check_ids (fixture, "tag:transformers", "1");
  check_ids (fixture, "tag:TRANSFORMERS", "1");
  check_ids (fixture, "TAG:Transformers", "1");
  check_ids (fixture, "tag:\"deep learning\"", "1");
  check_ids (fixture, "tag:\"DEEP LEARNING", "1");
  check_ids (fixture, "tag:deep", "");
  check_ids (fixture, "tag:transformer", "");
  check_ids (fixture, "tag:综述", "4");
  check_ids (fixture, "tag:unused", "");
  check_ids (fixture, "tag:nonexistent", "");
  check_ids (fixture, "-tag:transformers", "2,3,4,5,6,7,8");
  check_ids (fixture, "tag:graphs tag:transformers", "");
  check_ids (fixture, "tag:transformers tag:\"deep learning\"", "1");
  check_ids (fixture, "tag:\"x'); DROP TABLE tags; --\"", "");
}

static void
test_sql_list (Fixture       *fixture,
               gconstpointer  data)
{
  check_ids (fixture, "list:\"NeurIPS 2017\"", "1,2");
  check_ids (fixture, "list:\"neurips 2017\"", "1,2");
  check_ids (fixture, "LIST:\"NEURIPS 2017", "1,2");
  check_ids (fixture, "list:\"ICML 2024 论文列表\"", "3,4");
  check_ids (fixture, "list:\"icml 2024 论文列表\"", "3,4");
  check_ids (fixture, "-list:\"ICML 2024 论文列表\"", "1,2,5,6,7,8");
  check_ids (fixture, "list:neurips", "");
  check_ids (fixture, "list:\"ICML 2024\"", "");
}

static void
test_sql_is (Fixture       *fixture,
             gconstpointer  data)
{
  check_ids (fixture, "is:starred", "1,5");
  check_ids (fixture, "IS:Starred", "1,5");
  check_ids (fixture, "-is:starred", "2,3,4,6,7,8");
  check_ids (fixture, "is:unread", "3,4,6,7");
  check_ids (fixture, "is:reading", "2,8");
  check_ids (fixture, "is:read", "1,5");
  check_ids (fixture, "-is:read", "2,3,4,6,7,8");
  check_ids (fixture, "is:read is:starred", "1,5");
  check_ids (fixture, "is:read is:unread", "");
}

static void
test_sql_rating (Fixture       *fixture,
                 gconstpointer  data)
{
  check_ids (fixture, "rating:3", "2,7");
  check_ids (fixture, "rating:=3", "2,7");
  check_ids (fixture, "rating:>=3", "1,2,3,7,8");
  check_ids (fixture, "rating:>3", "1,3,8");
  check_ids (fixture, "rating:<=2", "4,5,6");
  check_ids (fixture, "rating:<2", "5,6");
  check_ids (fixture, "rating:0", "6");
  check_ids (fixture, "rating:5", "1");
  check_ids (fixture, "rating:>5", "");
  check_ids (fixture, "-rating:>=3", "4,5,6");
  check_ids (fixture, "rating:>=2 rating:<4", "2,4,7");
}

static void
test_sql_has (Fixture       *fixture,
              gconstpointer  data)
{
  check_ids (fixture, "has:code", "1,3");
  check_ids (fixture, "HAS:CODE", "1,3");
  check_ids (fixture, "-has:code", "2,4,5,6,7,8");
  check_ids (fixture, "has:note", "3,5,8");
  check_ids (fixture, "-has:note", "1,2,4,6,7");
  check_ids (fixture, "has:tag", "1,2,4,5,7");
  check_ids (fixture, "-has:tag", "3,6,8");
  check_ids (fixture, "has:link", "1,2,3,6");
  check_ids (fixture, "-has:link", "4,5,7,8");
}

static void
test_sql_combined (Fixture       *fixture,
                   gconstpointer  data)
{
  check_ids (fixture, "attention is:starred has:code", "1");
  check_ids (fixture, "IS:Starred RATING:>=3", "1");
  check_ids (fixture, "-is:read rating:>=3 -has:code", "2,7,8");
  check_ids (fixture, "list:\"ICML 2024 论文列表\" has:note contrastive", "3");
  check_ids (fixture, "image -tag:generative is:unread", "3");
}

/* OR binds loosest: each side is a query of its own. */
static void
test_sql_or (Fixture       *fixture,
             gconstpointer  data)
{
  check_ids (fixture, "is:starred OR is:reading", "1,2,5,8");
  check_ids (fixture, "is:reading OR is:starred", "1,2,5,8");
  check_ids (fixture, "rating:5 OR rating:0", "1,6");
  check_ids (fixture, "is:read is:starred OR has:note", "1,3,5,8");
  check_ids (fixture, "-is:read rating:>=3 -has:code OR rating:5", "1,2,7,8");
  check_ids (fixture, "image -tag:generative is:unread OR attention is:starred has:code", "1,3");
  check_ids (fixture, "has:code OR has:code", "1,3");
  /* An empty side is no side. */
  check_ids (fixture, "OR has:code OR ", "1,3");
  check_ids (fixture, "is:kept OR is:maybe", "");
  check_ids (fixture, "is:untriaged OR is:skipped", ALL);
  /* Quoted, it is a word of a phrase. */
  check_ids (fixture, "tag:\"x OR y\"", "");
}

static void
test_sql_malformed (Fixture       *fixture,
                    gconstpointer  data)
{
  /* Dropped entirely: nothing left to filter on. */
  check_ids (fixture, "-", ALL);
  check_ids (fixture, "\"", ALL);
  check_ids (fixture, "-\"", ALL);
  check_ids (fixture, "* ^ ( ) : + { } \\ %", ALL);
  check_ids (fixture, "\\", ALL);
  check_ids (fixture, "🚀", ALL);

  /* Unknown operators and bad values, searched as text. */
  check_ids (fixture, "foo:bar", "");
  check_ids (fixture, "foo:bar ", "");
  check_ids (fixture, "rating:>>x", "");
  check_ids (fixture, "rating:9 ", "");
  check_ids (fixture, "is:nothing", "");
  check_ids (fixture, "is:all ", "1");
  check_ids (fixture, "is:\"all you\"", "1");
  check_ids (fixture, "has:everything ", "");
  check_ids (fixture, "tag:", "");
  check_ids (fixture, "tag: attention", "");
  check_ids (fixture, "tag:\"\" ", "");
  check_ids (fixture, "graph: ", "2");
  check_ids (fixture, ":graph ", "2");

  /* FTS5 syntax characters and keywords are plain text. */
  check_ids (fixture, "graph* ", "2");
  check_ids (fixture, "^graph ", "2");
  check_ids (fixture, "(graph) ", "2");
  check_ids (fixture, "+graph ", "2");
  check_ids (fixture, "{graph} ", "2");
  check_ids (fixture, "graph:neural ", "2");
  check_ids (fixture, "\\graph\\ ", "2");
  check_ids (fixture, "NEAR ", "6");
  check_ids (fixture, "AND ", "6");
  check_ids (fixture, "NOT ", "6");
  /* OR is the language's own (see test_sql_or): alone, it has no sides. */
  check_ids (fixture, "OR ", ALL);
  check_ids (fixture, "NEAR AND OR NOT", "6");
  check_ids (fixture, "graph OR attention", "1,2,8");
  check_ids (fixture, "graph AND neural ", "");
  check_ids (fixture, "NEAR(graph attention)", "");
  check_ids (fixture, "graph NOT neural ", "");
  check_ids (fixture, "C++ ", "6");
  check_ids (fixture, "\"quotes\" ", "6");
  check_ids (fixture, "\"\"quotes\"\"", "6");
  check_ids (fixture, "a\"b\"c", "");

  /* Injection attempts find the paper that talks about them, nothing more. */
  check_ids (fixture, "'; DROP TABLE papers; --", "6");
  check_ids (fixture, "Robert'); DROP TABLE papers;--", "6");
  check_ids (fixture, "\" OR 1=1 --", "");
  check_ids (fixture, "' OR '1'='1", "");
  check_ids (fixture, "1) OR (1=1", "");
  check_ids (fixture, "?", ALL);
  check_ids (fixture, "? ? graph", "2");
  check_ids (fixture, "is:starred ?", "1,5");
  check_ids (fixture, "", ALL);

  /* Chinese and emoji.  A Chinese word is found inside a run of
   * characters, typed to its end or not. */
  check_ids (fixture, "图神经网络综述", "4");
  check_ids (fixture, "图神经", "4");
  check_ids (fixture, "图神经 ", "4");
  check_ids (fixture, "神经网络 ", "4");
  check_ids (fixture, "综述 ", "4");
  check_ids (fixture, "论文 ", "");
  check_ids (fixture, "张三", "4");
  check_ids (fixture, "🚀rocket", "7");
  check_ids (fixture, "rocket 🚀", "7");
  check_ids (fixture, "rockets🚀", "7");
  check_ids (fixture, "graph\u3000neural", "2");
  check_ids (fixture, "graph\xff", "2");

  /* Far more terms than SQLite allows in one expression. */
  {
    g_autoptr(GString) text = g_string_new (NULL);

    for (guint i = 0; i < 1500; i++)
      g_string_append (text, "attention ");
    check_ids (fixture, text->str, "1,8");
  }

  /* And the library is still there. */
  check_ids (fixture, "", ALL);
}

/* Random soup of syntax: every query must run, and so must its ranking. */
static void
test_sql_fuzz (Fixture       *fixture,
               gconstpointer  data)
{
  const char * const pieces[] = {
    "\"", "-", ":", "*", "^", "(", ")", "+", "{", "}", "\\", "'", ";", " ", " ",
    "\t", "\u3000", "tag", "list", "is", "has", "rating", ">=", "<", "=", "3",
    "starred", "code", "NEAR", "AND", "OR", "NOT", "graph", "attenti", "论文",
    "边", "缘", "神经", "\xe8\xbe", "ト", "々",
    "🚀", "é", "?", "%", "--", "/*", "\xc3",
  };

  for (guint i = 0; i < 2000; i++)
    {
      g_autoptr(GString) text = g_string_new (NULL);
      guint n = g_test_rand_int_range (1, 12);

      for (guint j = 0; j < n; j++)
        g_string_append (text, pieces[g_test_rand_int_range (0, G_N_ELEMENTS (pieces))]);

      /* run_query fails the test on any SQLite error. */
      g_free (run_query (fixture->db, text->str));

      for (guint k = 0; k < 2; k++)
        {
          g_autoptr(ProcQuery) query = proc_query_parse (text->str);
          g_autofree char *match = k == 0 ? proc_query_dup_rank_match (query)
                                          : proc_query_dup_cjk_rank_match (query);
          sqlite3_stmt *stmt = NULL;
          int rc;

          if (match == NULL)
            continue;

          g_assert_cmpint (sqlite3_prepare_v2 (fixture->db,
                                               k == 0 ? "SELECT rowid FROM papers_fts"
                                                        " WHERE papers_fts MATCH ? ORDER BY rank"
                                                      : "SELECT rowid FROM cjk_fts"
                                                        " WHERE cjk_fts MATCH ? ORDER BY rank",
                                               -1, &stmt, NULL), ==, SQLITE_OK);
          sqlite3_bind_text (stmt, 1, match, -1, SQLITE_STATIC);
          while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
            ;
          if (rc != SQLITE_DONE)
            g_error ("'%s' -> %s: %s", text->str, match, sqlite3_errmsg (fixture->db));
          sqlite3_finalize (stmt);
        }
    }
}

static void
test_sql_rank_match (Fixture       *fixture,
                     gconstpointer  data)
{
  struct {
    const char *text;
    const char *ids;
  } cases[] = {
    { "attention transf", "1,8" },
    { "vision transformers ", "1,8" },
    { "graph \"neural network\" -foo is:read", "2" },
    { "attentio", "1,8" },
    { "'; DROP TABLE papers; --", "6" },
    { "NEAR(graph) OR \"AND\" *", "6" },
    { "zebrafish ", "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(ProcQuery) query = proc_query_parse (cases[i].text);
      g_autofree char *match = proc_query_dup_rank_match (query);
      g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
      g_autoptr(GString) sorted = g_string_new (NULL);
      sqlite3_stmt *stmt = NULL;
      int rc;

      g_assert_nonnull (match);
      g_assert_cmpint (sqlite3_prepare_v2 (fixture->db,
                                           "SELECT rowid FROM papers_fts"
                                           " WHERE papers_fts MATCH ? ORDER BY rank",
                                           -1, &stmt, NULL), ==, SQLITE_OK);
      sqlite3_bind_text (stmt, 1, match, -1, SQLITE_STATIC);
      while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
        {
          gint64 id = sqlite3_column_int64 (stmt, 0);

          g_array_append_val (ids, id);
        }
      if (rc != SQLITE_DONE)
        g_error ("'%s' → %s: %s", cases[i].text, match, sqlite3_errmsg (fixture->db));
      sqlite3_finalize (stmt);

      /* The order is bm25's business; the set is ours. */
      for (guint j = 0; j < ids->len; j++)
        for (guint k = j + 1; k < ids->len; k++)
          if (g_array_index (ids, gint64, k) < g_array_index (ids, gint64, j))
            {
              gint64 swap = g_array_index (ids, gint64, j);

              g_array_index (ids, gint64, j) = g_array_index (ids, gint64, k);
              g_array_index (ids, gint64, k) = swap;
            }
      for (guint j = 0; j < ids->len; j++)
        g_string_append_printf (sorted, "%s%" G_GINT64_FORMAT,
                                j > 0 ? "," : "", g_array_index (ids, gint64, j));

      if (g_strcmp0 (sorted->str, cases[i].ids) != 0)
        g_test_message ("ranking '%s' with %s", cases[i].text, match);
      g_assert_cmpstr (sorted->str, ==, cases[i].ids);
    }
}

static void
test_sql_ranked_select (Fixture       *fixture,
                        gconstpointer  data)
{
  /* The shape the store uses: filter with the WHERE, order with bm25. */
  g_autoptr(ProcQuery) query = proc_query_parse ("attention -\"deep learning\" transf");
  g_autofree char *match = proc_query_dup_rank_match (query);
  g_autoptr(GString) sql = g_string_new ("SELECT p.id FROM papers p"
                                         " LEFT JOIN (SELECT rowid, rank FROM papers_fts"
                                         " WHERE papers_fts MATCH ?) r ON r.rowid = p.id"
                                         " WHERE 1");
  g_autoptr(GPtrArray) params = g_ptr_array_new_with_free_func ((GDestroyNotify) g_variant_unref);
  sqlite3_stmt *stmt = NULL;

  proc_query_append_sql (query, sql, params);
  g_string_append (sql, " ORDER BY r.rank, p.id");

  g_assert_cmpint (sqlite3_prepare_v2 (fixture->db, sql->str, -1, &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_text (stmt, 1, match, -1, SQLITE_STATIC);
  proc_query_bind_params (stmt, 2, params);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpint (sqlite3_column_int64 (stmt, 0), ==, 8);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_DONE);
  sqlite3_finalize (stmt);
}

#define add_sql_test(path, func) \
  g_test_add ((path), Fixture, NULL, fixture_set_up, (func), fixture_tear_down)

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/query/parse/empty", test_parse_empty);
  g_test_add_func ("/query/parse/words", test_parse_words);
  g_test_add_func ("/query/parse/phrases", test_parse_phrases);
  g_test_add_func ("/query/parse/negation", test_parse_negation);
  g_test_add_func ("/query/parse/operators", test_parse_operators);
  g_test_add_func ("/query/parse/case", test_parse_case);
  g_test_add_func ("/query/parse/or", test_parse_or);
  g_test_add_func ("/query/parse/prefix", test_parse_prefix);
  g_test_add_func ("/query/parse/malformed", test_parse_malformed);
  g_test_add_func ("/query/parse/many-terms", test_parse_many_terms);
  g_test_add_func ("/query/flags", test_query_flags);
  g_test_add_func ("/query/terms", test_query_terms);
  g_test_add_func ("/query/rank-match", test_query_rank_match);
  g_test_add_func ("/query/sql", test_query_sql);
  g_test_add_func ("/query/split-cjk", test_split_cjk);
  g_test_add_func ("/query/cjk", test_query_cjk);

  add_sql_test ("/query/sql/text", test_sql_text);
  add_sql_test ("/query/sql/prefix", test_sql_prefix);
  add_sql_test ("/query/sql/negation", test_sql_negation);
  add_sql_test ("/query/sql/tag", test_sql_tag);
  add_sql_test ("/query/sql/list", test_sql_list);
  add_sql_test ("/query/sql/is", test_sql_is);
  add_sql_test ("/query/sql/rating", test_sql_rating);
  add_sql_test ("/query/sql/has", test_sql_has);
  add_sql_test ("/query/sql/combined", test_sql_combined);
  add_sql_test ("/query/sql/or", test_sql_or);
  add_sql_test ("/query/sql/malformed", test_sql_malformed);
  add_sql_test ("/query/sql/fuzz", test_sql_fuzz);
  add_sql_test ("/query/sql/rank-match", test_sql_rank_match);
  add_sql_test ("/query/sql/ranked-select", test_sql_ranked_select);

  return g_test_run ();
}
