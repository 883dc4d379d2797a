/* proc-window.c: the main window: sidebar, paper list and detail
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-window"

#include "config.h"

#include <glib/gi18n.h>

#include "proc-collection.h"
#include "proc-importer.h"
#include "proc-paper-ids.h"
#include "proc-paper-row.h"
#include "proc-query.h"
#include "proc-undo-receiver.h"
#include "proc-utils.h"
#include "proc-window-private.h"

#define MAX_UNDO 20

static void proc_window_undo_receiver_init (ProcUndoReceiverInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (ProcWindow, proc_window, ADW_TYPE_APPLICATION_WINDOW,
                               G_IMPLEMENT_INTERFACE (PROC_TYPE_UNDO_RECEIVER, proc_window_undo_receiver_init))

static void
foreach_row (ProcWindow *self,
             GtkWidget  *widget,
             void      (*func) (ProcWindow *, ProcPaperRow *))
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      if (PROC_IS_PAPER_ROW (child))
        func (self, PROC_PAPER_ROW (child));
      else
        foreach_row (self, child, func);
    }
}

static void
apply_row_settings (ProcWindow   *self,
                    ProcPaperRow *row)
{
  proc_paper_row_set_highlight (row, (const char * const *) self->terms);
  proc_paper_row_set_watched (row, (const char * const *) self->watched);
  proc_paper_row_set_show_preview (row, g_settings_get_boolean (self->settings, "show-abstract-preview"));
}

/* The rows shown take the search's and watchlists' words anew. */
void
_proc_window_refresh_rows (ProcWindow *self)
{
  foreach_row (self, GTK_WIDGET (self->list_view), apply_row_settings);
}

static void
update_title (ProcWindow *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->papers));
  guint n_selected = proc_paper_selection_get_count (self->selection);
  g_autofree char *subtitle = NULL;
  const char *sort_tooltip;
  ProcCollection *list;

  if (n_selected > 1)
    subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%'u selected", "%'u selected", n_selected), n_selected);
  else if (proc_paper_list_get_complete (self->papers))
    subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%'u paper", "%'u papers", n), n);

  adw_window_title_set_title (self->list_title, proc_sidebar_get_title (self->sidebar));
  /* While the rest of the papers load, n is only the first ones: the
   * count shows when it is known, a moment later. */
  if (subtitle != NULL)
    adw_window_title_set_subtitle (self->list_title, subtitle);
  /* The detail's back button names the list it goes back to. */
  if (g_strcmp0 (adw_navigation_page_get_title (self->list_pane), proc_sidebar_get_title (self->sidebar)) != 0)
    adw_navigation_page_set_title (self->list_pane, proc_sidebar_get_title (self->sidebar));

  /* The sort applies to the other views.  Set only when it changes: a
   * tooltip set on a shown widget makes GTK query the pointer, and this
   * runs at every keystroke of a search. */
  sort_tooltip = proc_paper_list_get_reading_list (self->papers) != NULL
                 ? _("Sort (a reading list keeps its own order)") : _("Sort");
  if (g_strcmp0 (gtk_widget_get_tooltip_text (self->sort_button), sort_tooltip) != 0)
    {
      gtk_widget_set_tooltip_text (self->sort_button, sort_tooltip);
      gtk_widget_set_tooltip_text (self->narrow_sort_button, sort_tooltip);
    }

  if (n > 0)
    gtk_stack_set_visible_child_name (self->list_stack, "papers");
  else if (proc_store_count (self->store, NULL) == 0)
    gtk_stack_set_visible_child_name (self->list_stack, "empty");
  else if ((list = proc_sidebar_get_reading_list (self->sidebar)) != NULL &&
           proc_collection_get_count (list) == 0)
    {
      /* The description is markup; the name is text. */
      g_autofree char *description =
        g_markup_printf_escaped (_("Drag papers onto “%s” in the sidebar, or right-click papers and choose "
                                   "Add to Reading List"),
                                 proc_collection_get_name (list));

      adw_status_page_set_description (self->empty_reading_list_page, description);
      gtk_stack_set_visible_child_name (self->list_stack, "empty-reading-list");
    }
  else
    gtk_stack_set_visible_child_name (self->list_stack, "no-results");
}

/* The detail shows the paper when exactly one is selected; with none, it
 * shows nothing, or the similar paper that was chosen there though the
 * list does not have it (see detail_show_paper_cb()). */
static void
selection_changed_cb (ProcWindow *self)
{
  g_autoptr(GtkBitset) selected = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  g_autoptr(ProcPaper) paper = NULL;

  if (gtk_bitset_get_size (selected) == 1)
    paper = g_list_model_get_item (G_LIST_MODEL (self->papers), gtk_bitset_get_nth (selected, 0));

  if (paper != NULL)
    {
      self->off_list_paper = 0;
      if (proc_detail_view_get_paper (self->detail_view) != paper)
        proc_detail_view_set_paper (self->detail_view, paper);
      g_settings_set_int64 (self->settings, "last-paper", proc_paper_get_id (paper));
    }
  /* A paper beyond the first ones of a list still loading is selected
   * again when the rest arrives: the detail keeps it meanwhile. */
  else if (gtk_bitset_get_size (selected) == 0 && self->off_list_paper == 0 &&
           proc_paper_list_get_complete (self->papers))
    proc_detail_view_set_paper (self->detail_view, NULL);

  update_title (self);
  _proc_window_update_actions (self);
}

/* Rows gone with the selection (another entry, a paper removed from the
 * list shown) leave no paper in the detail that the list does not show. */
static void
items_changed_cb (ProcWindow *self)
{
  selection_changed_cb (self);
}

/* A similar paper chosen in the detail.  The list selects it when it has
 * it, so the detail and the list agree; otherwise the list, which the
 * person chose, stays as it is, with no row selected, and the detail
 * shows the paper until a row is chosen (or the paper is deleted). */
static void
detail_show_paper_cb (ProcWindow     *self,
                      ProcPaper      *paper,
                      ProcDetailView *view)
{
  gint64 id = proc_paper_get_id (paper);
  int position = proc_paper_list_find (self->papers, id);

  if (position >= 0)
    {
      gtk_selection_model_select_item (GTK_SELECTION_MODEL (self->selection), position, TRUE);
      gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u", position);
      return;
    }

  self->off_list_paper = id;
  gtk_selection_model_unselect_all (GTK_SELECTION_MODEL (self->selection));
  proc_detail_view_set_paper (self->detail_view, paper);
}

/* The paper shown outside the list was deleted: the detail lets it go,
 * as it does a selected paper's. */
static void
store_changed_cb (ProcWindow *self,
                  guint       change)
{
  g_autoptr(ProcPaper) paper = NULL;

  if (self->off_list_paper == 0 || !(change & PROC_STORE_CHANGE_PAPERS))
    return;

  if ((paper = proc_store_get_paper (self->store, self->off_list_paper)) == NULL)
    {
      self->off_list_paper = 0;
      selection_changed_cb (self);
    }
}

static void
sidebar_filter_cb (ProcWindow *self)
{
  const char *filter = proc_sidebar_get_filter (self->sidebar);

  proc_paper_list_set_filter (self->papers, filter);
  g_settings_set_string (self->settings, "last-filter", filter);
  update_title (self);
  _proc_window_update_actions (self);

  /* Collapsed, choosing an entry goes on to its papers. */
  _proc_window_show_pane (self, PROC_WINDOW_PANE_LIST);
}

/* Each keystroke is searched before the next frame, once for all the
 * keystrokes (and the "" that gtk_editable_set_text() passes through)
 * that came since the last.  No search waits for a pause in the typing,
 * as GtkSearchEntry's own would: even one letter at 87,000 papers is a
 * few milliseconds of SQL, thanks to the index of first letters (see
 * proc-schema.c, version 7). */
static void
apply_search (ProcWindow *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  g_autoptr(ProcQuery) query = NULL;

  /* Parsed once: the rows highlight its words, the list runs it.  The
   * words first, so that the rows the new results bring have them. */
  if (g_strcmp0 (text, proc_paper_list_get_search (self->papers)) != 0)
    {
      query = proc_query_parse (text);
      g_clear_pointer (&self->terms, g_strfreev);
      self->terms = proc_query_dup_terms (query);
      proc_paper_list_set_query (self->papers, query);
    }
  /* Rows the new results brought have the words already; this marks
   * them in the rows that stayed. */
  foreach_row (self, GTK_WIDGET (self->list_view), apply_row_settings);
  update_title (self);
  _proc_window_update_actions (self);
}

static gboolean
search_source_cb (gpointer data)
{
  ProcWindow *self = data;

  self->search_source = 0;
  apply_search (self);
  return G_SOURCE_REMOVE;
}

static void
search_text_changed_cb (ProcWindow  *self,
                        GtkEditable *entry)
{
  if (self->search_source == 0)
    self->search_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, search_source_cb, self, NULL);
}

static void
search_stop_cb (ProcWindow *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  gtk_search_bar_set_search_mode (self->search_bar, FALSE);
  gtk_widget_grab_focus (GTK_WIDGET (self->list_view));
}

static void
settings_changed_cb (ProcWindow *self,
                     const char *key)
{
  if (g_strcmp0 (key, "show-abstract-preview") == 0)
    foreach_row (self, GTK_WIDGET (self->list_view), apply_row_settings);
  else if (g_strcmp0 (key, "sort-key") == 0 && self->papers != NULL)
    {
      proc_paper_list_set_sort_key (self->papers, g_settings_get_enum (self->settings, "sort-key"));
      _proc_window_update_actions (self);
    }
  else if (g_strcmp0 (key, "sort-descending") == 0 && self->papers != NULL)
    proc_paper_list_set_descending (self->papers, g_settings_get_boolean (self->settings, "sort-descending"));
}

/**
 * _proc_window_is_collapsed:
 * @pane: a pane
 *
 * Returns: whether the window is too narrow to show @pane beside the
 *   others, so that it is shown alone
 */
gboolean
_proc_window_is_collapsed (ProcWindow     *self,
                           ProcWindowPane  pane)
{
  if (pane == PROC_WINDOW_PANE_SIDEBAR)
    return adw_navigation_split_view_get_collapsed (self->outer_view);
  return adw_navigation_split_view_get_collapsed (self->browse_view) ||
         (pane == PROC_WINDOW_PANE_LIST && adw_navigation_split_view_get_collapsed (self->outer_view));
}

/**
 * _proc_window_show_pane:
 * @pane: the pane to show
 *
 * In a window too narrow for all three panes, goes to @pane, as its back
 * buttons go back from it; a wide window shows them all already.
 */
void
_proc_window_show_pane (ProcWindow     *self,
                        ProcWindowPane  pane)
{
  switch (pane)
    {
    case PROC_WINDOW_PANE_SIDEBAR:
      adw_navigation_split_view_set_show_content (self->outer_view, FALSE);
      break;

    case PROC_WINDOW_PANE_LIST:
      adw_navigation_split_view_set_show_content (self->outer_view, TRUE);
      adw_navigation_split_view_set_show_content (self->browse_view, FALSE);
      break;

    case PROC_WINDOW_PANE_DETAIL:
      if (!adw_navigation_split_view_get_collapsed (self->browse_view))
        return;
      adw_navigation_split_view_set_show_content (self->outer_view, TRUE);
      adw_navigation_split_view_set_show_content (self->browse_view, TRUE);
      break;

    default:
      g_assert_not_reached ();
    }
}

/* Back from the detail, by its button, Alt+Left or a swipe: the note being
 * typed is saved, and the list is where the paper was, ready for j and k. */
static void
detail_hidden_cb (ProcWindow *self)
{
  g_autoptr(GtkBitset) selected = NULL;

  if (adw_navigation_split_view_get_show_content (self->browse_view) ||
      !adw_navigation_split_view_get_collapsed (self->browse_view))
    return;

  proc_detail_view_save_note (self->detail_view);
  selected = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  if (!gtk_bitset_is_empty (selected))
    gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u",
                                gtk_bitset_get_minimum (selected));
  gtk_widget_grab_focus (GTK_WIDGET (self->list_view));
}

static void
list_activate_cb (ProcWindow  *self,
                  guint        position,
                  GtkGridView *view)
{
  /* Double-click or Enter: collapsed, show the paper's detail. */
  _proc_window_show_pane (self, PROC_WINDOW_PANE_DETAIL);
}

static void
row_released_cb (GtkGestureClick *gesture,
                 int              n_press,
                 double           x,
                 double           y,
                 ProcWindow      *self)
{
  GtkWidget *row = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));

  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  _proc_window_show_context_menu (self, row, x, y);
}

/* A menu button's tooltip would stay over the first item of its menu. */
static void
menu_shown_cb (GtkWidget  *popover,
               GParamSpec *pspec,
               GtkWidget  *button)
{
  gtk_widget_set_has_tooltip (button, !gtk_widget_get_visible (popover));
}

static void
hide_tooltip_over_menu (GtkWidget *button)
{
  g_signal_connect_object (gtk_menu_button_get_popover (GTK_MENU_BUTTON (button)), "notify::visible",
                           G_CALLBACK (menu_shown_cb), button, 0);
}

static gboolean
open_selected_cb (gpointer data)
{
  ProcWindow *self = data;

  if (proc_paper_selection_get_count (self->selection) == 1)
    _proc_window_show_pane (self, PROC_WINDOW_PANE_DETAIL);

  return G_SOURCE_REMOVE;
}

/* Folded, a click (or tap) opens the paper, as phones do; the list item
 * selects it as the click ends, so the detail is shown after that.  A
 * click with Ctrl or Shift only selects. */
static void
row_clicked_cb (GtkGestureClick *gesture,
                int              n_press,
                double           x,
                double           y,
                ProcWindow      *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));

  if (n_press != 1 || (state & (GDK_CONTROL_MASK | GDK_SHIFT_MASK)) != 0 ||
      !_proc_window_is_collapsed (self, PROC_WINDOW_PANE_LIST))
    return;

  g_idle_add_full (G_PRIORITY_DEFAULT, open_selected_cb, g_object_ref (self), g_object_unref);
}

static void
row_long_pressed_cb (GtkGestureLongPress *gesture,
                     double               x,
                     double               y,
                     ProcWindow          *self)
{
  GtkWidget *row = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));

  _proc_window_show_context_menu (self, row, x, y);
}

/* Dragging a selected row drags the whole selection; dragging another
 * row drags that paper alone. */
static GdkContentProvider *
drag_prepare_cb (GtkDragSource *source,
                 double         x,
                 double         y,
                 ProcWindow    *self)
{
  ProcPaperRow *row = PROC_PAPER_ROW (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source)));
  ProcPaper *paper = proc_paper_row_get_paper (row);
  g_autoptr(GArray) ids = NULL;
  gint64 id;
  gboolean in_selection = FALSE;
  GValue value = G_VALUE_INIT;
  GdkContentProvider *provider;

  if (paper == NULL)
    return NULL;

  id = proc_paper_get_id (paper);
  ids = proc_window_dup_selected_ids (self);
  for (guint i = 0; i < ids->len; i++)
    in_selection |= g_array_index (ids, gint64, i) == id;
  if (!in_selection)
    {
      g_array_set_size (ids, 0);
      g_array_append_val (ids, id);
    }

  g_value_init (&value, PROC_TYPE_PAPER_IDS);
  g_value_set_boxed (&value, ids);
  provider = gdk_content_provider_new_for_value (&value);
  g_value_unset (&value);

  return provider;
}

/* A press on a paper starts dragging it (to a tag or reading list); the
 * rubber band starts between and below the papers.  Since GTK 4.10 the
 * list's band claims every drag, one from a row too, and no paper could
 * be dragged: its gesture lets go of a press that lands on a paper. */
static void
rubberband_begin_cb (GtkGesture       *gesture,
                     GdkEventSequence *sequence,
                     ProcWindow       *self)
{
  GtkWidget *picked;
  double x, y;

  if (!gtk_gesture_get_point (gesture, sequence, &x, &y))
    return;
  picked = gtk_widget_pick (GTK_WIDGET (self->list_view), x, y, GTK_PICK_DEFAULT);
  if (picked != NULL && (PROC_IS_PAPER_ROW (picked) || gtk_widget_get_ancestor (picked, PROC_TYPE_PAPER_ROW) != NULL))
    gtk_gesture_set_state (gesture, GTK_EVENT_SEQUENCE_DENIED);
}

static void
let_rows_be_dragged (ProcWindow *self)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (self->list_view));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (G_OBJECT_TYPE (controller) == GTK_TYPE_GESTURE_DRAG)
        g_signal_connect_object (controller, "begin", G_CALLBACK (rubberband_begin_cb), self, 0);
    }
}

/* While a reading list is shown in its order, a paper dropped on a row
 * moves before it, or after it in the row's lower half; a line at the
 * row's top or bottom edge shows which. */
static gboolean
drop_below (GtkWidget *row,
            double     y)
{
  return y > gtk_widget_get_height (row) / 2.0;
}

static void
clear_drop_mark (GtkWidget *row)
{
  gtk_widget_remove_css_class (row, "drop-above");
  gtk_widget_remove_css_class (row, "drop-below");
}

static GdkDragAction
row_drop_motion_cb (GtkDropTarget *target,
                    double         x,
                    double         y,
                    ProcWindow    *self)
{
  GtkWidget *row = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (target));
  gboolean below = drop_below (row, y);

  if (_proc_window_get_ordered_reading_list (self) == NULL || proc_paper_row_get_paper (PROC_PAPER_ROW (row)) == NULL)
    return 0;

  gtk_widget_add_css_class (row, below ? "drop-below" : "drop-above");
  gtk_widget_remove_css_class (row, below ? "drop-above" : "drop-below");
  return GDK_ACTION_MOVE;
}

static void
row_drop_leave_cb (GtkDropTarget *target,
                   ProcWindow    *self)
{
  clear_drop_mark (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (target)));
}

static gboolean
row_drop_cb (GtkDropTarget *target,
             const GValue  *value,
             double         x,
             double         y,
             ProcWindow    *self)
{
  GtkWidget *row = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (target));
  ProcPaper *paper = proc_paper_row_get_paper (PROC_PAPER_ROW (row));
  GArray *ids = g_value_get_boxed (value);
  gint64 before;
  int position;

  clear_drop_mark (row);
  if (_proc_window_get_ordered_reading_list (self) == NULL || paper == NULL || ids == NULL || ids->len == 0)
    return FALSE;

  before = proc_paper_get_id (paper);
  if ((position = proc_paper_list_find (self->papers, before)) < 0)
    return FALSE;
  if (drop_below (row, y))
    before = proc_paper_list_get_id (self->papers, position + 1);   /* 0, the end, after the last */

  _proc_window_move_papers (self, ids, before);
  return TRUE;
}

static GtkWidget *
create_row (ProcWindow *self)
{
  GtkWidget *row = proc_paper_row_new ();
  GtkGesture *click = gtk_gesture_click_new ();
  GtkGesture *open = gtk_gesture_click_new ();
  GtkGesture *long_press = gtk_gesture_long_press_new ();
  GtkDragSource *drag = gtk_drag_source_new ();
  GtkDropTarget *drop = gtk_drop_target_new (PROC_TYPE_PAPER_IDS, GDK_ACTION_MOVE);

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  /* On release: a menu opened on the press would get the release, which
   * GTK 4.8 counts against it, and its next click is lost. */
  g_signal_connect (click, "released", G_CALLBACK (row_released_cb), self);
  gtk_widget_add_controller (row, GTK_EVENT_CONTROLLER (click));

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (open), GDK_BUTTON_PRIMARY);
  g_signal_connect (open, "released", G_CALLBACK (row_clicked_cb), self);
  gtk_widget_add_controller (row, GTK_EVENT_CONTROLLER (open));

  gtk_gesture_single_set_touch_only (GTK_GESTURE_SINGLE (long_press), TRUE);
  g_signal_connect (long_press, "pressed", G_CALLBACK (row_long_pressed_cb), self);
  gtk_widget_add_controller (row, GTK_EVENT_CONTROLLER (long_press));

  /* Copied onto a tag or a reading list; moved within a reading list. */
  gtk_drag_source_set_actions (drag, GDK_ACTION_COPY | GDK_ACTION_MOVE);
  g_signal_connect (drag, "prepare", G_CALLBACK (drag_prepare_cb), self);
  gtk_widget_add_controller (row, GTK_EVENT_CONTROLLER (drag));

  g_signal_connect (drop, "enter", G_CALLBACK (row_drop_motion_cb), self);
  g_signal_connect (drop, "motion", G_CALLBACK (row_drop_motion_cb), self);
  g_signal_connect (drop, "leave", G_CALLBACK (row_drop_leave_cb), self);
  g_signal_connect (drop, "drop", G_CALLBACK (row_drop_cb), self);
  gtk_widget_add_controller (row, GTK_EVENT_CONTROLLER (drop));

  return row;
}

/* When a search brings new papers, the view makes a new list item for
 * each row it keeps and lets the old ones go: each row would be built
 * from its template, with its event controllers, at every keystroke.  The
 * window takes back each row its list item lets go (the list item has
 * dropped it already when the factory's teardown runs) and gives it to
 * the next new list item. */
#define MAX_SPARE_ROWS 256

static void
row_parent_changed_cb (GtkWidget  *row,
                       GParamSpec *pspec,
                       ProcWindow *self)
{
  if (gtk_widget_get_parent (row) != NULL || self->spare_rows == NULL ||
      self->spare_rows->len >= MAX_SPARE_ROWS)
    return;

  clear_drop_mark (row);
  g_ptr_array_add (self->spare_rows, g_object_ref (row));
}

static void
setup_row_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              ProcWindow               *self)
{
  g_autoptr(GtkWidget) row = NULL;

  if (self->spare_rows != NULL && self->spare_rows->len > 0)
    row = g_ptr_array_steal_index_fast (self->spare_rows, self->spare_rows->len - 1);
  else
    {
      row = g_object_ref_sink (create_row (self));
      /* Tied to the window: a row someone else still holds must not call
       * back into a window that is gone. */
      g_signal_connect_object (row, "notify::parent", G_CALLBACK (row_parent_changed_cb), self, 0);
    }

  gtk_list_item_set_child (item, row);
}

static void
bind_row_cb (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             ProcWindow               *self)
{
  ProcPaperRow *row = PROC_PAPER_ROW (gtk_list_item_get_child (item));

  /* The search's words first, so the paper's text is marked up once. */
  apply_row_settings (self, row);
  proc_paper_row_set_paper (row, gtk_list_item_get_item (item));
}

static void
unbind_row_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               ProcWindow               *self)
{
  proc_paper_row_set_paper (PROC_PAPER_ROW (gtk_list_item_get_child (item)), NULL);
}

static void
papers_dropped_cb (ProcWindow     *self,
                   ProcCollection *collection,
                   GArray         *ids,
                   ProcSidebar    *sidebar)
{
  g_autoptr(GError) error = NULL;
  const gint64 *data = (const gint64 *) (gpointer) ids->data;

  if (proc_collection_get_kind (collection) == PROC_COLLECTION_KIND_TAG)
    {
      g_autoptr(ProcUndo) undo =
        proc_store_add_tag_undoable (self->store, data, ids->len, proc_collection_get_name (collection), &error);

      if (undo == NULL)
        proc_window_report_error (self, error);
      else
        proc_window_push_undo (self, undo);
    }
  else if (proc_collection_get_kind (collection) == PROC_COLLECTION_KIND_READING_LIST)
    _proc_window_add_to_reading_list (self, proc_collection_get_id (collection), ids);
}

static void
show_import_error (ProcWindow   *self,
                   const GError *error)
{
  AdwDialog *dialog = proc_alert_dialog_new (_("Could Not Import the Paper List"), error->message);

  adw_alert_dialog_add_response (ADW_ALERT_DIALOG (dialog), "close", _("_Close"));
  adw_alert_dialog_set_default_response (ADW_ALERT_DIALOG (dialog), "close");
  adw_dialog_present (dialog, GTK_WIDGET (self));
}

typedef struct
{
  ProcWindow *window;
  double fraction;
} ImportProgress;

static gboolean
import_progress_main_cb (gpointer data)
{
  ImportProgress *progress = data;

  if (progress->window->import_cancellable != NULL)
    gtk_progress_bar_set_fraction (progress->window->import_progress, progress->fraction);

  return G_SOURCE_REMOVE;
}

static void
import_progress_free (gpointer data)
{
  ImportProgress *progress = data;

  g_object_unref (progress->window);
  g_free (progress);
}

/* From a thread of the import: hand the fraction to the main loop. */
static void
import_progress_cb (guint64  done,
                    guint64  total,
                    gpointer user_data)
{
  ImportProgress *progress = g_new0 (ImportProgress, 1);

  progress->window = g_object_ref (user_data);
  progress->fraction = total > 0 ? MIN (1.0, (double) done / total) : 0.0;
  g_main_context_invoke_full (NULL, G_PRIORITY_DEFAULT, import_progress_main_cb, progress, import_progress_free);
}

/* Short imports finish before the bar would show; long ones show it. */
static gboolean
reveal_import_cb (gpointer data)
{
  ProcWindow *self = data;

  self->import_reveal_source = 0;
  gtk_revealer_set_reveal_child (self->import_revealer, TRUE);
  return G_SOURCE_REMOVE;
}

static void
import_done_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(ProcWindow) self = user_data;
  g_autoptr(GPtrArray) results = NULL;
  g_autoptr(GError) error = NULL;

  g_clear_handle_id (&self->import_reveal_source, g_source_remove);
  g_clear_object (&self->import_cancellable);
  if (self->import_revealer != NULL)
    gtk_revealer_set_reveal_child (self->import_revealer, FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel-import", FALSE);

  /* The worker wrote through its own connection: pick the change up now
   * rather than wait for the file monitor. */
  proc_store_check_external_changes (self->store);

  if (!(results = proc_importer_import_files_finish (result, &error)))
    {
      /* Cancelled with the bar's Cancel: what was asked, not a failure. */
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        show_import_error (self, error);
      return;
    }

  for (guint i = 0; i < results->len; i++)
    {
      ProcImportResult *r = g_ptr_array_index (results, i);
      g_autofree char *name = g_file_get_basename (r->file);
      g_autofree char *summary = NULL;

      if (g_error_matches (r->error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_autofree char *message = g_strdup_printf (_("Import of “%s” cancelled; nothing of it was added"), name);
          proc_window_add_toast (self, message);
          continue;
        }

      if (r->error != NULL)
        {
          show_import_error (self, r->error);
          continue;
        }

      summary = proc_import_report_dup_summary (r->report, name);
      if (r->report->added > 0)
        {
          g_autofree char *watched = _proc_window_dup_watched_summary (self, r->report->list_name);

          if (watched != NULL)
            {
              g_autofree char *plain = g_steal_pointer (&summary);

              /* Translators: what an import did, then how many of its papers the watchlists hold */
              summary = g_strdup_printf (_("%s; %s"), plain, watched);
            }
        }
      proc_window_add_toast (self, summary);

      /* The one thing an import changes that the library had: derived
       * titles that the file's official ones replaced. */
      if (r->report->retitled_ids->len > 0)
        {
          g_autoptr(ProcUndo) undo =
            proc_undo_new_derived_titles (self->store,
                                          (const gint64 *) (gpointer) r->report->retitled_ids->data,
                                          (const char * const *) r->report->derived_titles->pdata,
                                          r->report->retitled_ids->len);

          proc_window_push_undo (self, undo);
        }
    }
}

/* GTK 4.8's grid view, scrolled before it has a size, keeps no rows
 * above the one it scrolled to and leaves their place blank.  So the
 * paper shown last time is scrolled to after the first frame is laid
 * out: an idle runs after the frame clock's work. */
static gboolean
restore_scroll_cb (gpointer data)
{
  ProcWindow *self = data;
  g_autoptr(GtkBitset) selected = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));

  self->restore_scroll_source = 0;
  if (!gtk_bitset_is_empty (selected))
    gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u",
                                gtk_bitset_get_minimum (selected));
  return G_SOURCE_REMOVE;
}

static void
list_view_map_cb (ProcWindow *self)
{
  g_signal_handlers_disconnect_by_func (self->list_view, list_view_map_cb, self);
  if (self->restore_scroll_source == 0)
    self->restore_scroll_source = g_idle_add (restore_scroll_cb, self);
}

static void
restore_state (ProcWindow *self)
{
  g_autofree char *filter = g_settings_get_string (self->settings, "last-filter");
  gint64 last_paper = g_settings_get_int64 (self->settings, "last-paper");
  int position;

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  /* The sidebar keeps the width it was given; the list and the detail
   * share the rest, and the breakpoints of proc-window.ui collapse the
   * panes into one at a time where they no longer fit. */
  adw_navigation_split_view_set_min_sidebar_width (self->outer_view, g_settings_get_int (self->settings, "sidebar-width"));
  adw_navigation_split_view_set_max_sidebar_width (self->outer_view, g_settings_get_int (self->settings, "sidebar-width"));

  proc_paper_list_set_sort_key (self->papers, g_settings_get_enum (self->settings, "sort-key"));
  proc_paper_list_set_descending (self->papers, g_settings_get_boolean (self->settings, "sort-descending"));

  if (*filter != '\0' && !proc_sidebar_select_query (self->sidebar, filter))
    proc_sidebar_select_query (self->sidebar, "");

  position = last_paper > 0 ? proc_paper_list_find (self->papers, last_paper) : -1;
  if (position < 0 && g_list_model_get_n_items (G_LIST_MODEL (self->papers)) > 0)
    position = 0;
  if (position >= 0)
    {
      gtk_selection_model_select_item (GTK_SELECTION_MODEL (self->selection), position, TRUE);
      if (position > 0)
        g_signal_connect_swapped (self->list_view, "map", G_CALLBACK (list_view_map_cb), self);
    }
}

static void
unsaved_notes_response_cb (AdwAlertDialog *dialog,
                           const char     *response,
                           ProcWindow     *self)
{
  if (g_strcmp0 (response, "close") != 0)
    return;

  self->close_anyway = TRUE;
  gtk_window_close (GTK_WINDOW (self));
}

/* Notes the library refused (a full disk) live only in the window: ask
 * before closing on them. */
static void
ask_about_unsaved_notes (ProcWindow *self,
                         guint       n_notes)
{
  AdwDialog *dialog = proc_alert_dialog_new (_("Notes Not Saved"), NULL);

  adw_alert_dialog_format_body (ADW_ALERT_DIALOG (dialog),
                                g_dngettext (GETTEXT_PACKAGE,
                                             "The library could not be written, so %u note is not saved yet. "
                                             "If the window closes now, it is lost. Free some space on the disk "
                                             "and it is saved within seconds.",
                                             "The library could not be written, so %u notes are not saved yet. "
                                             "If the window closes now, they are lost. Free some space on the disk "
                                             "and they are saved within seconds.",
                                             n_notes),
                                n_notes);
  adw_alert_dialog_add_responses (ADW_ALERT_DIALOG (dialog),
                                  "keep", _("_Keep Window Open"),
                                  "close", _("_Close and Lose Notes"),
                                  NULL);
  adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (dialog), "close", ADW_RESPONSE_DESTRUCTIVE);
  adw_alert_dialog_set_default_response (ADW_ALERT_DIALOG (dialog), "keep");
  adw_alert_dialog_set_close_response (ADW_ALERT_DIALOG (dialog), "keep");
  g_signal_connect_object (dialog, "response", G_CALLBACK (unsaved_notes_response_cb), self, 0);
  adw_dialog_present (dialog, GTK_WIDGET (self));
}

static gboolean
proc_window_close_request (GtkWindow *window)
{
  ProcWindow *self = PROC_WINDOW (window);
  int width, height;

  /* A note still waiting for its autosave is written now, and so are the
   * notes a full disk refused, if it has space now. */
  if (!proc_detail_view_save_note (self->detail_view) && !self->close_anyway &&
      proc_detail_view_get_n_unsaved_notes (self->detail_view) > 0)
    {
      ask_about_unsaved_notes (self, proc_detail_view_get_n_unsaved_notes (self->detail_view));
      return TRUE;
    }

  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));

  return GTK_WINDOW_CLASS (proc_window_parent_class)->close_request (window);
}

static gboolean
files_dropped_cb (ProcWindow   *self,
                  const GValue *value,
                  double        x,
                  double        y)
{
  GdkFileList *list = g_value_get_boxed (value);
  g_autoptr(GPtrArray) files = g_ptr_array_new ();
  GSList *each = list ? gdk_file_list_get_files (list) : NULL;

  for (GSList *l = each; l != NULL; l = l->next)
    g_ptr_array_add (files, l->data);
  g_slist_free (each);

  /* The GdkFileList keeps its files alive; the import takes its own refs. */
  proc_window_import_files (self, (GFile **) files->pdata, files->len);
  return files->len > 0;
}

static void
proc_window_dispose (GObject *object)
{
  ProcWindow *self = (ProcWindow *)object;

  g_queue_clear_full (&self->undo_stack, (GDestroyNotify) proc_undo_unref);
  g_clear_handle_id (&self->import_reveal_source, g_source_remove);
  g_clear_handle_id (&self->restore_scroll_source, g_source_remove);
  if (self->import_cancellable != NULL)
    g_cancellable_cancel (self->import_cancellable);
  /* The entry's text goes with it: nothing more to search. */
  if (self->search_entry != NULL)
    g_signal_handlers_disconnect_by_func (self->search_entry, search_text_changed_cb, self);
  g_clear_handle_id (&self->search_source, g_source_remove);
  /* No row is kept from the list view's teardown on. */
  g_clear_pointer (&self->spare_rows, g_ptr_array_unref);
  proc_clear_context_menu (&self->paper_menu);
  gtk_widget_dispose_template (GTK_WIDGET (self), PROC_TYPE_WINDOW);
  g_clear_object (&self->selection);
  g_clear_object (&self->papers);
  g_clear_object (&self->store);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->terms, g_strfreev);
  g_clear_pointer (&self->watched, g_strfreev);

  G_OBJECT_CLASS (proc_window_parent_class)->dispose (object);
}

static void
proc_window_class_init (ProcWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = proc_window_dispose;
  window_class->close_request = proc_window_close_request;

  g_type_ensure (PROC_TYPE_SIDEBAR);
  g_type_ensure (PROC_TYPE_DETAIL_VIEW);
  g_type_ensure (PROC_TYPE_TRIAGE_VIEW);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/proceedings/Proceedings/ui/proc-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ProcWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, ProcWindow, outer_view);
  gtk_widget_class_bind_template_child (widget_class, ProcWindow, mode_stack);
  gtk_widget_class_bind_template_child (widget_class, ProcWindow, browse_view);
  gtk_widget_class_bind_template_child (widget_class, ProcWindow, content_page);
  gtk_widget_class_bind_template_child (widget_class, ProcWindow, sidebar_pane);
  gtk_widget_class_bind_template_child (widget_class, ProcWindow, list_pane);
  gtk_widget_class_bind_template_child (widget_class, ProcWindow, detail_pane);
  gtk_widget_class_bind_template_child (widget_class, ProcWindow, sidebar);
  gtk_widget_class_bind_template_child (widget_class, ProcWindow, list_title);
  gtk_widget_class_bind_template_child (widget_class, ProcWindow, search_bar);
  gtk_widget_class_bind_template_child (widget_class, ProcWindow, search_entry);
  gtk_widget_class_bind_template_child (widget_class, ProcWindow, sort_button);
  gtk_widget_class_bind_template_child (widget_class, ProcWindow, narrow_sort_button);
  gtk_widget_class_bind_template_child (widget_class, ProcWindow, primary_menu_button);
  gtk_widget_class_bind_template_child (widget_class, ProcWindow, list_stack);
  gtk_widget_class_bind_template_child (widget_class, ProcWindow, empty_reading_list_page);
  gtk_widget_class_bind_template_child (widget_class, ProcWindow, import_revealer);
  gtk_widget_class_bind_template_child (widget_class, ProcWindow, import_label);
  gtk_widget_class_bind_template_child (widget_class, ProcWindow, import_progress);
  gtk_widget_class_bind_template_child (widget_class, ProcWindow, list_view);
  gtk_widget_class_bind_template_child (widget_class, ProcWindow, detail_view);
  gtk_widget_class_bind_template_child (widget_class, ProcWindow, triage_view);

  _proc_window_class_add_actions (widget_class);
  _proc_window_class_add_export_actions (widget_class);
  _proc_window_class_add_triage_actions (widget_class);
  _proc_window_class_add_watchlist_actions (widget_class);
}

static void
proc_window_init (ProcWindow *self)
{
  GtkListItemFactory *factory;

  gtk_widget_init_template (GTK_WIDGET (self));
  g_queue_init (&self->undo_stack);
  self->settings = g_settings_new (APP_ID);

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row_cb), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row_cb), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_row_cb), self);
  self->spare_rows = g_ptr_array_new_with_free_func (g_object_unref);
  /* The papers are shown by a GtkGridView of one column, styled as a list
   * (style.css) and announced as one (proc-window.ui).  GTK 4.8's list
   * view keeps 200 rows whatever the window shows, and makes and binds
   * them all anew for each new search result: 15 to 20 ms of each
   * keystroke at 87,000 papers.  Its grid view keeps 30 rows of cells.
   * Keystroke to list, median: 27 ms with the list view, 6 ms with this.
   * Newer GTKs size both to the window; a list view would do there. */
  gtk_grid_view_set_factory (self->list_view, factory);
  g_object_unref (factory);

  g_signal_connect_swapped (self->list_view, "activate", G_CALLBACK (list_activate_cb), self);
  g_signal_connect_object (self->browse_view, "notify::show-content", G_CALLBACK (detail_hidden_cb), self, G_CONNECT_SWAPPED);
  hide_tooltip_over_menu (self->primary_menu_button);
  hide_tooltip_over_menu (self->sort_button);
  hide_tooltip_over_menu (self->narrow_sort_button);
  g_signal_connect_swapped (self->search_entry, "changed", G_CALLBACK (search_text_changed_cb), self);
  g_signal_connect_swapped (self->search_entry, "stop-search", G_CALLBACK (search_stop_cb), self);
  gtk_search_bar_connect_entry (self->search_bar, GTK_EDITABLE (self->search_entry));
  g_signal_connect_object (self->settings, "changed", G_CALLBACK (settings_changed_cb), self, G_CONNECT_SWAPPED);
  g_settings_bind (self->settings, "note-autosave-delay", self->detail_view, "autosave-delay", G_SETTINGS_BIND_GET);
  _proc_window_add_list_keys (self);

  /* Paper lists dropped from a file manager are imported, as with Ctrl+O. */
  self->file_drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect_swapped (self->file_drop, "drop", G_CALLBACK (files_dropped_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->toast_overlay), GTK_EVENT_CONTROLLER (self->file_drop));

  /* The sort menu's state is the setting itself. */
  {
    g_autoptr(GAction) sort_key = g_settings_create_action (self->settings, "sort-key");
    g_autoptr(GAction) sort_descending = g_settings_create_action (self->settings, "sort-descending");

    g_autoptr(GAction) triage_mode = g_settings_create_action (self->settings, "triage-mode");

    g_action_map_add_action (G_ACTION_MAP (self), sort_key);
    g_action_map_add_action (G_ACTION_MAP (self), sort_descending);
    g_action_map_add_action (G_ACTION_MAP (self), triage_mode);
  }
}

/**
 * proc_window_new:
 * @store: the library the window shows
 */
ProcWindow *
proc_window_new (GtkApplication *application,
                 ProcStore      *store)
{
  ProcWindow *self;

  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (PROC_IS_STORE (store), NULL);

  self = g_object_new (PROC_TYPE_WINDOW, "application", application, NULL);
  self->store = g_object_ref (store);
  /* First, so that after an edit the sidebar's filter follows a renamed
   * list before the paper list looks again, and keeps its selection. */
  proc_sidebar_set_store (self->sidebar, self->store);
  self->papers = proc_paper_list_new (self->store);
  self->selection = proc_paper_selection_new (self->papers);
  gtk_grid_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));
  gtk_grid_view_set_enable_rubberband (self->list_view, TRUE);
  let_rows_be_dragged (self);

  proc_detail_view_set_store (self->detail_view, self->store);
  _proc_window_setup_triage (self);
  _proc_window_setup_watchlists (self);

  g_signal_connect_object (self->papers, "items-changed", G_CALLBACK (items_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->papers, "notify::complete", G_CALLBACK (update_title), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->selection, "selection-changed", G_CALLBACK (selection_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->sidebar, "notify::filter", G_CALLBACK (sidebar_filter_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->sidebar, "notify::title", G_CALLBACK (update_title), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->sidebar, "papers-dropped", G_CALLBACK (papers_dropped_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->detail_view, "show-paper", G_CALLBACK (detail_show_paper_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->store, "changed", G_CALLBACK (store_changed_cb), self, G_CONNECT_SWAPPED);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel-import", FALSE);
  restore_state (self);
  /* From now on, searches and filters show their first papers at once
   * and the rest when a thread has them: a keystroke at 87,000 papers
   * reads 256 ids on this thread, not all it finds.  The state restored
   * above has all of them, so the paper shown last is found however far
   * down. */
  proc_paper_list_set_background (self->papers, TRUE);
  update_title (self);
  _proc_window_update_actions (self);

  return self;
}

ProcPaperList *
proc_window_get_papers (ProcWindow *self)
{
  g_return_val_if_fail (PROC_IS_WINDOW (self), NULL);

  return self->papers;
}

ProcStore *
proc_window_get_store (ProcWindow *self)
{
  g_return_val_if_fail (PROC_IS_WINDOW (self), NULL);

  return self->store;
}

GtkSelectionModel *
proc_window_get_selection (ProcWindow *self)
{
  g_return_val_if_fail (PROC_IS_WINDOW (self), NULL);

  return GTK_SELECTION_MODEL (self->selection);
}

/**
 * proc_window_dup_selected_ids:
 *
 * Returns: (transfer full) (element-type gint64): the selected papers'
 *   ids, in list order, without loading the papers
 */
GArray *
proc_window_dup_selected_ids (ProcWindow *self)
{
  g_autoptr(GtkBitset) selected = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  GtkBitsetIter iter;
  guint position;

  if (gtk_bitset_iter_init_first (&iter, selected, &position))
    do
      {
        gint64 id = proc_paper_list_get_id (self->papers, position);
        g_array_append_val (ids, id);
      }
    while (gtk_bitset_iter_next (&iter, &position));

  return ids;
}

/**
 * proc_window_import_files:
 *
 * Imports in a worker thread; the list updates when each file commits,
 * and a toast tells what was added.
 */
void
proc_window_import_files (ProcWindow  *self,
                          GFile      **files,
                          guint        n_files)
{
  g_return_if_fail (PROC_IS_WINDOW (self));

  if (n_files == 0)
    return;

  if (self->import_cancellable == NULL)
    {
      g_autofree char *name = g_file_get_basename (files[0]);
      g_autofree char *label = NULL;

      if (n_files == 1)
        /* Translators: %s is a file name */
        label = g_strdup_printf (_("Importing “%s”…"), name);
      else
        label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Importing %u file…", "Importing %u files…",
                                              n_files), n_files);
      gtk_label_set_label (self->import_label, label);
      gtk_progress_bar_set_fraction (self->import_progress, 0.0);
      self->import_cancellable = g_cancellable_new ();
      self->import_reveal_source = g_timeout_add (300, reveal_import_cb, self);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel-import", TRUE);
    }

  proc_importer_import_files_async (proc_store_get_path (self->store), files, n_files,
                                    import_progress_cb, self, self->import_cancellable,
                                    import_done_cb, g_object_ref (self));
}

static void
toast_dismissed_cb (ProcWindow *self,
                    AdwToast   *toast)
{
  if (self->undo_toast == toast)
    self->undo_toast = NULL;
  /* Toasts go with the window too, after the list. */
  if (self->n_toasts > 0 && --self->n_toasts == 0 && self->list_view != NULL)
    gtk_widget_remove_css_class (GTK_WIDGET (self->list_view), "toast-room");
}

/* While a toast shows, the list makes room below its last row, so that
 * the toast covers no paper. */
void
_proc_window_show_toast (ProcWindow *self,
                         AdwToast   *toast)
{
  if (self->n_toasts++ == 0)
    gtk_widget_add_css_class (GTK_WIDGET (self->list_view), "toast-room");
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (toast_dismissed_cb), self, G_CONNECT_SWAPPED);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

void
proc_window_add_toast (ProcWindow *self,
                       const char *title)
{
  g_autofree char *escaped = NULL;

  g_return_if_fail (PROC_IS_WINDOW (self));

  /* A toast's title is markup; ours is text, from titles and file names. */
  escaped = g_markup_escape_text (title, -1);
  _proc_window_show_toast (self, adw_toast_new (escaped));
}

/* Only one toast offers Undo, for the newest edit, which is what Undo
 * undoes: a new edit renames it rather than adding one (queued, an older
 * toast would come back after Undo and undo an edit other than the one
 * it names).  Renaming it in place also spares libadwaita 1.2, whose
 * overlay crashes when toasts of high priority are dismissed and added in
 * quick succession. */
static void
offer_undo (ProcWindow *self,
            ProcUndo   *undo)
{
  g_autofree char *escaped = g_markup_escape_text (proc_undo_get_label (undo), -1);
  AdwToast *toast = self->undo_toast;

  if (toast == NULL)
    {
      toast = adw_toast_new (escaped);
      adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
      adw_toast_set_action_name (toast, "win.undo");
      self->undo_toast = toast;
      adw_toast_set_button_label (toast, _("_Undo"));
      _proc_window_show_toast (self, toast);
    }
  else
    {
      adw_toast_set_title (toast, escaped);
      adw_toast_set_button_label (toast, _("_Undo"));
    }
}

/* Undone by Ctrl+Z while its toast shows: the toast says so, and offers
 * nothing more to undo. */
void
_proc_window_undo_done (ProcWindow *self,
                        ProcUndo   *undo)
{
  g_autofree char *message = NULL;
  g_autofree char *escaped = NULL;

  if (self->undo_toast == NULL)
    return;

  /* Translators: a toast once an edit is undone; %s names the edit, e.g. "Deleted 2 papers" */
  message = g_strdup_printf (_("Undone: %s"), proc_undo_get_label (undo));
  escaped = g_markup_escape_text (message, -1);
  adw_toast_set_title (self->undo_toast, escaped);
  adw_toast_set_button_label (self->undo_toast, NULL);
}

/**
 * proc_window_push_undo:
 *
 * Remembers an edit for Ctrl+Z and offers Undo in a toast.
 */
void
proc_window_push_undo (ProcWindow *self,
                       ProcUndo   *undo)
{
  g_return_if_fail (PROC_IS_WINDOW (self));

  g_queue_push_head (&self->undo_stack, proc_undo_ref (undo));
  while (g_queue_get_length (&self->undo_stack) > MAX_UNDO)
    proc_undo_unref (g_queue_pop_tail (&self->undo_stack));

  offer_undo (self, undo);
  _proc_window_update_actions (self);
}

/* The edits of the sidebar, the detail and the tag editor come here. */
static void
proc_window_receive_undo (ProcUndoReceiver *receiver,
                          ProcUndo         *undo)
{
  proc_window_push_undo (PROC_WINDOW (receiver), undo);
}

static void
proc_window_undo_receiver_init (ProcUndoReceiverInterface *iface)
{
  iface->receive = proc_window_receive_undo;
}

void
proc_window_report_error (ProcWindow   *self,
                          const GError *error)
{
  g_return_if_fail (PROC_IS_WINDOW (self));

  proc_window_add_toast (self, error->message);
}
