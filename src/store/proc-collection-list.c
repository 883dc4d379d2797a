/* proc-collection-list.c: the tags, lists or reading lists, with counts from SQL
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-collection-list"

#include "config.h"

#include "proc-collection-list.h"
#include "proc-store-private.h"

/* One query counts every collection; a refresh updates the
 * objects in place, so a count that changes repaints one label and the
 * sidebar keeps its selection. */
struct _ProcCollectionList
{
  GObject parent_instance;

  ProcStore *store;
  ProcCollectionKind kind;
  GPtrArray *items;
};

static void list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (ProcCollectionList, proc_collection_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

/* Each count is a scalar subquery over its collection's own index range:
 * a LEFT JOIN with GROUP BY made a row of each membership first, and at
 * 874,670 papers in one list took twice the CPU (43 against 23 ms in
 * the sqlite3 shell; tags on every paper 64 against 26). */
static const char * const queries[] = {
  [PROC_COLLECTION_KIND_TAG] =
    "SELECT t.id, t.name, t.colour,"
    " (SELECT count(*) FROM paper_tags pt WHERE pt.tag_id = t.id) FROM tags t"
    " ORDER BY t.name COLLATE NOCASE, t.id",
  [PROC_COLLECTION_KIND_LIST] =
    "SELECT l.id, l.name, '',"
    " (SELECT count(*) FROM list_papers lp WHERE lp.list_id = l.id) FROM lists l"
    " ORDER BY l.imported_at DESC, l.id DESC",
  [PROC_COLLECTION_KIND_READING_LIST] =
    "SELECT r.id, r.name, '',"
    " (SELECT count(*) FROM reading_list_items ri WHERE ri.reading_list_id = r.id) FROM reading_lists r"
    " ORDER BY r.name COLLATE NOCASE, r.id",
  /* Counted one by one, by their queries, below. */
  [PROC_COLLECTION_KIND_WATCHLIST] =
    "SELECT w.id, w.name, w.query, 0 FROM watchlists w"
    " ORDER BY w.name COLLATE NOCASE, w.id",
};

static const ProcStoreChange relevant_changes[] = {
  [PROC_COLLECTION_KIND_TAG] = PROC_STORE_CHANGE_TAGS,
  [PROC_COLLECTION_KIND_LIST] = PROC_STORE_CHANGE_LISTS,
  [PROC_COLLECTION_KIND_READING_LIST] = PROC_STORE_CHANGE_READING_LISTS,
  [PROC_COLLECTION_KIND_WATCHLIST] = PROC_STORE_CHANGE_ALL,
};

static ProcCollection *
find_by_id (GPtrArray *items,
            gint64     id)
{
  for (guint i = 0; i < items->len; i++)
    if (proc_collection_get_id (g_ptr_array_index (items, i)) == id)
      return g_ptr_array_index (items, i);

  return NULL;
}

static void
update (ProcCollectionList *self)
{
  g_autoptr(GPtrArray) fresh = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) old = NULL;
  sqlite3_stmt *stmt;
  guint prefix = 0, suffix = 0;
  int rc;

  if (!(stmt = _proc_store_prepare (self->store, queries[self->kind], NULL)))
    return;

  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);
      ProcCollection *item = find_by_id (self->items, id);

      item = item ? g_object_ref (item) : proc_collection_new (self->kind, id);
      proc_collection_set_name (item, (const char *) sqlite3_column_text (stmt, 1));
      if (self->kind == PROC_COLLECTION_KIND_WATCHLIST)
        proc_collection_set_query (item, (const char *) sqlite3_column_text (stmt, 2));
      else
        proc_collection_set_colour (item, (const char *) sqlite3_column_text (stmt, 2));
      proc_collection_set_count (item, sqlite3_column_int (stmt, 3));
      g_ptr_array_add (fresh, item);
    }
  sqlite3_reset (stmt);

  /* A watchlist's count is its query's: SQL and the search indexes, a
   * few milliseconds each at 87,000 papers, after the statement above is
   * done with. */
  if (self->kind == PROC_COLLECTION_KIND_WATCHLIST && rc == SQLITE_DONE)
    for (guint i = 0; i < fresh->len; i++)
      {
        ProcCollection *item = g_ptr_array_index (fresh, i);
        g_autofree char *query = proc_collection_dup_query (item);

        proc_collection_set_count (item, proc_store_count (self->store, query));
      }

  if (rc != SQLITE_DONE)
    {
      g_warning ("Could not count collections: %s",
                 sqlite3_errmsg (_proc_store_get_db (self->store)));
      return;
    }

  /* Replace only the span that differs, so a sidebar keeps the rows (and
   * the selection) of every collection that did not move. */
  while (prefix < fresh->len && prefix < self->items->len &&
         g_ptr_array_index (fresh, prefix) == g_ptr_array_index (self->items, prefix))
    prefix++;
  while (suffix < fresh->len - prefix && suffix < self->items->len - prefix &&
         g_ptr_array_index (fresh, fresh->len - 1 - suffix) ==
         g_ptr_array_index (self->items, self->items->len - 1 - suffix))
    suffix++;

  if (prefix == fresh->len && prefix == self->items->len)
    return;

  old = g_steal_pointer (&self->items);
  self->items = g_steal_pointer (&fresh);
  g_list_model_items_changed (G_LIST_MODEL (self), prefix,
                              old->len - prefix - suffix,
                              self->items->len - prefix - suffix);
}

static void
store_changed_cb (ProcCollectionList *self,
                  guint               change,
                  ProcStore          *store)
{
  /* A tag's, list's or reading list's count moves only with its own kind
   * of change: deleting papers (or an import, or another program's
   * edit) is PROC_STORE_CHANGE_ALL.  A star, a read state or a triage
   * decision is PAPERS alone, and counting every list's and every tag's
   * papers again after each (a pass over each one's index range, 25 ms
   * for 874,670 papers in one list, and the sidebar, the tag editor and
   * the suggested tags each count the tags) came with every decision.
   * Watchlists count by their queries, so after every change. */
  if (change & relevant_changes[self->kind])
    update (self);
}

static GType
proc_collection_list_get_item_type (GListModel *model)
{
  return PROC_TYPE_COLLECTION;
}

static guint
proc_collection_list_get_n_items (GListModel *model)
{
  return PROC_COLLECTION_LIST (model)->items->len;
}

static gpointer
proc_collection_list_get_item (GListModel *model,
                               guint       position)
{
  ProcCollectionList *self = PROC_COLLECTION_LIST (model);

  if (position >= self->items->len)
    return NULL;

  return g_object_ref (g_ptr_array_index (self->items, position));
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = proc_collection_list_get_item_type;
  iface->get_n_items = proc_collection_list_get_n_items;
  iface->get_item = proc_collection_list_get_item;
}

static void
proc_collection_list_finalize (GObject *object)
{
  ProcCollectionList *self = (ProcCollectionList *)object;

  g_clear_pointer (&self->items, g_ptr_array_unref);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (proc_collection_list_parent_class)->finalize (object);
}

static void
proc_collection_list_class_init (ProcCollectionListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = proc_collection_list_finalize;
}

static void
proc_collection_list_init (ProcCollectionList *self)
{
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
}

ProcCollectionList *
proc_collection_list_new (ProcStore          *store,
                          ProcCollectionKind  kind)
{
  ProcCollectionList *self;

  g_return_val_if_fail (PROC_IS_STORE (store), NULL);
  g_return_val_if_fail (kind <= PROC_COLLECTION_KIND_WATCHLIST, NULL);

  self = g_object_new (PROC_TYPE_COLLECTION_LIST, NULL);
  self->store = g_object_ref (store);
  self->kind = kind;

  g_signal_connect_object (store, "changed", G_CALLBACK (store_changed_cb), self, G_CONNECT_SWAPPED);
  update (self);

  return self;
}

ProcCollectionKind
proc_collection_list_get_kind (ProcCollectionList *self)
{
  g_return_val_if_fail (PROC_IS_COLLECTION_LIST (self), PROC_COLLECTION_KIND_TAG);

  return self->kind;
}

/**
 * proc_collection_list_lookup:
 *
 * Returns: (transfer none) (nullable): the collection named @name, compared
 *   without regard to case as the store does
 */
ProcCollection *
proc_collection_list_lookup (ProcCollectionList *self,
                             const char         *name)
{
  g_return_val_if_fail (PROC_IS_COLLECTION_LIST (self), NULL);

  for (guint i = 0; i < self->items->len; i++)
    {
      ProcCollection *item = g_ptr_array_index (self->items, i);

      if (g_ascii_strcasecmp (proc_collection_get_name (item), name) == 0)
        return item;
    }

  return NULL;
}

void
proc_collection_list_refresh (ProcCollectionList *self)
{
  g_return_if_fail (PROC_IS_COLLECTION_LIST (self));

  update (self);
}
