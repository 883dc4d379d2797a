/* proc-paper-selection.c: a multiple selection of papers, kept as ids
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-paper-selection"

#include "config.h"

#include "proc-paper-selection.h"

/* GtkMultiSelection (GTK 4.8) holds every selected item and, when a
 * query replaces rows, asks its model for each new item to find the
 * selected ones again: selecting all 87,000 papers, or typing a letter
 * with one paper selected, loaded every paper.  The paper list knows
 * each row's id without loading it, so this selection keeps ids.
 *
 * It also tells the view of a large replacement as two changes: the
 * rows from the first one that moved onwards go, then the new ones come.
 * Told as one change, GTK's list view looks for the rows it showed
 * among all the new items, again loading each paper; told as two, it
 * builds the rows it shows and begins at the top of the new results,
 * which is where a new search should begin. */

/* More new rows than a view shows at once, and than one page of papers
 * (64, see proc-paper-list.c): a search's first 256 papers told as one
 * change had GTK load all four pages to look for the rows it showed. */
#define REPLACE_THRESHOLD 64

struct _ProcPaperSelection
{
  GObject parent_instance;

  ProcPaperList *papers;
  GtkBitset *selected;    /* positions in the paper list */
  GHashTable *ids;        /* the selected papers' ids, gint64 * → itself */
  guint n_items;          /* what the view is told, behind during a replacement */
};

static void list_model_iface_init      (GListModelInterface        *iface);
static void selection_model_iface_init (GtkSelectionModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (ProcPaperSelection, proc_paper_selection, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init)
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_SELECTION_MODEL, selection_model_iface_init))

enum {
  PROP_0,
  PROP_PAPERS,
  PROP_N_ITEMS,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

static GType
proc_paper_selection_get_item_type (GListModel *model)
{
  return PROC_TYPE_PAPER;
}

static guint
proc_paper_selection_get_n_items (GListModel *model)
{
  return PROC_PAPER_SELECTION (model)->n_items;
}

static gpointer
proc_paper_selection_get_item (GListModel *model,
                               guint       position)
{
  ProcPaperSelection *self = PROC_PAPER_SELECTION (model);

  /* During a replacement the view sees only the rows before it, which
   * are the paper list's own first rows. */
  if (position >= self->n_items)
    return NULL;

  return g_list_model_get_item (G_LIST_MODEL (self->papers), position);
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = proc_paper_selection_get_item_type;
  iface->get_n_items = proc_paper_selection_get_n_items;
  iface->get_item = proc_paper_selection_get_item;
}

static gboolean
proc_paper_selection_is_selected (GtkSelectionModel *model,
                                  guint              position)
{
  ProcPaperSelection *self = PROC_PAPER_SELECTION (model);

  return position < self->n_items && gtk_bitset_contains (self->selected, position);
}

static GtkBitset *
proc_paper_selection_get_selection_in_range (GtkSelectionModel *model,
                                             guint              position,
                                             guint              n_items)
{
  ProcPaperSelection *self = PROC_PAPER_SELECTION (model);
  GtkBitset *selected;

  if (self->n_items >= g_list_model_get_n_items (G_LIST_MODEL (self->papers)))
    return gtk_bitset_ref (self->selected);

  selected = gtk_bitset_copy (self->selected);
  gtk_bitset_remove_range_closed (selected, self->n_items, G_MAXUINT);
  return selected;
}

static void
add_id (ProcPaperSelection *self,
        guint               position)
{
  gint64 id = proc_paper_list_get_id (self->papers, position);

  if (!g_hash_table_contains (self->ids, &id))
    g_hash_table_add (self->ids, g_memdup2 (&id, sizeof id));
}

static void
remove_id (ProcPaperSelection *self,
           guint               position)
{
  gint64 id = proc_paper_list_get_id (self->papers, position);

  g_hash_table_remove (self->ids, &id);
}

static gboolean
proc_paper_selection_set_selection (GtkSelectionModel *model,
                                    GtkBitset         *selected,
                                    GtkBitset         *mask)
{
  ProcPaperSelection *self = PROC_PAPER_SELECTION (model);
  g_autoptr(GtkBitset) added = NULL;
  g_autoptr(GtkBitset) removed = NULL;
  g_autoptr(GtkBitset) changes = NULL;
  GtkBitsetIter iter;
  guint position, min, max;

  /* added = selected ∧ mask ∧ ¬self->selected, within the rows shown;
   * removed = mask ∧ ¬selected ∧ self->selected */
  added = gtk_bitset_copy (selected);
  gtk_bitset_intersect (added, mask);
  gtk_bitset_subtract (added, self->selected);
  gtk_bitset_remove_range_closed (added, self->n_items, G_MAXUINT);

  removed = gtk_bitset_copy (mask);
  gtk_bitset_subtract (removed, selected);
  gtk_bitset_intersect (removed, self->selected);

  if (gtk_bitset_is_empty (added) && gtk_bitset_is_empty (removed))
    return TRUE;

  /* Unselecting everything lets the ids go at once. */
  if (gtk_bitset_get_size (removed) == gtk_bitset_get_size (self->selected))
    g_hash_table_remove_all (self->ids);
  else
    for (gboolean more = gtk_bitset_iter_init_first (&iter, removed, &position);
         more; more = gtk_bitset_iter_next (&iter, &position))
      remove_id (self, position);

  for (gboolean more = gtk_bitset_iter_init_first (&iter, added, &position);
       more; more = gtk_bitset_iter_next (&iter, &position))
    add_id (self, position);

  gtk_bitset_subtract (self->selected, removed);
  gtk_bitset_union (self->selected, added);

  changes = gtk_bitset_copy (added);
  gtk_bitset_union (changes, removed);
  min = gtk_bitset_get_minimum (changes);
  max = gtk_bitset_get_maximum (changes);
  gtk_selection_model_selection_changed (model, min, max - min + 1);

  return TRUE;
}

static void
selection_model_iface_init (GtkSelectionModelInterface *iface)
{
  iface->is_selected = proc_paper_selection_is_selected;
  iface->get_selection_in_range = proc_paper_selection_get_selection_in_range;
  iface->set_selection = proc_paper_selection_set_selection;
}

/* Selected papers that the change moved are found again by id among
 * the new rows; those the change took away are no longer selected. */
static void
follow_selection (ProcPaperSelection *self,
                  guint               position,
                  guint               removed,
                  guint               added)
{
  GtkBitsetIter iter;
  guint selected_position;

  gtk_bitset_splice (self->selected, position, removed, added);
  if (g_hash_table_size (self->ids) == gtk_bitset_get_size (self->selected))
    return;

  for (guint i = position; i < position + added; i++)
    {
      gint64 id = proc_paper_list_get_id (self->papers, i);

      if (g_hash_table_contains (self->ids, &id))
        gtk_bitset_add (self->selected, i);
    }

  if (g_hash_table_size (self->ids) == gtk_bitset_get_size (self->selected))
    return;

  /* A list still loading may have them further on: their ids are looked
   * for again among the rows its rest adds. */
  if (!proc_paper_list_get_complete (self->papers))
    return;

  g_hash_table_remove_all (self->ids);
  for (gboolean more = gtk_bitset_iter_init_first (&iter, self->selected, &selected_position);
       more; more = gtk_bitset_iter_next (&iter, &selected_position))
    add_id (self, selected_position);
}

static void
papers_items_changed_cb (ProcPaperSelection *self,
                         guint               position,
                         guint               removed,
                         guint               added,
                         GListModel         *papers)
{
  guint old_n_items = self->n_items;
  guint n_items = g_list_model_get_n_items (papers);

  follow_selection (self, position, removed, added);

  if (added > REPLACE_THRESHOLD)
    {
      self->n_items = position;
      g_list_model_items_changed (G_LIST_MODEL (self), position, old_n_items - position, 0);
      self->n_items = n_items;
      g_list_model_items_changed (G_LIST_MODEL (self), position, 0, n_items - position);
    }
  else
    {
      self->n_items = n_items;
      g_list_model_items_changed (G_LIST_MODEL (self), position, removed, added);
    }

  if (old_n_items != n_items)
    g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_N_ITEMS]);
}

static void
proc_paper_selection_dispose (GObject *object)
{
  ProcPaperSelection *self = (ProcPaperSelection *)object;

  if (self->papers != NULL)
    g_signal_handlers_disconnect_by_data (self->papers, self);
  g_clear_object (&self->papers);

  G_OBJECT_CLASS (proc_paper_selection_parent_class)->dispose (object);
}

static void
proc_paper_selection_finalize (GObject *object)
{
  ProcPaperSelection *self = (ProcPaperSelection *)object;

  g_clear_pointer (&self->selected, gtk_bitset_unref);
  g_clear_pointer (&self->ids, g_hash_table_unref);

  G_OBJECT_CLASS (proc_paper_selection_parent_class)->finalize (object);
}

static void
proc_paper_selection_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  ProcPaperSelection *self = PROC_PAPER_SELECTION (object);

  switch (prop_id)
    {
    case PROP_PAPERS:
      g_value_set_object (value, self->papers);
      break;

    case PROP_N_ITEMS:
      g_value_set_uint (value, self->n_items);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
proc_paper_selection_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  ProcPaperSelection *self = PROC_PAPER_SELECTION (object);

  switch (prop_id)
    {
    case PROP_PAPERS:
      self->papers = g_value_dup_object (value);
      self->n_items = g_list_model_get_n_items (G_LIST_MODEL (self->papers));
      g_signal_connect_object (self->papers, "items-changed",
                               G_CALLBACK (papers_items_changed_cb), self, G_CONNECT_SWAPPED);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
proc_paper_selection_class_init (ProcPaperSelectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = proc_paper_selection_dispose;
  object_class->finalize = proc_paper_selection_finalize;
  object_class->get_property = proc_paper_selection_get_property;
  object_class->set_property = proc_paper_selection_set_property;

  properties [PROP_PAPERS] =
    g_param_spec_object ("papers", NULL, NULL,
                         PROC_TYPE_PAPER_LIST,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  properties [PROP_N_ITEMS] =
    g_param_spec_uint ("n-items", NULL, NULL,
                       0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
proc_paper_selection_init (ProcPaperSelection *self)
{
  self->selected = gtk_bitset_new_empty ();
  self->ids = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
}

ProcPaperSelection *
proc_paper_selection_new (ProcPaperList *papers)
{
  g_return_val_if_fail (PROC_IS_PAPER_LIST (papers), NULL);

  return g_object_new (PROC_TYPE_PAPER_SELECTION, "papers", papers, NULL);
}

/* The number of selected papers, without copying the selection. */
guint
proc_paper_selection_get_count (ProcPaperSelection *self)
{
  g_return_val_if_fail (PROC_IS_PAPER_SELECTION (self), 0);

  return gtk_bitset_get_size (self->selected);
}
