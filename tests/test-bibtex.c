/* test-bibtex.c: BibTeX text decoding, names and keys; the reader and the writer
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "proc-bibtex-reader.h"
#include "proc-bibtex-text.h"
#include "proc-bibtex-writer.h"

typedef struct
{
  const char *input;
  const char *expected;
} Case;

/* Helpers */

static GPtrArray *
read_stream (GInputStream      *stream,
             const char        *name,
             ProcImportReport  *report,
             GError           **error)
{
  g_autoptr(ProcBibtexReader) reader = proc_bibtex_reader_new (stream, name);
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) proc_paper_record_free);
  g_autoptr(GError) local_error = NULL;
  ProcPaperRecord *record;

  if (!proc_record_reader_read_header (PROC_RECORD_READER (reader), NULL, error))
    return NULL;

  while ((record = proc_record_reader_next (PROC_RECORD_READER (reader), report, NULL, &local_error)))
    g_ptr_array_add (records, record);

  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  return g_steal_pointer (&records);
}

static GPtrArray *
read_text (const char       *text,
           ProcImportReport *report)
{
  g_autoptr(GInputStream) stream = g_memory_input_stream_new_from_data (g_strdup (text), -1, g_free);
  g_autoptr(GError) error = NULL;
  GPtrArray *records = read_stream (stream, "test.bib", report, &error);

  g_assert_no_error (error);
  return records;
}

static char *
write_records (ProcPaperRecord  **records,
               guint              n,
               ProcExportFields   fields)
{
  g_autoptr(GOutputStream) stream = g_memory_output_stream_new_resizable ();
  g_autoptr(ProcBibtexWriter) writer = proc_bibtex_writer_new (stream, fields);
  g_autoptr(GError) error = NULL;

  g_assert_true (proc_record_writer_begin (PROC_RECORD_WRITER (writer), "Test list", &error));
  for (guint i = 0; i < n; i++)
    g_assert_true (proc_record_writer_write (PROC_RECORD_WRITER (writer), records[i], &error));
  g_assert_true (proc_record_writer_end (PROC_RECORD_WRITER (writer), &error));
  g_assert_no_error (error);
  g_assert_true (g_output_stream_write_all (stream, "", 1, NULL, NULL, &error));
  g_assert_true (g_output_stream_close (stream, NULL, &error));

  return g_memory_output_stream_steal_data (G_MEMORY_OUTPUT_STREAM (stream));
}

/* BibTeX counts every brace; a value whose braces do not balance breaks
 * the file. */
static gboolean
braces_balance (const char *text)
{
  int depth = 0;

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '{')
        depth++;
      else if (*p == '}' && --depth < 0)
        return FALSE;
    }

  return depth == 0;
}

static const char *
shared_dir (void)
{
  return g_getenv ("PROCEEDINGS_SHARED_DIR");
}

static ProcPaperRecord *
find_key (GPtrArray  *records,
          const char *key)
{
  for (guint i = 0; i < records->len; i++)
    {
      ProcPaperRecord *record = g_ptr_array_index (records, i);

      if (g_strcmp0 (record->citation_key, key) == 0)
        return record;
    }

  g_error ("no entry %s", key);
  return NULL;
}

static void
assert_records_equal (const ProcPaperRecord *a,
                      const ProcPaperRecord *b)
{
  g_assert_cmpstr (a->derived_title, ==, b->derived_title);
  g_assert_cmpstr (a->authors, ==, b->authors);
  g_assert_cmpstr (a->venue, ==, b->venue);
  g_assert_cmpint (a->year, ==, b->year);
  g_assert_cmpstr (a->doi, ==, b->doi);
  g_assert_cmpstr (a->url, ==, b->url);
  g_assert_cmpstr (a->citation_key, ==, b->citation_key);
  g_assert_cmpstr (a->pages, ==, b->pages);
  g_assert_cmpstr (a->abstract, ==, b->abstract);
  g_assert_cmpstr (a->note, ==, b->note);
  g_assert_cmpint (a->rating, ==, b->rating);
  g_assert_cmpint (a->read_state, ==, b->read_state);
  g_assert_cmpint (a->starred, ==, b->starred);

  g_assert_cmpuint (a->links->len, ==, b->links->len);
  for (guint i = 0; i < a->links->len; i++)
    {
      const ProcLink *x = g_ptr_array_index (a->links, i);
      const ProcLink *y = g_ptr_array_index (b->links, i);

      g_assert_cmpstr (x->url, ==, y->url);
      g_assert_cmpint (x->kind, ==, y->kind);
    }

  g_assert_cmpuint (a->tags->len, ==, b->tags->len);
  for (guint i = 0; i < a->tags->len; i++)
    g_assert_cmpstr (g_ptr_array_index (a->tags, i), ==, g_ptr_array_index (b->tags, i));
}

/* Text */

static void
check_decode (const Case     *cases,
              gsize           n,
              ProcBibtexText  kind)
{
  for (gsize i = 0; i < n; i++)
    {
      g_autofree char *out = proc_bibtex_decode (cases[i].input, kind);

      g_assert_cmpstr (out, ==, cases[i].expected);
    }
}

static void
test_decode_accents (void)
{
  static const Case cases[] = {
    /* every accent, with and without braces */
    { "\\'e \\`e \\^e \\\"o \\~n \\=a \\.z", "é è ê ö ñ ā ż" },
    { "\\u{g} \\v{s} \\H{o} \\c{c} \\k{a} \\r{a} \\d{s} \\b{k}", "ğ š ő ç ą å ṣ ḵ" },
    { "\\u g \\v s \\c c", "ğ š ç" },
    { "Rockt{\\\"a}schel", "Rocktäschel" },
    { "Rockt\\\"{a}schel", "Rocktäschel" },
    { "Rockt{\\\"{a}}schel", "Rocktäschel" },
    { "Rockt\\\"aschel", "Rocktäschel" },
    { "No{\\'e}mie", "Noémie" },
    { "Lauren{\\c{c}}on", "Laurençon" },
    { "Do{\\u{g}}ru{\\\"o}z", "Doğruöz" },
    { "{\\'\\i}ndice, \\'{\\i}, {\\^\\j}", "índice, í, ĵ" },
    { "{\\aa} \\ae{} \\oe{} \\o{} \\l{} \\ss{} \\i{} \\j{}", "å æ œ ø ł ß ı ȷ" },
    { "{\\AA}ngstr{\\\"o}m, {\\O}sterg{\\aa}rd, {\\L}ukasz", "Ångström, Østergård, Łukasz" },
    { "Stra\\ss e", "Straße" },
    { "\\t{oo}", "o͡o" },
    { "\\^{}", "^" },
  };

  check_decode (cases, G_N_ELEMENTS (cases), PROC_BIBTEX_TEXT_TITLE);
}

static void
test_decode_title (void)
{
  static const Case cases[] = {
    { "{{SPEER}: Sentence-Level Planning}", "SPEER: Sentence-Level Planning" },
    { "A Closer Look at How Fine-tuning Changes {BERT}", "A Closer Look at How Fine-tuning Changes BERT" },
    { "Q\\&A: 100\\% of \\$5 \\_ \\# \\{x\\}", "Q&A: 100% of $5 _ # {x}" },
    { "Fig.~2 and pages 1--2, a---b", "Fig.\u00a02 and pages 1–2, a—b" },
    { "\\textit{Generalized but not Robust?} Comparing", "Generalized but not Robust? Comparing" },
    { "\\emph{x} {\\em y} \\textbf{z}", "x y z" },
    { "{U}pstream {M}itigation {I}s \\textit{ {N}ot} {A}ll", "Upstream Mitigation Is Not All" },
    { "Keep {LLM}{\\textquoteright}s {KV}-Cache", "Keep LLM’s KV-Cache" },
    { "Going {\\textquotedblleft}Deeper{\\textquotedblright}", "Going “Deeper”" },
    { "Human{\\textendash}{LM} and {AUC}{\\textmu}", "Human–LM and AUCµ" },
    { "From \\$r\\$ to \\$Q{\\textasciicircum}*\\$: Your", "From $r$ to $Q^*$: Your" },
    /* math stays TeX, braces and all */
    { "{C}$^3${KG}: Only $\\sqrt{T}$ Regret", "C$^3$KG: Only $\\sqrt{T}$ Regret" },
    { "$\\textrm{DuReader}_{\\textrm{vis}}$: A", "$\\textrm{DuReader}_{\\textrm{vis}}$: A" },
    /* a lone dollar is a dollar */
    { "costs $5", "costs $5" },
    /* white space folds to single spaces */
    { "  A\n    Title\t with  gaps \\\\ here ", "A Title with gaps here" },
    /* commands we do not know stay, with their arguments */
    { "The \\foo{bar} Method", "The \\foo{bar} Method" },
    { "\\href{http://x.org}{Link} and \\url{http://y.org/a_b}", "Link and http://y.org/a_b" },
    /* the writer's braces without a partner */
    { "a $\\lbrace$ b $\\rbrace$ \\textbraceleft{}c\\textbraceright{}", "a { b } {c}" },
    { "\\textbackslash{}n \\textasciitilde{} -{}-", "\\n ~ --" },
  };

  check_decode (cases, G_N_ELEMENTS (cases), PROC_BIBTEX_TEXT_TITLE);
}

static void
test_decode_abstract (void)
{
  static const Case cases[] = {
    /* accents and the escapes that mean the same everywhere */
    { "By Rockt{\\\"a}schel \\& co., 95\\% \\_ \\#", "By Rocktäschel & co., 95% _ #" },
    /* math, braces, font commands, \$, --, ~ and bare % stay for the renderer */
    { "a $\\{1, \\ldots, n\\}$ set, {BERT}, \\textbf{bold}, \\$5, 1--2, Fig.~2, 95%",
      "a $\\{1, \\ldots, n\\}$ set, {BERT}, \\textbf{bold}, \\$5, 1--2, Fig.~2, 95%" },
    { "\\textit{{\\\"o}}", "\\textit{ö}" },
    { "{\\&}", "{&}" },
    /* lines join; a blank line is a paragraph; \\ is a line break */
    { "one\n    two\n\n   three \\\\\n  four", "one two\n\nthree\nfour" },
    { "$a\n  b$", "$a b$" },
    /* the writer's brace and dollar without partners */
    { "\\textbraceleft{}x \\textdollar{} $\\lbrace$", "\\{x $ {" },
  };

  check_decode (cases, G_N_ELEMENTS (cases), PROC_BIBTEX_TEXT_ABSTRACT);
}

static void
test_decode_verbatim (void)
{
  static const Case cases[] = {
    { "https://example.org/a\\_b\\%20c", "https://example.org/a_b%20c" },
    { "{https://example.org/~me}", "https://example.org/~me" },
    { "https://example.org/very/\n   long", "https://example.org/very/long" },
    { "864--870", "864--870" },
  };

  check_decode (cases, G_N_ELEMENTS (cases), PROC_BIBTEX_TEXT_VERBATIM);
}

static void
test_names (void)
{
  static const Case cases[] = {
    { "Mao, Jingkai and Foerster, Jakob and Rockt{\\\"a}schel, Tim",
      "Jingkai Mao; Jakob Foerster; Tim Rocktäschel" },
    { "Goldman, Omer  and\n      Guriel, David  and\n      Tsarfaty, Reut",
      "Omer Goldman; David Guriel; Reut Tsarfaty" },
    { "Yujia Hu and Zhiqiang Hu and Roy Ka-Wei Lee", "Yujia Hu; Zhiqiang Hu; Roy Ka-Wei Lee" },
    { "Miryam de Lhoneux and de la Fuente, Ana", "Miryam de Lhoneux; Ana de la Fuente" },
    { "King, Jr, Martin Luther and Smith, Jr., John", "Martin Luther King Jr; John Smith Jr." },
    { "{Google DeepMind} and {Barnes and Noble, Inc.}", "Google DeepMind; Barnes and Noble, Inc." },
    { "Alice Smith and others", "Alice Smith; et al." },
    { "Do{\\u{g}}ru{\\\"o}z, A. Seza AND Jean~Paul Sartre", "A. Seza Doğruöz; Jean Paul Sartre" },
    { "Anderson, Sandra", "Sandra Anderson" },
    { "  ", "" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = proc_bibtex_decode_names (cases[i].input);

      g_assert_cmpstr (out, ==, cases[i].expected);
    }

  /* Written as "Family, Given", and read back the same. */
  {
    static const Case written[] = {
      { "Jingkai Mao; Tim Rocktäschel", "Mao, Jingkai and Rocktäschel, Tim" },
      { "Miryam de Lhoneux; Ludwig van Beethoven", "de Lhoneux, Miryam and van Beethoven, Ludwig" },
      { "Martin Luther King Jr; OpenAI", "King, Jr, Martin Luther and OpenAI" },
      { "Barnes and Noble, Inc.; Alice Smith; et al.", "{Barnes and Noble, Inc.} and Smith, Alice and others" },
      { "Q&A Team; de Lhoneux", "Team, Q\\&A and de Lhoneux" },
      { "张 三; Vlad I Morariu", "三, 张 and Morariu, Vlad I" },
    };

    for (gsize i = 0; i < G_N_ELEMENTS (written); i++)
      {
        g_autofree char *encoded = proc_bibtex_encode_names (written[i].input);
        g_autofree char *decoded = proc_bibtex_decode_names (encoded);

        g_assert_cmpstr (encoded, ==, written[i].expected);
        g_assert_cmpstr (decoded, ==, written[i].input);
      }
  }
}

/* Whatever the text, the writer's value balances its braces and the
 * reader gives the text back. */
static void
test_encode_round_trip (void)
{
  static const char * const titles[] = {
    "Fine-tuning BERT & GPT-4: 100% of $\\mathcal{O}(n)$ in {Braces}",
    "A {BERT} Study",
    "Unbalanced { brace",
    "Unbalanced } brace { twice {",
    "}{",
    "Back\\slash, ~tilde^, $5 and $6, 1--2 and 1---2, #1 a_b",
    "Math $x_{1}$ and $$y$$ and $$z$ and $\\}$",
    "\\foo{bar} and \\{escaped\\}",
    "ReAct Meets ActRe: LLMs for 3D and ÉCOLE and iPhone",
    "Chinese 中文标题 with «quotes» and “curly” ones",
    "$\\lbrace$ literally",
    "Trailing backslash \\",
    "@ at the start",
  };
  static const char * const notes[] = {
    "中文笔记：{ 不平衡的括号",
    "Line one\nLine two\n\nNew paragraph with } and % and &",
    "@misc{not an entry\n@article{neither",
    "tabs\tand  double  spaces",
    "a } b { c",
    "$x$ and $ alone",
  };
  static const char * const abstracts[] = {
    "We show $\\{x : f(x) > 0\\}$ is {open} and 95% & more; see {\\em this} and \\textbf{that}.",
    "Unbalanced { in text and $5 and then } again",
    "a $ b } c $",
    "Costs \\$5 and \\$10, $\\alpha_1$ and $$\\sum_i x_i$$",
    "Paragraph one.\n\nParagraph two with a break:\nAnd a line.",
    "snake_case and #hash and 50% and A&B and ~approx and 1--2",
    "\\textbackslash{} stays and \\{ alone",
    "{&} and {%} and {_}",
  };
  static const struct { const char * const *texts; gsize n; ProcBibtexText kind; } sets[] = {
    { titles, G_N_ELEMENTS (titles), PROC_BIBTEX_TEXT_TITLE },
    { notes, G_N_ELEMENTS (notes), PROC_BIBTEX_TEXT_PLAIN },
    { titles, G_N_ELEMENTS (titles), PROC_BIBTEX_TEXT_PLAIN },
    { abstracts, G_N_ELEMENTS (abstracts), PROC_BIBTEX_TEXT_ABSTRACT },
  };

  for (gsize s = 0; s < G_N_ELEMENTS (sets); s++)
    for (gsize i = 0; i < sets[s].n; i++)
      {
        const char *text = sets[s].texts[i];
        g_autofree char *encoded = sets[s].kind == PROC_BIBTEX_TEXT_TITLE
                                   ? proc_bibtex_encode_title (text)
                                   : proc_bibtex_encode (text, sets[s].kind);
        g_autofree char *decoded = proc_bibtex_decode (encoded, sets[s].kind);

        g_test_message ("%s → %s", text, encoded);
        g_assert_true (braces_balance (encoded));
        g_assert_null (strstr (encoded, "\n@"));
        g_assert_cmpstr (decoded, ==, text);
      }

  /* Case protection */
  {
    static const Case cases[] = {
      { "A BERT Study of GPT-4 and ResNet50 in 3D", "A {BERT} Study of {GPT}-4 and {ResNet50} in {3D}" },
      { "Q-Function for $K_{33}$-free Ising Models", "Q-Function for $K_{33}$-free Ising Models" },
      { "C$^3$KG & Co", "C$^3${KG} \\& Co" },
      { "ÉCOLE Über", "{ÉCOLE} Über" },
    };

    for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
      {
        g_autofree char *encoded = proc_bibtex_encode_title (cases[i].input);

        g_assert_cmpstr (encoded, ==, cases[i].expected);
      }
  }

  /* Lists: an item with a comma or semicolon keeps it. */
  {
    static const char * const tags[] = { "机器学习", "a, b", "c;d", "x--y", "to read" };
    g_autofree char *encoded = proc_bibtex_encode_list (tags, G_N_ELEMENTS (tags));
    g_autoptr(GPtrArray) decoded = proc_bibtex_split_list (encoded);

    g_assert_cmpstr (encoded, ==, "机器学习, {a, b}, {c;d}, x-{}-y, to read");
    g_assert_cmpuint (decoded->len, ==, G_N_ELEMENTS (tags));
    for (guint i = 0; i < decoded->len; i++)
      g_assert_cmpstr (g_ptr_array_index (decoded, i), ==, tags[i]);
  }
}

/* For messages; leaks, as it is only used before g_error (). */
static const char *
escaped (const char *text)
{
  static char high[129];

  for (guint i = 0; i < 128; i++)
    high[i] = (char) (0x80 + i);

  return g_strescape (text, high);
}

/* Random text from BibTeX's and TeX's special characters: the writer's
 * value always balances, and once read, text comes back unchanged. */
static void
test_encode_fuzz (void)
{
  static const char * const pieces[] = {
    "{", "}", "$", "$$", "\\", "\\{", "\\}", "\\$", "\\\\", "&", "%", "#", "_", "~", "^",
    "-", "--", " ", "  ", "\n", "\n\n", "@", "a", "B", "GPT", "中", "é", "\\'e", "\\\"{o}",
    "\\textbf", "\\alpha", "x", ",", ";", "and", "\t", "\\lbrace", "\\textbraceleft",
  };
  static const ProcBibtexText kinds[] = {
    PROC_BIBTEX_TEXT_TITLE, PROC_BIBTEX_TEXT_PLAIN, PROC_BIBTEX_TEXT_ABSTRACT,
  };
  /* the same texts in every run */
  g_autoptr(GRand) rand = g_rand_new_with_seed (2026);

  for (guint round = 0; round < 20000; round++)
    {
      g_autoptr(GString) text = g_string_new (NULL);
      ProcBibtexText kind = kinds[round % G_N_ELEMENTS (kinds)];
      guint n = g_rand_int_range (rand, 1, 16);
      g_autofree char *encoded = NULL;
      g_autofree char *decoded = NULL;
      g_autofree char *encoded_again = NULL;
      g_autofree char *decoded_again = NULL;

      for (guint i = 0; i < n; i++)
        g_string_append (text, pieces[g_rand_int_range (rand, 0, G_N_ELEMENTS (pieces))]);

      encoded = kind == PROC_BIBTEX_TEXT_TITLE ? proc_bibtex_encode_title (text->str)
                                               : proc_bibtex_encode (text->str, kind);
      if (!braces_balance (encoded) || strstr (encoded, "\n@") != NULL)
        g_error ("kind %d: “%s” → “%s”", kind, escaped (text->str), escaped (encoded));

      decoded = proc_bibtex_decode (encoded, kind);
      /* An abstract's literal dollars can pair up differently once
       * decoded ("\\textdollar{}…$" is "$…$"), and TeX inside the new
       * math stays: allow one more round to settle. */
      if (kind == PROC_BIBTEX_TEXT_ABSTRACT)
        {
          g_autofree char *settled = proc_bibtex_encode (decoded, kind);

          g_free (decoded);
          decoded = proc_bibtex_decode (settled, kind);
        }
      encoded_again = kind == PROC_BIBTEX_TEXT_TITLE ? proc_bibtex_encode_title (decoded)
                                                     : proc_bibtex_encode (decoded, kind);
      decoded_again = proc_bibtex_decode (encoded_again, kind);
      if (g_strcmp0 (decoded_again, decoded) != 0)
        g_error ("kind %d: “%s” → “%s” → “%s” → “%s” → “%s”",
                 kind, escaped (text->str), escaped (encoded), escaped (decoded),
                 escaped (encoded_again), escaped (decoded_again));
    }

  /* Names and lists too */
  for (guint round = 0; round < 5000; round++)
    {
      g_autoptr(GString) text = g_string_new (NULL);
      guint n = g_rand_int_range (rand, 1, 12);
      g_autofree char *names = NULL;
      g_autofree char *names_back = NULL;
      g_autofree char *names_again = NULL;

      for (guint i = 0; i < n; i++)
        g_string_append (text, pieces[g_rand_int_range (rand, 0, G_N_ELEMENTS (pieces))]);

      names = proc_bibtex_encode_names (text->str);
      g_assert_true (braces_balance (names));
      names_back = proc_bibtex_decode_names (names);
      g_free (names);
      names = proc_bibtex_encode_names (names_back);
      names_again = proc_bibtex_decode_names (names);
      if (g_strcmp0 (names_again, names_back) != 0)
        g_error ("names: “%s” → “%s” → “%s”", escaped (text->str), escaped (names_back),
                 escaped (names_again));
    }
}

static void
test_keys (void)
{
  static const struct
  {
    const char *authors;
    const char *title;
    int year;
    const char *key;
  } cases[] = {
    { "Jingkai Mao; Jakob Foerster", "A Baseline for Any Order Gradient Estimation", 2019, "mao2019baseline" },
    { "Tim Rocktäschel", "The Être and the Néant", 2020, "rocktaschel2020etre" },
    { "Miryam de Lhoneux", "On $k$-means++ Seeding", 2022, "lhoneux2022means" },
    { "Martin Luther King Jr", "I Have a Dream", 1963, "king1963have" },
    { "Łukasz Kaiser; Aidan N. Gomez", "Attention", 0, "kaiserattention" },
    { NULL, "A Baseline for Any Order Gradient Estimation", 2019, "baseline2019order" },
    { "", "Baseline", 0, "baseline" },
    { "张三", "中文标题", 2024, "paperc23804eb-2024" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *key = proc_bibtex_make_key (cases[i].authors, cases[i].title, cases[i].year);

      g_assert_cmpstr (key, ==, cases[i].key);
      for (const char *p = key; *p != '\0'; p++)
        g_assert_true (g_ascii_islower (*p) || g_ascii_isdigit (*p) || strchr ("_:-", *p) != NULL);
    }

  g_assert_true (proc_bibtex_is_valid_key ("pmlr-v97-mao19a"));
  g_assert_true (proc_bibtex_is_valid_key ("Vaswani2017:attention"));
  g_assert_false (proc_bibtex_is_valid_key (""));
  g_assert_false (proc_bibtex_is_valid_key ("a key"));
  g_assert_false (proc_bibtex_is_valid_key ("a,b"));
  g_assert_false (proc_bibtex_is_valid_key ("a{b"));
  g_assert_false (proc_bibtex_is_valid_key ("clé"));
}

/* Reading */

static void
test_read_syntax (void)
{
  static const char text[] =
    "This text is a comment, as is an address like me@example.org.\n"
    "@comment{ignored {entirely}}\n"
    "@preamble{\"\\newcommand{\\noop}[1]{}\"}\n"
    "@String{icml = \"Proceedings of the \" # {36th} # \" ICML\"}\n"
    "@STRING(pmlr = {PMLR})\n"
    "\n"
    "@InProceedings{first,\n"
    "  TITLE =\t {A {First} Paper},\n"
    "  Author = \"M{\\\"u}ller, Hans and Jane Doe\",\n"
    "  booktitle = icml,\n"
    "  year = 2019,\n"
    "  month = may,\n"
    "  publisher = pmlr,\n"
    "  doi = {https://doi.org/10.1000/ABC},\n"
    "  url = {https://example.org/first},\n"
    "  pdf = {https://example.org/first.pdf},\n"
    "  github = {https://github.com/x/first},\n"
    "  keywords = {one; two, three},\n"
    "  note = {See also \"the other\"},\n"
    "  pages = {1--10},\n"
    "}\n"
    "\n"
    "@article(second,\n"
    "  title = \"Quoted {\"}Title{\"} (with parentheses)\",\n"
    "  journal = {Journal of Things},\n"
    "  date = {2021-05-01}\n"
    ")\n"
    "@inproceedings{\n"
    "third,\n"
    "title={Key on the next line},\n"
    "author={Ana de la Fuente and others},\n"
    "year={2024},\n"
    "url={https://openreview.net/forum?id=abc}\n"
    "}\n"
    "@misc{fourth, title = {One} # \" \" # {Line}, year = \"2020\"} @misc{fifth, title = {Same line}}\n"
    "@misc{,\n  title = {No key}\n}\n";
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(GPtrArray) records = read_text (text, report);
  ProcPaperRecord *r;

  for (guint i = 0; i < report->problems->len; i++)
    g_test_message ("%s", (char *) g_ptr_array_index (report->problems, i));
  g_assert_cmpuint (report->rejected, ==, 0);
  g_assert_cmpuint (records->len, ==, 6);

  r = g_ptr_array_index (records, 0);
  g_assert_cmpstr (r->citation_key, ==, "first");
  g_assert_cmpuint (r->line, ==, 7);
  g_assert_cmpstr (r->derived_title, ==, "A First Paper");
  g_assert_cmpstr (r->authors, ==, "Hans Müller; Jane Doe");
  g_assert_cmpstr (r->venue, ==, "Proceedings of the 36th ICML");
  g_assert_cmpint (r->year, ==, 2019);
  g_assert_cmpstr (r->doi, ==, "10.1000/abc");
  g_assert_cmpstr (r->url, ==, "https://example.org/first");
  g_assert_cmpstr (proc_paper_record_get_link (r, PROC_LINK_PDF), ==, "https://example.org/first.pdf");
  g_assert_cmpstr (proc_paper_record_get_link (r, PROC_LINK_CODE), ==, "https://github.com/x/first");
  g_assert_cmpuint (r->tags->len, ==, 3);
  g_assert_cmpstr (g_ptr_array_index (r->tags, 2), ==, "three");
  g_assert_cmpstr (r->note, ==, "See also \"the other\"");
  g_assert_cmpstr (r->pages, ==, "1--10");
  g_assert_cmpint (r->rating, ==, 0);
  g_assert_cmpint (r->read_state, ==, PROC_RECORD_UNSET);
  g_assert_cmpint (r->starred, ==, PROC_RECORD_UNSET);

  r = g_ptr_array_index (records, 1);
  g_assert_cmpstr (r->citation_key, ==, "second");
  g_assert_cmpuint (r->line, ==, 23);
  g_assert_cmpstr (r->derived_title, ==, "Quoted \"Title\" (with parentheses)");
  g_assert_cmpstr (r->venue, ==, "Journal of Things");
  g_assert_cmpint (r->year, ==, 2021);
  g_assert_null (r->authors);

  r = g_ptr_array_index (records, 2);
  g_assert_cmpstr (r->citation_key, ==, "third");
  g_assert_cmpuint (r->line, ==, 28);
  g_assert_cmpstr (r->authors, ==, "Ana de la Fuente; et al.");

  r = g_ptr_array_index (records, 3);
  g_assert_cmpstr (r->derived_title, ==, "One Line");
  g_assert_cmpint (r->year, ==, 2020);
  r = g_ptr_array_index (records, 4);
  g_assert_cmpstr (r->derived_title, ==, "Same line");
  g_assert_cmpuint (r->line, ==, 35);
  r = g_ptr_array_index (records, 5);
  g_assert_cmpstr (r->derived_title, ==, "No key");
  g_assert_null (r->citation_key);
}

static void
test_read_errors (void)
{
  static const char text[] =
    "@article{unclosed,\n"               /* 1 */
    "  title = {Unclosed title,\n"
    "  year = 2020\n"
    "}\n"
    "\n"
    "@article{good1, title = {Good One}}\n"   /* 6 */
    "@article{nocomma, title = {x} year = 2020}\n"
    "@article{noequals, title {x}}\n"
    "@article{novalue, title = }\n"
    "@article{openquote, title = \"x}\n"      /* 10 */
    "@article{notitle, author = {A. Person}}\n"
    "@proceedings{volume, title = {Proceedings of Things}}\n"
    "@article missing brace\n"
    "@string{broken}\n"
    "@misc{cut, title = {Cut short}, abstract = {Stops in the mid\n"  /* 15 */
    "\n"
    "@article{good2,\n"                        /* 17 */
    "  title = {Good Two}\n"
    "}\n"
    "@article{atend,\n"                        /* 20 */
    "  title = {Never closed,\n"
    "  year = 2020\n";
  static const char * const expected[] = {
    "test.bib:1: the entry “unclosed” is not closed before the next entry on line 6",
    "test.bib:7: in the entry “nocomma”, a comma is missing before “year = 2020}”",
    "test.bib:8: in the entry “noequals”, the field “title” has no “=”",
    "test.bib:9: in the entry “novalue”, the field “title” has no value",
    "test.bib:10: in the entry “openquote”, the value of “title” is not closed",
    "test.bib:11: the entry “notitle” has no title",
    "test.bib:13: “@article” is not followed by “{” or “(”, so it starts no entry",
    "test.bib:14: the @string definition has no “name = value”",
    "test.bib:20: the entry “atend” is not closed: the file ends first",
    /* at the end: until then, a later entry could have crossref'd it */
    "test.bib:12: “volume” is a @proceedings entry: a whole volume, not a paper",
  };
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(GPtrArray) records = read_text (text, report);
  ProcPaperRecord *r;

  for (guint i = 0; i < report->problems->len; i++)
    g_test_message ("%s", (char *) g_ptr_array_index (report->problems, i));

  g_assert_cmpuint (records->len, ==, 3);
  r = g_ptr_array_index (records, 0);
  g_assert_cmpstr (r->derived_title, ==, "Good One");
  g_assert_cmpuint (r->line, ==, 6);
  /* only its last value is cut short: kept, as PMLR's abstracts */
  r = g_ptr_array_index (records, 1);
  g_assert_cmpstr (r->derived_title, ==, "Cut short");
  g_assert_cmpstr (r->abstract, ==, "Stops in the mid");
  g_assert_cmpuint (r->line, ==, 15);
  r = g_ptr_array_index (records, 2);
  g_assert_cmpstr (r->derived_title, ==, "Good Two");
  g_assert_cmpuint (r->line, ==, 17);

  g_assert_cmpuint (report->rejected, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_cmpstr (g_ptr_array_index (report->problems, i), ==, expected[i]);
}

static void
test_read_bad_text (void)
{
  static const char text[] = "@misc{a, title = {Fine}}\n@misc{b, title = {Bad \xff byte}}\n";
  g_autoptr(GInputStream) stream = g_memory_input_stream_new_from_data (text, sizeof text - 1, NULL);
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) records = read_stream (stream, "bad.bib", report, &error);

  g_assert_null (records);
  g_assert_error (error, PROC_IMPORT_ERROR, PROC_IMPORT_ERROR_ENCODING);
  g_assert_true (g_str_has_prefix (error->message, "bad.bib:2:"));
}

/* A byte order mark and CRLF line ends, as Windows tools write them */
static void
test_read_line_ends (void)
{
  static const char text[] = "\xef\xbb\xbf@misc{a,\r\n  title = {CRLF\r\n  Title},\r\n"
                             "  note = {one\r\n\r\ntwo}\r\n}\r\n@misc{b,\r  title = {CR}\r}";
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(GPtrArray) records = read_text (text, report);
  ProcPaperRecord *r;

  g_assert_cmpuint (report->rejected, ==, 0);
  g_assert_cmpuint (records->len, ==, 2);
  r = g_ptr_array_index (records, 0);
  g_assert_cmpstr (r->derived_title, ==, "CRLF Title");
  g_assert_cmpstr (r->note, ==, "one\n\ntwo");
  g_assert_cmpuint (r->line, ==, 1);
  r = g_ptr_array_index (records, 1);
  g_assert_cmpstr (r->derived_title, ==, "CR");
  g_assert_cmpuint (r->line, ==, 8);
}

/* An entry without its end does not hold the rest of the file in memory. */
static void
test_read_huge_entry (void)
{
  g_autoptr(GString) text = g_string_new ("@misc{huge,\n  title = {Huge},\n  abstract = {");
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(GPtrArray) records = NULL;

  while (text->len < 5 * 1024 * 1024)
    g_string_append (text, "a line of an abstract that never ends { and opens braces\n");
  g_string_append (text, "@misc{after,\n  title = {After}\n}\n");

  records = read_text (text->str, report);
  g_assert_cmpuint (records->len, ==, 1);
  g_assert_cmpstr (((ProcPaperRecord *) g_ptr_array_index (records, 0))->derived_title, ==, "After");
  g_assert_cmpuint (report->rejected, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (report->problems, 0), ==,
                   "test.bib:1: the entry “huge” is longer than 4 MB, so its end is probably missing");
}

/* Writing */

static ProcPaperRecord *
make_record (const char *title,
             const char *authors,
             const char *venue,
             int         year)
{
  ProcPaperRecord *record = proc_paper_record_new ();

  record->derived_title = g_strdup (title);
  record->authors = g_strdup (authors);
  record->venue = g_strdup (venue);
  record->year = year;
  return record;
}

/* The records of the golden file and of the tools' tests. */
static GPtrArray *
golden_records (void)
{
  GPtrArray *records = g_ptr_array_new_with_free_func ((GDestroyNotify) proc_paper_record_free);
  ProcPaperRecord *r;

  r = make_record ("A Baseline for Any Order Gradient Estimation in Stochastic Computation Graphs",
                   "Jingkai Mao; Jakob Foerster; Tim Rocktäschel; Maruan Al-Shedivat",
                   "Proceedings of the 36th International Conference on Machine Learning", 2019);
  r->pages = g_strdup ("4343--4351");
  r->url = g_strdup ("https://proceedings.mlr.press/v97/mao19a.html");
  proc_paper_record_add_link (r, "http://proceedings.mlr.press/v97/mao19a/mao19a.pdf", PROC_LINK_PDF);
  r->abstract = g_strdup ("By enabling correct differentiation in Stochastic Computation Graphs (SCGs), "
                          "the infinitely differentiable Monte-Carlo estimator (DiCE) can generate "
                          "correct estimates of $\\nabla^k_\\theta \\mathcal{L}$ for $k \\geq 2$.");
  r->rating = 4;
  r->read_state = 2;
  r->starred = 1;
  proc_paper_record_add_tag (r, "gradient estimation");
  proc_paper_record_add_tag (r, "RL");
  g_ptr_array_add (records, r);

  r = make_record ("A Closer Look at How Fine-tuning Changes BERT & GPT-4 (100% of the time)",
                   "Yichu Zhou; Vivek Srikumar",
                   "Proceedings of the 60th Annual Meeting of the Association for Computational Linguistics",
                   2022);
  r->citation_key = g_strdup ("zhou-srikumar-2022-closer");
  r->doi = g_strdup ("10.18653/v1/2022.acl-long.75");
  r->url = g_strdup ("https://aclanthology.org/2022.acl-long.75/");
  r->pages = g_strdup ("1046--1061");
  proc_paper_record_add_link (r, "https://github.com/yichu/closer", PROC_LINK_CODE);
  r->note = g_strdup ("复读：第三节的 { 记号\nCompare with {BERT} probing work.");
  r->read_state = 1;
  r->starred = 0;
  proc_paper_record_add_tag (r, "机器学习");
  proc_paper_record_add_tag (r, "probing, layers");
  g_ptr_array_add (records, r);

  r = make_record ("SPEER: Sentence-Level Planning of Long Clinical Summaries via Embedded Entity Retrieval",
                   "Griffin Thomas Adams; Jason Zucker; Noémie Elhadad; Miryam de Lhoneux",
                   "First Conference on Language Modeling", 2024);
  r->url = g_strdup ("https://openreview.net/forum?id=0oiG1KigYN");
  r->read_state = 0;
  r->starred = 0;
  g_ptr_array_add (records, r);

  /* No venue, no year, no authors: a @misc with a key from the title. */
  r = make_record ("Notes on $\\{0, 1\\}^n$ and the #1 Problem of C++_ish code",
                   NULL, NULL, 0);
  r->abstract = g_strdup ("We use 50% & more braces { and a break\nhere.\n\nA second paragraph with $a_{1}$.");
  r->note = g_strdup ("unbalanced } brace");
  r->rating = 2;
  /* pdf, code and project have fields; the rest, in order, one more */
  proc_paper_record_add_link (r, "https://gitlab.com/x/notes", PROC_LINK_CODE);
  proc_paper_record_add_link (r, "https://example.org/project", PROC_LINK_PROJECT);
  proc_paper_record_add_link (r, "https://example.org/supp.zip", PROC_LINK_OTHER);
  proc_paper_record_add_link (r, "https://github.com/x/notes-mirror", PROC_LINK_CODE);
  g_ptr_array_add (records, r);

  return records;
}

/* The export of golden_records (), byte for byte.  After a deliberate
 * change, PROCEEDINGS_UPDATE_GOLDEN=1 rewrites tests/data/bibtex/export.bib
 * (then read its diff). */
static void
test_golden (void)
{
  g_autoptr(GPtrArray) records = golden_records ();
  g_autofree char *out = write_records ((ProcPaperRecord **) records->pdata, records->len, PROC_EXPORT_ALL);
  g_autofree char *path = g_build_filename (g_getenv ("PROCEEDINGS_SOURCE_DIR"), "tests", "data",
                                            "bibtex", "export.bib", NULL);
  g_autofree char *expected = NULL;
  g_autoptr(GError) error = NULL;

  if (g_getenv ("PROCEEDINGS_UPDATE_GOLDEN") != NULL)
    {
      g_assert_true (g_file_set_contents (path, out, -1, &error));
      g_assert_no_error (error);
    }

  g_assert_true (g_file_get_contents (path, &expected, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (out, ==, expected);
}

/* Write, read back: every field the same. */
static void
test_round_trip (void)
{
  static const char * const made_keys[] = { "mao2019baseline", NULL, "adams2024speer", "notesproblem" };
  g_autoptr(GPtrArray) records = golden_records ();
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(GPtrArray) again = NULL;
  g_autofree char *out = NULL;
  g_autofree char *twice = NULL;
  ProcPaperRecord *r = g_ptr_array_index (records, 1);

  /* What could end a value or an entry early */
  g_free (r->note);
  r->note = g_strdup ("复读：第三节的 { 记号\nCompare with {BERT} probing work.\n\n"
                      "@misc{inside, a note}\n50% & #1 ~ $x$ -- \\path}");

  out = write_records ((ProcPaperRecord **) records->pdata, records->len, PROC_EXPORT_ALL);
  again = read_text (out, report);
  g_assert_cmpuint (report->rejected, ==, 0);
  g_assert_cmpuint (again->len, ==, records->len);

  for (guint i = 0; i < records->len; i++)
    {
      r = g_ptr_array_index (records, i);
      if (r->citation_key == NULL)
        r->citation_key = g_strdup (made_keys[i]);
      /* the reader files an OpenReview url as an OpenReview link too */
      proc_paper_record_add_url_link (r);
      assert_records_equal (r, g_ptr_array_index (again, i));
    }

  /* A second round changes nothing. */
  twice = write_records ((ProcPaperRecord **) again->pdata, again->len, PROC_EXPORT_ALL);
  g_assert_cmpstr (twice, ==, out);
}

static void
test_fields_and_keys (void)
{
  g_autoptr(GPtrArray) records = golden_records ();
  g_autofree char *out = NULL;
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(GPtrArray) again = NULL;
  ProcPaperRecord *copy;

  /* The same paper twice, and a third with a key that is not BibTeX's:
   * the suffixes follow the order of the export. */
  copy = make_record ("A Baseline for Any Order Gradient Estimation", "Jingkai Mao", "Somewhere", 2019);
  g_ptr_array_add (records, copy);
  copy = make_record ("A Baseline Again", "Jingkai Mao", "Somewhere", 2019);
  copy->citation_key = g_strdup ("not a key");
  g_ptr_array_add (records, copy);
  copy = make_record ("Two Keys", "A. Person", "Somewhere", 2019);
  copy->citation_key = g_strdup ("zhou-srikumar-2022-closer");
  g_ptr_array_add (records, copy);

  out = write_records ((ProcPaperRecord **) records->pdata, records->len, 0);
  g_test_message ("%s", out);

  /* Bibliographic data only */
  g_assert_null (strstr (out, "\n  abstract = "));
  g_assert_null (strstr (out, "\n  note = "));
  g_assert_null (strstr (out, "\n  keywords = "));
  g_assert_null (strstr (out, "\n  x-proceedings-rating = "));
  g_assert_null (strstr (out, "\n  x-proceedings-read = "));
  g_assert_null (strstr (out, "\n  x-proceedings-starred = "));
  /* links are bibliographic data */
  g_assert_nonnull (strstr (out, "\n  x-proceedings-links = {other https://example.org/supp.zip "));
  g_assert_nonnull (strstr (out, "  doi = {10.18653/v1/2022.acl-long.75},\n"));

  again = read_text (out, report);
  g_assert_cmpuint (again->len, ==, records->len);
  g_assert_cmpstr (((ProcPaperRecord *) g_ptr_array_index (again, 0))->citation_key, ==, "mao2019baseline");
  g_assert_cmpstr (((ProcPaperRecord *) g_ptr_array_index (again, 1))->citation_key, ==, "zhou-srikumar-2022-closer");
  g_assert_cmpstr (((ProcPaperRecord *) g_ptr_array_index (again, 4))->citation_key, ==, "mao2019baselinea");
  g_assert_cmpstr (((ProcPaperRecord *) g_ptr_array_index (again, 5))->citation_key, ==, "mao2019baselineb");
  g_assert_cmpstr (((ProcPaperRecord *) g_ptr_array_index (again, 6))->citation_key, ==, "zhou-srikumar-2022-closera");
  for (guint i = 0; i < again->len; i++)
    {
      ProcPaperRecord *r = g_ptr_array_index (again, i);

      g_assert_null (r->abstract);
      g_assert_null (r->note);
      g_assert_cmpuint (r->tags->len, ==, 0);
      g_assert_cmpint (r->rating, ==, 0);
      g_assert_cmpint (r->read_state, ==, PROC_RECORD_UNSET);
      g_assert_cmpint (r->starred, ==, PROC_RECORD_UNSET);
    }
}

/* External tools */

static char *
write_temp_bib (const char *text)
{
  g_autoptr(GError) error = NULL;
  char *path = NULL;
  int fd = g_file_open_tmp ("proceedings-XXXXXX.bib", &path, &error);

  g_assert_no_error (error);
  close (fd);
  g_assert_true (g_file_set_contents (path, text, -1, &error));
  g_assert_no_error (error);

  return path;
}

static void
test_bibtool (void)
{
  g_autofree char *bibtool = g_find_program_in_path ("bibtool");
  g_autoptr(GPtrArray) records = golden_records ();
  g_autofree char *out = NULL;
  g_autofree char *path = NULL;
  g_autofree char *stdout_text = NULL;
  g_autofree char *stderr_text = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  if (bibtool == NULL)
    {
      g_test_skip ("bibtool is not installed");
      return;
    }

  out = write_records ((ProcPaperRecord **) records->pdata, records->len, PROC_EXPORT_ALL);
  path = write_temp_bib (out);

  {
    const char *argv[] = { bibtool, "-i", path, "-o", "/dev/null", NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                                 &stdout_text, &stderr_text, &status, &error));
  }
  g_assert_no_error (error);
  g_test_message ("bibtool: %s", stderr_text);
  g_assert_true (g_spawn_check_wait_status (status, &error));
  g_assert_no_error (error);
  /* bibtool reports errors and warnings on stderr, with exit status 0 */
  g_assert_cmpstr (stderr_text, ==, "");

  g_unlink (path);
}

static void
test_pandoc (void)
{
  g_autofree char *pandoc = g_find_program_in_path ("pandoc");
  g_autoptr(GPtrArray) records = golden_records ();
  g_autofree char *out = NULL;
  g_autofree char *path = NULL;
  g_autofree char *doc = NULL;
  g_autofree char *bibliography = NULL;
  g_autofree char *stdout_text = NULL;
  g_autofree char *stderr_text = NULL;
  g_autofree char *folded = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;
  static const char * const expected[] = {
    "a baseline for any order gradient estimation",
    "changes bert & gpt-4 (100% of the time)",
    "speer: sentence-level planning",
    "notes on {0,",
    "the #1 problem of c++_ish code",
    "rocktäschel",
    "https://doi.org/10.18653/v1/2022.acl-long.75",
  };

  if (pandoc == NULL)
    {
      g_test_skip ("pandoc is not installed");
      return;
    }

  out = write_records ((ProcPaperRecord **) records->pdata, records->len, PROC_EXPORT_ALL);
  path = write_temp_bib (out);
  doc = write_temp_bib ("---\nnocite: '@*'\n---\n");
  bibliography = g_strconcat ("--bibliography=", path, NULL);

  {
    const char *argv[] = { pandoc, "-f", "markdown", "-t", "plain", "--wrap=none", "--citeproc",
                           bibliography, doc, NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                                 &stdout_text, &stderr_text, &status, &error));
  }
  g_assert_no_error (error);
  g_test_message ("pandoc:\n%s%s", stdout_text, stderr_text);
  g_assert_true (g_spawn_check_wait_status (status, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (stderr_text, ==, "");

  /* Styles change the case of titles. */
  folded = g_utf8_strdown (stdout_text, -1);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_nonnull (strstr (folded, expected[i]));

  g_unlink (path);
  g_unlink (doc);
}

/* Real-world files */

static GPtrArray *
read_realworld (const char       *name,
                ProcImportReport *report,
                double           *ms)
{
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GInputStream) stream = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *records;
  gint64 start;

  if (shared_dir () == NULL)
    return NULL;

  path = g_build_filename (shared_dir (), "realworld", name, NULL);
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return NULL;

  file = g_file_new_for_path (path);
  start = g_get_monotonic_time ();
  stream = G_INPUT_STREAM (g_file_read (file, NULL, &error));
  g_assert_no_error (error);
  records = read_stream (stream, path, report, &error);
  g_assert_no_error (error);
  *ms = (g_get_monotonic_time () - start) / 1000.0;

  for (guint i = 0; i < report->problems->len; i++)
    g_test_message ("%s", (char *) g_ptr_array_index (report->problems, i));

  return records;
}

/* Every record has what a paper needs; export, import again: the same
 * papers with the same fields. */
static void
check_export_again (GPtrArray *records)
{
  g_autofree char *out = write_records ((ProcPaperRecord **) records->pdata, records->len, PROC_EXPORT_ALL);
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(GPtrArray) again = read_text (out, report);

  g_assert_cmpuint (report->rejected, ==, 0);
  g_assert_cmpuint (again->len, ==, records->len);
  for (guint i = 0; i < records->len; i++)
    {
      ProcPaperRecord *r = g_ptr_array_index (records, i);

      g_assert_nonnull (r->derived_title);
      g_assert_nonnull (r->authors);
      g_assert_cmpint (r->year, >, 2000);
      /* no TeX outside math */
      if (strchr (r->derived_title, '$') == NULL)
        {
          g_assert_null (strchr (r->derived_title, '{'));
          g_assert_null (strchr (r->derived_title, '\\'));
        }
      g_assert_null (strchr (r->authors, '{'));
      g_assert_null (strchr (r->authors, '\\'));

      /* OpenReview's keys with TeX in them ("ram{\\'\\i}rez2024…") are
       * no keys for BibTeX: the export makes new ones. */
      if (!proc_bibtex_is_valid_key (r->citation_key))
        {
          g_autofree char *made = proc_bibtex_make_key (r->authors, r->derived_title, r->year);

          g_test_message ("%s → %s", r->citation_key, made);
          g_free (r->citation_key);
          r->citation_key = g_steal_pointer (&made);
        }
      assert_records_equal (r, g_ptr_array_index (again, i));
    }
}

static void
test_realworld_icml (void)
{
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(GPtrArray) records = NULL;
  ProcPaperRecord *r;
  double ms = 0;

  records = read_realworld ("icml2019.bib", report, &ms);
  if (records == NULL)
    {
      g_test_skip ("../shared/realworld/icml2019.bib is not here");
      return;
    }
  g_test_message ("icml2019.bib: %u entries in %.1f ms", records->len, ms);
  g_assert_cmpuint (report->rejected, ==, 0);
  g_assert_cmpuint (records->len, ==, 773);

  r = find_key (records, "pmlr-v97-mao19a");
  g_assert_cmpuint (r->line, ==, 1);
  g_assert_cmpstr (r->derived_title, ==, "A Baseline for Any Order Gradient Estimation in Stochastic Computation Graphs");
  g_assert_cmpstr (r->authors, ==, "Jingkai Mao; Jakob Foerster; Tim Rocktäschel; Maruan Al-Shedivat; "
                                   "Gregory Farquhar; Shimon Whiteson");
  g_assert_cmpstr (r->venue, ==, "Proceedings of the 36th International Conference on Machine Learning");
  g_assert_cmpint (r->year, ==, 2019);
  g_assert_cmpstr (r->pages, ==, "4343--4351");
  g_assert_cmpstr (r->url, ==, "https://proceedings.mlr.press/v97/mao19a.html");
  g_assert_cmpstr (proc_paper_record_get_link (r, PROC_LINK_PDF), ==,
                   "http://proceedings.mlr.press/v97/mao19a/mao19a.pdf");
  g_assert_true (g_str_has_prefix (r->abstract, "By enabling correct differentiation"));
  g_assert_true (g_str_has_suffix (r->abstract, "reinforcement learning and meta-learning."));

  /* Math in a title stays TeX; \texttt inside math too. */
  r = find_key (records, "pmlr-v97-tang19d");
  g_assert_cmpstr (r->derived_title, ==, "$\\texttt{DoubleSqueeze}$: Parallel Stochastic Gradient Descent "
                                         "with Double-pass Error-Compensated Compression");

  check_export_again (records);
}

static void
test_realworld_acl (void)
{
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(GPtrArray) records = NULL;
  ProcPaperRecord *r;
  double ms = 0;

  records = read_realworld ("acl2022.bib", report, &ms);
  if (records == NULL)
    {
      g_test_skip ("../shared/realworld/acl2022.bib is not here");
      return;
    }
  g_test_message ("acl2022.bib: %u entries in %.1f ms", records->len, ms);
  g_assert_cmpuint (report->rejected, ==, 0);
  g_assert_cmpuint (records->len, ==, 1031);

  r = find_key (records, "goldman-etal-2022-un");
  g_assert_cmpstr (r->derived_title, ==, "(Un)solving Morphological Inflection: Lemma Overlap Artificially "
                                         "Inflates Models' Performance");
  g_assert_cmpstr (r->authors, ==, "Omer Goldman; David Guriel; Reut Tsarfaty");
  g_assert_cmpstr (r->doi, ==, "10.18653/v1/2022.acl-short.96");
  g_assert_cmpstr (r->pages, ==, "864--870");
  g_assert_cmpstr (r->url, ==, "https://aclanthology.org/2022.acl-short.96/");
  g_assert_cmpstr (r->venue, ==, "Proceedings of the 60th Annual Meeting of the Association for "
                                 "Computational Linguistics (Volume 2: Short Papers)");

  r = find_key (records, "zhou-srikumar-2022-closer");
  g_assert_cmpstr (r->derived_title, ==, "A Closer Look at How Fine-tuning Changes BERT");
  g_assert_cmpstr (r->doi, ==, "10.18653/v1/2022.acl-long.75");

  check_export_again (records);
}

static void
test_realworld_colm (void)
{
  g_autoptr(ProcImportReport) report = proc_import_report_new ();
  g_autoptr(GPtrArray) records = NULL;
  ProcPaperRecord *r;
  double ms = 0;

  records = read_realworld ("colm2024.bib", report, &ms);
  if (records == NULL)
    {
      g_test_skip ("../shared/realworld/colm2024.bib is not here");
      return;
    }
  g_test_message ("colm2024.bib: %u entries in %.1f ms", records->len, ms);
  g_assert_cmpuint (report->rejected, ==, 0);
  g_assert_cmpuint (records->len, ==, 299);

  r = find_key (records, "adams2024speer");
  g_assert_cmpstr (r->derived_title, ==, "SPEER: Sentence-Level Planning of Long Clinical Summaries via "
                                         "Embedded Entity Retrieval");
  g_assert_cmpstr (r->authors, ==, "Griffin Thomas Adams; Jason Zucker; Noémie Elhadad");
  g_assert_cmpstr (r->venue, ==, "First Conference on Language Modeling");
  g_assert_cmpstr (r->url, ==, "https://openreview.net/forum?id=0oiG1KigYN");

  r = find_key (records, "hu2024instructav");
  g_assert_cmpuint (r->line, ==, 1);
  g_assert_cmpstr (r->derived_title, ==, "InstructAV: Instruction Fine-tuning Large Language Models for "
                                         "Authorship Verification");

  check_export_again (records);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/bibtex/decode/accents", test_decode_accents);
  g_test_add_func ("/bibtex/decode/title", test_decode_title);
  g_test_add_func ("/bibtex/decode/abstract", test_decode_abstract);
  g_test_add_func ("/bibtex/decode/verbatim", test_decode_verbatim);
  g_test_add_func ("/bibtex/names", test_names);
  g_test_add_func ("/bibtex/encode/round-trip", test_encode_round_trip);
  g_test_add_func ("/bibtex/encode/fuzz", test_encode_fuzz);
  g_test_add_func ("/bibtex/keys", test_keys);
  g_test_add_func ("/bibtex/read/syntax", test_read_syntax);
  g_test_add_func ("/bibtex/read/errors", test_read_errors);
  g_test_add_func ("/bibtex/read/bad-text", test_read_bad_text);
  g_test_add_func ("/bibtex/read/line-ends", test_read_line_ends);
  g_test_add_func ("/bibtex/read/huge-entry", test_read_huge_entry);
  g_test_add_func ("/bibtex/write/golden", test_golden);
  g_test_add_func ("/bibtex/write/round-trip", test_round_trip);
  g_test_add_func ("/bibtex/write/fields-and-keys", test_fields_and_keys);
  g_test_add_func ("/bibtex/tools/bibtool", test_bibtool);
  g_test_add_func ("/bibtex/tools/pandoc", test_pandoc);
  g_test_add_func ("/bibtex/realworld/icml2019", test_realworld_icml);
  g_test_add_func ("/bibtex/realworld/acl2022", test_realworld_acl);
  g_test_add_func ("/bibtex/realworld/colm2024", test_realworld_colm);

  return g_test_run ();
}
