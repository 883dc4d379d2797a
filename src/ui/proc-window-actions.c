/* proc-window-actions.c: what the window's menus, buttons and keys do
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-window"

#include "config.h"

#include <glib/gi18n.h>

#include "proc-collection-list.h"
#include "proc-paper-row.h"
#include "proc-statistics-window.h"
#include "proc-tex.h"
#include "proc-utils.h"
#include "proc-window-private.h"

/* Every edit goes through the store in one transaction; the destructive
 * ones and the bulk ones come back as a ProcUndo for the toast and Ctrl+Z. */

static const gint64 *
ids_data (GArray *ids)
{
  return (const gint64 *) (gpointer) ids->data;
}

static void
finish_undoable (ProcWindow *self,
                 ProcUndo   *undo,
                 GError     *error)
{
  if (undo == NULL)
    proc_window_report_error (self, error);
  else
    {
      proc_window_push_undo (self, undo);
      proc_undo_unref (undo);
    }
}

/* One paper's star, rating or read state is its own undo (set it back);
 * the same edit over a selection is offered for Undo. */
static void
finish_bulk_edit (ProcWindow *self,
                  guint       n_papers,
                  ProcUndo   *undo,
                  GError     *error)
{
  if (n_papers == 1 && undo != NULL)
    proc_undo_unref (undo);
  else
    finish_undoable (self, undo, error);
}

static void
toggle_star_paper_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  ProcWindow *self = PROC_WINDOW (widget);
  gint64 id = g_variant_get_int64 (parameter);
  g_autoptr(ProcPaper) paper = proc_store_get_paper (self->store, id);
  g_autoptr(GError) error = NULL;

  if (paper != NULL &&
      !proc_store_set_starred (self->store, &id, 1, !proc_paper_get_starred (paper), &error))
    proc_window_report_error (self, error);
}

static void
toggle_star_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  ProcWindow *self = PROC_WINDOW (widget);
  g_autoptr(GArray) ids = proc_window_dup_selected_ids (self);
  g_autoptr(ProcPaper) first = NULL;
  g_autoptr(GError) error = NULL;
  ProcUndo *undo;

  if (ids->len == 0)
    return;

  /* Like a mail client: star all unless the first is starred already. */
  first = proc_store_get_paper (self->store, g_array_index (ids, gint64, 0));
  undo = proc_store_set_starred_undoable (self->store, ids_data (ids), ids->len,
                                          first == NULL || !proc_paper_get_starred (first), &error);
  finish_bulk_edit (self, ids->len, undo, error);
}

static void
set_read_state (ProcWindow    *self,
                ProcReadState  state)
{
  g_autoptr(GArray) ids = proc_window_dup_selected_ids (self);
  g_autoptr(GError) error = NULL;
  ProcUndo *undo;

  if (ids->len == 0)
    return;

  undo = proc_store_set_read_state_undoable (self->store, ids_data (ids), ids->len, state, &error);
  finish_bulk_edit (self, ids->len, undo, error);
}

static void
mark_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  const char *state = g_variant_get_string (parameter, NULL);

  set_read_state (PROC_WINDOW (widget),
                  g_str_equal (state, "read") ? PROC_READ_STATE_READ :
                  g_str_equal (state, "reading") ? PROC_READ_STATE_READING : PROC_READ_STATE_UNREAD);
}

static void
cycle_read_state_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  ProcWindow *self = PROC_WINDOW (widget);
  g_autoptr(GArray) ids = proc_window_dup_selected_ids (self);
  g_autoptr(ProcPaper) first = NULL;

  if (ids->len == 0)
    return;

  first = proc_store_get_paper (self->store, g_array_index (ids, gint64, 0));
  if (first != NULL)
    set_read_state (self, (proc_paper_get_read_state (first) + 1) % 3);
}

static void
rate_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  ProcWindow *self = PROC_WINDOW (widget);
  g_autoptr(GArray) ids = proc_window_dup_selected_ids (self);
  g_autoptr(GError) error = NULL;
  ProcUndo *undo;

  if (ids->len == 0)
    return;

  undo = proc_store_set_rating_undoable (self->store, ids_data (ids), ids->len,
                                         g_variant_get_int32 (parameter), &error);
  finish_bulk_edit (self, ids->len, undo, error);
}

static void
add_tag (ProcWindow *self,
         const char *tag)
{
  g_autoptr(GArray) ids = proc_window_dup_selected_ids (self);
  g_autoptr(GError) error = NULL;

  if (ids->len == 0)
    return;

  finish_undoable (self, proc_store_add_tag_undoable (self->store, ids_data (ids), ids->len, tag, &error), error);
}

static void
add_tag_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  add_tag (PROC_WINDOW (widget), g_variant_get_string (parameter, NULL));
}

/* The tag is added to the papers (with Undo), then given its colour: a
 * colour is the tag's, not the papers', and stays when the tagging is
 * undone. */
static void
new_tag_done (ProcWindow *self,
              const char *name,
              const char *colour)
{
  g_autoptr(ProcCollectionList) tags = NULL;
  g_autoptr(GError) error = NULL;
  ProcCollection *tag;

  add_tag (self, name);
  if (*colour == '\0')
    return;

  tags = proc_collection_list_new (self->store, PROC_COLLECTION_KIND_TAG);
  if ((tag = proc_collection_list_lookup (tags, name)) != NULL &&
      !proc_store_set_tag_colour (self->store, proc_collection_get_id (tag), colour, &error))
    proc_window_report_error (self, error);
}

static void
new_tag_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  proc_ask_new_tag (widget, (ProcTagCallback) new_tag_done, widget);
}

/* Adds @ids to a reading list, with Undo; shared by the menu and a drop.
 * The toast names the list as the store has it. */
void
_proc_window_add_to_reading_list (ProcWindow *self,
                                  gint64      reading_list_id,
                                  GArray     *ids)
{
  g_autoptr(GError) error = NULL;

  if (ids->len == 0)
    return;

  finish_undoable (self, proc_store_add_to_reading_list_undoable (self->store, reading_list_id,
                                                                  ids_data (ids), ids->len, &error),
                   error);
}

static void
add_to_reading_list_action (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *parameter)
{
  ProcWindow *self = PROC_WINDOW (widget);
  g_autoptr(GArray) ids = proc_window_dup_selected_ids (self);

  _proc_window_add_to_reading_list (self, g_variant_get_int64 (parameter), ids);
}

/* Selects the papers of @ids that are shown, and brings the first into
 * view; the list keeps the keyboard focus it had. */
static void
select_ids (ProcWindow *self,
            GArray     *ids)
{
  g_autoptr(GHashTable) wanted = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr(GtkBitset) selected = gtk_bitset_new_empty ();
  g_autoptr(GtkBitset) all = NULL;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->papers));
  GtkWidget *focus = gtk_root_get_focus (gtk_widget_get_root (GTK_WIDGET (self)));
  gboolean had_focus = focus != NULL && (focus == GTK_WIDGET (self->list_view) ||
                                         gtk_widget_is_ancestor (focus, GTK_WIDGET (self->list_view)));

  for (guint i = 0; i < ids->len; i++)
    g_hash_table_add (wanted, &g_array_index (ids, gint64, i));
  for (guint i = 0; i < n; i++)
    {
      gint64 id = proc_paper_list_get_id (self->papers, i);

      if (g_hash_table_contains (wanted, &id))
        gtk_bitset_add (selected, i);
    }

  all = gtk_bitset_new_range (0, n);
  gtk_selection_model_set_selection (GTK_SELECTION_MODEL (self->selection), selected, all);
  if (gtk_bitset_is_empty (selected))
    return;

  gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u",
                              gtk_bitset_get_minimum (selected));
  if (had_focus)
    gtk_widget_grab_focus (GTK_WIDGET (self->list_view));
}

/* The papers selected, in the order shown, make a new reading list,
 * which the sidebar then shows with them selected. */
static void
create_reading_list (ProcWindow *self,
                     const char *name)
{
  g_autoptr(GArray) ids = proc_window_dup_selected_ids (self);
  g_autoptr(GError) error = NULL;
  ProcUndo *undo;
  gint64 id;

  undo = proc_store_create_reading_list_undoable (self->store, name, ids_data (ids), ids->len, &id, &error);
  if (undo != NULL)
    {
      proc_sidebar_select_collection (self->sidebar, PROC_COLLECTION_KIND_READING_LIST, id);
      select_ids (self, ids);
    }
  finish_undoable (self, undo, error);
}

static void
new_reading_list_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  proc_ask_name (widget, _("New Reading List"), NULL, _("Reading list name"), _("_Create"),
                 (ProcNameCallback) create_reading_list, widget);
}

/**
 * _proc_window_get_ordered_reading_list:
 *
 * Returns: (transfer none) (nullable): the reading list shown in its own
 *   order, which moves change; %NULL in any other view, or while a search
 *   ranks the list's papers by relevance
 */
ProcCollection *
_proc_window_get_ordered_reading_list (ProcWindow *self)
{
  ProcCollection *list = proc_sidebar_get_reading_list (self->sidebar);

  if (list == NULL || proc_paper_list_get_reading_list (self->papers) == NULL)
    return NULL;

  return list;
}

/* Moves @ids before @before_paper_id (0: to the end) in the reading list
 * shown; they stay selected.  Shared by the keys, the menu and a drop. */
void
_proc_window_move_papers (ProcWindow *self,
                          GArray     *ids,
                          gint64      before_paper_id)
{
  ProcCollection *list = _proc_window_get_ordered_reading_list (self);
  g_autoptr(GError) error = NULL;
  ProcUndo *undo;

  if (list == NULL || ids->len == 0)
    return;

  undo = proc_store_move_in_reading_list_undoable (self->store, proc_collection_get_id (list),
                                                   ids_data (ids), ids->len, before_paper_id, &error);
  if (undo != NULL)
    select_ids (self, ids);
  finish_undoable (self, undo, error);
}

/* Up: the selection goes, as one block in its order, before the paper
 * above its first; down: after the paper below its last.  Papers hidden
 * by a search are passed over. */
static void
move_selected (ProcWindow *self,
               int         direction)
{
  g_autoptr(GtkBitset) selected = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  g_autoptr(GArray) ids = NULL;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->papers));
  guint first, last;

  if (gtk_bitset_is_empty (selected))
    return;

  first = gtk_bitset_get_minimum (selected);
  last = gtk_bitset_get_maximum (selected);
  if ((direction < 0 && first == 0) || (direction > 0 && last + 1 >= n))
    return;

  ids = proc_window_dup_selected_ids (self);
  _proc_window_move_papers (self, ids, direction < 0 ? proc_paper_list_get_id (self->papers, first - 1)
                                                     : proc_paper_list_get_id (self->papers, last + 2));
}

static void
move_up_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  move_selected (PROC_WINDOW (widget), -1);
}

static void
move_down_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  move_selected (PROC_WINDOW (widget), 1);
}

static void
remove_from_reading_list_action (GtkWidget  *widget,
                                 const char *action_name,
                                 GVariant   *parameter)
{
  ProcWindow *self = PROC_WINDOW (widget);
  ProcCollection *list = proc_sidebar_get_reading_list (self->sidebar);
  g_autoptr(GArray) ids = proc_window_dup_selected_ids (self);
  g_autoptr(GError) error = NULL;

  if (list == NULL || ids->len == 0)
    return;

  finish_undoable (self, proc_store_remove_from_reading_list_undoable (self->store, proc_collection_get_id (list),
                                                                       ids_data (ids), ids->len, &error),
                   error);
}

static GPtrArray *
selected_papers (ProcWindow *self)
{
  g_autoptr(GArray) ids = proc_window_dup_selected_ids (self);

  return proc_store_load_papers (self->store, ids_data (ids), ids->len, NULL);
}

static void
copy_title_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  ProcWindow *self = PROC_WINDOW (widget);
  g_autoptr(GPtrArray) papers = selected_papers (self);
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; papers && i < papers->len; i++)
    {
      g_autofree char *title = proc_tex_to_plain (proc_paper_get_title (g_ptr_array_index (papers, i)));

      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, title);
    }

  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text->str);
  proc_window_add_toast (self, g_dngettext (GETTEXT_PACKAGE, "Title copied", "Titles copied",
                                            papers ? papers->len : 0));
}

static void
delete_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  ProcWindow *self = PROC_WINDOW (widget);
  g_autoptr(GArray) ids = proc_window_dup_selected_ids (self);
  g_autoptr(GError) error = NULL;

  if (ids->len == 0)
    return;

  proc_detail_view_save_note (self->detail_view);
  finish_undoable (self, proc_store_delete_papers_undoable (self->store, ids_data (ids), ids->len, &error), error);
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  ProcWindow *self = PROC_WINDOW (widget);
  ProcUndo *undo = g_queue_pop_head (&self->undo_stack);
  g_autoptr(GError) error = NULL;

  if (undo == NULL)
    return;

  if (!proc_undo_apply (undo, &error))
    proc_window_report_error (self, error);
  else
    {
      _proc_window_undo_done (self, undo);
      _proc_window_triage_undone (self, undo);
    }
  proc_undo_unref (undo);
  _proc_window_update_actions (self);
}

static void
search_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  ProcWindow *self = PROC_WINDOW (widget);

  _proc_window_show_pane (self, PROC_WINDOW_PANE_LIST);
  gtk_search_bar_set_search_mode (self->search_bar, TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

static void
move_selection (ProcWindow *self,
                int         delta)
{
  g_autoptr(GtkBitset) selected = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->papers));
  int position;

  if (n == 0)
    return;

  position = gtk_bitset_is_empty (selected) ? -1 :
             (int) (delta > 0 ? gtk_bitset_get_maximum (selected) : gtk_bitset_get_minimum (selected));
  position = CLAMP (position + delta, 0, (int) n - 1);

  proc_detail_view_save_note (self->detail_view);
  gtk_selection_model_select_item (GTK_SELECTION_MODEL (self->selection), position, TRUE);
  gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u", position);
}

static void
select_next_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  move_selection (PROC_WINDOW (widget), 1);
}

static void
select_previous_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  move_selection (PROC_WINDOW (widget), -1);
}

static void
focus_detail (ProcWindow *self,
              gboolean    note)
{
  if (proc_detail_view_get_paper (self->detail_view) == NULL)
    return;

  _proc_window_show_pane (self, PROC_WINDOW_PANE_DETAIL);
  if (note)
    proc_detail_view_focus_note (self->detail_view);
  else
    proc_detail_view_focus_tags (self->detail_view);
}

static void
focus_tags_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  focus_detail (PROC_WINDOW (widget), FALSE);
}

static void
focus_note_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  focus_detail (PROC_WINDOW (widget), TRUE);
}

static void
show_sidebar_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  ProcWindow *self = PROC_WINDOW (widget);

  _proc_window_show_pane (self, PROC_WINDOW_PANE_SIDEBAR);
}

static void
show_list_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  /* The list, scrolled to the paper, takes the focus: see detail_hidden_cb(). */
  _proc_window_show_pane (PROC_WINDOW (widget), PROC_WINDOW_PANE_LIST);
}

/* From a tag in the detail: the papers that have it, in the list. */
static void
show_tag_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  ProcWindow *self = PROC_WINDOW (widget);
  g_autoptr(ProcCollectionList) tags = proc_collection_list_new (self->store, PROC_COLLECTION_KIND_TAG);
  ProcCollection *tag = proc_collection_list_lookup (tags, g_variant_get_string (parameter, NULL));

  if (tag == NULL ||
      !proc_sidebar_select_collection (self->sidebar, PROC_COLLECTION_KIND_TAG, proc_collection_get_id (tag)))
    return;

  _proc_window_show_pane (self, PROC_WINDOW_PANE_LIST);
}

static void
show_statistics_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  ProcWindow *self = PROC_WINDOW (widget);

  proc_statistics_window_present (GTK_WINDOW (self), self->store);
}

static void
import_chosen_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(ProcWindow) self = user_data;
  g_autoptr(GListModel) files = NULL;
  g_autoptr(GPtrArray) array = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GError) error = NULL;

  if (!(files = gtk_file_dialog_open_multiple_finish (GTK_FILE_DIALOG (source), result, &error)))
    {
      if (!g_error_matches (error, GTK_DIALOG_ERROR, GTK_DIALOG_ERROR_DISMISSED))
        proc_window_report_error (self, error);
      return;
    }

  for (guint i = 0; i < g_list_model_get_n_items (files); i++)
    g_ptr_array_add (array, g_list_model_get_item (files, i));
  proc_window_import_files (self, (GFile **) array->pdata, array->len);
}

/* The file dialog (the portal's, in Flatpak), for one or more lists. */
static void
import_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  ProcWindow *self = PROC_WINDOW (widget);
  g_autoptr(GtkFileDialog) dialog = gtk_file_dialog_new ();
  g_autoptr(GtkFileFilter) lists = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();
  g_autoptr(GListStore) filters = g_list_store_new (GTK_TYPE_FILE_FILTER);

  gtk_file_dialog_set_title (dialog, _("Import Paper List"));
  gtk_file_dialog_set_accept_label (dialog, _("_Import"));

  /* Every format the importer reads; it tells them apart by content. */
  gtk_file_filter_set_name (lists, _("Paper Lists (Text, BibTeX, RIS, JSON, CSV)"));
  gtk_file_filter_add_mime_type (lists, "text/plain");
  gtk_file_filter_add_mime_type (lists, "text/x-bibtex");
  gtk_file_filter_add_mime_type (lists, "application/x-research-info-systems");
  gtk_file_filter_add_mime_type (lists, "application/json");
  gtk_file_filter_add_mime_type (lists, "text/csv");
  gtk_file_filter_add_pattern (lists, "*.txt");
  gtk_file_filter_add_pattern (lists, "*.bib");
  gtk_file_filter_add_pattern (lists, "*.ris");
  gtk_file_filter_add_pattern (lists, "*.json");
  gtk_file_filter_add_pattern (lists, "*.csv");
  /* Our own Markdown and HTML exports come back with their annotations
   * (anything else of those kinds is refused with a message). */
  gtk_file_filter_add_mime_type (lists, "text/markdown");
  gtk_file_filter_add_mime_type (lists, "text/html");
  gtk_file_filter_add_pattern (lists, "*.md");
  gtk_file_filter_add_pattern (lists, "*.html");
  g_list_store_append (filters, lists);
  gtk_file_filter_set_name (all, _("All Files"));
  gtk_file_filter_add_pattern (all, "*");
  g_list_store_append (filters, all);
  gtk_file_dialog_set_filters (dialog, G_LIST_MODEL (filters));
  gtk_file_dialog_set_default_filter (dialog, lists);

  gtk_file_dialog_open_multiple (dialog, GTK_WINDOW (self), NULL, import_chosen_cb, g_object_ref (self));
}

static void
cancel_import_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  ProcWindow *self = PROC_WINDOW (widget);

  if (self->import_cancellable != NULL)
    g_cancellable_cancel (self->import_cancellable);
}

static GMenuModel *
build_context_menu (ProcWindow *self)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenu) state = g_menu_new ();
  g_autoptr(GMenu) annotate = g_menu_new ();
  g_autoptr(GMenu) rate = g_menu_new ();
  g_autoptr(GMenu) tags = g_menu_new ();
  g_autoptr(GMenu) tags_new = g_menu_new ();
  g_autoptr(GMenu) reading = g_menu_new ();
  g_autoptr(GMenu) reading_new = g_menu_new ();
  g_autoptr(GMenu) copy = g_menu_new ();
  g_autoptr(GMenu) order = g_menu_new ();
  g_autoptr(GMenu) destroy = g_menu_new ();
  g_autoptr(ProcCollectionList) tag_list = proc_collection_list_new (self->store, PROC_COLLECTION_KIND_TAG);
  g_autoptr(ProcCollectionList) reading_lists =
    proc_collection_list_new (self->store, PROC_COLLECTION_KIND_READING_LIST);

  g_menu_append (state, _("Mark as _Unread"), "win.mark::unread");
  g_menu_append (state, _("Mark as _Reading"), "win.mark::reading");
  g_menu_append (state, _("Mark as Rea_d"), "win.mark::read");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (state));

  g_menu_append (annotate, _("_Star or Unstar"), "win.toggle-star");
  for (int i = 0; i <= 5; i++)
    {
      g_autofree char *label = i == 0 ? g_strdup (_("No Rating")) :
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d Star", "%d Stars", i), i);
      g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

      g_menu_item_set_action_and_target_value (item, "win.rate", g_variant_new_int32 (i));
      g_menu_append_item (rate, item);
    }
  g_menu_append_submenu (annotate, _("_Rate"), G_MENU_MODEL (rate));

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (tag_list)); i++)
    {
      g_autoptr(ProcCollection) tag = g_list_model_get_item (G_LIST_MODEL (tag_list), i);
      g_autoptr(GMenuItem) item = g_menu_item_new (proc_collection_get_name (tag), NULL);

      /* Names are data: no mnemonic from an underscore in a tag. */
      g_menu_item_set_attribute (item, "use-markup", "b", FALSE);
      g_menu_item_set_action_and_target_value (item, "win.add-tag",
                                               g_variant_new_string (proc_collection_get_name (tag)));
      g_menu_append_item (tags, item);
    }
  g_menu_append (tags_new, _("_New Tag…"), "win.new-tag");
  g_menu_append_section (tags, NULL, G_MENU_MODEL (tags_new));
  g_menu_append_submenu (annotate, _("Add _Tag"), G_MENU_MODEL (tags));

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (reading_lists)); i++)
    {
      g_autoptr(ProcCollection) list = g_list_model_get_item (G_LIST_MODEL (reading_lists), i);
      g_autoptr(GMenuItem) item = g_menu_item_new (proc_collection_get_name (list), NULL);

      g_menu_item_set_action_and_target_value (item, "win.add-to-reading-list",
                                               g_variant_new_int64 (proc_collection_get_id (list)));
      g_menu_append_item (reading, item);
    }
  g_menu_append (reading_new, _("New Reading List from _Selection…"), "win.new-reading-list");
  g_menu_append_section (reading, NULL, G_MENU_MODEL (reading_new));
  g_menu_append_submenu (annotate, _("Add to Reading _List"), G_MENU_MODEL (reading));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (annotate));

  g_menu_append (copy, _("_Copy Title"), "win.copy-title");
  g_menu_append (copy, _("Copy as _Markdown"), "win.copy-markdown");
  g_menu_append (copy, _("Copy as _BibTeX"), "win.copy-bibtex");
  g_menu_append (copy, _("_Export Selection…"), "win.export-papers::selection");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (copy));

  /* Showing a reading list: its order, and taking papers out of it. */
  if (proc_sidebar_get_reading_list (self->sidebar) != NULL)
    {
      g_autoptr(GMenuItem) up = g_menu_item_new (_("Move U_p"), "win.move-up");
      g_autoptr(GMenuItem) down = g_menu_item_new (_("Move Do_wn"), "win.move-down");

      g_menu_item_set_attribute (up, "accel", "s", "<Alt>Up");
      g_menu_item_set_attribute (down, "accel", "s", "<Alt>Down");
      g_menu_append_item (order, up);
      g_menu_append_item (order, down);
      g_menu_append (order, _("R_emove from Reading List"), "win.remove-from-reading-list");
      g_menu_append_section (menu, NULL, G_MENU_MODEL (order));
    }

  g_menu_append (destroy, _("_Delete"), "win.delete");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (destroy));

  return G_MENU_MODEL (g_steal_pointer (&menu));
}

/* Right-click on a row outside the selection selects that row first, as
 * file managers do.  The menu acts on the selection, whichever paper the
 * row shows by then. */
void
_proc_window_show_context_menu (ProcWindow *self,
                                GtkWidget  *row,
                                double      x,
                                double      y)
{
  ProcPaper *paper = proc_paper_row_get_paper (PROC_PAPER_ROW (row));
  g_autoptr(GMenuModel) model = NULL;
  int position;

  if (paper == NULL)
    return;

  position = proc_paper_list_find (self->papers, proc_paper_get_id (paper));
  if (position >= 0 && !gtk_selection_model_is_selected (GTK_SELECTION_MODEL (self->selection), position))
    gtk_selection_model_select_item (GTK_SELECTION_MODEL (self->selection), position, TRUE);

  model = build_context_menu (self);
  proc_popup_context_menu (row, &self->paper_menu, model, x, y);
}

void
_proc_window_update_actions (ProcWindow *self)
{
  g_autoptr(GtkBitset) selected = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  gboolean any = !gtk_bitset_is_empty (selected);
  static const char * const selection_actions[] = {
    "win.toggle-star", "win.mark", "win.cycle-read-state", "win.rate", "win.add-tag",
    "win.new-tag", "win.add-to-reading-list", "win.new-reading-list", "win.copy-title",
    "win.copy-markdown", "win.delete",
  };

  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->papers));
  gboolean ordered = any && _proc_window_get_ordered_reading_list (self) != NULL;

  for (guint i = 0; i < G_N_ELEMENTS (selection_actions); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), selection_actions[i], any);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo", !g_queue_is_empty (&self->undo_stack));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.move-up", ordered && gtk_bitset_get_minimum (selected) > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.move-down", ordered && gtk_bitset_get_maximum (selected) + 1 < n);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.remove-from-reading-list",
                                 any && proc_sidebar_get_reading_list (self->sidebar) != NULL);
}

static void
add_list_key_with_modifiers (GtkShortcutController *controller,
                             guint                  keyval,
                             GdkModifierType        modifiers,
                             const char            *action,
                             GVariant              *target)
{
  GtkShortcut *shortcut = gtk_shortcut_new (gtk_keyval_trigger_new (keyval, modifiers), gtk_named_action_new (action));

  if (target != NULL)
    gtk_shortcut_set_arguments (shortcut, target);
  gtk_shortcut_controller_add_shortcut (controller, shortcut);
}

static void
add_list_key (GtkShortcutController *controller,
              guint                  keyval,
              const char            *action,
              GVariant              *target)
{
  add_list_key_with_modifiers (controller, keyval, 0, action, target);
}

void
_proc_window_class_add_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.import", NULL, import_action);
  gtk_widget_class_install_action (widget_class, "win.search", NULL, search_action);
  gtk_widget_class_install_action (widget_class, "win.cancel-import", NULL, cancel_import_action);
  gtk_widget_class_install_action (widget_class, "win.toggle-star-paper", "x", toggle_star_paper_action);
  gtk_widget_class_install_action (widget_class, "win.toggle-star", NULL, toggle_star_action);
  gtk_widget_class_install_action (widget_class, "win.mark", "s", mark_action);
  gtk_widget_class_install_action (widget_class, "win.cycle-read-state", NULL, cycle_read_state_action);
  gtk_widget_class_install_action (widget_class, "win.rate", "i", rate_action);
  gtk_widget_class_install_action (widget_class, "win.add-tag", "s", add_tag_action);
  gtk_widget_class_install_action (widget_class, "win.new-tag", NULL, new_tag_action);
  gtk_widget_class_install_action (widget_class, "win.add-to-reading-list", "x", add_to_reading_list_action);
  gtk_widget_class_install_action (widget_class, "win.new-reading-list", NULL, new_reading_list_action);
  gtk_widget_class_install_action (widget_class, "win.move-up", NULL, move_up_action);
  gtk_widget_class_install_action (widget_class, "win.move-down", NULL, move_down_action);
  gtk_widget_class_install_action (widget_class, "win.remove-from-reading-list", NULL,
                                   remove_from_reading_list_action);
  gtk_widget_class_install_action (widget_class, "win.copy-title", NULL, copy_title_action);
  gtk_widget_class_install_action (widget_class, "win.delete", NULL, delete_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.select-next", NULL, select_next_action);
  gtk_widget_class_install_action (widget_class, "win.select-previous", NULL, select_previous_action);
  gtk_widget_class_install_action (widget_class, "win.focus-tags", NULL, focus_tags_action);
  gtk_widget_class_install_action (widget_class, "win.focus-note", NULL, focus_note_action);
  gtk_widget_class_install_action (widget_class, "win.show-sidebar", NULL, show_sidebar_action);
  gtk_widget_class_install_action (widget_class, "win.show-list", NULL, show_list_action);
  gtk_widget_class_install_action (widget_class, "win.show-statistics", NULL, show_statistics_action);
  gtk_widget_class_install_action (widget_class, "win.show-tag", "s", show_tag_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, "win.search", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "win.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.import", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_i, GDK_CONTROL_MASK, "win.show-statistics", NULL);
}

/**
 * _proc_window_add_list_keys:
 *
 * The single keys (j, k, s, r, 0–5, t, n, Delete) and Alt+Up/Down act only
 * while the paper list has the focus, so typing a note or a tag is never
 * taken for one.
 */
void
_proc_window_add_list_keys (ProcWindow *self)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();
  GtkShortcutController *shortcuts = GTK_SHORTCUT_CONTROLLER (controller);

  gtk_shortcut_controller_set_scope (shortcuts, GTK_SHORTCUT_SCOPE_LOCAL);
  add_list_key (shortcuts, GDK_KEY_j, "win.select-next", NULL);
  add_list_key (shortcuts, GDK_KEY_k, "win.select-previous", NULL);
  add_list_key (shortcuts, GDK_KEY_s, "win.toggle-star", NULL);
  add_list_key (shortcuts, GDK_KEY_r, "win.cycle-read-state", NULL);
  add_list_key (shortcuts, GDK_KEY_t, "win.focus-tags", NULL);
  add_list_key (shortcuts, GDK_KEY_n, "win.focus-note", NULL);
  /* The keypad's keys first: menus show an action's last key, and
   * "Delete" reads better than "KP Delete". */
  add_list_key (shortcuts, GDK_KEY_KP_Delete, "win.delete", NULL);
  add_list_key (shortcuts, GDK_KEY_Delete, "win.delete", NULL);
  add_list_key_with_modifiers (shortcuts, GDK_KEY_KP_Up, GDK_ALT_MASK, "win.move-up", NULL);
  add_list_key_with_modifiers (shortcuts, GDK_KEY_Up, GDK_ALT_MASK, "win.move-up", NULL);
  add_list_key_with_modifiers (shortcuts, GDK_KEY_KP_Down, GDK_ALT_MASK, "win.move-down", NULL);
  add_list_key_with_modifiers (shortcuts, GDK_KEY_Down, GDK_ALT_MASK, "win.move-down", NULL);
  for (int i = 0; i <= 5; i++)
    {
      add_list_key (shortcuts, GDK_KEY_KP_0 + i, "win.rate", g_variant_new_int32 (i));
      add_list_key (shortcuts, GDK_KEY_0 + i, "win.rate", g_variant_new_int32 (i));
    }

  gtk_widget_add_controller (GTK_WIDGET (self->list_view), controller);
}
