/* proc-paper-list.c: a lazy list model over a query of the library
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-paper-list"

#include "config.h"

#include "proc-paper-list.h"
#include "proc-query.h"
#include "proc-store-private.h"

/* SQL filters and sorts and hands back only ids; a paper object exists
 * only for the rows a view asks for, loaded a page at a time and kept in
 * a small cache of recently used pages. */
#define PAGE_SIZE 64
#define MAX_PAGES 32

/* In the background (see proc_paper_list_set_background()), the ids a
 * new search or filter shows at once: more than a tall window's rows,
 * and few enough that even a search matching most of the library has
 * them in a few milliseconds. */
#define FIRST_IDS 256

struct _ProcPaperList
{
  GObject parent_instance;

  ProcStore *store;
  ProcQuery *filter;      /* each parsed once, when it changes; or NULL */
  ProcQuery *search;
  ProcSortKey sort_key;
  gboolean descending;
  char *reading_list;     /* whose own order the ids are in, or NULL */

  GArray *ids;            /* gint64, the query's result in order */
  GHashTable *pages;      /* page number → GPtrArray of ProcPaper */
  GQueue lru;             /* page numbers, most recent first */
  gulong changed_handler;
  guint requery_source;   /* after a page came back short */

  gboolean background;    /* the rest of a long result comes from a thread */
  gboolean complete;      /* ids holds every paper the query chooses */
  GCancellable *loading;  /* the thread's query, while one runs */
  GParamSpec *pending;    /* notified when the thread's ids arrive */
};

static void list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (ProcPaperList, proc_paper_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

enum {
  PROP_0,
  PROP_STORE,
  PROP_FILTER,
  PROP_SEARCH,
  PROP_SORT_KEY,
  PROP_DESCENDING,
  PROP_N_ITEMS,
  PROP_BACKGROUND,
  PROP_COMPLETE,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

static void
clear_pages (ProcPaperList *self)
{
  g_hash_table_remove_all (self->pages);
  g_queue_clear (&self->lru);
}

/* Tells views exactly what moved: the common head and tail of the old
 * and new results stay, the middle is replaced.  An edit that changes
 * neither membership nor order emits nothing. */
static void
replace_ids (ProcPaperList *self,
             GArray        *ids)
{
  g_autoptr(GArray) old_ids = NULL;
  guint old_len, new_len, prefix = 0, suffix = 0;
  const gint64 *a, *b;

  old_ids = g_steal_pointer (&self->ids);
  self->ids = ids;
  clear_pages (self);

  old_len = old_ids->len;
  new_len = ids->len;
  a = (const gint64 *) (gpointer) old_ids->data;
  b = (const gint64 *) (gpointer) ids->data;

  while (prefix < old_len && prefix < new_len && a[prefix] == b[prefix])
    prefix++;
  while (suffix < old_len - prefix && suffix < new_len - prefix &&
         a[old_len - 1 - suffix] == b[new_len - 1 - suffix])
    suffix++;

  if (prefix == old_len && prefix == new_len)
    return;

  g_list_model_items_changed (G_LIST_MODEL (self), prefix,
                              old_len - prefix - suffix,
                              new_len - prefix - suffix);
  if (old_len != new_len)
    g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_N_ITEMS]);
}

static void
set_complete (ProcPaperList *self,
              gboolean       complete)
{
  if (self->complete == complete)
    return;

  self->complete = complete;
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_COMPLETE]);
}

/* A stale query is stopped, not waited for. */
static void
cancel_loading (ProcPaperList *self)
{
  if (self->loading == NULL)
    return;

  g_cancellable_cancel (self->loading);
  g_clear_object (&self->loading);
}

static void update (ProcPaperList *self,
                    gboolean       first_ids);

static void
rest_loaded_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  g_autoptr(ProcPaperList) self = data;
  g_autoptr(GError) error = NULL;
  GArray *ids = proc_store_query_ids_finish (PROC_STORE (source), result, &error);

  if (ids == NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;

      /* The thread's connection failed: the store's own finishes. */
      g_warning ("Could not query papers on a thread: %s", error->message);
      update (self, FALSE);
      return;
    }

  /* A cancelled query's result may already be on its way. */
  if (self->loading == NULL || g_cancellable_is_cancelled (self->loading))
    {
      g_array_unref (ids);
      return;
    }

  g_clear_object (&self->loading);
  /* After first ids, these begin with them: one items-changed appends
   * the rest.  Complete already when views hear of it, so that they take
   * it as final; notified after, when n-items is the whole count. */
  self->complete = TRUE;
  replace_ids (self, ids);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_COMPLETE]);
  if (self->pending != NULL)
    g_object_notify_by_pspec (G_OBJECT (self), g_steal_pointer (&self->pending));
}

static void
load_on_thread (ProcPaperList *self)
{
  set_complete (self, FALSE);
  self->loading = g_cancellable_new ();
  proc_store_query_ids_async (self->store, self->filter, self->search,
                              self->sort_key, self->descending, self->loading,
                              rest_loaded_cb, g_object_ref (self));
}

/* Runs the query again.  With @first_ids and in the background, only the
 * first ids are read here and the rest on a thread; views see the first
 * rows at once and the list grow when the rest arrives. */
static void
update (ProcPaperList *self,
        gboolean       first_ids)
{
  g_autoptr(GError) error = NULL;
  gboolean background = first_ids && self->background;
  guint limit = background ? FIRST_IDS : 0;
  GArray *ids;

  cancel_loading (self);

  g_free (self->reading_list);
  self->reading_list = proc_query_dup_ordering_reading_list (self->filter, self->search, self->sort_key);

  /* Even its first ids would hold a frame: the list keeps the papers it
   * shows until the thread has the new ones.  Only in a library big
   * enough to have filled the first ids before; in a small one the query
   * is quick, and its result there at once. */
  if (background && self->ids->len >= FIRST_IDS &&
      self->search != NULL && proc_query_has_unindexed_prefix (self->search))
    {
      load_on_thread (self);
      return;
    }

  ids = proc_store_query_ids_for (self->store, self->filter, self->search,
                                  self->sort_key, self->descending, limit, &error);
  if (ids == NULL)
    {
      g_warning ("Could not query papers: %s", error->message);
      return;
    }

  replace_ids (self, ids);
  if (self->pending != NULL)
    g_object_notify_by_pspec (G_OBJECT (self), g_steal_pointer (&self->pending));

  if (limit == 0 || self->ids->len < limit)
    set_complete (self, TRUE);
  else
    load_on_thread (self);
}

/* Runs the query again for a change of @pspec, and notifies it once the
 * list shows what it chose: at once, or when the thread has it. */
static void
update_for (ProcPaperList *self,
            GParamSpec    *pspec)
{
  if (self->store == NULL)
    {
      g_object_notify_by_pspec (G_OBJECT (self), pspec);
      return;
    }

  /* Another change's notification is due too: once is enough. */
  if (self->pending != NULL && self->pending != pspec)
    g_object_notify_by_pspec (G_OBJECT (self), g_steal_pointer (&self->pending));
  self->pending = pspec;
  update (self, TRUE);
}

static void
store_changed_cb (ProcPaperList *self,
                  guint          change,
                  ProcStore     *store)
{
  /* Tags, lists and reading lists change which papers a filter such as
   * tag:x chooses, so any change is worth a query: all of it at once, so
   * an edit keeps the selection where the list still has it. */
  update (self, FALSE);
}

static GType
proc_paper_list_get_item_type (GListModel *model)
{
  return PROC_TYPE_PAPER;
}

static guint
proc_paper_list_get_n_items (GListModel *model)
{
  ProcPaperList *self = PROC_PAPER_LIST (model);

  return self->ids->len;
}

static gboolean
requery_cb (gpointer data)
{
  ProcPaperList *self = data;

  self->requery_source = 0;
  update (self, FALSE);

  return G_SOURCE_REMOVE;
}

static GPtrArray *
get_page (ProcPaperList *self,
          guint          page)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *papers = g_hash_table_lookup (self->pages, GUINT_TO_POINTER (page));
  guint start = page * PAGE_SIZE;
  guint n = MIN (PAGE_SIZE, self->ids->len - start);

  if (papers != NULL)
    {
      GList *link = g_queue_find (&self->lru, GUINT_TO_POINTER (page));

      g_queue_unlink (&self->lru, link);
      g_queue_push_head_link (&self->lru, link);
      return papers;
    }

  papers = proc_store_load_papers (self->store,
                                   &g_array_index (self->ids, gint64, start), n,
                                   &error);
  if (papers == NULL)
    {
      g_warning ("Could not load papers: %s", error->message);
      return NULL;
    }

  /* The query named papers that are not in the library: another program
   * deleted them since, or the search index holds deleted papers' words.
   * The view cannot be told from inside get_item(), so the query runs
   * again when it is done, confirming each paper this time. */
  if (papers->len < n && self->requery_source == 0)
    {
      _proc_store_distrust_search_index (self->store);
      self->requery_source = g_idle_add (requery_cb, self);
    }

  if (g_queue_get_length (&self->lru) >= MAX_PAGES)
    {
      gpointer oldest = g_queue_pop_tail (&self->lru);
      g_hash_table_remove (self->pages, oldest);
    }

  g_hash_table_insert (self->pages, GUINT_TO_POINTER (page), papers);
  g_queue_push_head (&self->lru, GUINT_TO_POINTER (page));

  return papers;
}

static gpointer
proc_paper_list_get_item (GListModel *model,
                          guint       position)
{
  ProcPaperList *self = PROC_PAPER_LIST (model);
  GPtrArray *papers;
  gint64 id;

  if (position >= self->ids->len)
    return NULL;

  if (!(papers = get_page (self, position / PAGE_SIZE)))
    return NULL;

  id = g_array_index (self->ids, gint64, position);

  /* A page is short only when another program deleted papers since the
   * last query; then look for the id rather than trust the offset. */
  if (position % PAGE_SIZE < papers->len)
    {
      ProcPaper *paper = g_ptr_array_index (papers, position % PAGE_SIZE);

      if (proc_paper_get_id (paper) == id)
        return g_object_ref (paper);
    }

  for (guint i = 0; i < papers->len; i++)
    if (proc_paper_get_id (g_ptr_array_index (papers, i)) == id)
      return g_object_ref (g_ptr_array_index (papers, i));

  return NULL;
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = proc_paper_list_get_item_type;
  iface->get_n_items = proc_paper_list_get_n_items;
  iface->get_item = proc_paper_list_get_item;
}

static void
proc_paper_list_constructed (GObject *object)
{
  ProcPaperList *self = (ProcPaperList *)object;

  G_OBJECT_CLASS (proc_paper_list_parent_class)->constructed (object);

  g_return_if_fail (PROC_IS_STORE (self->store));

  self->changed_handler =
    g_signal_connect_object (self->store, "changed",
                             G_CALLBACK (store_changed_cb), self,
                             G_CONNECT_SWAPPED);
  update (self, FALSE);
}

static void
proc_paper_list_dispose (GObject *object)
{
  ProcPaperList *self = (ProcPaperList *)object;

  clear_pages (self);
  cancel_loading (self);
  g_clear_handle_id (&self->requery_source, g_source_remove);
  g_clear_signal_handler (&self->changed_handler, self->store);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (proc_paper_list_parent_class)->dispose (object);
}

static void
proc_paper_list_finalize (GObject *object)
{
  ProcPaperList *self = (ProcPaperList *)object;

  g_clear_pointer (&self->pages, g_hash_table_unref);
  g_clear_pointer (&self->ids, g_array_unref);
  g_clear_pointer (&self->filter, proc_query_unref);
  g_clear_pointer (&self->search, proc_query_unref);
  g_clear_pointer (&self->reading_list, g_free);

  G_OBJECT_CLASS (proc_paper_list_parent_class)->finalize (object);
}

static void
proc_paper_list_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  ProcPaperList *self = PROC_PAPER_LIST (object);

  switch (prop_id)
    {
    case PROP_STORE:
      g_value_set_object (value, self->store);
      break;

    case PROP_FILTER:
      g_value_set_string (value, proc_paper_list_get_filter (self));
      break;

    case PROP_SEARCH:
      g_value_set_string (value, proc_paper_list_get_search (self));
      break;

    case PROP_SORT_KEY:
      g_value_set_enum (value, self->sort_key);
      break;

    case PROP_DESCENDING:
      g_value_set_boolean (value, self->descending);
      break;

    case PROP_N_ITEMS:
      g_value_set_uint (value, self->ids->len);
      break;

    case PROP_BACKGROUND:
      g_value_set_boolean (value, self->background);
      break;

    case PROP_COMPLETE:
      g_value_set_boolean (value, self->complete);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
proc_paper_list_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  ProcPaperList *self = PROC_PAPER_LIST (object);

  switch (prop_id)
    {
    case PROP_STORE:
      self->store = g_value_dup_object (value);
      break;

    case PROP_FILTER:
      proc_paper_list_set_filter (self, g_value_get_string (value));
      break;

    case PROP_SEARCH:
      proc_paper_list_set_search (self, g_value_get_string (value));
      break;

    case PROP_SORT_KEY:
      proc_paper_list_set_sort_key (self, g_value_get_enum (value));
      break;

    case PROP_DESCENDING:
      proc_paper_list_set_descending (self, g_value_get_boolean (value));
      break;

    case PROP_BACKGROUND:
      proc_paper_list_set_background (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
proc_paper_list_class_init (ProcPaperListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = proc_paper_list_constructed;
  object_class->dispose = proc_paper_list_dispose;
  object_class->finalize = proc_paper_list_finalize;
  object_class->get_property = proc_paper_list_get_property;
  object_class->set_property = proc_paper_list_set_property;

  properties [PROP_STORE] =
    g_param_spec_object ("store", NULL, NULL,
                         PROC_TYPE_STORE,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  properties [PROP_FILTER] =
    g_param_spec_string ("filter", NULL, NULL, NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties [PROP_SEARCH] =
    g_param_spec_string ("search", NULL, NULL, NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties [PROP_SORT_KEY] =
    g_param_spec_enum ("sort-key", NULL, NULL,
                       PROC_TYPE_SORT_KEY, PROC_SORT_ADDED,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties [PROP_DESCENDING] =
    g_param_spec_boolean ("descending", NULL, NULL, FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties [PROP_N_ITEMS] =
    g_param_spec_uint ("n-items", NULL, NULL, 0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ProcPaperList:background:
   *
   * Whether a new search or filter shows its first papers at once and
   * the rest when a thread has read them (see #ProcPaperList:complete).
   * Edits and sorts always query all of it at once.
   */
  properties [PROP_BACKGROUND] =
    g_param_spec_boolean ("background", NULL, NULL, FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ProcPaperList:complete:
   *
   * Whether the list holds every paper its query chooses; %FALSE while a
   * thread reads the rest, when n-items is only the first papers'.
   */
  properties [PROP_COMPLETE] =
    g_param_spec_boolean ("complete", NULL, NULL, TRUE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
proc_paper_list_init (ProcPaperList *self)
{
  self->complete = TRUE;
  self->ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  self->pages = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_ptr_array_unref);
  g_queue_init (&self->lru);
}

ProcPaperList *
proc_paper_list_new (ProcStore *store)
{
  g_return_val_if_fail (PROC_IS_STORE (store), NULL);

  return g_object_new (PROC_TYPE_PAPER_LIST, "store", store, NULL);
}

ProcStore *
proc_paper_list_get_store (ProcPaperList *self)
{
  g_return_val_if_fail (PROC_IS_PAPER_LIST (self), NULL);

  return self->store;
}

const char *
proc_paper_list_get_filter (ProcPaperList *self)
{
  g_return_val_if_fail (PROC_IS_PAPER_LIST (self), NULL);

  return self->filter != NULL ? proc_query_get_text (self->filter) : NULL;
}

/* The same text, or both none. */
static gboolean
same_text (ProcQuery  *query,
           const char *text)
{
  return g_strcmp0 (query != NULL ? proc_query_get_text (query) : NULL, text) == 0;
}

/**
 * proc_paper_list_set_filter:
 * @filter: (nullable): a query that chooses the papers, as the sidebar does
 *   (`is:starred`, `tag:"x"`); combined with the search
 *
 * Parsed here, once, when it changes.
 */
void
proc_paper_list_set_filter (ProcPaperList *self,
                            const char    *filter)
{
  g_return_if_fail (PROC_IS_PAPER_LIST (self));

  if (same_text (self->filter, filter))
    return;

  g_clear_pointer (&self->filter, proc_query_unref);
  self->filter = filter != NULL ? proc_query_parse (filter) : NULL;
  update_for (self, properties [PROP_FILTER]);
}

const char *
proc_paper_list_get_search (ProcPaperList *self)
{
  g_return_val_if_fail (PROC_IS_PAPER_LIST (self), NULL);

  return self->search != NULL ? proc_query_get_text (self->search) : NULL;
}

/**
 * proc_paper_list_get_query:
 *
 * Returns: (nullable) (transfer none): the search, parsed
 */
ProcQuery *
proc_paper_list_get_query (ProcPaperList *self)
{
  g_return_val_if_fail (PROC_IS_PAPER_LIST (self), NULL);

  return self->search;
}

/**
 * proc_paper_list_set_query:
 * @query: (nullable) (transfer none): the search, parsed
 *
 * The search as the window parsed it, which it reads its highlighted
 * words from too: the text is parsed once a keystroke.  Notifies
 * #ProcPaperList:search once the list shows what it chose: at once, or
 * in the background when the thread has it (see proc_query_has_unindexed_prefix()).
 */
void
proc_paper_list_set_query (ProcPaperList *self,
                           ProcQuery     *query)
{
  g_return_if_fail (PROC_IS_PAPER_LIST (self));

  if (same_text (self->search, query != NULL ? proc_query_get_text (query) : NULL))
    return;

  g_clear_pointer (&self->search, proc_query_unref);
  self->search = query != NULL ? proc_query_ref (query) : NULL;
  update_for (self, properties [PROP_SEARCH]);
}

void
proc_paper_list_set_search (ProcPaperList *self,
                            const char    *search)
{
  g_autoptr(ProcQuery) query = NULL;

  g_return_if_fail (PROC_IS_PAPER_LIST (self));

  if (same_text (self->search, search))
    return;

  query = search != NULL ? proc_query_parse (search) : NULL;
  proc_paper_list_set_query (self, query);
}

ProcSortKey
proc_paper_list_get_sort_key (ProcPaperList *self)
{
  g_return_val_if_fail (PROC_IS_PAPER_LIST (self), PROC_SORT_ADDED);

  return self->sort_key;
}

void
proc_paper_list_set_sort_key (ProcPaperList *self,
                              ProcSortKey    sort_key)
{
  g_return_if_fail (PROC_IS_PAPER_LIST (self));

  if (self->sort_key == sort_key)
    return;

  self->sort_key = sort_key;
  if (self->store != NULL)
    update (self, FALSE);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_SORT_KEY]);
}

gboolean
proc_paper_list_get_descending (ProcPaperList *self)
{
  g_return_val_if_fail (PROC_IS_PAPER_LIST (self), FALSE);

  return self->descending;
}

void
proc_paper_list_set_descending (ProcPaperList *self,
                                gboolean       descending)
{
  g_return_if_fail (PROC_IS_PAPER_LIST (self));

  descending = !!descending;
  if (self->descending == descending)
    return;

  self->descending = descending;
  if (self->store != NULL)
    update (self, FALSE);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_DESCENDING]);
}

/**
 * proc_paper_list_get_reading_list:
 *
 * Returns: (nullable): the name of the reading list whose own order the
 *   papers are in (the filter is that list and no search ranks them), or
 *   %NULL when they are sorted by the sort key
 */
const char *
proc_paper_list_get_reading_list (ProcPaperList *self)
{
  g_return_val_if_fail (PROC_IS_PAPER_LIST (self), NULL);

  return self->reading_list;
}

/* The id at @position, without loading the paper. */
gint64
proc_paper_list_get_id (ProcPaperList *self,
                        guint          position)
{
  g_return_val_if_fail (PROC_IS_PAPER_LIST (self), 0);

  if (position >= self->ids->len)
    return 0;

  return g_array_index (self->ids, gint64, position);
}

/* The position of paper @id, or -1. */
int
proc_paper_list_find (ProcPaperList *self,
                      gint64         id)
{
  g_return_val_if_fail (PROC_IS_PAPER_LIST (self), -1);

  for (guint i = 0; i < self->ids->len; i++)
    if (g_array_index (self->ids, gint64, i) == id)
      return i;

  return -1;
}

void
proc_paper_list_refresh (ProcPaperList *self)
{
  g_return_if_fail (PROC_IS_PAPER_LIST (self));

  update (self, FALSE);
}

gboolean
proc_paper_list_get_background (ProcPaperList *self)
{
  g_return_val_if_fail (PROC_IS_PAPER_LIST (self), FALSE);

  return self->background;
}

/**
 * proc_paper_list_set_background:
 *
 * See #ProcPaperList:background.  The window's list sets it, so that
 * typing at 87,000 papers never holds a frame; the others keep their
 * papers at once, as their callers expect.
 */
void
proc_paper_list_set_background (ProcPaperList *self,
                                gboolean       background)
{
  g_return_if_fail (PROC_IS_PAPER_LIST (self));

  background = !!background;
  if (self->background == background)
    return;

  self->background = background;
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_BACKGROUND]);
}

/* Whether every paper the query chooses is in the list; see
 * #ProcPaperList:complete. */
gboolean
proc_paper_list_get_complete (ProcPaperList *self)
{
  g_return_val_if_fail (PROC_IS_PAPER_LIST (self), TRUE);

  return self->complete;
}
