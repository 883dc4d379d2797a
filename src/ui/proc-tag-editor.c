/* proc-tag-editor.c: the tags of one paper, as chips, and an entry to add one
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-tag-editor"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "proc-collection-list.h"
#include "proc-tag-editor.h"
#include "proc-utils.h"

/* The chips follow the paper's "tags" property, so a tag added in another
 * view shows up here too.  While the user types, a popover lists the
 * library's tags that contain the text and the paper lacks; the entry
 * keeps the focus, and Up and Down pick among them.  The popover belongs to
 * this widget rather than to the entry, so that it can be placed under the
 * entry on every allocation. */
struct _ProcTagEditor
{
  GtkWidget parent_instance;

  ProcStore *store;
  ProcPaper *paper;
  ProcCollectionList *tags;
  GtkFilterListModel *matches;
  GtkStringFilter *name_filter;
  GtkCustomFilter *new_filter;
  GdkRectangle pointing_to;

  GtkWidget *box;
  GtkFlowBox *chips;
  GtkEntry *entry;
  GtkWidget *add_button;
  GtkPopoverMenu *chip_menu;    /* a chip's context menu */
  GtkPopover *popover;
  GtkListBox *suggestions;
};

G_DEFINE_FINAL_TYPE (ProcTagEditor, proc_tag_editor, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_STORE,
  PROP_PAPER,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

static const char *
tag_colour (ProcTagEditor *self,
            const char    *name)
{
  ProcCollection *tag = self->tags ? proc_collection_list_lookup (self->tags, name) : NULL;

  return tag ? proc_collection_get_colour (tag) : NULL;
}

static void
add_tag (ProcTagEditor *self,
         const char    *name)
{
  g_autoptr(GError) error = NULL;
  gint64 id;

  if (self->store == NULL || self->paper == NULL || name == NULL || *name == '\0')
    return;

  id = proc_paper_get_id (self->paper);
  if (!proc_store_add_tag (self->store, &id, 1, name, &error))
    {
      proc_widget_show_error (GTK_WIDGET (self), error);
      return;
    }

  gtk_editable_set_text (GTK_EDITABLE (self->entry), "");
  gtk_popover_popdown (self->popover);
}

/* Takes @name off the paper, with Undo. */
static void
remove_tag (ProcTagEditor *self,
            const char    *name,
            gboolean       had_focus)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcUndo) undo = NULL;
  gint64 id;

  if (self->store == NULL || self->paper == NULL)
    return;

  id = proc_paper_get_id (self->paper);
  if (!(undo = proc_store_remove_tag_undoable (self->store, &id, 1, name, &error)))
    {
      proc_widget_show_error (GTK_WIDGET (self), error);
      return;
    }
  proc_widget_offer_undo (GTK_WIDGET (self), undo);

  /* The chip, and the focus with it, went away with the tag. */
  if (had_focus)
    gtk_widget_grab_focus (GTK_WIDGET (self->entry));
}

static void
remove_clicked_cb (ProcTagEditor *self,
                   GtkButton     *button)
{
  remove_tag (self, g_object_get_data (G_OBJECT (button), "tag"),
              gtk_widget_has_focus (GTK_WIDGET (button)));
}

static void
remove_tag_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  remove_tag (PROC_TAG_EDITOR (widget), g_variant_get_string (parameter, NULL), FALSE);
}

/* A chip's menu: the tag's papers (the window's action), or the tag off. */
static void
popup_chip_menu (GtkWidget *chip,
                 double     x,
                 double     y)
{
  ProcTagEditor *self = PROC_TAG_EDITOR (gtk_widget_get_ancestor (chip, PROC_TYPE_TAG_EDITOR));
  const char *name = g_object_get_data (G_OBJECT (chip), "tag");
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenuItem) show = g_menu_item_new (_("_Show Papers with This Tag"), NULL);
  g_autoptr(GMenuItem) remove = g_menu_item_new (_("_Remove Tag"), NULL);

  g_menu_item_set_action_and_target_value (show, "win.show-tag", g_variant_new_string (name));
  g_menu_item_set_action_and_target_value (remove, "tag-editor.remove-tag", g_variant_new_string (name));
  g_menu_append_item (menu, show);
  g_menu_append_item (menu, remove);
  proc_popup_context_menu (chip, &self->chip_menu, G_MENU_MODEL (menu), x, y);
}

static void
chip_clicked_cb (GtkGestureClick *gesture,
                 int              n_press,
                 double           x,
                 double           y,
                 gpointer         user_data)
{
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  popup_chip_menu (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture)), x, y);
}

static void
chip_long_pressed_cb (GtkGestureLongPress *gesture,
                      double               x,
                      double               y,
                      gpointer             user_data)
{
  popup_chip_menu (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture)), x, y);
}

static GtkWidget *
chip_new (ProcTagEditor *self,
          const char    *name)
{
  GtkWidget *chip = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *dot = proc_colour_dot_new (tag_colour (self, name));
  GtkWidget *label = gtk_label_new (name);
  GtkWidget *remove = gtk_button_new_from_icon_name ("window-close-symbolic");
  g_autofree char *remove_label = NULL;

  gtk_widget_add_css_class (chip, "tag-chip");
  gtk_widget_set_halign (chip, GTK_ALIGN_START);
  g_object_set_data_full (G_OBJECT (chip), "tag", g_strdup (name), g_free);

  /* Right-click or long-press: the chip's menu.  On release, as the
   * window's menus (proc-window.c says why). */
  {
    GtkGesture *click = gtk_gesture_click_new ();
    GtkGesture *long_press = gtk_gesture_long_press_new ();

    gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
    g_signal_connect (click, "released", G_CALLBACK (chip_clicked_cb), NULL);
    gtk_widget_add_controller (chip, GTK_EVENT_CONTROLLER (click));
    gtk_gesture_single_set_touch_only (GTK_GESTURE_SINGLE (long_press), TRUE);
    g_signal_connect (long_press, "pressed", G_CALLBACK (chip_long_pressed_cb), NULL);
    gtk_widget_add_controller (chip, GTK_EVENT_CONTROLLER (long_press));
  }

  if (dot != NULL)
    gtk_box_append (GTK_BOX (chip), dot);

  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 32);
  gtk_box_append (GTK_BOX (chip), label);

  /* Translators: tooltip and spoken name of the × of a tag chip; %s is the tag */
  remove_label = g_strdup_printf (_("Remove Tag “%s”"), name);
  gtk_widget_set_tooltip_text (remove, remove_label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (remove),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, remove_label,
                                  -1);
  gtk_widget_add_css_class (remove, "flat");
  gtk_widget_add_css_class (remove, "circular");
  gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
  g_object_set_data_full (G_OBJECT (remove), "tag", g_strdup (name), g_free);
  g_signal_connect_object (remove, "clicked", G_CALLBACK (remove_clicked_cb), self, G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (chip), remove);

  return chip;
}

static void
rebuild_chips (ProcTagEditor *self)
{
  const char * const *tags = self->paper ? proc_paper_get_tags (self->paper) : NULL;
  GtkWidget *child;
  guint n = 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->chips))))
    gtk_flow_box_remove (self->chips, child);

  for (; tags != NULL && tags[n] != NULL; n++)
    {
      GtkWidget *chip = chip_new (self, tags[n]);

      gtk_flow_box_append (self->chips, chip);
      /* Tab goes straight to the remove buttons. */
      gtk_widget_set_focusable (gtk_widget_get_parent (chip), FALSE);
    }

  gtk_widget_set_visible (GTK_WIDGET (self->chips), n > 0);
}

static gboolean
tag_is_new (gpointer item,
            gpointer user_data)
{
  ProcTagEditor *self = user_data;

  return self->paper == NULL || !proc_paper_has_tag (self->paper, proc_collection_get_name (item));
}

static char *
dup_typed_text (ProcTagEditor *self)
{
  return g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->entry))));
}

static void
update_suggestions (ProcTagEditor *self)
{
  g_autofree char *text = dup_typed_text (self);

  gtk_string_filter_set_search (self->name_filter, text);
  gtk_list_box_unselect_all (self->suggestions);

  if (*text != '\0' && self->paper != NULL &&
      g_list_model_get_n_items (G_LIST_MODEL (self->matches)) > 0)
    {
      /* As wide as the entry it completes. */
      gtk_widget_set_size_request (gtk_popover_get_child (self->popover),
                                   gtk_widget_get_width (GTK_WIDGET (self->entry)), -1);
      gtk_popover_popup (self->popover);
    }
  else
    {
      gtk_popover_popdown (self->popover);
    }
}

static void
tags_changed_cb (ProcTagEditor *self)
{
  rebuild_chips (self);
  gtk_filter_changed (GTK_FILTER (self->new_filter), GTK_FILTER_CHANGE_DIFFERENT);
}

static void
store_changed_cb (ProcTagEditor *self,
                  guint          change,
                  ProcStore     *store)
{
  /* A tag's colour changed, or a tag was renamed: the list is fresh by now. */
  if (change & PROC_STORE_CHANGE_TAGS)
    rebuild_chips (self);
}

static GtkWidget *
suggestion_row_new (gpointer item,
                    gpointer user_data)
{
  ProcCollection *tag = item;
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *dot = proc_colour_dot_new (proc_collection_get_colour (tag));
  GtkWidget *name = gtk_label_new (proc_collection_get_name (tag));
  g_autofree char *count_text = g_strdup_printf ("%u", proc_collection_get_count (tag));
  GtkWidget *count = gtk_label_new (count_text);

  /* The names line up whether or not their tag has a colour. */
  if (dot == NULL)
    {
      dot = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
      gtk_widget_set_size_request (dot, 8, -1);
    }
  gtk_box_append (GTK_BOX (box), dot);

  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (name, TRUE);
  gtk_box_append (GTK_BOX (box), name);

  gtk_widget_add_css_class (count, "dim-label");
  gtk_widget_add_css_class (count, "numeric");
  gtk_box_append (GTK_BOX (box), count);

  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  /* Clicks must leave the focus in the entry. */
  gtk_widget_set_focusable (row, FALSE);

  return row;
}

static char *
dup_suggestion_name (ProcTagEditor *self,
                     GtkListBoxRow *row)
{
  g_autoptr(ProcCollection) tag = NULL;

  tag = g_list_model_get_item (G_LIST_MODEL (self->matches), gtk_list_box_row_get_index (row));

  return tag ? g_strdup (proc_collection_get_name (tag)) : NULL;
}

static void
suggestion_activated_cb (ProcTagEditor *self,
                         GtkListBoxRow *row)
{
  g_autofree char *name = dup_suggestion_name (self, row);

  add_tag (self, name);
}

static void
entry_activate_cb (ProcTagEditor *self)
{
  GtkListBoxRow *row = NULL;
  g_autofree char *name = NULL;

  if (gtk_widget_get_visible (GTK_WIDGET (self->popover)))
    row = gtk_list_box_get_selected_row (self->suggestions);

  name = row ? dup_suggestion_name (self, row) : dup_typed_text (self);
  add_tag (self, name);
}

static void
entry_changed_cb (ProcTagEditor *self)
{
  g_autofree char *typed = dup_typed_text (self);

  /* A button as well as Enter: the mouse can add what was typed. */
  gtk_widget_set_sensitive (self->add_button, typed != NULL && *typed != '\0');
  update_suggestions (self);
}

static void
select_suggestion (ProcTagEditor *self,
                   int            delta)
{
  GtkListBoxRow *row = gtk_list_box_get_selected_row (self->suggestions);
  int n = g_list_model_get_n_items (G_LIST_MODEL (self->matches));
  int index = row ? gtk_list_box_row_get_index (row) + delta : (delta > 0 ? 0 : -1);
  GtkWidget *scrolled;
  graphene_rect_t bounds;

  if (index < 0)
    {
      /* Up from the first suggestion: back to the text as typed. */
      gtk_list_box_unselect_all (self->suggestions);
      return;
    }

  row = gtk_list_box_get_row_at_index (self->suggestions, MIN (index, n - 1));
  if (row == NULL)
    return;

  gtk_list_box_select_row (self->suggestions, row);

  /* The rows never take the focus, so nothing scrolls to them by itself. */
  scrolled = gtk_widget_get_ancestor (GTK_WIDGET (self->suggestions), GTK_TYPE_SCROLLED_WINDOW);
  if (scrolled != NULL &&
      gtk_widget_compute_bounds (GTK_WIDGET (row), GTK_WIDGET (self->suggestions), &bounds))
    gtk_adjustment_clamp_page (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled)),
                               bounds.origin.y, bounds.origin.y + bounds.size.height);
}

static gboolean
entry_key_pressed_cb (ProcTagEditor         *self,
                      guint                  keyval,
                      guint                  keycode,
                      GdkModifierType        state,
                      GtkEventControllerKey *controller)
{
  if (!gtk_widget_get_visible (GTK_WIDGET (self->popover)))
    return GDK_EVENT_PROPAGATE;

  switch (keyval)
    {
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      select_suggestion (self, 1);
      return GDK_EVENT_STOP;

    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      select_suggestion (self, -1);
      return GDK_EVENT_STOP;

    case GDK_KEY_Escape:
      gtk_popover_popdown (self->popover);
      return GDK_EVENT_STOP;

    default:
      return GDK_EVENT_PROPAGATE;
    }
}

static void
entry_focus_leave_cb (ProcTagEditor *self)
{
  gtk_popover_popdown (self->popover);
}

static GtkSizeRequestMode
proc_tag_editor_get_request_mode (GtkWidget *widget)
{
  return gtk_widget_get_request_mode (PROC_TAG_EDITOR (widget)->box);
}

static void
proc_tag_editor_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  gtk_widget_measure (PROC_TAG_EDITOR (widget)->box, orientation, for_size,
                      minimum, natural, minimum_baseline, natural_baseline);
}

static void
proc_tag_editor_size_allocate (GtkWidget *widget,
                               int        width,
                               int        height,
                               int        baseline)
{
  ProcTagEditor *self = PROC_TAG_EDITOR (widget);
  graphene_rect_t bounds;

  gtk_widget_allocate (self->box, width, height, baseline, NULL);

  /* Under the entry, wherever the chips above have pushed it. */
  if (gtk_widget_compute_bounds (GTK_WIDGET (self->entry), widget, &bounds))
    {
      GdkRectangle rect = {
        floor (bounds.origin.x), floor (bounds.origin.y),
        ceil (bounds.size.width), ceil (bounds.size.height)
      };

      if (!gdk_rectangle_equal (&rect, &self->pointing_to))
        {
          self->pointing_to = rect;
          gtk_popover_set_pointing_to (self->popover, &rect);
        }
    }

  gtk_popover_present (self->popover);
}

static void
proc_tag_editor_dispose (GObject *object)
{
  ProcTagEditor *self = (ProcTagEditor *)object;
  GtkWidget *child;

  proc_tag_editor_set_paper (self, NULL);
  proc_tag_editor_set_store (self, NULL);
  proc_clear_context_menu (&self->chip_menu);

  gtk_widget_dispose_template (GTK_WIDGET (self), PROC_TYPE_TAG_EDITOR);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);

  g_clear_object (&self->matches);

  G_OBJECT_CLASS (proc_tag_editor_parent_class)->dispose (object);
}

static void
proc_tag_editor_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  ProcTagEditor *self = PROC_TAG_EDITOR (object);

  switch (prop_id)
    {
    case PROP_STORE:
      g_value_set_object (value, self->store);
      break;

    case PROP_PAPER:
      g_value_set_object (value, self->paper);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
proc_tag_editor_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  ProcTagEditor *self = PROC_TAG_EDITOR (object);

  switch (prop_id)
    {
    case PROP_STORE:
      proc_tag_editor_set_store (self, g_value_get_object (value));
      break;

    case PROP_PAPER:
      proc_tag_editor_set_paper (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
proc_tag_editor_class_init (ProcTagEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = proc_tag_editor_dispose;
  object_class->get_property = proc_tag_editor_get_property;
  object_class->set_property = proc_tag_editor_set_property;

  widget_class->get_request_mode = proc_tag_editor_get_request_mode;
  widget_class->measure = proc_tag_editor_measure;
  widget_class->size_allocate = proc_tag_editor_size_allocate;

  properties [PROP_STORE] =
    g_param_spec_object ("store", NULL, NULL,
                         PROC_TYPE_STORE,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties [PROP_PAPER] =
    g_param_spec_object ("paper", NULL, NULL,
                         PROC_TYPE_PAPER,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/proceedings/Proceedings/ui/proc-tag-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, ProcTagEditor, box);
  gtk_widget_class_bind_template_child (widget_class, ProcTagEditor, chips);
  gtk_widget_class_bind_template_child (widget_class, ProcTagEditor, entry);
  gtk_widget_class_bind_template_child (widget_class, ProcTagEditor, popover);
  gtk_widget_class_bind_template_child (widget_class, ProcTagEditor, add_button);
  gtk_widget_class_install_action (widget_class, "tag-editor.remove-tag", "s", remove_tag_action);
  gtk_widget_class_bind_template_child (widget_class, ProcTagEditor, suggestions);
  gtk_widget_class_bind_template_callback (widget_class, entry_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, entry_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, entry_key_pressed_cb);
  gtk_widget_class_bind_template_callback (widget_class, entry_focus_leave_cb);
  gtk_widget_class_bind_template_callback (widget_class, suggestion_activated_cb);

  gtk_widget_class_set_css_name (widget_class, "tageditor");
}

static void
proc_tag_editor_init (ProcTagEditor *self)
{
  GtkEveryFilter *filter;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->name_filter = gtk_string_filter_new (gtk_property_expression_new (PROC_TYPE_COLLECTION, NULL, "name"));
  gtk_string_filter_set_match_mode (self->name_filter, GTK_STRING_FILTER_MATCH_MODE_SUBSTRING);
  gtk_string_filter_set_ignore_case (self->name_filter, TRUE);
  self->new_filter = gtk_custom_filter_new (tag_is_new, self, NULL);

  filter = gtk_every_filter_new ();
  gtk_multi_filter_append (GTK_MULTI_FILTER (filter), GTK_FILTER (self->name_filter));
  gtk_multi_filter_append (GTK_MULTI_FILTER (filter), GTK_FILTER (self->new_filter));
  self->matches = gtk_filter_list_model_new (NULL, GTK_FILTER (filter));

  gtk_list_box_bind_model (self->suggestions, G_LIST_MODEL (self->matches),
                           suggestion_row_new, self, NULL);
}

GtkWidget *
proc_tag_editor_new (void)
{
  return g_object_new (PROC_TYPE_TAG_EDITOR, NULL);
}

ProcStore *
proc_tag_editor_get_store (ProcTagEditor *self)
{
  g_return_val_if_fail (PROC_IS_TAG_EDITOR (self), NULL);

  return self->store;
}

void
proc_tag_editor_set_store (ProcTagEditor *self,
                           ProcStore     *store)
{
  g_return_if_fail (PROC_IS_TAG_EDITOR (self));
  g_return_if_fail (!store || PROC_IS_STORE (store));

  if (self->store == store)
    return;

  if (self->store != NULL)
    g_signal_handlers_disconnect_by_data (self->store, self);
  g_set_object (&self->store, store);
  g_clear_object (&self->tags);

  if (store != NULL)
    {
      self->tags = proc_collection_list_new (store, PROC_COLLECTION_KIND_TAG);
      /* After the tag list, which refreshes on the same signal. */
      g_signal_connect_object (store, "changed", G_CALLBACK (store_changed_cb), self,
                               G_CONNECT_SWAPPED | G_CONNECT_AFTER);
    }

  if (self->matches != NULL)
    gtk_filter_list_model_set_model (self->matches, G_LIST_MODEL (self->tags));
  rebuild_chips (self);
  gtk_widget_set_sensitive (GTK_WIDGET (self->entry), store != NULL && self->paper != NULL);

  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_STORE]);
}

ProcPaper *
proc_tag_editor_get_paper (ProcTagEditor *self)
{
  g_return_val_if_fail (PROC_IS_TAG_EDITOR (self), NULL);

  return self->paper;
}

void
proc_tag_editor_set_paper (ProcTagEditor *self,
                           ProcPaper     *paper)
{
  g_return_if_fail (PROC_IS_TAG_EDITOR (self));
  g_return_if_fail (!paper || PROC_IS_PAPER (paper));

  if (self->paper == paper)
    return;

  if (self->paper != NULL)
    g_signal_handlers_disconnect_by_data (self->paper, self);
  g_set_object (&self->paper, paper);

  if (paper != NULL)
    g_signal_connect_object (paper, "notify::tags", G_CALLBACK (tags_changed_cb), self,
                             G_CONNECT_SWAPPED);

  /* What was typed was meant for the other paper. */
  if (self->entry != NULL)
    {
      gtk_editable_set_text (GTK_EDITABLE (self->entry), "");
      gtk_widget_set_sensitive (GTK_WIDGET (self->entry), self->store != NULL && paper != NULL);
      tags_changed_cb (self);
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_PAPER]);
}

void
proc_tag_editor_focus_entry (ProcTagEditor *self)
{
  g_return_if_fail (PROC_IS_TAG_EDITOR (self));

  gtk_widget_grab_focus (GTK_WIDGET (self->entry));
}
