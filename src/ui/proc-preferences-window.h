/* proc-preferences-window.h: the preferences, bound to GSettings
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PROC_TYPE_PREFERENCES_WINDOW (proc_preferences_window_get_type ())

G_DECLARE_FINAL_TYPE (ProcPreferencesWindow, proc_preferences_window, PROC, PREFERENCES_WINDOW, AdwPreferencesWindow)

GtkWidget *proc_preferences_window_new (GtkWindow *parent);

G_END_DECLS
