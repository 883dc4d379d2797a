/* test-detail-view.c: the detail pane, driven in a real window on a new library
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "proc-application.h"
#include "proc-detail-view.h"
#include "proc-importer.h"
#include "proc-import-batch.h"
#include "proc-rating.h"
#include "proc-similar.h"
#include "proc-store.h"
#include "proc-suggested-tags.h"
#include "proc-tag-editor.h"
#include "proc-window-private.h"

/* Three papers in the conference-list format: one with math and a code
 * link, one with a project page, one with no link at all. */
static const char list_text[] =
  "Detail View Workshop\n"
  "\n"
  "We propose HopNet, a model of marsupial locomotion that needs $\\frac{N^2d^2}{M}$ "
  "memory accesses per hop. Code is available at https://github.com/kangaroo/hopnet.\n"
  "\n"
  "We introduce PouchBench, a benchmark of pouch dynamics at scale. "
  "The project page is https://pouch.example.org/bench for the curious.\n"
  "\n"
  "Wombats produce cubic droppings, and this study measures how often they do so.\n";

typedef struct
{
  char *dir;
  char *path;
  ProcStore *store;
  ProcPaper *papers[3];
  GtkWindow *window;
  AdwToastOverlay *overlay;
  ProcDetailView *view;
} Fixture;

/* Runs the main loop for @ms milliseconds: frames, timeouts, idles. */
static void
wait_ms (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * G_TIME_SPAN_MILLISECOND;

  while (g_get_monotonic_time () < end)
    {
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
}

/* A widget of our templates, by its id there; libadwaita's templates use
 * some of the same ids, hence the type. */
static GtkWidget *
find_by_id (GtkWidget  *root,
            const char *id,
            GType       type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type) &&
      g_strcmp0 (gtk_buildable_get_buildable_id (GTK_BUILDABLE (root)), id) == 0)
    return root;

  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_by_id (child, id, type);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static GtkWidget *
child (Fixture    *fixture,
       const char *id,
       GType       type)
{
  GtkWidget *widget = find_by_id (GTK_WIDGET (fixture->view), id, type);

  g_assert_nonnull (widget);
  return widget;
}

static GtkWidget *
find_button_with_tooltip (GtkWidget  *root,
                          const char *tooltip)
{
  if (GTK_IS_BUTTON (root) && g_strcmp0 (gtk_widget_get_tooltip_text (root), tooltip) == 0)
    return root;

  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_button_with_tooltip (c, tooltip);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static guint
count_children (GtkWidget *widget)
{
  guint n = 0;

  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    n++;

  return n;
}

/* A label somewhere under @root that reads @text. */
static gboolean
shows_label (GtkWidget  *root,
             const char *text)
{
  if (GTK_IS_LABEL (root) && gtk_widget_get_mapped (root) &&
      g_strcmp0 (gtk_label_get_text (GTK_LABEL (root)), text) == 0)
    return TRUE;

  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    if (shows_label (c, text))
      return TRUE;

  return FALSE;
}

/* The paper as a second connection reads it from the file. */
static ProcPaper *
reread (Fixture   *fixture,
        ProcPaper *paper)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcStore) other = proc_store_open (fixture->path, &error);
  ProcPaper *fresh;

  g_assert_no_error (error);
  fresh = proc_store_get_paper (other, proc_paper_get_id (paper));
  g_assert_nonnull (fresh);
  g_assert_true (fresh != paper);

  return fresh;
}

static char *
buffer_text (Fixture *fixture)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (child (fixture, "note_view", GTK_TYPE_TEXT_VIEW)));
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

static void
type_note (Fixture    *fixture,
           const char *text)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (child (fixture, "note_view", GTK_TYPE_TEXT_VIEW)));

  gtk_text_buffer_insert_at_cursor (buffer, text, -1);
}

static const char *
note_status (Fixture *fixture)
{
  return gtk_label_get_text (GTK_LABEL (child (fixture, "note_status", GTK_TYPE_LABEL)));
}

/* A new library file in a folder of its own. */
static void
open_library (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;

  fixture->dir = g_dir_make_tmp ("proceedings-detail-XXXXXX", NULL);
  fixture->path = g_build_filename (fixture->dir, "library.db", NULL);
  fixture->store = proc_store_open (fixture->path, &error);
  g_assert_no_error (error);
}

/* The view shows papers[0], as in the window: in a toast overlay, so
 * errors become toasts. */
static void
show_first_paper (Fixture *fixture)
{
  GtkWidget *view = proc_detail_view_new ();

  fixture->view = PROC_DETAIL_VIEW (view);
  fixture->overlay = ADW_TOAST_OVERLAY (adw_toast_overlay_new ());
  adw_toast_overlay_set_child (fixture->overlay, view);
  fixture->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (fixture->window, 800, 900);
  gtk_window_set_child (fixture->window, GTK_WIDGET (fixture->overlay));

  proc_detail_view_set_store (fixture->view, fixture->store);
  proc_detail_view_set_paper (fixture->view, fixture->papers[0]);
  gtk_window_present (fixture->window);
  wait_ms (100);
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GInputStream) stream = NULL;
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(GArray) ids = NULL;

  open_library (fixture);

  stream = g_memory_input_stream_new_from_data (list_text, sizeof list_text - 1, NULL);
  report = proc_importer_import_stream (fixture->store, stream, "workshop.txt", NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (report);

  ids = proc_store_query_ids (fixture->store, NULL, NULL, PROC_SORT_ADDED, FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, 3);
  for (guint i = 0; i < 3; i++)
    fixture->papers[i] = proc_store_get_paper (fixture->store, g_array_index (ids, gint64, i));

  show_first_paper (fixture);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  gtk_window_destroy (fixture->window);
  wait_ms (10);

  for (guint i = 0; i < 3; i++)
    g_clear_object (&fixture->papers[i]);
  g_clear_object (&fixture->store);
  g_clear_pointer (&fixture->path, g_free);
  g_clear_pointer (&fixture->dir, g_free);
}

/* No paper: a status page says so; a paper: its page. */
static void
test_empty (Fixture       *fixture,
            gconstpointer  data)
{
  GtkStack *stack = GTK_STACK (child (fixture, "stack", GTK_TYPE_STACK));

  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "paper");
  g_assert_true (proc_detail_view_get_paper (fixture->view) == fixture->papers[0]);

  proc_detail_view_set_paper (fixture->view, NULL);
  wait_ms (50);
  g_assert_null (proc_detail_view_get_paper (fixture->view));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "empty");
  g_assert_true (shows_label (GTK_WIDGET (fixture->view), "No Paper Selected"));

  proc_detail_view_set_paper (fixture->view, fixture->papers[1]);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "paper");
}

static int
min_width (Fixture *fixture)
{
  int minimum;

  gtk_widget_measure (GTK_WIDGET (fixture->view), GTK_ORIENTATION_HORIZONTAL, -1,
                      &minimum, NULL, NULL, NULL);
  return minimum;
}

static void
rename_to (Fixture    *fixture,
           const char *text,
           gboolean    commit)
{
  GtkEditableLabel *title = GTK_EDITABLE_LABEL (child (fixture, "title_label", GTK_TYPE_EDITABLE_LABEL));

  gtk_editable_label_start_editing (title);
  g_assert_true (gtk_editable_label_get_editing (title));
  gtk_editable_set_text (GTK_EDITABLE (title), text);
  gtk_editable_label_stop_editing (title, commit);
}

/* The title shows the derived one; renaming in place reaches the file;
 * Escape keeps the old title; an empty one gives the derived one back. */
static void
test_title (Fixture       *fixture,
            gconstpointer  data)
{
  ProcPaper *paper = fixture->papers[0];
  GtkEditable *title = GTK_EDITABLE (child (fixture, "title_label", GTK_TYPE_EDITABLE_LABEL));
  GtkWidget *derived = child (fixture, "derived_title_label", GTK_TYPE_LABEL);
  g_autofree char *derived_title = g_strdup (proc_paper_get_derived_title (paper));
  g_autofree char *derived_text = NULL;
  g_autoptr(ProcPaper) fresh = NULL;

  g_assert_true (g_str_has_prefix (derived_title, "HopNet"));
  g_assert_cmpstr (gtk_editable_get_text (title), ==, derived_title);
  g_assert_false (gtk_widget_get_visible (derived));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (child (fixture, "list_label", GTK_TYPE_LABEL))), ==,
                   "Detail View Workshop");
  /* a list of abstracts names no authors and no venue: no empty lines */
  g_assert_false (gtk_widget_get_visible (child (fixture, "authors_label", GTK_TYPE_LABEL)));
  g_assert_false (gtk_widget_get_visible (child (fixture, "venue_label", GTK_TYPE_LABEL)));

  rename_to (fixture, "  Kangaroo Hops  ", TRUE);
  g_assert_cmpstr (proc_paper_get_user_title (paper), ==, "Kangaroo Hops");
  g_assert_cmpstr (gtk_editable_get_text (title), ==, "Kangaroo Hops");
  fresh = reread (fixture, paper);
  g_assert_cmpstr (proc_paper_get_user_title (fresh), ==, "Kangaroo Hops");
  g_clear_object (&fresh);

  derived_text = g_strdup_printf ("Derived title: %s", derived_title);
  g_assert_true (gtk_widget_get_visible (derived));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (derived)), ==, derived_text);

  /* Escape */
  rename_to (fixture, "Never Saved", FALSE);
  g_assert_cmpstr (proc_paper_get_user_title (paper), ==, "Kangaroo Hops");
  g_assert_cmpstr (gtk_editable_get_text (title), ==, "Kangaroo Hops");

  /* Another view renames it: the label follows. */
  g_assert_true (proc_store_set_user_title (fixture->store, proc_paper_get_id (paper), "Elsewhere", NULL));
  g_assert_cmpstr (gtk_editable_get_text (title), ==, "Elsewhere");

  /* A long title wraps, and editing it does not widen the pane: it fits
   * the narrowest window, 360 pixels. */
  rename_to (fixture, "HopNet: a resource-aware, task-adaptive, sparse model of marsupial "
                      "locomotion at the data-scarce edge of the outback", TRUE);
  g_assert_cmpint (min_width (fixture), <=, 360);
  gtk_editable_label_start_editing (GTK_EDITABLE_LABEL (title));
  g_assert_cmpint (min_width (fixture), <=, 360);
  gtk_editable_label_stop_editing (GTK_EDITABLE_LABEL (title), FALSE);

  rename_to (fixture, "", TRUE);
  g_assert_null (proc_paper_get_user_title (paper));
  g_assert_cmpstr (gtk_editable_get_text (title), ==, derived_title);
  g_assert_false (gtk_widget_get_visible (derived));
  fresh = reread (fixture, paper);
  g_assert_null (proc_paper_get_user_title (fresh));
}

static void
test_star (Fixture       *fixture,
           gconstpointer  data)
{
  ProcPaper *paper = fixture->papers[0];
  GtkToggleButton *star = GTK_TOGGLE_BUTTON (child (fixture, "star_button", GTK_TYPE_TOGGLE_BUTTON));
  g_autoptr(ProcPaper) fresh = NULL;
  gint64 id = proc_paper_get_id (paper);

  g_assert_false (gtk_toggle_button_get_active (star));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (star)), ==, "Star");

  g_signal_emit_by_name (star, "clicked");
  g_assert_true (proc_paper_get_starred (paper));
  g_assert_true (gtk_toggle_button_get_active (star));
  g_assert_cmpstr (gtk_button_get_icon_name (GTK_BUTTON (star)), ==, "starred-symbolic");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (star)), ==, "Unstar");
  fresh = reread (fixture, paper);
  g_assert_true (proc_paper_get_starred (fresh));
  g_clear_object (&fresh);

  /* Unstarred elsewhere */
  g_assert_true (proc_store_set_starred (fixture->store, &id, 1, FALSE, NULL));
  g_assert_false (gtk_toggle_button_get_active (star));
  g_assert_cmpstr (gtk_button_get_icon_name (GTK_BUTTON (star)), ==, "non-starred-symbolic");

  /* The other papers are untouched. */
  fresh = reread (fixture, fixture->papers[1]);
  g_assert_false (proc_paper_get_starred (fresh));
}

static GtkWidget *
nth_star (ProcRating *rating,
          guint       n)
{
  GtkWidget *star = gtk_widget_get_first_child (GTK_WIDGET (rating));

  for (guint i = 1; i < n; i++)
    star = gtk_widget_get_next_sibling (star);

  g_assert_true (GTK_IS_BUTTON (star));
  return star;
}

static void
test_rating (Fixture       *fixture,
             gconstpointer  data)
{
  ProcPaper *paper = fixture->papers[0];
  ProcRating *rating = PROC_RATING (child (fixture, "rating", PROC_TYPE_RATING));
  g_autoptr(ProcPaper) fresh = NULL;
  gint64 id = proc_paper_get_id (paper);

  g_assert_cmpuint (count_children (GTK_WIDGET (rating)), ==, 5);
  g_assert_cmpint (proc_rating_get_value (rating), ==, 0);

  g_signal_emit_by_name (nth_star (rating, 4), "clicked");
  g_assert_cmpint (proc_rating_get_value (rating), ==, 4);
  g_assert_cmpint (proc_paper_get_rating (paper), ==, 4);
  g_assert_cmpstr (gtk_button_get_icon_name (GTK_BUTTON (nth_star (rating, 4))), ==, "starred-symbolic");
  g_assert_cmpstr (gtk_button_get_icon_name (GTK_BUTTON (nth_star (rating, 5))), ==, "non-starred-symbolic");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (nth_star (rating, 4)), ==, "Clear Rating");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (nth_star (rating, 2)), ==, "Rate 2 Stars");
  fresh = reread (fixture, paper);
  g_assert_cmpint (proc_paper_get_rating (fresh), ==, 4);
  g_clear_object (&fresh);

  /* The current star again clears the rating. */
  g_signal_emit_by_name (nth_star (rating, 4), "clicked");
  g_assert_cmpint (proc_paper_get_rating (paper), ==, 0);
  fresh = reread (fixture, paper);
  g_assert_cmpint (proc_paper_get_rating (fresh), ==, 0);
  g_clear_object (&fresh);

  /* The keyboard's digits go through this action. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (rating), "rating.set", "i", 2));
  g_assert_cmpint (proc_paper_get_rating (paper), ==, 2);

  /* Rated elsewhere */
  g_assert_true (proc_store_set_rating (fixture->store, &id, 1, 5, NULL));
  g_assert_cmpint (proc_rating_get_value (rating), ==, 5);
  fresh = reread (fixture, paper);
  g_assert_cmpint (proc_paper_get_rating (fresh), ==, 5);
}

static void
test_read_state (Fixture       *fixture,
                 gconstpointer  data)
{
  ProcPaper *paper = fixture->papers[0];
  GtkToggleButton *unread = GTK_TOGGLE_BUTTON (child (fixture, "unread_button", GTK_TYPE_TOGGLE_BUTTON));
  GtkToggleButton *reading = GTK_TOGGLE_BUTTON (child (fixture, "reading_button", GTK_TYPE_TOGGLE_BUTTON));
  GtkToggleButton *read = GTK_TOGGLE_BUTTON (child (fixture, "read_button", GTK_TYPE_TOGGLE_BUTTON));
  g_autoptr(ProcPaper) fresh = NULL;
  gint64 id = proc_paper_get_id (paper);

  g_assert_true (gtk_toggle_button_get_active (unread));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (reading)), ==, "Reading");

  g_signal_emit_by_name (read, "clicked");
  g_assert_cmpint (proc_paper_get_read_state (paper), ==, PROC_READ_STATE_READ);
  g_assert_true (gtk_toggle_button_get_active (read));
  g_assert_false (gtk_toggle_button_get_active (unread));
  fresh = reread (fixture, paper);
  g_assert_cmpint (proc_paper_get_read_state (fresh), ==, PROC_READ_STATE_READ);
  g_clear_object (&fresh);

  g_signal_emit_by_name (reading, "clicked");
  fresh = reread (fixture, paper);
  g_assert_cmpint (proc_paper_get_read_state (fresh), ==, PROC_READ_STATE_READING);
  g_clear_object (&fresh);

  /* Marked unread elsewhere */
  g_assert_true (proc_store_set_read_state (fixture->store, &id, 1, PROC_READ_STATE_UNREAD, NULL));
  g_assert_true (gtk_toggle_button_get_active (unread));
  g_assert_false (gtk_toggle_button_get_active (reading));
}

static void
add_tag_through_entry (Fixture    *fixture,
                       const char *text)
{
  GtkWidget *entry = child (fixture, "entry", GTK_TYPE_ENTRY);

  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  g_signal_emit_by_name (entry, "activate");
}

static void
test_tags (Fixture       *fixture,
           gconstpointer  data)
{
  ProcPaper *paper = fixture->papers[0];
  GtkWidget *chips = child (fixture, "chips", GTK_TYPE_FLOW_BOX);
  GtkWidget *entry = child (fixture, "entry", GTK_TYPE_ENTRY);
  GtkWidget *remove;
  g_autoptr(ProcPaper) fresh = NULL;
  gint64 id = proc_paper_get_id (paper);

  g_assert_false (gtk_widget_get_visible (chips));
  g_assert_cmpuint (count_children (chips), ==, 0);

  add_tag_through_entry (fixture, "marsupials");
  g_assert_true (gtk_widget_get_visible (chips));
  g_assert_cmpuint (count_children (chips), ==, 1);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "");
  g_assert_true (shows_label (chips, "marsupials"));
  fresh = reread (fixture, paper);
  g_assert_true (proc_paper_has_tag (fresh, "marsupials"));
  g_clear_object (&fresh);

  add_tag_through_entry (fixture, " Zoology ");
  g_assert_cmpuint (count_children (chips), ==, 2);

  /* Nothing typed, nothing added */
  add_tag_through_entry (fixture, "   ");
  g_assert_cmpuint (count_children (chips), ==, 2);

  remove = find_button_with_tooltip (chips, "Remove Tag “marsupials”");
  g_assert_nonnull (remove);
  g_signal_emit_by_name (remove, "clicked");
  g_assert_cmpuint (count_children (chips), ==, 1);
  g_assert_false (shows_label (chips, "marsupials"));
  g_assert_false (proc_paper_has_tag (paper, "marsupials"));
  fresh = reread (fixture, paper);
  g_assert_false (proc_paper_has_tag (fresh, "marsupials"));
  g_assert_true (proc_paper_has_tag (fresh, "Zoology"));
  g_clear_object (&fresh);

  /* Tagged elsewhere */
  g_assert_true (proc_store_add_tag (fixture->store, &id, 1, "hopping", NULL));
  g_assert_cmpuint (count_children (chips), ==, 2);
  g_assert_true (shows_label (chips, "hopping"));

  /* Another paper has its own tags. */
  proc_detail_view_set_paper (fixture->view, fixture->papers[2]);
  g_assert_false (gtk_widget_get_visible (chips));
  g_assert_cmpuint (count_children (chips), ==, 0);
}

static guint
n_suggestions (Fixture *fixture)
{
  return count_children (child (fixture, "suggestions", GTK_TYPE_LIST_BOX));
}

/* Typing offers the library's tags that match and the paper lacks; Down
 * and Enter pick one instead of the text typed. */
static void
test_tag_suggestions (Fixture       *fixture,
                      gconstpointer  data)
{
  GtkWidget *entry = child (fixture, "entry", GTK_TYPE_ENTRY);
  GtkWidget *popover = child (fixture, "popover", GTK_TYPE_POPOVER);
  GtkWidget *suggestions = child (fixture, "suggestions", GTK_TYPE_LIST_BOX);
  GtkWidget *chips = child (fixture, "chips", GTK_TYPE_FLOW_BOX);
  GtkEventController *keys = NULL;
  gboolean handled = FALSE;
  gint64 other = proc_paper_get_id (fixture->papers[1]);

  g_assert_cmpint (proc_store_create_tag (fixture->store, "locomotion", "#3584e4", NULL), >, 0);
  g_assert_true (proc_store_add_tag (fixture->store, &other, 1, "Zoology", NULL));

  proc_detail_view_focus_tags (fixture->view);
  gtk_editable_set_text (GTK_EDITABLE (entry), "LOCO");
  wait_ms (50);
  g_assert_true (gtk_widget_get_visible (popover));
  g_assert_cmpuint (n_suggestions (fixture), ==, 1);
  g_assert_true (shows_label (suggestions, "locomotion"));
  /* The focus stays where the user types. */
  g_assert_true (gtk_widget_is_ancestor (gtk_window_get_focus (fixture->window), entry));

  /* Down selects the suggestion; Enter adds it, not the text typed. */
  {
    g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (entry);

    for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
      {
        g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

        if (GTK_IS_EVENT_CONTROLLER_KEY (c))
          keys = c;
      }
  }
  g_assert_nonnull (keys);
  g_signal_emit_by_name (keys, "key-pressed", GDK_KEY_Down, 0, 0, &handled);
  g_assert_true (handled);
  g_assert_nonnull (gtk_list_box_get_selected_row (GTK_LIST_BOX (suggestions)));
  g_signal_emit_by_name (entry, "activate");
  g_assert_true (proc_paper_has_tag (fixture->papers[0], "locomotion"));
  g_assert_false (proc_paper_has_tag (fixture->papers[0], "LOCO"));
  g_assert_cmpuint (count_children (chips), ==, 1);
  g_assert_false (gtk_widget_get_visible (popover));

  /* A tag the paper has is not offered again; "zoo" finds "Zoology". */
  gtk_editable_set_text (GTK_EDITABLE (entry), "loco");
  g_assert_false (gtk_widget_get_visible (popover));
  gtk_editable_set_text (GTK_EDITABLE (entry), "zoo");
  g_assert_true (gtk_widget_get_visible (popover));
  g_assert_cmpuint (n_suggestions (fixture), ==, 1);
  g_assert_true (shows_label (suggestions, "Zoology"));

  /* Escape closes the suggestions and keeps the text. */
  handled = FALSE;
  g_signal_emit_by_name (keys, "key-pressed", GDK_KEY_Escape, 0, 0, &handled);
  g_assert_true (handled);
  g_assert_false (gtk_widget_get_visible (popover));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "zoo");

  /* Without a selected suggestion, Enter adds what was typed. */
  g_signal_emit_by_name (entry, "activate");
  g_assert_true (proc_paper_has_tag (fixture->papers[0], "zoo"));
  g_assert_cmpuint (count_children (chips), ==, 2);
}

/* The tag's colour shows as a dot on its chip. */
static void
test_tag_colour (Fixture       *fixture,
                 gconstpointer  data)
{
  GtkWidget *chips = child (fixture, "chips", GTK_TYPE_FLOW_BOX);
  GtkWidget *chip;
  gint64 id = proc_paper_get_id (fixture->papers[0]);
  gint64 tag_id;

  g_assert_true (proc_store_add_tag (fixture->store, &id, 1, "plain", NULL));
  chip = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (gtk_widget_get_first_child (chips)));
  g_assert_false (GTK_IS_DRAWING_AREA (gtk_widget_get_first_child (chip)));

  tag_id = proc_store_create_tag (fixture->store, "blue", "#3584e4", NULL);
  g_assert_cmpint (tag_id, >, 0);
  g_assert_true (proc_store_add_tag (fixture->store, &id, 1, "blue", NULL));
  g_assert_cmpuint (count_children (chips), ==, 2);
  chip = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (gtk_widget_get_first_child (chips)));
  g_assert_true (GTK_IS_DRAWING_AREA (gtk_widget_get_first_child (chip)));

  /* Recoloured elsewhere: no colour, no dot */
  g_assert_true (proc_store_set_tag_colour (fixture->store, tag_id, "", NULL));
  chip = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (gtk_widget_get_first_child (chips)));
  g_assert_false (GTK_IS_DRAWING_AREA (gtk_widget_get_first_child (chip)));
}

/* Typing is saved after the delay, not before, and says so. */
static void
test_note_autosave (Fixture       *fixture,
                    gconstpointer  data)
{
  ProcPaper *paper = fixture->papers[0];
  g_autoptr(ProcPaper) fresh = NULL;
  g_autofree char *text = NULL;

  g_assert_cmpuint (proc_detail_view_get_autosave_delay (fixture->view), ==, 800);
  proc_detail_view_set_autosave_delay (fixture->view, 500);
  g_assert_cmpuint (proc_detail_view_get_autosave_delay (fixture->view), ==, 500);
  g_assert_cmpstr (note_status (fixture), ==, "");

  type_note (fixture, "Hops are ");
  type_note (fixture, "elastic.");
  g_assert_cmpstr (note_status (fixture), ==, "Saving…");
  wait_ms (100);
  fresh = reread (fixture, paper);
  g_assert_cmpstr (proc_paper_get_note (fresh), ==, "");
  g_clear_object (&fresh);

  wait_ms (700);
  g_assert_cmpstr (note_status (fixture), ==, "Saved");
  g_assert_false (gtk_widget_has_css_class (child (fixture, "note_status", GTK_TYPE_LABEL), "error"));
  g_assert_cmpstr (proc_paper_get_note (paper), ==, "Hops are elastic.");
  fresh = reread (fixture, paper);
  g_assert_cmpstr (proc_paper_get_note (fresh), ==, "Hops are elastic.");
  text = buffer_text (fixture);
  g_assert_cmpstr (text, ==, "Hops are elastic.");
}

/* Leaving the paper saves at once; coming back shows the note. */
static void
test_note_saved_on_paper_change (Fixture       *fixture,
                                 gconstpointer  data)
{
  g_autoptr(ProcPaper) fresh = NULL;
  g_autofree char *text = NULL;

  proc_detail_view_set_autosave_delay (fixture->view, 60000);
  type_note (fixture, "Check the hop counts.");
  fresh = reread (fixture, fixture->papers[0]);
  g_assert_cmpstr (proc_paper_get_note (fresh), ==, "");
  g_clear_object (&fresh);

  proc_detail_view_set_paper (fixture->view, fixture->papers[1]);
  fresh = reread (fixture, fixture->papers[0]);
  g_assert_cmpstr (proc_paper_get_note (fresh), ==, "Check the hop counts.");
  g_clear_object (&fresh);
  text = buffer_text (fixture);
  g_assert_cmpstr (text, ==, "");
  g_assert_cmpstr (note_status (fixture), ==, "");

  /* Nothing typed: nothing written to the second paper. */
  proc_detail_view_set_paper (fixture->view, fixture->papers[0]);
  g_clear_pointer (&text, g_free);
  text = buffer_text (fixture);
  g_assert_cmpstr (text, ==, "Check the hop counts.");
  fresh = reread (fixture, fixture->papers[1]);
  g_assert_cmpint (proc_paper_get_note_modified (fresh), ==, 0);
  g_clear_object (&fresh);

  /* save_note() flushes too, and has nothing to do a second time. */
  type_note (fixture, " Twice.");
  g_assert_true (proc_detail_view_save_note (fixture->view));
  fresh = reread (fixture, fixture->papers[0]);
  g_assert_cmpstr (proc_paper_get_note (fresh), ==, "Check the hop counts. Twice.");
  g_assert_cmpstr (note_status (fixture), ==, "Saved");
  g_assert_true (proc_detail_view_save_note (fixture->view));
}

/* A note changed elsewhere shows, unless the user has unsaved text. */
static void
test_note_from_elsewhere (Fixture       *fixture,
                          gconstpointer  data)
{
  ProcPaper *paper = fixture->papers[0];
  g_autoptr(ProcPaper) fresh = NULL;
  g_autofree char *text = NULL;

  g_assert_true (proc_store_set_note (fixture->store, proc_paper_get_id (paper), "From the list view", NULL));
  text = buffer_text (fixture);
  g_assert_cmpstr (text, ==, "From the list view");

  proc_detail_view_set_autosave_delay (fixture->view, 60000);
  type_note (fixture, " and mine");
  g_assert_true (proc_store_set_note (fixture->store, proc_paper_get_id (paper), "Overwritten?", NULL));
  g_clear_pointer (&text, g_free);
  text = buffer_text (fixture);
  g_assert_cmpstr (text, ==, "From the list view and mine");

  g_assert_true (proc_detail_view_save_note (fixture->view));
  fresh = reread (fixture, paper);
  g_assert_cmpstr (proc_paper_get_note (fresh), ==, "From the list view and mine");
}

/* A note the library refuses stays in the editor, with the reason. */
static void
test_note_error (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcStore) other = proc_store_open (fixture->path, &error);
  gint64 id = proc_paper_get_id (fixture->papers[0]);
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  g_assert_true (proc_store_delete_papers (other, &id, 1, &error));

  proc_detail_view_set_autosave_delay (fixture->view, 50);
  type_note (fixture, "Lost?");
  wait_ms (200);
  g_assert_cmpstr (note_status (fixture), ==, "Not saved: The paper is no longer in the library");
  g_assert_true (gtk_widget_has_css_class (child (fixture, "note_status", GTK_TYPE_LABEL), "error"));
  text = buffer_text (fixture);
  g_assert_cmpstr (text, ==, "Lost?");

  /* Saving on request tells it in a toast as well. */
  g_assert_false (proc_detail_view_save_note (fixture->view));
  wait_ms (100);
  g_assert_true (shows_label (GTK_WIDGET (fixture->overlay), "The paper is no longer in the library"));
}

/* Renaming a paper that is gone: a toast, and the old title stays. */
static void
test_title_error (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcStore) other = proc_store_open (fixture->path, &error);
  gint64 id = proc_paper_get_id (fixture->papers[0]);
  GtkEditable *title = GTK_EDITABLE (child (fixture, "title_label", GTK_TYPE_EDITABLE_LABEL));

  g_assert_true (proc_store_delete_papers (other, &id, 1, &error));
  rename_to (fixture, "Ghost", TRUE);
  g_assert_cmpstr (gtk_editable_get_text (title), ==, proc_paper_get_derived_title (fixture->papers[0]));
  wait_ms (100);
  g_assert_true (shows_label (GTK_WIDGET (fixture->overlay), "The paper is no longer in the library"));
}

/* TeX as Unicode, links clickable. */
static void
test_abstract (Fixture       *fixture,
               gconstpointer  data)
{
  GtkLabel *abstract = GTK_LABEL (child (fixture, "abstract_label", GTK_TYPE_LABEL));

  g_assert_true (gtk_label_get_use_markup (abstract));
  g_assert_true (gtk_label_get_selectable (abstract));
  g_assert_nonnull (strstr (gtk_label_get_label (abstract), "N²d²/M"));
  g_assert_nonnull (strstr (gtk_label_get_text (abstract), "needs N²d²/M memory accesses"));
  g_assert_null (strchr (gtk_label_get_text (abstract), '$'));
  g_assert_nonnull (strstr (gtk_label_get_label (abstract),
                            "<a href=\"https://github.com/kangaroo/hopnet\">https://github.com/kangaroo/hopnet</a>."));

  proc_detail_view_set_paper (fixture->view, fixture->papers[2]);
  g_assert_null (strstr (gtk_label_get_label (abstract), "<a "));
  g_assert_nonnull (strstr (gtk_label_get_text (abstract), "cubic droppings"));
}

/* PMLR's HTML emphasis, imported from its BibTeX, shows as emphasis. */
static void
test_abstract_html (Fixture       *fixture,
                    gconstpointer  data)
{
  GtkLabel *abstract = GTK_LABEL (child (fixture, "abstract_label", GTK_TYPE_LABEL));
  g_autofree char *path = g_build_filename (g_getenv ("PROCEEDINGS_SOURCE_DIR"), "tests", "data",
                                            "bibtex", "pmlr-decoding.bib", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(ProcPaper) paper = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = NULL;

  report = proc_importer_import_file (fixture->store, file, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report->added, ==, 2);

  ids = proc_store_query_ids (fixture->store, NULL, "RAFA", PROC_SORT_ADDED, FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, 1);
  paper = proc_store_get_paper (fixture->store, g_array_index (ids, gint64, 0));
  proc_detail_view_set_paper (fixture->view, paper);

  g_assert_nonnull (strstr (gtk_label_get_label (abstract),
                            "which we call <i>reason for future, act for now</i> (<b>RAFA</b>)."));
  g_assert_nonnull (strstr (gtk_label_get_text (abstract),
                            "which we call reason for future, act for now (RAFA)."));
  g_assert_null (strstr (gtk_label_get_text (abstract), "<em>"));
  g_assert_null (strstr (gtk_label_get_text (abstract), "&lt;"));
  g_assert_null (strchr (gtk_label_get_text (abstract), '*'));
}

static GtkWidget *
find_action_row (GtkWidget *root,
                 guint     *n_rows)
{
  GtkWidget *first = NULL;

  if (ADW_IS_ACTION_ROW (root))
    {
      (*n_rows)++;
      return root;
    }

  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_action_row (c, n_rows);

      if (first == NULL)
        first = found;
    }

  return first;
}

static void
test_links (Fixture       *fixture,
            gconstpointer  data)
{
  GtkWidget *group = child (fixture, "links_group", ADW_TYPE_PREFERENCES_GROUP);
  GtkWidget *buttons = child (fixture, "link_buttons", ADW_TYPE_WRAP_BOX);
  GtkWidget *row;
  GtkWidget *button;
  guint n_rows = 0;

  /* the code link of the abstract: a button, not a row */
  g_assert_true (gtk_widget_get_visible (group));
  row = find_action_row (group, &n_rows);
  g_assert_cmpuint (n_rows, ==, 0);
  g_assert_true (gtk_widget_get_visible (buttons));
  g_assert_cmpuint (count_children (buttons), ==, 1);
  button = find_button_with_tooltip (buttons, "https://github.com/kangaroo/hopnet");
  g_assert_nonnull (button);
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (button)), ==, "Code");

  proc_detail_view_set_paper (fixture->view, fixture->papers[1]);
  n_rows = 0;
  row = find_action_row (group, &n_rows);
  g_assert_cmpuint (n_rows, ==, 1);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, "pouch.example.org/bench");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)) ?: "", ==, "");
  g_assert_true (gtk_list_box_row_get_activatable (GTK_LIST_BOX_ROW (row)));
  g_assert_false (gtk_widget_get_visible (buttons));

  proc_detail_view_set_paper (fixture->view, fixture->papers[2]);
  g_assert_false (gtk_widget_get_visible (group));
}

static void
test_focus (Fixture       *fixture,
            gconstpointer  data)
{
  GtkWidget *entry = child (fixture, "entry", GTK_TYPE_ENTRY);
  GtkWidget *note = child (fixture, "note_view", GTK_TYPE_TEXT_VIEW);

  proc_detail_view_focus_tags (fixture->view);
  g_assert_true (gtk_widget_is_ancestor (gtk_window_get_focus (fixture->window), entry));

  proc_detail_view_focus_note (fixture->view);
  g_assert_true (gtk_window_get_focus (fixture->window) == note);

  /* The keys t and n go through these actions. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->view), "detail.focus-tags", NULL));
  g_assert_true (gtk_widget_is_ancestor (gtk_window_get_focus (fixture->window), entry));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->view), "detail.focus-note", NULL));
  g_assert_true (gtk_window_get_focus (fixture->window) == note);
}

/* PMLR's BibTeX, as a volume and its papers: papers[0] has a PDF, an
 * OpenReview forum and a supplement, papers[1] a PDF only. */
static void
pmlr_set_up (Fixture       *fixture,
             gconstpointer  data)
{
  g_autofree char *path = g_build_filename (g_getenv ("PROCEEDINGS_SOURCE_DIR"), "tests", "data", "bibtex",
                                            "pmlr-crossref.bib", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autoptr(GError) error = NULL;

  open_library (fixture);
  report = proc_importer_import_file (fixture->store, file, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report->added, ==, 2);

  ids = proc_store_query_ids (fixture->store, NULL, NULL, PROC_SORT_ADDED, FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, 2);
  for (guint i = 0; i < 2; i++)
    fixture->papers[i] = proc_store_get_paper (fixture->store, g_array_index (ids, gint64, i));

  show_first_paper (fixture);
}

/* The labels of the buttons under @box, in order, ", "-joined. */
static char *
button_labels (GtkWidget *box)
{
  g_autoptr(GString) labels = g_string_new (NULL);

  for (GtkWidget *c = gtk_widget_get_first_child (box); c; c = gtk_widget_get_next_sibling (c))
    {
      g_assert_true (GTK_IS_BUTTON (c));
      g_assert_true (gtk_widget_get_mapped (c));
      if (labels->len > 0)
        g_string_append (labels, ", ");
      g_string_append (labels, gtk_button_get_label (GTK_BUTTON (c)));
    }

  return g_string_free (g_steal_pointer (&labels), FALSE);
}

/* A PDF and an OpenReview forum show as buttons that name them, each
 * with its address as its tooltip. */
static void
test_link_buttons (Fixture       *fixture,
                   gconstpointer  data)
{
  GtkWidget *group = child (fixture, "links_group", ADW_TYPE_PREFERENCES_GROUP);
  GtkWidget *buttons = child (fixture, "link_buttons", ADW_TYPE_WRAP_BOX);
  g_autofree char *labels = NULL;
  g_autofree char *second = NULL;
  GtkWidget *pdf;
  GtkWidget *openreview;
  guint n_rows = 0;

  /* who wrote it and where it appeared: the volume's booktitle and year,
   * which the entry has from its @Proceedings through crossref */
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (child (fixture, "authors_label", GTK_TYPE_LABEL))), ==,
                   "Barna Saha, Christopher Ye");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (child (fixture, "venue_label", GTK_TYPE_LABEL))), ==,
                   "Proceedings of the 41st International Conference on Machine Learning, 2024");

  g_assert_true (gtk_widget_get_visible (group));
  g_assert_true (gtk_widget_get_mapped (buttons));
  labels = button_labels (buttons);
  g_assert_cmpstr (labels, ==, "PDF, OpenReview, Supplement");

  pdf = find_button_with_tooltip (buttons, "https://raw.githubusercontent.com/mlresearch/v235/main/assets/saha24a/saha24a.pdf");
  g_assert_nonnull (pdf);
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (pdf)), ==, "PDF");
  openreview = find_button_with_tooltip (buttons, "https://openreview.net/forum?id=saha24a-io-attention");
  g_assert_nonnull (openreview);
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (openreview)), ==, "OpenReview");
  g_assert_true (gtk_widget_get_sensitive (openreview));
  /* the buttons say it all: no row repeats a link */
  find_action_row (group, &n_rows);
  g_assert_cmpuint (n_rows, ==, 0);

  proc_detail_view_set_paper (fixture->view, fixture->papers[1]);
  wait_ms (50);
  second = button_labels (buttons);
  g_assert_cmpstr (second, ==, "PDF");
}

/* The library the app ships, instead of the fixture's three papers:
 * papers[0] and papers[1] are the two on conformal prediction, found by
 * their text. */
static void
seed_set_up (Fixture       *fixture,
             gconstpointer  data)
{
  g_autofree char *list = g_build_filename (g_getenv ("PROCEEDINGS_SOURCE_DIR"), "resources", "lists",
                                            "icml-2024.txt", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (list);
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autoptr(GError) error = NULL;

  open_library (fixture);
  report = proc_importer_import_file (fixture->store, file, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report->added, ==, 38);

  ids = proc_store_query_ids (fixture->store, NULL, "\"conformal prediction\"", PROC_SORT_ADDED, FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, 2);
  for (guint i = 0; i < 2; i++)
    fixture->papers[i] = proc_store_get_paper (fixture->store, g_array_index (ids, gint64, i));

  show_first_paper (fixture);
}

static void
collect_action_rows (GtkWidget *root,
                     GPtrArray *rows)
{
  if (ADW_IS_ACTION_ROW (root))
    {
      g_ptr_array_add (rows, root);
      return;
    }

  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    collect_action_rows (c, rows);
}

/* The rows of Similar Papers, in order, once they came. */
static GPtrArray *
similar_rows (Fixture *fixture)
{
  GtkWidget *group = child (fixture, "similar_group", ADW_TYPE_PREFERENCES_GROUP);
  GPtrArray *rows = g_ptr_array_new ();

  collect_action_rows (group, rows);
  return rows;
}

static void
wait_for_similar (Fixture *fixture)
{
  GtkWidget *group = child (fixture, "similar_group", ADW_TYPE_PREFERENCES_GROUP);
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while (!gtk_widget_get_visible (group) && g_get_monotonic_time () < end)
    wait_ms (20);
  wait_ms (50);
}

/* The titles the section shows are the store's five closest papers, in
 * order, without the name of the list they share with the paper; the
 * paper on the same subject is among the first three. */
static void
assert_similar_shown (Fixture   *fixture,
                      ProcPaper *paper,
                      ProcPaper *partner)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) expected = proc_store_find_similar (fixture->store, proc_paper_get_id (paper),
                                                        PROC_SIMILAR_DEFAULT_LIMIT, &error);
  g_autoptr(GPtrArray) rows = NULL;
  int partner_row = -1;

  g_assert_no_error (error);
  wait_for_similar (fixture);
  rows = similar_rows (fixture);
  g_assert_true (shows_label (GTK_WIDGET (fixture->view), "Similar Papers"));
  g_assert_cmpuint (rows->len, ==, expected->len);
  g_assert_cmpuint (rows->len, ==, 5);

  for (guint i = 0; i < rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (rows, i);
      g_autoptr(ProcPaper) similar = proc_store_get_paper (fixture->store,
                                                           g_array_index (expected, ProcSimilarPaper, i).id);

      g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, proc_paper_get_title (similar));
      g_assert_true (shows_label (row, proc_paper_get_title (similar)));
      g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)) ?: "", ==, "");
      g_assert_true (gtk_list_box_row_get_activatable (GTK_LIST_BOX_ROW (row)));
      g_assert_true (gtk_widget_get_focusable (row));
      if (similar == partner)
        partner_row = i;
    }
  g_assert_cmpint (partner_row, >=, 0);
  g_assert_cmpint (partner_row, <, 3);
}

static GtkWidget *
similar_row_for (Fixture   *fixture,
                 ProcPaper *paper)
{
  g_autoptr(GPtrArray) rows = similar_rows (fixture);

  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (g_ptr_array_index (rows, i)), proc_paper_get_title (paper)) == 0)
      return g_ptr_array_index (rows, i);

  return NULL;
}

static void
show_paper_cb (ProcDetailView *view,
               ProcPaper      *paper,
               ProcPaper     **shown)
{
  g_set_object (shown, paper);
}

/* Similar Papers: the five closest papers; activating one (Enter on the
 * row) asks to show it, and the view shows it, with its own. */
static void
test_similar (Fixture       *fixture,
              gconstpointer  data)
{
  GtkWidget *group = child (fixture, "similar_group", ADW_TYPE_PREFERENCES_GROUP);
  GtkEditable *title = GTK_EDITABLE (child (fixture, "title_label", GTK_TYPE_EDITABLE_LABEL));
  g_autoptr(ProcPaper) asked = NULL;
  GtkWidget *row;

  assert_similar_shown (fixture, fixture->papers[0], fixture->papers[1]);

  g_signal_connect (fixture->view, "show-paper", G_CALLBACK (show_paper_cb), &asked);
  row = similar_row_for (fixture, fixture->papers[1]);
  g_assert_nonnull (row);
  gtk_widget_grab_focus (row);
  g_assert_true (gtk_widget_activate (row));

  g_assert_true (asked == fixture->papers[1]);
  g_assert_true (proc_detail_view_get_paper (fixture->view) == fixture->papers[1]);
  g_assert_cmpstr (gtk_editable_get_text (title), ==, proc_paper_get_title (fixture->papers[1]));
  /* The keyboard goes on from the paper's title, not from a row that is gone. */
  g_assert_true (gtk_widget_is_ancestor (gtk_window_get_focus (fixture->window), GTK_WIDGET (title)) ||
                 gtk_window_get_focus (fixture->window) == GTK_WIDGET (title));

  /* The other paper's rows go at once; its own come when it has stayed. */
  g_assert_false (gtk_widget_get_visible (group));
  assert_similar_shown (fixture, fixture->papers[1], fixture->papers[0]);
}

/* The rows follow the library: a similar paper deleted leaves them, one
 * imported comes with the name of its list, a paper whose words no other
 * has has none, and no paper, no section. */
static void
test_similar_follows_library (Fixture       *fixture,
                              gconstpointer  data)
{
  GtkWidget *group = child (fixture, "similar_group", ADW_TYPE_PREFERENCES_GROUP);
  g_autoptr(ProcImportBatch) batch = NULL;
  g_autoptr(ProcPaperRecord) record = proc_paper_record_new ();
  g_autoptr(GArray) ids = NULL;
  g_autoptr(ProcPaper) alone = NULL;
  g_autoptr(ProcPaper) workshop = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  GtkWidget *row;
  g_autoptr(GError) error = NULL;
  gint64 partner = proc_paper_get_id (fixture->papers[1]);
  ProcImportOutcome outcome;

  wait_for_similar (fixture);
  g_assert_nonnull (similar_row_for (fixture, fixture->papers[1]));

  g_assert_true (proc_store_delete_papers (fixture->store, &partner, 1, &error));
  g_assert_no_error (error);
  wait_ms (400);
  rows = similar_rows (fixture);
  g_assert_cmpuint (rows->len, ==, 5);
  g_assert_null (similar_row_for (fixture, fixture->papers[1]));

  batch = proc_import_batch_begin (fixture->store, "Workshop on Distribution-Free Uncertainty", NULL, &error);
  g_assert_no_error (error);
  record->derived_title = g_strdup ("Conformal factuality guarantees for language models");
  record->abstract = g_strdup ("Conformal prediction gives language model outputs correctness guarantees: "
                               "uncertainty quantification by back-off to less specific outputs.");
  g_assert_true (proc_import_batch_add (batch, record, &outcome, &error));
  g_assert_true (proc_import_batch_commit (batch, &error));
  g_assert_no_error (error);
  g_clear_pointer (&batch, proc_import_batch_free);
  ids = proc_store_query_ids (fixture->store, NULL, "\"conformal factuality guarantees\"", PROC_SORT_ADDED, FALSE, &error);
  g_assert_cmpuint (ids->len, ==, 1);
  workshop = proc_store_get_paper (fixture->store, g_array_index (ids, gint64, 0));
  g_clear_pointer (&ids, g_array_unref);
  wait_ms (400);
  row = similar_row_for (fixture, workshop);
  g_assert_nonnull (row);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "Workshop on Distribution-Free Uncertainty");

  g_clear_pointer (&record, proc_paper_record_free);
  record = proc_paper_record_new ();
  batch = proc_import_batch_begin (fixture->store, "Alone", NULL, &error);
  g_assert_no_error (error);
  record->derived_title = g_strdup ("Zyzzyva quokka wallaby");
  record->abstract = g_strdup ("Zyzzyva quokka wallaby.");
  g_assert_true (proc_import_batch_add (batch, record, &outcome, &error));
  g_assert_true (proc_import_batch_commit (batch, &error));
  g_assert_no_error (error);
  ids = proc_store_query_ids (fixture->store, NULL, "zyzzyva", PROC_SORT_ADDED, FALSE, &error);
  g_assert_cmpuint (ids->len, ==, 1);
  alone = proc_store_get_paper (fixture->store, g_array_index (ids, gint64, 0));

  proc_detail_view_set_paper (fixture->view, alone);
  wait_ms (400);
  g_assert_false (gtk_widget_get_visible (group));

  proc_detail_view_set_paper (fixture->view, fixture->papers[0]);
  wait_for_similar (fixture);
  g_assert_true (gtk_widget_get_visible (group));
  proc_detail_view_set_paper (fixture->view, NULL);
  g_assert_false (gtk_widget_get_visible (group));
}

/* Without a library, the paper shows but nothing can change it. */
static void
test_without_store (Fixture       *fixture,
                    gconstpointer  data)
{
  g_assert_true (proc_detail_view_get_store (fixture->view) == fixture->store);
  g_assert_true (gtk_widget_get_sensitive (child (fixture, "controls", GTK_TYPE_FLOW_BOX)));

  proc_detail_view_set_store (fixture->view, NULL);
  g_assert_null (proc_detail_view_get_store (fixture->view));
  g_assert_false (gtk_widget_get_sensitive (child (fixture, "controls", GTK_TYPE_FLOW_BOX)));
  g_assert_false (gtk_editable_get_editable (GTK_EDITABLE (child (fixture, "title_label", GTK_TYPE_EDITABLE_LABEL))));
  g_assert_false (gtk_text_view_get_editable (GTK_TEXT_VIEW (child (fixture, "note_view", GTK_TYPE_TEXT_VIEW))));
  g_assert_false (gtk_widget_get_sensitive (child (fixture, "entry", GTK_TYPE_ENTRY)));

  proc_detail_view_set_store (fixture->view, fixture->store);
  g_assert_true (gtk_widget_get_sensitive (child (fixture, "controls", GTK_TYPE_FLOW_BOX)));
  g_assert_true (gtk_widget_get_sensitive (child (fixture, "entry", GTK_TYPE_ENTRY)));
}

/* Suggested tags */

/* The bundled ICML 2024 list, added to the fixture's library. */
static void
import_seed_list (Fixture *fixture)
{
  g_autofree char *path = g_build_filename (g_getenv ("PROCEEDINGS_SOURCE_DIR"), "resources", "lists",
                                            "icml-2024.txt", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFileInputStream) stream = NULL;
  g_autoptr(ProcImportReport) report = NULL;
  g_autoptr(GError) error = NULL;

  stream = g_file_read (file, NULL, &error);
  g_assert_no_error (error);
  report = proc_importer_import_stream (fixture->store, G_INPUT_STREAM (stream), "icml-2024.txt",
                                        NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (report);
}

static ProcPaper *
find_paper (ProcStore  *store,
            const char *abstract_start)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = proc_store_query_ids (store, NULL, NULL, PROC_SORT_ADDED, FALSE, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < ids->len; i++)
    {
      ProcPaper *paper = proc_store_get_paper (store, g_array_index (ids, gint64, i));

      if (g_str_has_prefix (proc_paper_get_abstract (paper), abstract_start))
        return paper;
      g_object_unref (paper);
    }

  g_assert_not_reached ();
}

static GtkWidget *
find_by_type (GtkWidget *root,
              GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;

  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_by_type (c, type);

      if (found != NULL)
        return found;
    }

  return NULL;
}

/* What the row of suggestions shows: the labels of its buttons. */
static GPtrArray *
shown_suggestions (GtkWidget *suggested)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);

  if (!gtk_widget_get_mapped (suggested))
    return names;

  for (GtkWidget *button = gtk_widget_get_first_child (suggested); button;
       button = gtk_widget_get_next_sibling (button))
    {
      GtkWidget *label;

      if (!GTK_IS_BUTTON (button))
        continue;
      label = find_by_type (button, GTK_TYPE_LABEL);
      g_assert_nonnull (label);
      g_ptr_array_add (names, g_strdup (gtk_label_get_text (GTK_LABEL (label))));
    }

  return names;
}

static gboolean
names_contain (GPtrArray  *names,
               const char *name)
{
  for (guint i = 0; i < names->len; i++)
    if (g_str_equal (g_ptr_array_index (names, i), name))
      return TRUE;

  return FALSE;
}

/* How many rows of paper_tags give @paper the tag @name, read by SQL
 * from the file. */
static int
sql_count_tag (const char *path,
               ProcPaper  *paper,
               const char *name)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  int count;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db,
                                       "SELECT count(*) FROM paper_tags pt JOIN tags t ON t.id = pt.tag_id"
                                       " WHERE pt.paper_id = ?1 AND t.name = ?2", -1, &stmt, NULL),
                   ==, SQLITE_OK);
  sqlite3_bind_int64 (stmt, 1, proc_paper_get_id (paper));
  sqlite3_bind_text (stmt, 2, name, -1, SQLITE_STATIC);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  count = sqlite3_column_int (stmt, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (db);

  return count;
}

/* A seed paper gets tags to add in one click: the library's tag that its
 * abstract names first ("Gaussian processes" is "Gaussian process"), its
 * key phrases after; never a tag it has; none for a paper with nothing to
 * suggest. */
static void
test_suggested_tags (Fixture       *fixture,
                     gconstpointer  data)
{
  GtkWidget *suggested = child (fixture, "suggested_tags", PROC_TYPE_SUGGESTED_TAGS);
  GtkWidget *chips = child (fixture, "chips", GTK_TYPE_FLOW_BOX);
  g_autoptr(ProcPaper) dkl = NULL;
  g_autoptr(ProcPaper) other = NULL;
  g_autoptr(GPtrArray) names = NULL;
  g_auto(GStrv) suggested_names = NULL;
  GtkWidget *button;
  gint64 id;

  import_seed_list (fixture);
  dkl = find_paper (fixture->store, "Deep kernel learning (DKL)");
  other = find_paper (fixture->store, "Conformal prediction (CP)");
  id = proc_paper_get_id (other);
  g_assert_true (proc_store_add_tag (fixture->store, &id, 1, "Gaussian process", NULL));
  g_assert_true (proc_store_add_tag (fixture->store, &id, 1, "robotics", NULL));

  proc_detail_view_set_paper (fixture->view, dkl);
  wait_ms (50);
  names = shown_suggestions (suggested);
  g_assert_cmpuint (names->len, >=, 2);
  g_assert_cmpuint (names->len, <=, 6);
  g_assert_cmpstr (g_ptr_array_index (names, 0), ==, "Gaussian process");
  g_assert_true (names_contain (names, "deep kernel learning"));
  g_assert_false (names_contain (names, "robotics"));
  g_assert_false (names_contain (names, "Gaussian processes"));
  suggested_names = proc_suggested_tags_dup_names (PROC_SUGGESTED_TAGS (suggested));
  g_assert_cmpuint (g_strv_length (suggested_names), ==, names->len);

  /* What each button does, in its tooltip and for screen readers */
  g_assert_nonnull (find_button_with_tooltip (suggested, "Add Tag “Gaussian process”"));
  button = find_button_with_tooltip (suggested, "Add New Tag “deep kernel learning”");
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_focusable (button));
  g_assert_true (gtk_widget_get_visible (suggested));

  /* A tag the paper has is not suggested, in any number */
  id = proc_paper_get_id (dkl);
  g_assert_true (proc_store_add_tag (fixture->store, &id, 1, "Deep Kernel Learnings", NULL));
  g_clear_pointer (&names, g_ptr_array_unref);
  names = shown_suggestions (suggested);
  g_assert_false (names_contain (names, "deep kernel learning"));
  g_assert_false (names_contain (names, "Deep Kernel Learnings"));

  /* Off the paper, the tag stays in the library: it is suggested rather
   * than the phrase */
  g_assert_true (proc_store_remove_tag (fixture->store, &id, 1, "Deep Kernel Learnings", NULL));
  g_clear_pointer (&names, g_ptr_array_unref);
  names = shown_suggestions (suggested);
  g_assert_cmpstr (g_ptr_array_index (names, 0), ==, "Deep Kernel Learnings");
  g_assert_cmpstr (g_ptr_array_index (names, 1), ==, "Gaussian process");
  g_assert_false (names_contain (names, "deep kernel learning"));

  /* One click: the tag is the paper's, in the file and on a chip, and no
   * longer suggested */
  g_assert_cmpint (sql_count_tag (fixture->path, dkl, "Gaussian process"), ==, 0);
  button = find_button_with_tooltip (suggested, "Add Tag “Gaussian process”");
  g_signal_emit_by_name (button, "clicked");
  wait_ms (50);
  g_assert_cmpint (sql_count_tag (fixture->path, dkl, "Gaussian process"), ==, 1);
  g_assert_true (shows_label (chips, "Gaussian process"));
  g_clear_pointer (&names, g_ptr_array_unref);
  names = shown_suggestions (suggested);
  g_assert_false (names_contain (names, "Gaussian process"));
  g_assert_cmpstr (g_ptr_array_index (names, 0), ==, "Deep Kernel Learnings");

  /* From the keyboard; the focus goes on to the suggestion that took its
   * place */
  button = find_button_with_tooltip (suggested, "Add Tag “Deep Kernel Learnings”");
  gtk_widget_grab_focus (button);
  g_assert_true (gtk_widget_has_focus (button));
  /* Enter or Space: GtkButton clicks once it has shown itself pressed */
  gtk_widget_activate (button);
  wait_ms (400);
  /* As long as the sanitizers' frames take. */
  for (gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
       sql_count_tag (fixture->path, dkl, "Deep Kernel Learnings") != 1 && g_get_monotonic_time () < end; )
    wait_ms (50);
  g_assert_cmpint (sql_count_tag (fixture->path, dkl, "Deep Kernel Learnings"), ==, 1);
  g_assert_true (shows_label (chips, "Deep Kernel Learnings"));
  g_assert_true (GTK_IS_BUTTON (gtk_window_get_focus (fixture->window)));
  g_assert_true (gtk_widget_is_ancestor (gtk_window_get_focus (fixture->window), suggested));

  /* Nothing to suggest: no row */
  proc_detail_view_set_paper (fixture->view, fixture->papers[2]);
  wait_ms (50);
  g_assert_false (gtk_widget_get_visible (suggested));

  /* Back on the paper: computed again, without what it has now */
  proc_detail_view_set_paper (fixture->view, dkl);
  wait_ms (50);
  g_assert_true (gtk_widget_get_visible (suggested));
  g_clear_pointer (&names, g_ptr_array_unref);
  names = shown_suggestions (suggested);
  g_assert_cmpuint (names->len, >, 0);
  g_assert_false (names_contain (names, "Gaussian process"));
  g_assert_false (names_contain (names, "Deep Kernel Learnings"));
  g_assert_false (names_contain (names, "deep kernel learning"));
}

/* In the real window: the suggestion's tag comes off with Undo, and the
 * suggestion comes back. */
static char *undo_library;

/* Until the row shows @first first (or anything, when NULL; nothing, when
 * ""): under the sanitizers a frame can take most of a second. */
static GPtrArray *
wait_for_suggestions (GtkWidget  *suggested,
                      const char *first)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  GPtrArray *names = NULL;

  do
    {
      g_clear_pointer (&names, g_ptr_array_unref);
      wait_ms (20);
      names = shown_suggestions (suggested);
      if (first == NULL ? names->len > 0
                        : (*first == '\0' ? names->len == 0
                                          : names->len > 0 && g_str_equal (g_ptr_array_index (names, 0), first)))
        break;
    }
  while (g_get_monotonic_time () < end);

  return names;
}

static void
suggested_tag_undo_scenario (ProcWindow *window)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcPaper) dkl = find_paper (window->store, "Deep kernel learning (DKL)");
  g_autoptr(ProcPaper) other = find_paper (window->store, "Conformal prediction (CP)");
  GtkWidget *suggested = find_by_type (GTK_WIDGET (window->detail_view), PROC_TYPE_SUGGESTED_TAGS);
  g_autoptr(GPtrArray) names = NULL;
  GListModel *papers = G_LIST_MODEL (window->papers);
  gint64 id = proc_paper_get_id (other);
  GtkWidget *button;
  guint position = G_MAXUINT;

  g_assert_true (proc_store_add_tag (window->store, &id, 1, "Gaussian process", &error));
  for (guint i = 0; i < g_list_model_get_n_items (papers) && position == G_MAXUINT; i++)
    if (proc_paper_list_get_id (window->papers, i) == proc_paper_get_id (dkl))
      position = i;
  g_assert_cmpuint (position, !=, G_MAXUINT);
  gtk_selection_model_select_item (proc_window_get_selection (window), position, TRUE);

  names = wait_for_suggestions (suggested, "Gaussian process");
  g_assert_cmpuint (names->len, >, 0);
  g_assert_cmpstr (g_ptr_array_index (names, 0), ==, "Gaussian process");

  button = find_button_with_tooltip (suggested, "Add Tag “Gaussian process”");
  g_signal_emit_by_name (button, "clicked");
  g_clear_pointer (&names, g_ptr_array_unref);
  names = wait_for_suggestions (suggested, NULL);
  g_assert_cmpint (sql_count_tag (undo_library, dkl, "Gaussian process"), ==, 1);
  g_assert_true (shows_label (GTK_WIDGET (window->detail_view), "Gaussian process"));
  g_assert_false (names_contain (names, "Gaussian process"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_clear_pointer (&names, g_ptr_array_unref);
  names = wait_for_suggestions (suggested, "Gaussian process");
  g_assert_cmpint (sql_count_tag (undo_library, dkl, "Gaussian process"), ==, 0);
  g_assert_cmpint (sql_count_tag (undo_library, other, "Gaussian process"), ==, 1);
  g_assert_cmpuint (names->len, >, 0);
  g_assert_cmpstr (g_ptr_array_index (names, 0), ==, "Gaussian process");
}

static gboolean
run_undo_scenario_cb (gpointer data)
{
  GtkApplication *app = data;
  GtkWindow *window = gtk_application_get_active_window (app);

  g_assert_true (PROC_IS_WINDOW (window));
  suggested_tag_undo_scenario (PROC_WINDOW (window));
  gtk_window_close (window);

  return G_SOURCE_REMOVE;
}

static void
undo_window_added_cb (GtkApplication *app,
                      GtkWindow      *window)
{
  g_timeout_add (600, run_undo_scenario_cb, app);
}

static void
test_suggested_tag_undo (void)
{
  g_autofree char *dir = g_dir_make_tmp ("proceedings-suggested-XXXXXX", NULL);
  g_autoptr(ProcApplication) app = proc_application_new ();
  char *argv[] = { (char *) "proceedings", (char *) "--library", NULL, NULL };
  const char *names[] = { "library.db", "library.db-wal", "library.db-shm" };

  /* A first start: the window opens on the bundled ICML 2024 list. */
  undo_library = g_build_filename (dir, "library.db", NULL);
  argv[2] = undo_library;
  g_signal_connect (app, "window-added", G_CALLBACK (undo_window_added_cb), NULL);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 3, argv), ==, 0);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (dir, names[i], NULL);

      g_remove (path);
    }
  g_rmdir (dir);
  g_clear_pointer (&undo_library, g_free);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = g_dir_make_tmp ("proceedings-home-XXXXXX", NULL);
  g_autofree char *data = g_build_filename (home, ".local", "share", NULL);
  g_autofree char *config = g_build_filename (home, ".config", NULL);
  g_autofree char *cache = g_build_filename (home, ".cache", NULL);

  /* A throw-away home, so no test touches a real library.  Not
   * G_TEST_OPTION_ISOLATE_DIRS: that also hides XDG_DATA_DIRS, and with it
   * the icon theme and the MIME database GTK needs to draw. */
  g_setenv ("HOME", home, TRUE);
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);
  g_setenv ("XDG_CACHE_HOME", cache, TRUE);
  /* Each test opens a window, and software GL compiles its shaders for
   * each: under AddressSanitizer that takes minutes.  What is asserted
   * here does not depend on the renderer. */
  g_setenv ("GSK_RENDERER", "cairo", FALSE);

  g_test_init (&argc, &argv, NULL);
  adw_init ();

#define ADD(path, func) \
  g_test_add ("/detail-view/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("empty", test_empty);
  ADD ("title", test_title);
  ADD ("star", test_star);
  ADD ("rating", test_rating);
  ADD ("read-state", test_read_state);
  ADD ("tags", test_tags);
  ADD ("tag-suggestions", test_tag_suggestions);
  ADD ("tag-colour", test_tag_colour);
  ADD ("suggested-tags", test_suggested_tags);
  ADD ("note-autosave", test_note_autosave);
  ADD ("note-saved-on-paper-change", test_note_saved_on_paper_change);
  ADD ("note-from-elsewhere", test_note_from_elsewhere);
  ADD ("note-error", test_note_error);
  ADD ("title-error", test_title_error);
  ADD ("abstract", test_abstract);
  ADD ("abstract-html", test_abstract_html);
  ADD ("links", test_links);
  ADD ("focus", test_focus);
  ADD ("without-store", test_without_store);
  g_test_add ("/detail-view/link-buttons", Fixture, NULL, pmlr_set_up, test_link_buttons, fixture_tear_down);
  g_test_add ("/detail-view/similar", Fixture, NULL, seed_set_up, test_similar, fixture_tear_down);
  g_test_add ("/detail-view/similar-follows-library", Fixture, NULL, seed_set_up,
              test_similar_follows_library, fixture_tear_down);

#undef ADD

  g_test_add_func ("/detail-view/suggested-tag-undo", test_suggested_tag_undo);

  return g_test_run ();
}
