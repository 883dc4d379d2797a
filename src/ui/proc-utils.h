/* proc-utils.h: small helpers the widgets share
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "proc-undo.h"

G_BEGIN_DECLS

void proc_widget_show_error (GtkWidget    *widget,
                             const GError *error);
void proc_widget_show_toast (GtkWidget        *widget,
                             const char       *message,
                             AdwToastPriority  priority);
void proc_widget_offer_undo (GtkWidget    *widget,
                             ProcUndo     *undo);
void proc_widget_open_uri   (GtkWidget    *widget,
                             const char   *uri);

/* The watchlists' words, in blue: apart from a search's yellow, and
 * readable on light and dark backgrounds alike. */
#define PROC_WATCHED_OPEN "<span background=\"#62a0ea\" bgalpha=\"35%\">"
#define PROC_WATCHED_CLOSE "</span>"

char *proc_mark_watched     (const char         *markup,
                             const char * const *watched);

GtkWidget *proc_colour_dot_new (const char *colour);
void       proc_paint_dot      (cairo_t       *cr,
                                int            width,
                                int            height,
                                const GdkRGBA *rgba);

AdwDialog *proc_alert_dialog_new (const char *heading,
                                  const char *body);

typedef void (*ProcNameCallback) (gpointer user_data, const char *name);
typedef void (*ProcTagCallback) (gpointer user_data, const char *name, const char *colour);

void proc_ask_name          (GtkWidget        *parent,
                             const char       *heading,
                             const char       *initial,
                             const char       *placeholder,
                             const char       *accept,
                             ProcNameCallback  callback,
                             gpointer          user_data);

void proc_ask_new_tag       (GtkWidget        *parent,
                             ProcTagCallback   callback,
                             gpointer          user_data);

void proc_popup_context_menu (GtkWidget        *parent,
                              GtkPopoverMenu  **menu,
                              GMenuModel       *model,
                              double            x,
                              double            y);

void proc_clear_context_menu (GtkPopoverMenu  **menu);

G_END_DECLS
