/* proc-schema.c: the library's schema, one migration per version
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "proc-paper-record.h"
#include "proc-query.h"
#include "proc-schema.h"

/* Each entry upgrades the schema from version N to N + 1 and runs inside
 * one transaction together with the `PRAGMA user_version` bump.  Never
 * edit a released entry: append a new one instead.
 *
 * Full-text search is split in FTS5 tables on purpose: the text of a
 * paper (titles, abstract, authors) changes almost never, while notes
 * change with every annotation, and tags name many papers at once.
 * Keeping them apart means a note re-indexes itself, not its abstract,
 * and tagging 80,000 papers re-indexes nothing (see version 8).
 */
static const char * const migrations[] = {
  /* 0 → 1 */
  "CREATE TABLE meta ("
  "  key TEXT PRIMARY KEY,"
  "  value TEXT"
  ") WITHOUT ROWID;"
  "CREATE TABLE lists ("
  "  id INTEGER PRIMARY KEY,"
  "  name TEXT NOT NULL UNIQUE,"
  "  source TEXT,"
  "  imported_at INTEGER NOT NULL"
  ");"
  "CREATE TABLE papers ("
  "  id INTEGER PRIMARY KEY,"
  "  list_id INTEGER REFERENCES lists(id) ON DELETE SET NULL,"
  "  derived_title TEXT NOT NULL,"
  "  user_title TEXT,"
  "  abstract TEXT NOT NULL DEFAULT '',"
  "  authors TEXT NOT NULL DEFAULT '',"
  "  venue TEXT,"
  "  year INTEGER,"
  "  added_at INTEGER NOT NULL,"
  "  read_state INTEGER NOT NULL DEFAULT 0 CHECK (read_state IN (0, 1, 2)),"
  "  starred INTEGER NOT NULL DEFAULT 0 CHECK (starred IN (0, 1)),"
  "  rating INTEGER NOT NULL DEFAULT 0 CHECK (rating BETWEEN 0 AND 5),"
  "  note TEXT NOT NULL DEFAULT '',"
  "  note_modified_at INTEGER,"
  "  content_hash TEXT NOT NULL UNIQUE"
  ");"
  "CREATE INDEX papers_list ON papers(list_id);"
  "CREATE INDEX papers_added ON papers(added_at, id);"
  "CREATE INDEX papers_title ON papers(coalesce(user_title, derived_title) COLLATE NOCASE, id);"
  "CREATE INDEX papers_rating ON papers(rating, id);"
  "CREATE INDEX papers_starred ON papers(starred) WHERE starred = 1;"
  "CREATE INDEX papers_read_state ON papers(read_state);"
  "CREATE TABLE list_papers ("
  "  list_id INTEGER NOT NULL REFERENCES lists(id) ON DELETE CASCADE,"
  "  paper_id INTEGER NOT NULL REFERENCES papers(id) ON DELETE CASCADE,"
  "  position INTEGER NOT NULL,"
  "  PRIMARY KEY (list_id, paper_id)"
  ") WITHOUT ROWID;"
  "CREATE INDEX list_papers_paper ON list_papers(paper_id);"
  "CREATE TABLE paper_links ("
  "  paper_id INTEGER NOT NULL REFERENCES papers(id) ON DELETE CASCADE,"
  "  position INTEGER NOT NULL,"
  "  url TEXT NOT NULL,"
  "  kind TEXT NOT NULL CHECK (kind IN ('code', 'project', 'pdf', 'doi', 'other')),"
  "  PRIMARY KEY (paper_id, position)"
  ") WITHOUT ROWID;"
  "CREATE INDEX paper_links_kind ON paper_links(kind, paper_id);"
  "CREATE TABLE tags ("
  "  id INTEGER PRIMARY KEY,"
  "  name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (name <> ''),"
  "  colour TEXT NOT NULL DEFAULT ''"
  ");"
  "CREATE TABLE paper_tags ("
  "  paper_id INTEGER NOT NULL REFERENCES papers(id) ON DELETE CASCADE,"
  "  tag_id INTEGER NOT NULL REFERENCES tags(id) ON DELETE CASCADE,"
  "  PRIMARY KEY (paper_id, tag_id)"
  ") WITHOUT ROWID;"
  "CREATE INDEX paper_tags_tag ON paper_tags(tag_id, paper_id);"
  "CREATE TABLE reading_lists ("
  "  id INTEGER PRIMARY KEY,"
  "  name TEXT NOT NULL UNIQUE CHECK (name <> ''),"
  "  created_at INTEGER NOT NULL"
  ");"
  "CREATE TABLE reading_list_items ("
  "  reading_list_id INTEGER NOT NULL REFERENCES reading_lists(id) ON DELETE CASCADE,"
  "  paper_id INTEGER NOT NULL REFERENCES papers(id) ON DELETE CASCADE,"
  "  position INTEGER NOT NULL,"
  "  PRIMARY KEY (reading_list_id, paper_id)"
  ") WITHOUT ROWID;"
  "CREATE INDEX reading_list_items_paper ON reading_list_items(paper_id);",

  /* 1 → 2: full-text search, built from whatever the library holds. */

  /* The text of each paper, indexed from the papers table itself. */
  "CREATE VIRTUAL TABLE papers_fts USING fts5("
  "  derived_title, user_title, abstract, authors,"
  "  content='papers', content_rowid='id',"
  "  tokenize='porter unicode61 remove_diacritics 2');"
  "CREATE TRIGGER papers_fts_insert AFTER INSERT ON papers BEGIN"
  "  INSERT INTO papers_fts(rowid, derived_title, user_title, abstract, authors)"
  "    VALUES (new.id, new.derived_title, new.user_title, new.abstract, new.authors);"
  "END;"
  "CREATE TRIGGER papers_fts_delete AFTER DELETE ON papers BEGIN"
  "  INSERT INTO papers_fts(papers_fts, rowid, derived_title, user_title, abstract, authors)"
  "    VALUES ('delete', old.id, old.derived_title, old.user_title, old.abstract, old.authors);"
  "END;"
  "CREATE TRIGGER papers_fts_update AFTER UPDATE OF derived_title, user_title, abstract, authors ON papers BEGIN"
  "  INSERT INTO papers_fts(papers_fts, rowid, derived_title, user_title, abstract, authors)"
  "    VALUES ('delete', old.id, old.derived_title, old.user_title, old.abstract, old.authors);"
  "  INSERT INTO papers_fts(rowid, derived_title, user_title, abstract, authors)"
  "    VALUES (new.id, new.derived_title, new.user_title, new.abstract, new.authors);"
  "END;"

  /* The annotations of each paper: one row per paper that has a tag or a
   * note, rowid = paper id, rebuilt from the source tables on each change. */
  "CREATE VIRTUAL TABLE notes_fts USING fts5("
  "  tags, note,"
  "  tokenize='porter unicode61 remove_diacritics 2');"
  "CREATE TRIGGER notes_fts_paper_insert AFTER INSERT ON papers WHEN new.note <> '' BEGIN"
  "  INSERT INTO notes_fts(rowid, tags, note) VALUES (new.id, '', new.note);"
  "END;"
  "CREATE TRIGGER notes_fts_note AFTER UPDATE OF note ON papers BEGIN"
  "  DELETE FROM notes_fts WHERE rowid = new.id;"
  "  INSERT INTO notes_fts(rowid, tags, note)"
  "    SELECT new.id, coalesce((SELECT group_concat(t.name, ' ') FROM paper_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.paper_id = new.id), ''), new.note"
  "    WHERE new.note <> '' OR EXISTS (SELECT 1 FROM paper_tags WHERE paper_id = new.id);"
  "END;"
  "CREATE TRIGGER notes_fts_paper_delete AFTER DELETE ON papers BEGIN"
  "  DELETE FROM notes_fts WHERE rowid = old.id;"
  "END;"
  "CREATE TRIGGER notes_fts_tag_insert AFTER INSERT ON paper_tags BEGIN"
  "  DELETE FROM notes_fts WHERE rowid = new.paper_id;"
  "  INSERT INTO notes_fts(rowid, tags, note)"
  "    SELECT p.id, coalesce((SELECT group_concat(t.name, ' ') FROM paper_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.paper_id = p.id), ''), p.note"
  "    FROM papers p WHERE p.id = new.paper_id;"
  "END;"
  "CREATE TRIGGER notes_fts_tag_delete AFTER DELETE ON paper_tags BEGIN"
  "  DELETE FROM notes_fts WHERE rowid = old.paper_id;"
  "  INSERT INTO notes_fts(rowid, tags, note)"
  "    SELECT p.id, coalesce((SELECT group_concat(t.name, ' ') FROM paper_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.paper_id = p.id), ''), p.note"
  "    FROM papers p WHERE p.id = old.paper_id"
  "      AND (p.note <> '' OR EXISTS (SELECT 1 FROM paper_tags WHERE paper_id = p.id));"
  "END;"
  "CREATE TRIGGER notes_fts_tag_rename AFTER UPDATE OF name ON tags BEGIN"
  "  DELETE FROM notes_fts WHERE rowid IN (SELECT paper_id FROM paper_tags WHERE tag_id = new.id);"
  "  INSERT INTO notes_fts(rowid, tags, note)"
  "    SELECT p.id, coalesce((SELECT group_concat(t.name, ' ') FROM paper_tags pt2 JOIN tags t ON t.id = pt2.tag_id WHERE pt2.paper_id = p.id), ''), p.note"
  "    FROM papers p JOIN paper_tags pt ON pt.paper_id = p.id WHERE pt.tag_id = new.id;"
  "END;"
  "INSERT INTO papers_fts(papers_fts) VALUES ('rebuild');"
  "INSERT INTO notes_fts(rowid, tags, note)"
  "  SELECT p.id, coalesce((SELECT group_concat(t.name, ' ') FROM paper_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.paper_id = p.id), ''), p.note"
  "  FROM papers p WHERE p.note <> '' OR EXISTS (SELECT 1 FROM paper_tags WHERE paper_id = p.id);",

  /* 2 → 3: what BibTeX, RIS and JSON lists carry beyond an abstract, and
   * the keys that find a paper again when another producer lists it: its
   * DOI, its page, its title with its first author.  proc_title_key() is
   * the store's own SQL function (see proc-store.c). */
  "ALTER TABLE papers ADD COLUMN doi TEXT;"
  "ALTER TABLE papers ADD COLUMN url TEXT;"
  "ALTER TABLE papers ADD COLUMN url_key TEXT;"
  "ALTER TABLE papers ADD COLUMN citation_key TEXT;"
  "ALTER TABLE papers ADD COLUMN status TEXT;"
  "ALTER TABLE papers ADD COLUMN pages TEXT;"
  "ALTER TABLE papers ADD COLUMN title_key TEXT;"
  "UPDATE papers SET title_key = proc_title_key(derived_title, authors) WHERE authors <> '';"
  "CREATE INDEX papers_doi ON papers(doi) WHERE doi IS NOT NULL;"
  "CREATE INDEX papers_url_key ON papers(url_key) WHERE url_key IS NOT NULL;"
  "CREATE INDEX papers_title_key ON papers(title_key) WHERE title_key IS NOT NULL;",

  /* 3 → 4: words inside Chinese, Japanese and Korean text.  unicode61
   * makes a whole run of ideographs one token, so 边缘 never found
   * 在边缘设备上训练.  cjk_text holds each field of a paper that has such
   * characters with a space around each of them (proc_split_cjk(), see
   * proc_query_split_cjk()), and cjk_fts indexes it, so that each of them
   * is a token and the search looks a word up as the phrase of its
   * characters.  Only papers with such text have a row: an English
   * library keeps both empty.
   *
   * What fills cjk_text calls that C function, so each connection of the
   * store creates those triggers as TEMP ones (see connection_sql below):
   * in the file they would stop any other SQLite client from adding a
   * paper or editing a note ("no such function").  What needs no C is
   * here, for every client: cjk_fts follows cjk_text, and a paper's row
   * goes with it (a stale row must not match a paper that reuses the id). */
  "CREATE TABLE cjk_text ("
  "  id INTEGER PRIMARY KEY,"
  "  derived_title TEXT, user_title TEXT, abstract TEXT, authors TEXT, tags TEXT, note TEXT"
  ");"
  "CREATE VIRTUAL TABLE cjk_fts USING fts5("
  "  derived_title, user_title, abstract, authors, tags, note,"
  "  content='cjk_text', content_rowid='id',"
  "  tokenize='unicode61 remove_diacritics 2');"
  "CREATE TRIGGER cjk_fts_insert AFTER INSERT ON cjk_text BEGIN"
  "  INSERT INTO cjk_fts(rowid, derived_title, user_title, abstract, authors, tags, note)"
  "    VALUES (new.id, new.derived_title, new.user_title, new.abstract, new.authors, new.tags, new.note);"
  "END;"
  "CREATE TRIGGER cjk_fts_delete AFTER DELETE ON cjk_text BEGIN"
  "  INSERT INTO cjk_fts(cjk_fts, rowid, derived_title, user_title, abstract, authors, tags, note)"
  "    VALUES ('delete', old.id, old.derived_title, old.user_title, old.abstract, old.authors, old.tags, old.note);"
  "END;"
  "CREATE TRIGGER cjk_fts_update AFTER UPDATE ON cjk_text BEGIN"
  "  INSERT INTO cjk_fts(cjk_fts, rowid, derived_title, user_title, abstract, authors, tags, note)"
  "    VALUES ('delete', old.id, old.derived_title, old.user_title, old.abstract, old.authors, old.tags, old.note);"
  "  INSERT INTO cjk_fts(rowid, derived_title, user_title, abstract, authors, tags, note)"
  "    VALUES (new.id, new.derived_title, new.user_title, new.abstract, new.authors, new.tags, new.note);"
  "END;"
  "CREATE TRIGGER cjk_text_paper_delete AFTER DELETE ON papers BEGIN"
  "  DELETE FROM cjk_text WHERE id = old.id;"
  "END;"
  "INSERT INTO cjk_text (id, derived_title, user_title, abstract, authors, tags, note)"
  "  SELECT id, derived_title, user_title, abstract, authors, tags, note FROM ("
  "    SELECT p.id AS id,"
  "      proc_split_cjk(p.derived_title) AS derived_title,"
  "      proc_split_cjk(p.user_title) AS user_title,"
  "      proc_split_cjk(p.abstract) AS abstract,"
  "      proc_split_cjk(p.authors) AS authors,"
  "      proc_split_cjk((SELECT group_concat(t.name, ' ') FROM paper_tags pt"
  "                      JOIN tags t ON t.id = pt.tag_id WHERE pt.paper_id = p.id)) AS tags,"
  "      proc_split_cjk(p.note) AS note"
  "    FROM papers p)"
  "  WHERE coalesce(derived_title, user_title, abstract, authors, tags, note) IS NOT NULL;",

  /* 4 → 5: the ids alone, in order, in an index of their own.  Listing
   * all papers by date added (All Papers, the window's first view, shown
   * again after every search is cleared) walked the table itself, each
   * row with its abstract: 29,500 pages and 140 ms at 87,000 papers, and
   * the search index pushed out of the cache.  SQLite scans this covering
   * index instead: a few hundred pages, 3 ms. */
  "CREATE INDEX papers_id ON papers(id);",

  /* 5 → 6: the papers with a note, in an index of their own.  The
   * sidebar counts them at every start and after every edit; without it
   * the count read every paper with its abstract: 88 ms warm and 370 ms
   * cold at 87,000 papers, for a handful of notes.  SQLite 3.40 still
   * tests note <> '' on each row the index gives, so the index holds the
   * notes too: only papers with one, only as much as they wrote. */
  "CREATE INDEX papers_with_note ON papers(note) WHERE note <> '';",

  /* 6 → 7: the words of papers_fts by their first letter too.  A search
   * for a word being typed matches it as a prefix, and a one-letter
   * prefix ("t", or "graph n") merged the list of every word with that
   * letter: 50 to 160 ms of SQLite at 87,000 papers, where the prefix
   * index answers in 2 to 4 ms.  It costs about a third more time to
   * index a paper and a tenth more space.  The triggers name papers_fts
   * by name, so they index into the new table as they did the old.
   *
   * FTS5 writes the terms it holds in memory as a new segment whenever
   * they pass its hashsize (1 MB by default), and merges the segments
   * later, so a statement that adds thousands of papers wrote many small
   * segments for FTS5 to merge.  At 32 MB an import's statement writes
   * one; rebuilding the index at 87,000 papers takes 3 s instead of 4,
   * an import 7.5 s instead of 8.6 (with STAGE_SIZE at 8,000). */
  "DROP TABLE papers_fts;"
  "CREATE VIRTUAL TABLE papers_fts USING fts5("
  "  derived_title, user_title, abstract, authors,"
  "  content='papers', content_rowid='id',"
  "  tokenize='porter unicode61 remove_diacritics 2', prefix='1');"
  "INSERT INTO papers_fts(papers_fts, rank) VALUES ('hashsize', 33554432);"
  "INSERT INTO papers_fts(papers_fts) VALUES ('rebuild');",

  /* 7 → 8: tags are searched by their names, not copied to each paper.
   * notes_fts held each annotated paper's tag names beside its note, so
   * tagging all 87,000 papers deleted and wrote 87,000 documents of it:
   * 0.4 of the 0.56 s that the INSERT takes in the sqlite3 shell, and as
   * much again for its undo.  Now notes_fts holds notes alone, tags_fts
   * indexes the names of the tags (a few hundred rows at most), and a
   * word finds the papers of the tags it names through paper_tags'
   * index: tagging writes no search index at all. */
  "DROP TRIGGER notes_fts_paper_insert;"
  "DROP TRIGGER notes_fts_note;"
  "DROP TRIGGER notes_fts_paper_delete;"
  "DROP TRIGGER notes_fts_tag_insert;"
  "DROP TRIGGER notes_fts_tag_delete;"
  "DROP TRIGGER notes_fts_tag_rename;"
  "DROP TABLE notes_fts;"
  "CREATE VIRTUAL TABLE notes_fts USING fts5("
  "  note,"
  "  tokenize='porter unicode61 remove_diacritics 2', prefix='1');"
  "CREATE TRIGGER notes_fts_paper_insert AFTER INSERT ON papers WHEN new.note <> '' BEGIN"
  "  INSERT INTO notes_fts(rowid, note) VALUES (new.id, new.note);"
  "END;"
  "CREATE TRIGGER notes_fts_note AFTER UPDATE OF note ON papers WHEN old.note IS NOT new.note BEGIN"
  "  DELETE FROM notes_fts WHERE rowid = old.id;"
  "  INSERT INTO notes_fts(rowid, note) SELECT new.id, new.note WHERE new.note <> '';"
  "END;"
  "CREATE TRIGGER notes_fts_paper_delete AFTER DELETE ON papers WHEN old.note <> '' BEGIN"
  "  DELETE FROM notes_fts WHERE rowid = old.id;"
  "END;"
  "INSERT INTO notes_fts(rowid, note) SELECT id, note FROM papers WHERE note <> '';"
  "CREATE VIRTUAL TABLE tags_fts USING fts5("
  "  name,"
  "  content='tags', content_rowid='id',"
  "  tokenize='porter unicode61 remove_diacritics 2');"
  "CREATE TRIGGER tags_fts_insert AFTER INSERT ON tags BEGIN"
  "  INSERT INTO tags_fts(rowid, name) VALUES (new.id, new.name);"
  "END;"
  "CREATE TRIGGER tags_fts_rename AFTER UPDATE OF name ON tags BEGIN"
  "  INSERT INTO tags_fts(tags_fts, rowid, name) VALUES ('delete', old.id, old.name);"
  "  INSERT INTO tags_fts(rowid, name) VALUES (new.id, new.name);"
  "END;"
  "CREATE TRIGGER tags_fts_delete AFTER DELETE ON tags BEGIN"
  "  INSERT INTO tags_fts(tags_fts, rowid, name) VALUES ('delete', old.id, old.name);"
  "END;"
  "INSERT INTO tags_fts(tags_fts) VALUES ('rebuild');",

  /* 8 → 9: triage, the first pass over a conference, and watchlists.
   * A decision is kept on its paper with the time it was made, so the
   * statistics draw progress over time from papers alone; adding the
   * columns rewrites no row.  A watchlist is a saved query, so it holds
   * every paper imported later without being told. */
  "ALTER TABLE papers ADD COLUMN triage INTEGER NOT NULL DEFAULT 0 CHECK (triage IN (0, 1, 2, 3));"
  "ALTER TABLE papers ADD COLUMN triaged_at INTEGER;"
  "CREATE INDEX papers_triage ON papers(triage, id);"
  /* The decided papers by day, for the statistics' progress: only those,
   * so an import indexes nothing more. */
  "CREATE INDEX papers_triaged ON papers(triage, triaged_at) WHERE triage <> 0;"
  "CREATE TABLE watchlists ("
  "  id INTEGER PRIMARY KEY,"
  "  name TEXT NOT NULL UNIQUE,"
  "  query TEXT NOT NULL,"
  "  created_at INTEGER NOT NULL"
  ");",

  /* 9 → 10 (issue 22, links and context): what a BibTeX entry's context
   * gives (its @proceedings through crossref, or its own fields): the
   * entry type as BibTeX names it ("inproceedings"), the editors
   * ("Given Family; …", as authors) and the publisher.  The paper's own
   * pages get kinds of their own (its OpenReview forum, its supplement,
   * its arXiv preprint); SQLite cannot change a CHECK, so paper_links is
   * copied into a table that allows them. */
  "ALTER TABLE papers ADD COLUMN entry_type TEXT;"
  "ALTER TABLE papers ADD COLUMN editors TEXT;"
  "ALTER TABLE papers ADD COLUMN publisher TEXT;"
  "CREATE TABLE paper_links_10 ("
  "  paper_id INTEGER NOT NULL REFERENCES papers(id) ON DELETE CASCADE,"
  "  position INTEGER NOT NULL,"
  "  url TEXT NOT NULL,"
  "  kind TEXT NOT NULL CHECK (kind IN ('code', 'project', 'pdf', 'doi', 'other',"
  "                                     'openreview', 'supplement', 'arxiv')),"
  "  PRIMARY KEY (paper_id, position)"
  ") WITHOUT ROWID;"
  "INSERT INTO paper_links_10 (paper_id, position, url, kind)"
  "  SELECT paper_id, position, url, kind FROM paper_links;"
  "DROP TABLE paper_links;"
  "ALTER TABLE paper_links_10 RENAME TO paper_links;"
  "CREATE INDEX paper_links_kind ON paper_links(kind, paper_id);",

  /* 10 → 11 (issue 22, matching): a paper's text is hashed once folded
   * (see proc_content_hash()), so that typography alone never makes a
   * second paper: the stored hashes are made again.  Two papers that now
   * fold equal keep their own hashes (UPDATE OR IGNORE): an import never
   * merges papers a library already holds apart.  title_derived says the
   * title was made from the abstract (a list of abstracts alone, whose
   * papers had no authors), so an official title may replace it. */
  "ALTER TABLE papers ADD COLUMN title_derived INTEGER NOT NULL DEFAULT 0 CHECK (title_derived IN (0, 1));"
  "UPDATE papers SET title_derived = 1 WHERE authors = '' AND abstract <> '';"
  "UPDATE OR IGNORE papers SET content_hash = proc_content_hash(abstract, derived_title, authors);",

  /* 11 → 12 (issue 22, names): the authors in parts, as the file gave
   * them, so exports write "Van Roy, Benjamin" back and not "Roy,
   * Benjamin Van": one name a line, given, particle, family and suffix
   * separated by tabs (proc_names_serialize()).  "authors" stays what the
   * list shows and the search indexes; '' for papers imported before. */
  "ALTER TABLE papers ADD COLUMN names TEXT NOT NULL DEFAULT '';",

  /* 12 → 13 (issue 28, import speed): content hashes are a 128-bit
   * fingerprint of the folded text, not SHA-256 of it, which was a tenth
   * of an import's instructions (see proc_content_hash()).  Each paper
   * stored under SHA-256 of its text gets the fingerprint of the same
   * text, so every record that found it still does; a hash that is not
   * SHA-256 of the paper's text (papers held apart in 10 → 11) stays as
   * it is, so they stay apart (proc_content_hash_upgrade()).  OR IGNORE:
   * two texts never share a fingerprint in practice, and if they did,
   * both papers would keep their old hashes, apart. */
  "UPDATE OR IGNORE papers SET content_hash = proc_content_hash_upgrade(content_hash, abstract, derived_title, authors);",
};

/* Run by each connection that writes to a library at the current
 * version, after the migrations: what keeps cjk_text in step with papers,
 * tags and notes, through edits, imports and undo alike.  A view gives
 * each paper's row (none without CJK text); the triggers replace it.
 *
 * A paper has a row exactly when some field of it has CJK text, so an
 * edit of a paper without one that adds none (the English tag on
 * thousands of English papers) reads no abstract and writes nothing. */
static const char connection_sql[] =
  "CREATE TEMP VIEW IF NOT EXISTS cjk_text_source AS"
  "  SELECT id, derived_title, user_title, abstract, authors, tags, note FROM ("
  "    SELECT p.id AS id,"
  "      proc_split_cjk(p.derived_title) AS derived_title,"
  "      proc_split_cjk(p.user_title) AS user_title,"
  "      proc_split_cjk(p.abstract) AS abstract,"
  "      proc_split_cjk(p.authors) AS authors,"
  "      proc_split_cjk((SELECT group_concat(t.name, ' ') FROM main.paper_tags pt"
  "                      JOIN main.tags t ON t.id = pt.tag_id WHERE pt.paper_id = p.id)) AS tags,"
  "      proc_split_cjk(p.note) AS note"
  "    FROM main.papers p)"
  "  WHERE coalesce(derived_title, user_title, abstract, authors, tags, note) IS NOT NULL;"
  "CREATE TEMP TRIGGER IF NOT EXISTS cjk_text_paper_insert AFTER INSERT ON main.papers"
  "  WHEN coalesce(proc_split_cjk(new.derived_title), proc_split_cjk(new.user_title),"
  "                proc_split_cjk(new.abstract), proc_split_cjk(new.authors),"
  "                proc_split_cjk(new.note)) IS NOT NULL"
  "    OR EXISTS (SELECT 1 FROM main.paper_tags WHERE paper_id = new.id) BEGIN"
  "  INSERT INTO cjk_text SELECT * FROM cjk_text_source WHERE id = new.id;"
  "END;"
  "CREATE TEMP TRIGGER IF NOT EXISTS cjk_text_paper_update"
  "  AFTER UPDATE OF derived_title, user_title, abstract, authors, note ON main.papers"
  "  WHEN EXISTS (SELECT 1 FROM main.cjk_text WHERE id = old.id)"
  "    OR coalesce(proc_split_cjk(new.note), proc_split_cjk(new.user_title),"
  "                proc_split_cjk(new.derived_title), proc_split_cjk(new.abstract),"
  "                proc_split_cjk(new.authors)) IS NOT NULL BEGIN"
  "  DELETE FROM cjk_text WHERE id = old.id;"
  "  INSERT INTO cjk_text SELECT * FROM cjk_text_source WHERE id = new.id;"
  "END;"
  "CREATE TEMP TRIGGER IF NOT EXISTS cjk_text_tag_insert AFTER INSERT ON main.paper_tags"
  "  WHEN EXISTS (SELECT 1 FROM main.cjk_text WHERE id = new.paper_id)"
  "    OR (SELECT proc_split_cjk(name) FROM main.tags WHERE id = new.tag_id) IS NOT NULL BEGIN"
  "  DELETE FROM cjk_text WHERE id = new.paper_id;"
  "  INSERT INTO cjk_text SELECT * FROM cjk_text_source WHERE id = new.paper_id;"
  "END;"
  "CREATE TEMP TRIGGER IF NOT EXISTS cjk_text_tag_delete AFTER DELETE ON main.paper_tags"
  "  WHEN EXISTS (SELECT 1 FROM main.cjk_text WHERE id = old.paper_id) BEGIN"
  "  DELETE FROM cjk_text WHERE id = old.paper_id;"
  "  INSERT INTO cjk_text SELECT * FROM cjk_text_source WHERE id = old.paper_id;"
  "END;"
  "CREATE TEMP TRIGGER IF NOT EXISTS cjk_text_tag_rename AFTER UPDATE OF name ON main.tags BEGIN"
  "  DELETE FROM cjk_text WHERE id IN (SELECT paper_id FROM paper_tags WHERE tag_id = new.id);"
  "  INSERT INTO cjk_text SELECT * FROM cjk_text_source"
  "    WHERE id IN (SELECT paper_id FROM paper_tags WHERE tag_id = new.id);"
  "END;";

guint
proc_schema_get_version (void)
{
  return G_N_ELEMENTS (migrations);
}

const char *
proc_schema_get_migration (guint from_version)
{
  g_return_val_if_fail (from_version < G_N_ELEMENTS (migrations), NULL);

  return migrations[from_version];
}

/**
 * proc_schema_get_connection_sql:
 *
 * Returns: the SQL that each connection writing to a library runs once
 *   the library is at proc_schema_get_version(), after
 *   proc_schema_add_functions(): the TEMP triggers that keep cjk_text, and
 *   so cjk_fts, in step (they call proc_split_cjk(), so they cannot be in
 *   the file)
 */
const char *
proc_schema_get_connection_sql (void)
{
  return connection_sql;
}

/* proc_title_key(title, authors) in SQL, for the migration that adds the
 * key to papers already in a library. */
static void
title_key_sql (sqlite3_context  *context,
               int               argc,
               sqlite3_value   **argv)
{
  g_autofree char *key = proc_title_key ((const char *) sqlite3_value_text (argv[0]),
                                         (const char *) sqlite3_value_text (argv[1]));

  if (key != NULL)
    sqlite3_result_text (context, g_steal_pointer (&key), -1, g_free);
  else
    sqlite3_result_null (context);
}

/* proc_content_hash(abstract, title, authors) in SQL, for the migration
 * that hashes the library's papers again. */
static void
content_hash_sql (sqlite3_context  *context,
                  int               argc,
                  sqlite3_value   **argv)
{
  char *hash = proc_content_hash ((const char *) sqlite3_value_text (argv[0]),
                                  (const char *) sqlite3_value_text (argv[1]),
                                  (const char *) sqlite3_value_text (argv[2]));

  sqlite3_result_text (context, hash, -1, g_free);
}

/* proc_content_hash_upgrade(stored, abstract, title, authors) in SQL, for
 * the migration to fingerprints. */
static void
content_hash_upgrade_sql (sqlite3_context  *context,
                          int               argc,
                          sqlite3_value   **argv)
{
  char *hash = proc_content_hash_upgrade ((const char *) sqlite3_value_text (argv[0]),
                                          (const char *) sqlite3_value_text (argv[1]),
                                          (const char *) sqlite3_value_text (argv[2]),
                                          (const char *) sqlite3_value_text (argv[3]));

  sqlite3_result_text (context, hash, -1, g_free);
}

/* proc_split_cjk(text) in SQL: NULL for text without CJK characters. */
static void
split_cjk_sql (sqlite3_context  *context,
               int               argc,
               sqlite3_value   **argv)
{
  char *split = proc_query_split_cjk ((const char *) sqlite3_value_text (argv[0]));

  if (split != NULL)
    sqlite3_result_text (context, split, -1, g_free);
  else
    sqlite3_result_null (context);
}

/* The SQL functions the migrations and the connection SQL use: every
 * connection that migrates or writes to a library adds them first. */
void
proc_schema_add_functions (sqlite3 *db)
{
  sqlite3_create_function (db, "proc_title_key", 2,
                           SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS,
                           NULL, title_key_sql, NULL, NULL);
  sqlite3_create_function (db, "proc_content_hash", 3,
                           SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS,
                           NULL, content_hash_sql, NULL, NULL);
  sqlite3_create_function (db, "proc_content_hash_upgrade", 4,
                           SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS,
                           NULL, content_hash_upgrade_sql, NULL, NULL);
  sqlite3_create_function (db, "proc_split_cjk", 1,
                           SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS,
                           NULL, split_cjk_sql, NULL, NULL);
}
