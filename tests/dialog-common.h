/* dialog-common.h: what the window tests do with dialogs: find the one shown, answer it
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

AdwDialog *dialog_find_shown       (GType           type);
AdwDialog *dialog_wait_shown       (GType           type);
void       dialog_wait_drawn       (AdwDialog      *dialog);
GtkWidget *dialog_find_button      (AdwDialog      *dialog,
                                    const char     *label);
GtkWidget *alert_dialog_button     (AdwAlertDialog *dialog,
                                    const char     *response);
void       alert_dialog_respond    (AdwAlertDialog *dialog,
                                    const char     *response);
void       dialog_wait_closed      (AdwDialog      *dialog);

GtkWidget *shortcuts_wait_shown    (GtkWindow      *window);
void       shortcuts_close         (GtkWidget      *shortcuts);

G_END_DECLS
