/* proc-window-private.h: what the window's source files share
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "proc-detail-view.h"
#include "proc-paper-selection.h"
#include "proc-sidebar.h"
#include "proc-triage-view.h"
#include "proc-window.h"

G_BEGIN_DECLS

struct _ProcWindow
{
  AdwApplicationWindow parent_instance;

  ProcStore *store;
  ProcPaperList *papers;
  ProcPaperSelection *selection;
  GSettings *settings;
  GQueue undo_stack;            /* of ProcUndo, newest first */
  char **terms;                 /* the search's words, highlighted in rows */
  char **watched;               /* the watchlists' words, marked in their own colour */
  GPtrArray *spare_rows;        /* ProcPaperRows the list view let go, to reuse */
  GCancellable *import_cancellable;
  GtkDropTarget *file_drop;     /* files from a file manager, to import */
  guint import_reveal_source;
  guint search_source;          /* the search entry's text, waiting to be searched */
  guint restore_scroll_source;  /* scrolls to the paper shown last time */
  gint64 off_list_paper;        /* shown in the detail though not in the list, or 0 */
  gboolean close_anyway;        /* the user chose to lose unsaved notes */
  AdwToast *undo_toast;         /* the one toast offering Undo, or NULL */
  guint n_toasts;               /* shown or waiting, of those the window added */

  AdwToastOverlay *toast_overlay;
  AdwNavigationSplitView *outer_view;   /* the sidebar, and the papers beside it */
  GtkStack *mode_stack;         /* browsing the list, or triaging it */
  AdwNavigationSplitView *browse_view;  /* the list, and the detail beside it */
  AdwNavigationPage *sidebar_pane;
  AdwNavigationPage *content_page;
  AdwNavigationPage *list_pane;
  AdwNavigationPage *detail_pane;
  ProcSidebar *sidebar;
  AdwWindowTitle *list_title;
  GtkSearchBar *search_bar;
  GtkSearchEntry *search_entry;
  GtkWidget *sort_button;
  GtkWidget *narrow_sort_button;  /* below the list, in place of sort_button on a phone */
  GtkWidget *primary_menu_button;
  GtkStack *list_stack;
  AdwStatusPage *empty_reading_list_page;
  GtkRevealer *import_revealer;
  GtkLabel *import_label;
  GtkProgressBar *import_progress;
  GtkGridView *list_view;        /* one column: a list, see proc-window.c */
  GtkPopoverMenu *paper_menu;   /* the papers' context menu, a row's child */
  ProcDetailView *detail_view;
  ProcTriageView *triage_view;
};

/* The panes a window too narrow for all three shows one at a time. */
typedef enum {
  PROC_WINDOW_PANE_SIDEBAR,
  PROC_WINDOW_PANE_LIST,
  PROC_WINDOW_PANE_DETAIL,
} ProcWindowPane;

void _proc_window_show_pane         (ProcWindow     *self,
                                     ProcWindowPane  pane);
gboolean _proc_window_is_collapsed  (ProcWindow     *self,
                                     ProcWindowPane  pane);
void _proc_window_class_add_actions (GtkWidgetClass *widget_class);
void _proc_window_class_add_export_actions (GtkWidgetClass *widget_class);
void _proc_window_update_actions    (ProcWindow     *self);
void _proc_window_class_add_triage_actions (GtkWidgetClass *widget_class);
void _proc_window_class_add_watchlist_actions (GtkWidgetClass *widget_class);
void _proc_window_setup_watchlists  (ProcWindow     *self);
char *_proc_window_dup_watched_summary (ProcWindow *self,
                                        const char *list_name);
void _proc_window_refresh_rows      (ProcWindow     *self);
void _proc_window_setup_triage      (ProcWindow     *self);
gboolean _proc_window_get_triage_mode (ProcWindow   *self);
void _proc_window_triage_undone     (ProcWindow     *self,
                                     ProcUndo       *undo);
void _proc_window_add_list_keys     (ProcWindow     *self);
void _proc_window_show_toast        (ProcWindow     *self,
                                     AdwToast       *toast);
void _proc_window_undo_done         (ProcWindow     *self,
                                     ProcUndo       *undo);
void _proc_window_add_to_reading_list (ProcWindow   *self,
                                       gint64        reading_list_id,
                                       GArray       *ids);
void _proc_window_show_context_menu (ProcWindow     *self,
                                     GtkWidget      *row,
                                     double          x,
                                     double          y);
ProcCollection *_proc_window_get_ordered_reading_list (ProcWindow *self);
void _proc_window_move_papers       (ProcWindow     *self,
                                     GArray         *ids,
                                     gint64          before_paper_id);

G_END_DECLS
