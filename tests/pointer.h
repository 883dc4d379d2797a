/* pointer.h: a person's mouse and keyboard for the window tests, as X events
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void       pointer_move       (GtkWidget       *widget,
                               double           x,
                               double           y);
void       pointer_click_at   (GtkWidget       *widget,
                               double           x,
                               double           y,
                               guint            button,
                               GdkModifierType  modifiers);
void       pointer_click      (GtkWidget       *widget,
                               guint            button,
                               GdkModifierType  modifiers);
void       pointer_drag       (GtkWidget       *from,
                               GtkWidget       *to);
void       pointer_drag_between (GtkWidget     *from,
                                 double         fx,
                                 double         fy,
                                 GtkWidget     *to,
                                 double         tx,
                                 double         ty);
void       keyboard_press     (guint            keyval,
                               GdkModifierType  modifiers);
void       keyboard_type      (const char      *text);

GtkWidget *popover_find_label (GtkWidget       *popover,
                               const char      *text);
void       menu_choose        (GtkWidget       *popover,
                               const char      *first_label,
                               ...) G_GNUC_NULL_TERMINATED;

G_END_DECLS
