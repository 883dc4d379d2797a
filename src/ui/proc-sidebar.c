/* proc-sidebar.c: the library, lists, reading lists and tags, with counts
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "proc-collection-list.h"
#include "proc-paper-ids.h"
#include "proc-sidebar.h"
#include "proc-sidebar-row.h"
#include "proc-statistics.h"
#include "proc-colour-chooser.h"
#include "proc-utils.h"
#include "proc-watchlist-dialog.h"

/* Every entry is a query of the search language (`is:starred`,
 * `tag:"x"`), so choosing one is setting the paper list's filter, and the
 * counts are the same queries counted in SQL. */
struct _ProcSidebar
{
  GtkWidget parent_instance;

  ProcStore *store;
  ProcCollectionList *lists;
  ProcCollectionList *reading_lists;
  ProcCollectionList *tags;
  ProcCollectionList *watchlists;
  char *filter;
  char *title;
  ProcCollection *menu_tag;     /* the tag whose context menu is open */
  ProcCollection *menu_reading_list;
  ProcCollection *menu_watchlist;
  GtkPopoverMenu *menu;         /* the last row's context menu */
  GPtrArray *kept_selection;    /* collections selected while rows are replaced */
  char *reselect_query;         /* a list deleted while shown, until Undo brings it back */
  gboolean updating_selection;

  GtkListBox *library_box;
  GtkListBox *triage_box;
  GtkListBox *watchlists_box;
  GtkListBox *lists_box;
  GtkListBox *reading_lists_box;
  GtkListBox *tags_box;
  GtkWidget *lists_heading;
  GtkWidget *reading_lists_heading;
  GtkWidget *tags_heading;
};

G_DEFINE_FINAL_TYPE (ProcSidebar, proc_sidebar, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_FILTER,
  PROP_TITLE,
  N_PROPS
};

enum {
  PAPERS_DROPPED,
  N_SIGNALS
};

static GParamSpec *properties [N_PROPS];
static guint signals [N_SIGNALS];

typedef struct {
  const char *icon;
  const char *label;
  const char *query;
} FixedEntry;

static const FixedEntry library_entries[] = {
  { "view-grid-symbolic", N_("All Papers"), "" },
  { "mail-unread-symbolic", N_("Unread"), "is:unread" },
  { "document-open-recent-symbolic", N_("Reading"), "is:reading" },
  { "starred-symbolic", N_("Starred"), "is:starred" },
  { "document-edit-symbolic", N_("With Notes"), "has:note" },
  { "proceedings-code-symbolic", N_("With Code"), "has:code" },
};

/* In the order of ProcTriage, from PROC_TRIAGE_UNTRIAGED on. */
static const FixedEntry triage_entries[] = {
  { "proceedings-triage-symbolic", N_("To Triage"), "is:untriaged" },
  { "object-select-symbolic", N_("Kept"), "is:kept" },
  { "dialog-question-symbolic", N_("Maybe"), "is:maybe" },
  { "media-skip-forward-symbolic", N_("Skipped"), "is:skipped" },
};

static GtkListBox *
boxes (ProcSidebar *self,
       guint        i)
{
  GtkListBox *all[] = { self->library_box, self->triage_box, self->watchlists_box,
                        self->lists_box, self->reading_lists_box, self->tags_box };

  return i < G_N_ELEMENTS (all) ? all[i] : NULL;
}

/* All the numbers from indexes that hold only the papers they count (see
 * proc_store_count_library()): at 870,000 papers, a count per entry was a
 * fifth of the window's start, and came again after every edit. */
static void
update_library_counts (ProcSidebar *self)
{
  g_autoptr(GError) error = NULL;
  ProcLibraryCounts counts;
  guint i = 0;

  if (!proc_store_count_library (self->store, &counts, &error))
    {
      g_debug ("%s", error->message);
      return;
    }

  {
    /* In the order of library_entries. */
    const guint library[] = { counts.n_papers, counts.n_unread, counts.n_reading,
                              counts.n_starred, counts.n_with_note, counts.n_with_code };

    G_STATIC_ASSERT (G_N_ELEMENTS (library) == G_N_ELEMENTS (library_entries));
    for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->library_box));
         row != NULL; row = gtk_widget_get_next_sibling (row))
      if (PROC_IS_SIDEBAR_ROW (row) && i < G_N_ELEMENTS (library))
        proc_sidebar_row_set_count (PROC_SIDEBAR_ROW (row), library[i++]);
  }

  /* The four decisions, in the order of triage_entries. */
  i = 0;
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->triage_box));
       row != NULL; row = gtk_widget_get_next_sibling (row))
    if (PROC_IS_SIDEBAR_ROW (row) && i < G_N_ELEMENTS (counts.n_triage))
      proc_sidebar_row_set_count (PROC_SIDEBAR_ROW (row), counts.n_triage[i++]);
}

/* The reading lists' heading stays: its button makes the first one. */
static void
update_headings (ProcSidebar *self)
{
  gtk_widget_set_visible (self->lists_heading, g_list_model_get_n_items (G_LIST_MODEL (self->lists)) > 0);
  gtk_widget_set_visible (self->tags_heading, g_list_model_get_n_items (G_LIST_MODEL (self->tags)) > 0);
}

static void
set_filter (ProcSidebar *self,
            const char  *filter,
            const char  *title)
{
  if (g_strcmp0 (self->title, title) != 0)
    {
      g_free (self->title);
      self->title = g_strdup (title);
      g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_TITLE]);
    }

  if (g_strcmp0 (self->filter, filter) == 0)
    return;

  g_free (self->filter);
  self->filter = g_strdup (filter);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_FILTER]);
}

static int
compare_rows (gconstpointer a,
              gconstpointer b)
{
  return gtk_list_box_row_get_index ((GtkListBoxRow *) a) - gtk_list_box_row_get_index ((GtkListBoxRow *) b);
}

/* Selecting in one section clears the others; several tags intersect. */
static void
selection_changed_cb (ProcSidebar *self,
                      GtkListBox  *box)
{
  g_autoptr(GString) filter = g_string_new (NULL);
  g_autoptr(GString) title = g_string_new (NULL);
  GList *selected;

  /* Rows unselect themselves while the sidebar is disposed. */
  if (self->updating_selection || self->library_box == NULL)
    return;

  selected = gtk_list_box_get_selected_rows (box);
  if (selected == NULL)
    {
      /* Nothing chosen anywhere: that is All Papers. */
      gboolean any = FALSE;

      for (guint i = 0; boxes (self, i); i++)
        any |= gtk_list_box_get_selected_row (boxes (self, i)) != NULL;
      if (!any)
        {
          self->updating_selection = TRUE;
          gtk_list_box_select_row (self->library_box, gtk_list_box_get_row_at_index (self->library_box, 0));
          self->updating_selection = FALSE;
          set_filter (self, "", _("All Papers"));
        }
      return;
    }

  self->updating_selection = TRUE;
  for (guint i = 0; boxes (self, i); i++)
    if (boxes (self, i) != box)
      gtk_list_box_unselect_all (boxes (self, i));
  self->updating_selection = FALSE;

  /* Rows come back in selection order; keep the sidebar's order. */
  selected = g_list_sort (selected, compare_rows);
  for (GList *l = selected; l; l = l->next)
    {
      ProcSidebarRow *row = l->data;

      if (filter->len > 0)
        {
          g_string_append_c (filter, ' ');
          /* Translators: joins the names of several selected tags */
          g_string_append (title, _(" + "));
        }
      g_string_append (filter, proc_sidebar_row_get_query (row));
      g_string_append (title, proc_sidebar_row_get_label (row));
    }
  g_list_free (selected);

  /* Something else chosen: a deleted list coming back stays unshown. */
  if (filter->len > 0)
    g_clear_pointer (&self->reselect_query, g_free);

  set_filter (self, filter->str, title->str);
}

/* Shows what is selected again, as a rename changes the rows' queries. */
static void
refresh_filter (ProcSidebar *self)
{
  for (guint i = 0; boxes (self, i); i++)
    {
      GList *selected = gtk_list_box_get_selected_rows (boxes (self, i));

      g_list_free (selected);
      if (selected != NULL)
        {
          selection_changed_cb (self, boxes (self, i));
          return;
        }
    }
}

static GtkListBox *
box_for_model (ProcSidebar *self,
               GListModel  *model)
{
  if (model == G_LIST_MODEL (self->lists))
    return self->lists_box;
  if (model == G_LIST_MODEL (self->reading_lists))
    return self->reading_lists_box;
  if (model == G_LIST_MODEL (self->watchlists))
    return self->watchlists_box;
  return self->tags_box;
}

static gboolean
row_goes (GtkWidget *row,
          guint      position,
          guint      removed)
{
  int index = gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (row));

  return index >= (int) position && index < (int) (position + removed);
}

/* A row about to be removed gives up the keyboard focus first, to the row
 * shown (or All Papers, where the view goes when the row shown goes): GTK
 * 4.24's GtkListBox hands the focus of a removed row to a neighbour and
 * selects it, which would show another tag's papers. */
static void
move_focus_off_going_rows (ProcSidebar *self,
                           GtkListBox  *box,
                           guint        position,
                           guint        removed)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  GtkWidget *row = focus != NULL ? gtk_widget_get_ancestor (focus, GTK_TYPE_LIST_BOX_ROW) : NULL;

  if (removed == 0 || row == NULL || gtk_widget_get_parent (row) != GTK_WIDGET (box) ||
      !row_goes (row, position, removed))
    return;

  for (guint i = 0; boxes (self, i); i++)
    {
      GtkListBoxRow *shown = gtk_list_box_get_selected_row (boxes (self, i));

      if (shown != NULL && !(boxes (self, i) == box && row_goes (GTK_WIDGET (shown), position, removed)))
        {
          gtk_widget_grab_focus (GTK_WIDGET (shown));
          return;
        }
    }
  gtk_widget_grab_focus (GTK_WIDGET (gtk_list_box_get_row_at_index (self->library_box, 0)));
}

/* A collection model is about to replace rows (a rename moves a row, a
 * delete or an undo removes or adds one): remember which collections were
 * selected, and let GtkListBox shuffle its selection unseen meanwhile. */
static void
collections_changing_cb (ProcSidebar *self,
                         guint        position,
                         guint        removed,
                         guint        added,
                         GListModel  *model)
{
  GList *selected;

  if (self->updating_selection || self->library_box == NULL)
    return;

  move_focus_off_going_rows (self, box_for_model (self, model), position, removed);

  selected = gtk_list_box_get_selected_rows (box_for_model (self, model));
  g_ptr_array_set_size (self->kept_selection, 0);
  for (GList *l = selected; l; l = l->next)
    g_ptr_array_add (self->kept_selection, g_object_ref (proc_sidebar_row_get_collection (l->data)));
  g_list_free (selected);
  self->updating_selection = TRUE;
}

/* …and then select the rows of those collections that are still there. */
static void
collections_changed_cb (ProcSidebar *self,
                        guint        position,
                        guint        removed,
                        guint        added,
                        GListModel  *model)
{
  GtkListBox *box = box_for_model (self, model);

  if (self->library_box == NULL || !self->updating_selection)
    return;

  gtk_list_box_unselect_all (box);
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (box)); row; row = gtk_widget_get_next_sibling (row))
    if (PROC_IS_SIDEBAR_ROW (row) &&
        g_ptr_array_find (self->kept_selection, proc_sidebar_row_get_collection (PROC_SIDEBAR_ROW (row)), NULL))
      gtk_list_box_select_row (box, GTK_LIST_BOX_ROW (row));
  g_ptr_array_set_size (self->kept_selection, 0);
  self->updating_selection = FALSE;

  /* The list shown when it was deleted, back through Undo: show it again,
   * unless something else has been chosen since. */
  if (self->reselect_query != NULL && g_strcmp0 (self->filter, "") == 0)
    for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (box)); row; row = gtk_widget_get_next_sibling (row))
      if (PROC_IS_SIDEBAR_ROW (row) &&
          g_strcmp0 (proc_sidebar_row_get_query (PROC_SIDEBAR_ROW (row)), self->reselect_query) == 0)
        {
          gtk_list_box_select_row (box, GTK_LIST_BOX_ROW (row));
          return;
        }

  selection_changed_cb (self, box);
}

static gboolean
drop_cb (GtkDropTarget  *target,
         const GValue   *value,
         double          x,
         double          y,
         ProcSidebarRow *row)
{
  ProcSidebar *self = PROC_SIDEBAR (gtk_widget_get_ancestor (GTK_WIDGET (row), PROC_TYPE_SIDEBAR));
  GArray *ids = g_value_get_boxed (value);

  if (self == NULL || ids == NULL || ids->len == 0)
    return FALSE;

  g_signal_emit (self, signals [PAPERS_DROPPED], 0, proc_sidebar_row_get_collection (row), ids);
  return TRUE;
}

/* GNOME's palette, for tags: names a person can choose from a menu. */

/* Keyboard focus on the row that is shown, not on a tag row that a rename
 * or delete is about to destroy: GtkListBox would otherwise hand the
 * focus, and with it the selection, to a neighbouring tag. */
static void
focus_selected_row (ProcSidebar *self)
{
  for (guint i = 0; boxes (self, i); i++)
    {
      GtkListBoxRow *row = gtk_list_box_get_selected_row (boxes (self, i));

      if (row != NULL)
        {
          gtk_widget_grab_focus (GTK_WIDGET (row));
          return;
        }
    }
}

/* The focus goes back to the row shown, not to the row of the menu,
 * which GtkListBox would then select: a menu must not change the view. */
static void
menu_closed_cb (ProcSidebar *self,
                GtkPopover  *popover)
{
  focus_selected_row (self);
}

static void
popup_menu (ProcSidebar    *self,
            ProcSidebarRow *row,
            GMenu          *menu,
            double          x,
            double          y)
{
  focus_selected_row (self);
  proc_popup_context_menu (GTK_WIDGET (row), &self->menu, G_MENU_MODEL (menu), x, y);
  g_signal_connect_object (self->menu, "closed", G_CALLBACK (menu_closed_cb), self, G_CONNECT_SWAPPED);
}

/* Export… in a collection's menu: the window's Export dialog, with the
 * collection chosen. */
static void
append_export_item (GMenu          *section,
                    const char     *label,
                    const char     *prefix,
                    ProcCollection *collection)
{
  g_autofree char *what = g_strconcat (prefix, proc_collection_get_name (collection), NULL);
  g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

  g_menu_item_set_action_and_target_value (item, "win.export-papers", g_variant_new_string (what));
  g_menu_append_item (section, item);
}

static void
tag_pressed_cb (GtkGestureClick *gesture,
                int              n_press,
                double           x,
                double           y,
                ProcSidebarRow  *row)
{
  ProcSidebar *self = PROC_SIDEBAR (gtk_widget_get_ancestor (GTK_WIDGET (row), PROC_TYPE_SIDEBAR));
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenu) colours = g_menu_new ();
  g_autoptr(GMenu) edit = g_menu_new ();
  g_autoptr(GMenu) export = g_menu_new ();
  g_autoptr(GMenu) destroy = g_menu_new ();
  guint n_colours;
  const ProcTagColour *tag_colours = proc_tag_colours_get (&n_colours);

  if (self == NULL)
    return;

  if (gesture != NULL)
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  g_set_object (&self->menu_tag, proc_sidebar_row_get_collection (row));

  for (guint i = 0; i < n_colours; i++)
    {
      g_autoptr(GMenuItem) item = g_menu_item_new (_(tag_colours[i].label), NULL);

      g_menu_item_set_action_and_target_value (item, "sidebar.tag-colour",
                                               g_variant_new_string (tag_colours[i].colour));
      g_menu_append_item (colours, item);
    }
  {
    g_autoptr(GMenuItem) none = g_menu_item_new (C_("tag colour", "None"), NULL);

    g_menu_item_set_action_and_target_value (none, "sidebar.tag-colour", g_variant_new_string (""));
    g_menu_append_item (colours, none);
  }

  g_menu_append (edit, _("_Rename…"), "sidebar.rename-tag");
  g_menu_append_submenu (edit, _("Change _Colour"), G_MENU_MODEL (colours));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (edit));
  append_export_item (export, _("_Export Tag…"), "tag:", self->menu_tag);
  g_menu_append_section (menu, NULL, G_MENU_MODEL (export));
  g_menu_append (destroy, _("_Delete Tag"), "sidebar.delete-tag");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (destroy));

  popup_menu (self, row, menu, x, y);
}

static void
rename_tag_done (ProcSidebar *self,
                 const char  *name)
{
  g_autoptr(GError) error = NULL;

  if (self->menu_tag != NULL &&
      !proc_store_rename_tag (self->store, proc_collection_get_id (self->menu_tag), name, &error))
    proc_widget_show_error (GTK_WIDGET (self), error);
}

static void
rename_tag_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  ProcSidebar *self = PROC_SIDEBAR (widget);

  if (self->menu_tag == NULL)
    return;

  proc_ask_name (widget, _("Rename Tag"), proc_collection_get_name (self->menu_tag),
                 _("Tag name"), _("_Rename"), (ProcNameCallback) rename_tag_done, self);
}

static void
tag_colour_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  ProcSidebar *self = PROC_SIDEBAR (widget);
  g_autoptr(GError) error = NULL;

  if (self->menu_tag != NULL &&
      !proc_store_set_tag_colour (self->store, proc_collection_get_id (self->menu_tag),
                                  g_variant_get_string (parameter, NULL), &error))
    proc_widget_show_error (widget, error);
}

static void
delete_tag_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  ProcSidebar *self = PROC_SIDEBAR (widget);
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcUndo) undo = NULL;

  if (self->menu_tag == NULL)
    return;

  /* Showing the tag's papers, show all instead: the tag is gone. */
  {
    GList *selected = gtk_list_box_get_selected_rows (self->tags_box);

    for (GList *l = selected; l; l = l->next)
      if (proc_sidebar_row_get_collection (l->data) == self->menu_tag)
        {
          proc_sidebar_select_query (self, "");
          focus_selected_row (self);
        }
    g_list_free (selected);
  }

  if (!(undo = proc_store_delete_tag_undoable (self->store, proc_collection_get_id (self->menu_tag), &error)))
    proc_widget_show_error (widget, error);
  else
    proc_widget_offer_undo (widget, undo);
  g_clear_object (&self->menu_tag);
}

static void
tag_long_pressed_cb (ProcSidebarRow      *row,
                     double               x,
                     double               y,
                     GtkGestureLongPress *gesture)
{
  tag_pressed_cb (NULL, 1, x, y, row);
}

/* A collection's menu: its edit, its export and its deletion, each a
 * section when given, for the collection @row shows, which
 * *@menu_collection remembers for the actions. */
typedef struct
{
  gsize menu_collection_offset;
  const char *edit_label;
  const char *edit_action;
  const char *export_label;
  const char *export_prefix;
  const char *delete_label;
  const char *delete_action;
} CollectionMenu;

static void
popup_collection_menu (GtkGestureClick      *gesture,
                       ProcSidebarRow       *row,
                       double                x,
                       double                y,
                       const CollectionMenu *items)
{
  ProcSidebar *self = PROC_SIDEBAR (gtk_widget_get_ancestor (GTK_WIDGET (row), PROC_TYPE_SIDEBAR));
  ProcCollection *collection = proc_sidebar_row_get_collection (row);
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenu) edit = g_menu_new ();
  g_autoptr(GMenu) export = g_menu_new ();
  g_autoptr(GMenu) destroy = g_menu_new ();

  if (self == NULL || collection == NULL)
    return;

  if (gesture != NULL)
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  if (items->menu_collection_offset != 0)
    g_set_object ((ProcCollection **) G_STRUCT_MEMBER_P (self, items->menu_collection_offset), collection);

  if (items->edit_label != NULL)
    {
      g_menu_append (edit, items->edit_label, items->edit_action);
      g_menu_append_section (menu, NULL, G_MENU_MODEL (edit));
    }
  if (items->export_label != NULL)
    {
      append_export_item (export, items->export_label, items->export_prefix, collection);
      g_menu_append_section (menu, NULL, G_MENU_MODEL (export));
    }
  if (items->delete_label != NULL)
    {
      g_menu_append (destroy, items->delete_label, items->delete_action);
      g_menu_append_section (menu, NULL, G_MENU_MODEL (destroy));
    }

  popup_menu (self, row, menu, x, y);
}

static void
reading_list_pressed_cb (GtkGestureClick *gesture,
                         int              n_press,
                         double           x,
                         double           y,
                         ProcSidebarRow  *row)
{
  popup_collection_menu (gesture, row, x, y, &(CollectionMenu) {
                           G_STRUCT_OFFSET (ProcSidebar, menu_reading_list),
                           _("_Rename…"), "sidebar.rename-reading-list",
                           _("_Export Reading List…"), "reading-list:",
                           _("_Delete Reading List"), "sidebar.delete-reading-list" });
}

static void
reading_list_long_pressed_cb (ProcSidebarRow      *row,
                              double               x,
                              double               y,
                              GtkGestureLongPress *gesture)
{
  reading_list_pressed_cb (NULL, 1, x, y, row);
}

/* An imported list is the file it came from: exported, not edited. */
static void
list_pressed_cb (GtkGestureClick *gesture,
                 int              n_press,
                 double           x,
                 double           y,
                 ProcSidebarRow  *row)
{
  popup_collection_menu (gesture, row, x, y, &(CollectionMenu) {
                           0, NULL, NULL, _("_Export List…"), "list:", NULL, NULL });
}

static void
list_long_pressed_cb (ProcSidebarRow      *row,
                      double               x,
                      double               y,
                      GtkGestureLongPress *gesture)
{
  list_pressed_cb (NULL, 1, x, y, row);
}

static void
watchlist_pressed_cb (GtkGestureClick *gesture,
                      int              n_press,
                      double           x,
                      double           y,
                      ProcSidebarRow  *row)
{
  popup_collection_menu (gesture, row, x, y, &(CollectionMenu) {
                           G_STRUCT_OFFSET (ProcSidebar, menu_watchlist),
                           _("_Edit Watchlist…"), "sidebar.edit-watchlist",
                           NULL, NULL,
                           _("_Delete Watchlist"), "sidebar.delete-watchlist" });
}

static void
watchlist_long_pressed_cb (ProcSidebarRow      *row,
                           double               x,
                           double               y,
                           GtkGestureLongPress *gesture)
{
  watchlist_pressed_cb (NULL, 1, x, y, row);
}

static void
watchlist_saved_cb (gpointer user_data,
                    gint64   id)
{
  g_autoptr(ProcSidebar) self = user_data;

  /* Edited while shown: show what its words find now. */
  refresh_filter (self);
}

static void
edit_watchlist_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  ProcSidebar *self = PROC_SIDEBAR (widget);
  g_autofree char *query = NULL;

  if (self->menu_watchlist == NULL)
    return;

  query = proc_collection_dup_query (self->menu_watchlist);
  proc_watchlist_dialog_present (widget, self->store, proc_collection_get_id (self->menu_watchlist),
                                 proc_collection_get_name (self->menu_watchlist), query,
                                 watchlist_saved_cb, g_object_ref (self));
}

static void
delete_watchlist_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  ProcSidebar *self = PROC_SIDEBAR (widget);
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcUndo) undo = NULL;
  g_autoptr(ProcCollection) watchlist = g_steal_pointer (&self->menu_watchlist);
  g_autofree char *query = NULL;

  if (watchlist == NULL)
    return;

  /* Showing it, show all instead. */
  query = proc_collection_dup_query (watchlist);
  if (g_strcmp0 (self->filter, query) == 0)
    {
      proc_sidebar_select_query (self, "");
      focus_selected_row (self);
    }

  if (!(undo = proc_store_delete_watchlist_undoable (self->store, proc_collection_get_id (watchlist), &error)))
    proc_widget_show_error (widget, error);
  else
    proc_widget_offer_undo (widget, undo);
}

static void
new_reading_list_done (ProcSidebar *self,
                       const char  *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcUndo) undo = NULL;
  gint64 id;

  if (!(undo = proc_store_create_reading_list_undoable (self->store, name, NULL, 0, &id, &error)))
    {
      proc_widget_show_error (GTK_WIDGET (self), error);
      return;
    }

  /* Shown at once: empty, with a word on how to fill it. */
  proc_sidebar_select_collection (self, PROC_COLLECTION_KIND_READING_LIST, id);
  proc_widget_offer_undo (GTK_WIDGET (self), undo);
}

static void
new_reading_list_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  proc_ask_name (widget, _("New Reading List"), NULL, _("Reading list name"), _("_Create"),
                 (ProcNameCallback) new_reading_list_done, widget);
}

static void
rename_reading_list_done (ProcSidebar *self,
                          const char  *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcUndo) undo = NULL;

  if (self->menu_reading_list == NULL)
    return;

  /* A name another list has is refused with a message that says so. */
  if (!(undo = proc_store_rename_reading_list_undoable (self->store, proc_collection_get_id (self->menu_reading_list),
                                                        name, &error)))
    proc_widget_show_error (GTK_WIDGET (self), error);
  else
    proc_widget_offer_undo (GTK_WIDGET (self), undo);
}

static void
rename_reading_list_action (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *parameter)
{
  ProcSidebar *self = PROC_SIDEBAR (widget);

  if (self->menu_reading_list == NULL)
    return;

  proc_ask_name (widget, _("Rename Reading List"), proc_collection_get_name (self->menu_reading_list),
                 _("Reading list name"), _("_Rename"), (ProcNameCallback) rename_reading_list_done, self);
}

static void
delete_reading_list_action (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *parameter)
{
  ProcSidebar *self = PROC_SIDEBAR (widget);
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcUndo) undo = NULL;
  g_autoptr(ProcCollection) list = g_steal_pointer (&self->menu_reading_list);
  g_autofree char *query = NULL;
  gboolean shown;

  if (list == NULL)
    return;

  /* Showing the list, show all instead; Undo shows the list again. */
  query = proc_collection_dup_query (list);
  shown = g_strcmp0 (self->filter, query) == 0;
  if (shown)
    {
      proc_sidebar_select_query (self, "");
      focus_selected_row (self);
    }

  if (!(undo = proc_store_delete_reading_list_undoable (self->store, proc_collection_get_id (list), &error)))
    {
      proc_widget_show_error (widget, error);
      if (shown)
        proc_sidebar_select_query (self, query);
      return;
    }

  if (shown)
    {
      g_free (self->reselect_query);
      self->reselect_query = g_steal_pointer (&query);
    }
  proc_widget_offer_undo (widget, undo);
}

static GtkWidget *
create_collection_row (gpointer item,
                       gpointer user_data)
{
  GtkWidget *row = proc_sidebar_row_new_collection (item);
  ProcCollectionKind kind = proc_collection_get_kind (item);

  /* Papers dragged from the list are tagged or added here. */
  if (kind == PROC_COLLECTION_KIND_TAG || kind == PROC_COLLECTION_KIND_READING_LIST)
    {
      GtkDropTarget *target = gtk_drop_target_new (PROC_TYPE_PAPER_IDS, GDK_ACTION_COPY);

      g_signal_connect (target, "drop", G_CALLBACK (drop_cb), row);
      gtk_widget_add_controller (row, GTK_EVENT_CONTROLLER (target));
    }

  /* Right-click or long-press: the collection's menu. */
    {
      GtkGesture *click = gtk_gesture_click_new ();
      GtkGesture *long_press = gtk_gesture_long_press_new ();
      GCallback pressed = G_CALLBACK (reading_list_pressed_cb);
      GCallback long_pressed = G_CALLBACK (reading_list_long_pressed_cb);

      if (kind == PROC_COLLECTION_KIND_LIST)
        {
          pressed = G_CALLBACK (list_pressed_cb);
          long_pressed = G_CALLBACK (list_long_pressed_cb);
        }
      else if (kind == PROC_COLLECTION_KIND_TAG)
        {
          pressed = G_CALLBACK (tag_pressed_cb);
          long_pressed = G_CALLBACK (tag_long_pressed_cb);
        }
      else if (kind == PROC_COLLECTION_KIND_WATCHLIST)
        {
          pressed = G_CALLBACK (watchlist_pressed_cb);
          long_pressed = G_CALLBACK (watchlist_long_pressed_cb);
        }

      gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
      /* On release: a menu opened on the press would get the release,
       * which GTK 4.8 counts against it, and its next click is lost. */
      g_signal_connect (click, "released", pressed, row);
      gtk_widget_add_controller (row, GTK_EVENT_CONTROLLER (click));
      gtk_gesture_single_set_touch_only (GTK_GESTURE_SINGLE (long_press), TRUE);
      g_signal_connect_swapped (long_press, "pressed", long_pressed, row);
      gtk_widget_add_controller (row, GTK_EVENT_CONTROLLER (long_press));
    }

  return row;
}

static void
store_changed_cb (ProcSidebar *self,
                  guint        change,
                  ProcStore   *store)
{
  update_library_counts (self);
  update_headings (self);
  refresh_filter (self);
}

static void
proc_sidebar_dispose (GObject *object)
{
  ProcSidebar *self = (ProcSidebar *)object;
  GtkWidget *child;

  if (self->store != NULL)
    g_signal_handlers_disconnect_by_data (self->store, self);
  self->updating_selection = TRUE;
  gtk_widget_dispose_template (GTK_WIDGET (self), PROC_TYPE_SIDEBAR);
  proc_clear_context_menu (&self->menu);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);
  g_clear_object (&self->lists);
  g_clear_object (&self->reading_lists);
  g_clear_object (&self->tags);
  g_clear_object (&self->watchlists);
  g_clear_object (&self->menu_tag);
  g_clear_object (&self->menu_watchlist);
  g_clear_object (&self->menu_reading_list);
  g_clear_pointer (&self->kept_selection, g_ptr_array_unref);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (proc_sidebar_parent_class)->dispose (object);
}

static void
proc_sidebar_finalize (GObject *object)
{
  ProcSidebar *self = (ProcSidebar *)object;

  g_clear_pointer (&self->filter, g_free);
  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->reselect_query, g_free);

  G_OBJECT_CLASS (proc_sidebar_parent_class)->finalize (object);
}

static void
proc_sidebar_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  ProcSidebar *self = PROC_SIDEBAR (object);

  switch (prop_id)
    {
    case PROP_FILTER:
      g_value_set_string (value, self->filter);
      break;

    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
proc_sidebar_class_init (ProcSidebarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = proc_sidebar_dispose;
  object_class->finalize = proc_sidebar_finalize;
  object_class->get_property = proc_sidebar_get_property;

  properties [PROP_FILTER] =
    g_param_spec_string ("filter", NULL, NULL, "",
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties [PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ProcSidebar::papers-dropped:
   * @collection: the tag or reading list the papers were dropped on
   * @ids: (type ProcPaperIds): the papers
   */
  signals [PAPERS_DROPPED] =
    g_signal_new ("papers-dropped",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, PROC_TYPE_COLLECTION, PROC_TYPE_PAPER_IDS);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/proceedings/Proceedings/ui/proc-sidebar.ui");
  gtk_widget_class_bind_template_child (widget_class, ProcSidebar, library_box);
  gtk_widget_class_bind_template_child (widget_class, ProcSidebar, triage_box);
  gtk_widget_class_bind_template_child (widget_class, ProcSidebar, watchlists_box);
  gtk_widget_class_bind_template_child (widget_class, ProcSidebar, lists_box);
  gtk_widget_class_bind_template_child (widget_class, ProcSidebar, reading_lists_box);
  gtk_widget_class_bind_template_child (widget_class, ProcSidebar, tags_box);
  gtk_widget_class_bind_template_child (widget_class, ProcSidebar, lists_heading);
  gtk_widget_class_bind_template_child (widget_class, ProcSidebar, reading_lists_heading);
  gtk_widget_class_bind_template_child (widget_class, ProcSidebar, tags_heading);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "sidebar");

  gtk_widget_class_install_action (widget_class, "sidebar.rename-tag", NULL, rename_tag_action);
  gtk_widget_class_install_action (widget_class, "sidebar.tag-colour", "s", tag_colour_action);
  gtk_widget_class_install_action (widget_class, "sidebar.delete-tag", NULL, delete_tag_action);
  gtk_widget_class_install_action (widget_class, "sidebar.new-reading-list", NULL, new_reading_list_action);
  gtk_widget_class_install_action (widget_class, "sidebar.rename-reading-list", NULL, rename_reading_list_action);
  gtk_widget_class_install_action (widget_class, "sidebar.delete-reading-list", NULL, delete_reading_list_action);
  gtk_widget_class_install_action (widget_class, "sidebar.edit-watchlist", NULL, edit_watchlist_action);
  gtk_widget_class_install_action (widget_class, "sidebar.delete-watchlist", NULL, delete_watchlist_action);
}

static void
proc_sidebar_init (ProcSidebar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->filter = g_strdup ("");
  self->title = g_strdup (_("All Papers"));
  self->kept_selection = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < G_N_ELEMENTS (library_entries); i++)
    gtk_list_box_append (self->library_box,
                         proc_sidebar_row_new_fixed (library_entries[i].icon,
                                                     _(library_entries[i].label),
                                                     library_entries[i].query));
  for (guint i = 0; i < G_N_ELEMENTS (triage_entries); i++)
    gtk_list_box_append (self->triage_box,
                         proc_sidebar_row_new_fixed (triage_entries[i].icon,
                                                     _(triage_entries[i].label),
                                                     triage_entries[i].query));

  for (guint i = 0; boxes (self, i); i++)
    g_signal_connect_swapped (boxes (self, i), "selected-rows-changed",
                              G_CALLBACK (selection_changed_cb), self);
  gtk_list_box_select_row (self->library_box, gtk_list_box_get_row_at_index (self->library_box, 0));
}

GtkWidget *
proc_sidebar_new (void)
{
  return g_object_new (PROC_TYPE_SIDEBAR, NULL);
}

void
proc_sidebar_set_store (ProcSidebar *self,
                        ProcStore   *store)
{
  g_return_if_fail (PROC_IS_SIDEBAR (self));
  g_return_if_fail (PROC_IS_STORE (store));
  g_return_if_fail (self->store == NULL);

  self->store = g_object_ref (store);
  self->lists = proc_collection_list_new (store, PROC_COLLECTION_KIND_LIST);
  self->reading_lists = proc_collection_list_new (store, PROC_COLLECTION_KIND_READING_LIST);
  self->tags = proc_collection_list_new (store, PROC_COLLECTION_KIND_TAG);
  self->watchlists = proc_collection_list_new (store, PROC_COLLECTION_KIND_WATCHLIST);

  /* Around the list boxes' own handlers, which replace the rows. */
  {
    GListModel *models[] = { G_LIST_MODEL (self->lists), G_LIST_MODEL (self->reading_lists),
                             G_LIST_MODEL (self->tags), G_LIST_MODEL (self->watchlists) };

    for (guint i = 0; i < G_N_ELEMENTS (models); i++)
      {
        g_signal_connect_object (models[i], "items-changed", G_CALLBACK (collections_changing_cb),
                                 self, G_CONNECT_SWAPPED);
        g_signal_connect_object (models[i], "items-changed", G_CALLBACK (collections_changed_cb),
                                 self, G_CONNECT_SWAPPED | G_CONNECT_AFTER);
      }
  }
  gtk_list_box_bind_model (self->lists_box, G_LIST_MODEL (self->lists), create_collection_row, self, NULL);
  gtk_list_box_bind_model (self->reading_lists_box, G_LIST_MODEL (self->reading_lists),
                           create_collection_row, self, NULL);
  gtk_list_box_bind_model (self->tags_box, G_LIST_MODEL (self->tags), create_collection_row, self, NULL);
  gtk_list_box_bind_model (self->watchlists_box, G_LIST_MODEL (self->watchlists), create_collection_row, self, NULL);

  g_signal_connect_object (store, "changed", G_CALLBACK (store_changed_cb), self, G_CONNECT_SWAPPED);
  store_changed_cb (self, PROC_STORE_CHANGE_ALL, store);
}

/**
 * proc_sidebar_get_filter:
 *
 * Returns: the query of what is selected: "" for All Papers
 */
const char *
proc_sidebar_get_filter (ProcSidebar *self)
{
  g_return_val_if_fail (PROC_IS_SIDEBAR (self), NULL);

  return self->filter;
}

/* What is selected, in words, for the list's header. */
const char *
proc_sidebar_get_title (ProcSidebar *self)
{
  g_return_val_if_fail (PROC_IS_SIDEBAR (self), NULL);

  return self->title;
}

/**
 * proc_sidebar_select_query:
 *
 * Selects the entry whose query is @query, as when the last one shown is
 * restored at start.
 *
 * Returns: %TRUE when there was such an entry
 */
gboolean
proc_sidebar_select_query (ProcSidebar *self,
                           const char  *query)
{
  g_return_val_if_fail (PROC_IS_SIDEBAR (self), FALSE);

  for (guint i = 0; boxes (self, i); i++)
    for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (boxes (self, i)));
         row != NULL; row = gtk_widget_get_next_sibling (row))
      {
        if (PROC_IS_SIDEBAR_ROW (row) &&
            g_strcmp0 (proc_sidebar_row_get_query (PROC_SIDEBAR_ROW (row)), query) == 0)
          {
            gtk_list_box_unselect_all (boxes (self, i));
            gtk_list_box_select_row (boxes (self, i), GTK_LIST_BOX_ROW (row));
            return TRUE;
          }
      }

  return FALSE;
}

/**
 * proc_sidebar_find_row:
 *
 * Returns: (transfer none) (nullable): the row showing @label
 */
GtkWidget *
proc_sidebar_find_row (ProcSidebar *self,
                       const char  *label)
{
  g_return_val_if_fail (PROC_IS_SIDEBAR (self), NULL);

  for (guint i = 0; boxes (self, i); i++)
    for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (boxes (self, i)));
         row != NULL; row = gtk_widget_get_next_sibling (row))
      if (PROC_IS_SIDEBAR_ROW (row) &&
          g_strcmp0 (proc_sidebar_row_get_label (PROC_SIDEBAR_ROW (row)), label) == 0)
        return row;

  return NULL;
}

/**
 * proc_sidebar_get_reading_list:
 *
 * Returns: (transfer none) (nullable): the reading list shown, when the
 *   sidebar shows one
 */
ProcCollection *
proc_sidebar_get_reading_list (ProcSidebar *self)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (PROC_IS_SIDEBAR (self), NULL);

  row = gtk_list_box_get_selected_row (self->reading_lists_box);
  return row != NULL ? proc_sidebar_row_get_collection (PROC_SIDEBAR_ROW (row)) : NULL;
}

/**
 * proc_sidebar_select_collection:
 *
 * Shows the tag, list or reading list @id of @kind.
 *
 * Returns: %TRUE when the sidebar has it
 */
gboolean
proc_sidebar_select_collection (ProcSidebar        *self,
                                ProcCollectionKind  kind,
                                gint64              id)
{
  g_return_val_if_fail (PROC_IS_SIDEBAR (self), FALSE);

  for (guint i = 1; boxes (self, i); i++)
    for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (boxes (self, i)));
         row != NULL; row = gtk_widget_get_next_sibling (row))
      {
        ProcCollection *collection;

        if (!PROC_IS_SIDEBAR_ROW (row) ||
            !(collection = proc_sidebar_row_get_collection (PROC_SIDEBAR_ROW (row))) ||
            proc_collection_get_kind (collection) != kind || proc_collection_get_id (collection) != id)
          continue;

        gtk_list_box_unselect_all (boxes (self, i));
        gtk_list_box_select_row (boxes (self, i), GTK_LIST_BOX_ROW (row));
        return TRUE;
      }

  return FALSE;
}
