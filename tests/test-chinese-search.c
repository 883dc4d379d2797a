/* test-chinese-search.c: Chinese words found inside Chinese text, in a real library
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <sqlite3.h>
#include <glib/gstdio.h>

#include "proc-import-batch.h"
#include "proc-schema.h"
#include "proc-store.h"
#include "proc-undo.h"

#define NOTE "这篇论文在边缘设备上训练模型"

typedef struct
{
  char *dir;
  char *path;
  ProcStore *store;
  sqlite3 *raw;                 /* a second connection on the same file */
  gint64 english, noted, titled, derived, tagged, abstract, mixed;
} Library;

static const struct
{
  const char *title;
  const char *abstract;
  const char *authors;
} papers[] = {
  { "Attention Is All You Need", "We propose the Transformer, based solely on attention.", "Ashish Vaswani" },
  { "Quantised Training on Phones", "Training networks on small devices.", "Ada Lovelace" },
  { "Image Segmentation Revisited", "A new method for segmentation.", "Grace Hopper" },
  { "面向大语言模型的高效推理", "Efficient inference for large language models.", "张三丰; 李四" },
  { "Federated Learning at the Edge", "Learning across many clients.", "Alan Turing" },
  { "Sparse Networks", "我们提出一种稀疏网络剪枝方法，在移动端加速推理。", "Wang Wu" },
  { "Prompting Large Models", "基于GPT模型的提示学习。", "Li Lei" },
};

static void
raw_exec (Library    *lib,
          const char *sql)
{
  char *message = NULL;

  if (sqlite3_exec (lib->raw, sql, NULL, NULL, &message) != SQLITE_OK)
    g_error ("%s: %s", sql, message);
}

static gint64
raw_int (sqlite3    *db,
         const char *sql)
{
  sqlite3_stmt *stmt;
  gint64 value = -1;

  if (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL) != SQLITE_OK)
    g_error ("%s: %s", sql, sqlite3_errmsg (db));
  if (sqlite3_step (stmt) == SQLITE_ROW)
    value = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);

  return value;
}

/* Every row of @sql, "|"-separated, one line each. */
static char *
raw_rows (sqlite3    *db,
          const char *sql)
{
  GString *out = g_string_new (NULL);
  sqlite3_stmt *stmt;
  int rc;

  if (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL) != SQLITE_OK)
    g_error ("%s: %s", sql, sqlite3_errmsg (db));
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      for (int i = 0; i < sqlite3_column_count (stmt); i++)
        {
          const char *text = (const char *) sqlite3_column_text (stmt, i);

          g_string_append_printf (out, "%s%s", i > 0 ? "|" : "", text != NULL ? text : "NULL");
        }
      g_string_append_c (out, '\n');
    }
  g_assert_cmpint (rc, ==, SQLITE_DONE);
  sqlite3_finalize (stmt);

  return g_string_free (out, FALSE);
}

/* The CJK index agrees with the tables: FTS5's own check, and the rows
 * of cjk_text are exactly those the connection SQL would build from
 * scratch. */
static void
assert_cjk_in_sync (sqlite3 *db)
{
  g_autofree char *indexed = NULL;
  g_autofree char *expected = NULL;

  /* rank 1: the index is compared with cjk_text, its content. */
  g_assert_cmpint (sqlite3_exec (db, "INSERT INTO cjk_fts(cjk_fts, rank) VALUES ('integrity-check', 1)",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  indexed = raw_rows (db, "SELECT * FROM cjk_text ORDER BY id");
  expected = raw_rows (db, "SELECT * FROM cjk_text_source ORDER BY id");
  g_assert_cmpstr (indexed, ==, expected);
}

/* The ids a search finds, in the order asked for, as "1,2,3". */
static char *
search (ProcStore   *store,
        const char  *text,
        ProcSortKey  sort_key)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = proc_store_query_ids (store, NULL, text, sort_key, FALSE, &error);
  GString *out = g_string_new (NULL);

  g_assert_no_error (error);
  for (guint i = 0; i < ids->len; i++)
    g_string_append_printf (out, "%s%" G_GINT64_FORMAT, i > 0 ? "," : "",
                            g_array_index (ids, gint64, i));

  return g_string_free (out, FALSE);
}

static char *
ids_string (const gint64 *ids,
            guint         n_ids)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n_ids; i++)
    g_string_append_printf (out, "%s%" G_GINT64_FORMAT, i > 0 ? "," : "", ids[i]);

  return g_string_free (out, FALSE);
}

#define check_search(lib, text, ...) \
  G_STMT_START { \
    g_autofree char *found_ = search ((lib)->store, (text), PROC_SORT_ADDED); \
    g_autofree char *expected_ = ids_string ((gint64[]) { __VA_ARGS__ }, \
                                             sizeof ((gint64[]) { __VA_ARGS__ }) / sizeof (gint64)); \
    if (g_strcmp0 (found_, expected_) != 0) \
      g_test_message ("searching '%s'", (text)); \
    g_assert_cmpstr (found_, ==, expected_); \
  } G_STMT_END

#define check_none(lib, text) \
  G_STMT_START { \
    g_autofree char *found_ = search ((lib)->store, (text), PROC_SORT_ADDED); \
    if (g_strcmp0 (found_, "") != 0) \
      g_test_message ("searching '%s'", (text)); \
    g_assert_cmpstr (found_, ==, ""); \
  } G_STMT_END

static gint64
id_of (Library    *lib,
       const char *title)
{
  g_autofree char *sql = g_strdup_printf ("SELECT id FROM papers WHERE derived_title = '%s'", title);

  return raw_int (lib->raw, sql);
}

static void
library_set_up (Library       *lib,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcImportBatch) batch = NULL;

  lib->dir = g_dir_make_tmp ("proceedings-chinese-XXXXXX", NULL);
  g_assert_nonnull (lib->dir);
  lib->path = g_build_filename (lib->dir, "library.db", NULL);
  lib->store = proc_store_open (lib->path, &error);
  g_assert_no_error (error);

  /* The raw connection reads the index's source view, as the store's own
   * connection has it. */
  g_assert_cmpint (sqlite3_open (lib->path, &lib->raw), ==, SQLITE_OK);
  sqlite3_busy_timeout (lib->raw, 5000);
  proc_schema_add_functions (lib->raw);
  raw_exec (lib, proc_schema_get_connection_sql ());

  batch = proc_import_batch_begin (lib->store, "中文论文列表", NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (papers); i++)
    {
      g_autoptr(ProcPaperRecord) record = proc_paper_record_new ();

      record->derived_title = g_strdup (papers[i].title);
      record->abstract = g_strdup (papers[i].abstract);
      record->authors = g_strdup (papers[i].authors);
      g_assert_true (proc_import_batch_add (batch, record, NULL, &error));
      g_assert_no_error (error);
    }
  g_assert_true (proc_import_batch_commit (batch, &error));
  g_assert_no_error (error);

  lib->english = id_of (lib, papers[0].title);
  lib->noted = id_of (lib, papers[1].title);
  lib->titled = id_of (lib, papers[2].title);
  lib->derived = id_of (lib, papers[3].title);
  lib->tagged = id_of (lib, papers[4].title);
  lib->abstract = id_of (lib, papers[5].title);
  lib->mixed = id_of (lib, papers[6].title);

  g_assert_true (proc_store_set_note (lib->store, lib->noted, NOTE, &error));
  g_assert_true (proc_store_set_user_title (lib->store, lib->titled, "一种用于图像分割的新方法", &error));
  g_assert_true (proc_store_add_tag (lib->store, &lib->tagged, 1, "联邦学习", &error));
  g_assert_true (proc_store_set_note (lib->store, lib->english, "Read the appendix first.", &error));
  g_assert_true (proc_store_add_tag (lib->store, &lib->english, 1, "transformers", &error));
  g_assert_no_error (error);

  assert_cjk_in_sync (lib->raw);
}

static void
library_tear_down (Library       *lib,
                   gconstpointer  data)
{
  g_autofree char *wal = g_strconcat (lib->path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (lib->path, "-shm", NULL);

  g_clear_object (&lib->store);
  sqlite3_close (lib->raw);
  g_unlink (lib->path);
  g_unlink (wal);
  g_unlink (shm);
  g_rmdir (lib->dir);
  g_free (lib->path);
  g_free (lib->dir);
}

static void
test_note (Library       *lib,
           gconstpointer  data)
{
  /* Typed to the end of the word, or still typing it. */
  check_search (lib, "边缘 ", lib->noted);
  check_search (lib, "边缘", lib->noted);
  check_search (lib, "设备", lib->noted);
  check_search (lib, "训练模型", lib->noted);
  check_search (lib, "这篇论文在边缘设备上训练模型", lib->noted);
  check_search (lib, "边", lib->noted);
  check_search (lib, "\"边缘设备\"", lib->noted);
  check_search (lib, "边缘 训练", lib->noted);
  check_none (lib, "边设");
  check_none (lib, "缘边 ");
  check_none (lib, "边缘 图像");
  g_assert_cmpuint (proc_store_count (lib->store, "边缘"), ==, 1);
  g_assert_cmpuint (proc_store_count (lib->store, "has:note 设备"), ==, 1);

  /* A new note replaces the old one in the index. */
  g_assert_true (proc_store_set_note (lib->store, lib->noted, "改用云端服务器", NULL));
  check_none (lib, "边缘");
  check_search (lib, "云端", lib->noted);
  g_assert_true (proc_store_set_note (lib->store, lib->noted, "", NULL));
  check_none (lib, "云端");
  assert_cjk_in_sync (lib->raw);
}

static void
test_titles (Library       *lib,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  /* A title of one's own, and the English one stays searchable. */
  check_search (lib, "图像", lib->titled);
  check_search (lib, "分割 ", lib->titled);
  check_search (lib, "segmentation ", lib->titled);

  /* The title of an imported record, and its Chinese authors. */
  check_search (lib, "语言", lib->derived);
  check_search (lib, "高效推理", lib->derived);
  check_search (lib, "三丰", lib->derived);
  check_search (lib, "张三丰", lib->derived);

  /* Renamed back: the Chinese title is no longer found. */
  g_assert_true (proc_store_set_user_title (lib->store, lib->titled, NULL, &error));
  g_assert_no_error (error);
  check_none (lib, "图像");
  assert_cjk_in_sync (lib->raw);
}

static void
test_abstract (Library       *lib,
               gconstpointer  data)
{
  check_search (lib, "剪枝", lib->abstract);
  check_search (lib, "移动端", lib->abstract);
  check_search (lib, "推理", lib->derived, lib->abstract);
  check_none (lib, "剪移");
}

/* Tags and reading lists by name, and tag names by plain search. */
static void
test_tags_and_lists (Library       *lib,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gint64 tag_id;
  gint64 reading_list;

  check_search (lib, "tag:联邦学习", lib->tagged);
  check_none (lib, "tag:联邦");
  check_search (lib, "联邦", lib->tagged);
  check_search (lib, "学习", lib->tagged, lib->mixed);
  check_search (lib, "list:中文论文列表 学习", lib->tagged, lib->mixed);
  check_search (lib, "学习 -tag:联邦学习", lib->mixed);

  reading_list = proc_store_create_reading_list (lib->store, "本周精读", &error);
  g_assert_no_error (error);
  g_assert_true (proc_store_add_to_reading_list (lib->store, reading_list,
                                                 (gint64[]) { lib->mixed, lib->noted }, 2, &error));
  check_search (lib, "reading-list:本周精读", lib->noted, lib->mixed);
  check_search (lib, "reading-list:本周精读 边缘", lib->noted);

  /* A second tag on the same paper, an English one, a rename, removals. */
  g_assert_true (proc_store_add_tag (lib->store, &lib->tagged, 1, "隐私", &error));
  g_assert_true (proc_store_add_tag (lib->store, &lib->tagged, 1, "privacy", &error));
  check_search (lib, "隐私 联邦", lib->tagged);
  assert_cjk_in_sync (lib->raw);

  tag_id = raw_int (lib->raw, "SELECT id FROM tags WHERE name = '联邦学习'");
  g_assert_true (proc_store_rename_tag (lib->store, tag_id, "分布式训练", &error));
  g_assert_no_error (error);
  check_none (lib, "联邦");
  check_search (lib, "分布式", lib->tagged);
  check_search (lib, "训练", lib->noted, lib->tagged);
  assert_cjk_in_sync (lib->raw);

  g_assert_true (proc_store_remove_tag (lib->store, &lib->tagged, 1, "隐私", &error));
  check_none (lib, "隐私");
  g_assert_true (proc_store_delete_tag (lib->store, tag_id, &error));
  g_assert_no_error (error);
  check_none (lib, "分布式");
  assert_cjk_in_sync (lib->raw);

  /* Only English left on the paper: it leaves the CJK index. */
  g_assert_cmpint (raw_int (lib->raw, "SELECT count(*) FROM cjk_text WHERE id = (SELECT id FROM papers"
                                      " WHERE derived_title = 'Federated Learning at the Edge')"), ==, 0);
}

static void
test_negation_and_mixed (Library       *lib,
                         gconstpointer  data)
{
  /* Negated, with other words, and with an operator. */
  g_assert_cmpuint (proc_store_count (lib->store, "-边缘"), ==, G_N_ELEMENTS (papers) - 1);
  g_assert_cmpuint (proc_store_count (lib->store, "-边缘 -图像"), ==, G_N_ELEMENTS (papers) - 2);
  check_search (lib, "training 边缘", lib->noted);
  check_none (lib, "training -边缘");
  check_none (lib, "-\"边缘设备\" 训练");
  check_none (lib, "边缘 -设备");
  check_search (lib, "-\"设备上模型\" 训练", lib->noted);

  /* A word of Latin letters and characters: together, as typed. */
  check_search (lib, "GPT模型", lib->mixed);
  check_search (lib, "gpt模型 ", lib->mixed);
  check_search (lib, "模型的提示", lib->mixed);
  check_search (lib, "于GP", lib->mixed);
  check_none (lib, "于GP ");
  check_none (lib, "GPT学习");

  /* English search is what it was, and no English row is in the index. */
  check_search (lib, "attention", lib->english);
  check_search (lib, "appendix ", lib->english);
  check_search (lib, "transformers ", lib->english);
  check_search (lib, "tag:transformers", lib->english);
  g_assert_cmpint (raw_int (lib->raw, "SELECT count(*) FROM cjk_text"), ==, 6);
  g_assert_cmpint (raw_int (lib->raw, "SELECT count(*) FROM cjk_text WHERE id IN"
                                      " (SELECT id FROM papers WHERE derived_title IN"
                                      " ('Attention Is All You Need', 'Quantised Training on Phones'))"), ==, 1);
}

static void
test_sorting (Library       *lib,
              gconstpointer  data)
{
  g_autofree char *by_title = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *ranked = NULL;
  g_autofree char *mixed = NULL;
  g_autofree char *one_way = ids_string ((gint64[]) { lib->derived, lib->abstract }, 2);
  g_autofree char *other_way = ids_string ((gint64[]) { lib->abstract, lib->derived }, 2);
  g_autofree char *derived = ids_string (&lib->derived, 1);
  g_autofree char *others = ids_string ((gint64[]) { lib->english, lib->noted, lib->titled,
                                                     lib->tagged, lib->mixed }, 5);

  /* Titles: Latin ones first, then the Chinese ones (the user title
   * counts), in code point order. */
  by_title = search (lib->store, NULL, PROC_SORT_TITLE);
  expected = ids_string ((gint64[]) { lib->english, lib->tagged, lib->mixed, lib->noted,
                                      lib->abstract, lib->titled, lib->derived }, 7);
  g_assert_cmpstr (by_title, ==, expected);

  /* Ranked by cjk_fts alone, or by the English words of a mixed search;
   * either way the set is the search's. */
  ranked = search (lib->store, "推理", PROC_SORT_RELEVANCE);
  g_assert_true (g_str_equal (ranked, one_way) || g_str_equal (ranked, other_way));
  mixed = search (lib->store, "推理 inference", PROC_SORT_RELEVANCE);
  g_assert_cmpstr (mixed, ==, derived);
  g_clear_pointer (&ranked, g_free);
  ranked = search (lib->store, "-推理", PROC_SORT_RELEVANCE);
  g_assert_cmpstr (ranked, ==, others);
}

/* Undo goes through INSERTs and UPDATEs of the tables: the triggers keep
 * the index in step with each. */
static void
test_undo (Library       *lib,
           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcUndo) note_undo = NULL;
  g_autoptr(ProcUndo) delete_undo = NULL;
  g_autoptr(ProcUndo) tag_undo = NULL;
  g_autoptr(ProcUndo) remove_undo = NULL;
  g_autofree char *before = raw_rows (lib->raw, "SELECT * FROM cjk_text ORDER BY id");
  g_autofree char *after = NULL;
  gint64 tag_id;

  note_undo = proc_store_set_note_undoable (lib->store, lib->noted, "改用云端服务器", &error);
  g_assert_no_error (error);
  check_none (lib, "边缘");
  g_assert_true (proc_undo_apply (note_undo, &error));
  g_assert_no_error (error);
  check_search (lib, "边缘", lib->noted);
  check_none (lib, "云端");
  assert_cjk_in_sync (lib->raw);

  delete_undo = proc_store_delete_papers_undoable (lib->store,
                                                   (gint64[]) { lib->noted, lib->tagged, lib->derived }, 3,
                                                   &error);
  g_assert_no_error (error);
  check_none (lib, "边缘");
  check_none (lib, "联邦");
  check_none (lib, "语言");
  assert_cjk_in_sync (lib->raw);
  g_assert_true (proc_undo_apply (delete_undo, &error));
  g_assert_no_error (error);
  check_search (lib, "边缘", lib->noted);
  check_search (lib, "联邦", lib->tagged);
  check_search (lib, "语言", lib->derived);
  assert_cjk_in_sync (lib->raw);

  tag_id = raw_int (lib->raw, "SELECT id FROM tags WHERE name = '联邦学习'");
  tag_undo = proc_store_delete_tag_undoable (lib->store, tag_id, &error);
  g_assert_no_error (error);
  check_none (lib, "联邦");
  g_assert_true (proc_undo_apply (tag_undo, &error));
  g_assert_no_error (error);
  check_search (lib, "联邦", lib->tagged);

  remove_undo = proc_store_remove_tag_undoable (lib->store, &lib->tagged, 1, "联邦学习", &error);
  g_assert_no_error (error);
  check_none (lib, "联邦");
  g_assert_true (proc_undo_apply (remove_undo, &error));
  g_assert_no_error (error);
  check_search (lib, "联邦", lib->tagged);
  assert_cjk_in_sync (lib->raw);

  after = raw_rows (lib->raw, "SELECT * FROM cjk_text ORDER BY id");
  g_assert_cmpstr (after, ==, before);
}

/* Other SQLite clients have no proc_split_cjk(): the library must stay
 * writable for them, and a paper they delete leaves the index. */
static void
test_other_clients (Library       *lib,
                    gconstpointer  data)
{
  sqlite3 *plain;
  g_autofree char *sql = NULL;

  g_assert_cmpint (sqlite3_open (lib->path, &plain), ==, SQLITE_OK);
  sqlite3_busy_timeout (plain, 5000);
  g_assert_cmpint (sqlite3_exec (plain,
                                 "PRAGMA foreign_keys = ON;"
                                 "INSERT INTO papers (derived_title, added_at, content_hash)"
                                 "  VALUES ('外部添加', 0, 'external');"
                                 "UPDATE papers SET note = 'an English note' WHERE content_hash = 'external';"
                                 "INSERT INTO tags (name) VALUES ('外部');"
                                 "INSERT INTO paper_tags SELECT p.id, t.id FROM papers p, tags t"
                                 "  WHERE p.content_hash = 'external' AND t.name = '外部';"
                                 "UPDATE tags SET name = '外部标签' WHERE name = '外部';",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sql = g_strdup_printf ("DELETE FROM papers WHERE id = %" G_GINT64_FORMAT, lib->noted);
  g_assert_cmpint (sqlite3_exec (plain, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (plain);

  proc_store_check_external_changes (lib->store);
  check_none (lib, "边缘");
  g_assert_cmpint (sqlite3_exec (lib->raw, "INSERT INTO cjk_fts(cjk_fts, rank) VALUES ('integrity-check', 1)",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
}

/* A library of version 3 with Chinese text in it is indexed when it is
 * opened: the migration fills the table. */
static void
test_migration (void)
{
  g_autofree char *dir = g_dir_make_tmp ("proceedings-chinese-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "library.db", NULL);
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcStore) store = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autofree char *rows = NULL;
  sqlite3 *db;

  g_assert_cmpuint (proc_schema_get_version (), >=, 4);

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  proc_schema_add_functions (db);
  for (guint version = 0; version < 3; version++)
    g_assert_cmpint (sqlite3_exec (db, proc_schema_get_migration (version), NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db,
                                 "INSERT INTO papers (id, derived_title, user_title, abstract, authors, added_at, content_hash)"
                                 "  VALUES (1, 'Edge Training', NULL, 'Training on phones.', 'Ada', 0, 'h1'),"
                                 "         (2, '面向大语言模型的高效推理', NULL, '', '张三丰', 0, 'h2'),"
                                 "         (3, 'Image Segmentation', '一种用于图像分割的新方法', '', '', 0, 'h3'),"
                                 "         (4, 'Attention', NULL, 'Attention is all you need.', '', 0, 'h4'),"
                                 "         (5, 'Federated Learning', NULL, '', '', 0, 'h5');"
                                 "UPDATE papers SET note = '" NOTE "' WHERE id = 1;"
                                 "UPDATE papers SET note = 'English only' WHERE id = 4;"
                                 "INSERT INTO tags (id, name) VALUES (1, '联邦学习'), (2, 'ml');"
                                 "INSERT INTO paper_tags VALUES (5, 1), (5, 2), (4, 2);"
                                 "PRAGMA user_version = 3;",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);

  store = proc_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (proc_store_get_schema_version (store), ==, proc_schema_get_version ());

  /* Only the four papers with Chinese text, each field split. */
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  rows = raw_rows (db, "SELECT * FROM cjk_text ORDER BY id");
  g_assert_cmpstr (rows, ==,
                   "1|NULL|NULL|NULL|NULL|NULL|这 篇 论 文 在 边 缘 设 备 上 训 练 模 型\n"
                   "2|面 向 大 语 言 模 型 的 高 效 推 理|NULL|NULL|张 三 丰|NULL|NULL\n"
                   "3|NULL|一 种 用 于 图 像 分 割 的 新 方 法|NULL|NULL|NULL|NULL\n"
                   "5|NULL|NULL|NULL|NULL|联 邦 学 习 ml|NULL\n");
  proc_schema_add_functions (db);
  g_assert_cmpint (sqlite3_exec (db, proc_schema_get_connection_sql (), NULL, NULL, NULL), ==, SQLITE_OK);
  assert_cjk_in_sync (db);
  sqlite3_close (db);

  g_assert_cmpuint (proc_store_count (store, "边缘"), ==, 1);
  g_assert_cmpuint (proc_store_count (store, "语言"), ==, 1);
  g_assert_cmpuint (proc_store_count (store, "图像"), ==, 1);
  g_assert_cmpuint (proc_store_count (store, "联邦"), ==, 1);
  g_assert_cmpuint (proc_store_count (store, "attention"), ==, 1);
  g_assert_cmpuint (proc_store_count (store, "-边缘"), ==, 4);
  ids = proc_store_query_ids (store, NULL, "训练", PROC_SORT_RELEVANCE, FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, 1);
  g_assert_cmpint (g_array_index (ids, gint64, 0), ==, 1);

  g_clear_object (&store);
  g_unlink (path);
  g_unlink (wal);
  g_unlink (shm);
  g_rmdir (dir);
}

/* An English library keeps the CJK index empty, through imports, notes,
 * tags and renames. */
static void
test_english_library (void)
{
  g_autofree char *dir = g_dir_make_tmp ("proceedings-chinese-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "library.db", NULL);
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcStore) store = proc_store_open (path, &error);
  g_autoptr(ProcImportBatch) batch = NULL;
  g_autoptr(GArray) ids = NULL;
  sqlite3 *db;

  g_assert_no_error (error);
  batch = proc_import_batch_begin (store, "English", NULL, &error);
  for (guint i = 0; i < 200; i++)
    {
      g_autoptr(ProcPaperRecord) record = proc_paper_record_new ();

      record->derived_title = g_strdup_printf ("Paper %u — “quoted” naïve café", i);
      record->abstract = g_strdup_printf ("About topic %u, with ∑ maths and ﬁ ligatures 🚀.", i);
      g_assert_true (proc_import_batch_add (batch, record, NULL, &error));
    }
  g_assert_true (proc_import_batch_commit (batch, &error));
  g_assert_no_error (error);

  ids = proc_store_query_ids (store, NULL, NULL, PROC_SORT_ADDED, FALSE, &error);
  g_assert_true (proc_store_add_tag (store, (gint64 *) (gpointer) ids->data, ids->len, "reading group", &error));
  g_assert_true (proc_store_set_note (store, g_array_index (ids, gint64, 3), "Résumé — see “§2”", &error));
  g_assert_true (proc_store_set_user_title (store, g_array_index (ids, gint64, 4), "Renamed", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (proc_store_count (store, "topic"), ==, 200);
  g_assert_cmpuint (proc_store_count (store, "边缘"), ==, 0);

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (raw_int (db, "SELECT count(*) FROM cjk_text"), ==, 0);
  g_assert_cmpint (raw_int (db, "SELECT count(*) FROM cjk_fts_data"), <=, 2);
  sqlite3_close (db);

  g_clear_object (&store);
  g_unlink (path);
  g_unlink (wal);
  g_unlink (shm);
  g_rmdir (dir);
}

#define ADD(path, func) g_test_add (path, Library, NULL, library_set_up, func, library_tear_down)

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  ADD ("/chinese-search/note", test_note);
  ADD ("/chinese-search/titles", test_titles);
  ADD ("/chinese-search/abstract", test_abstract);
  ADD ("/chinese-search/tags-and-lists", test_tags_and_lists);
  ADD ("/chinese-search/negation-and-mixed", test_negation_and_mixed);
  ADD ("/chinese-search/sorting", test_sorting);
  ADD ("/chinese-search/undo", test_undo);
  ADD ("/chinese-search/other-clients", test_other_clients);
  g_test_add_func ("/chinese-search/migration", test_migration);
  g_test_add_func ("/chinese-search/english-library", test_english_library);

  return g_test_run ();
}
