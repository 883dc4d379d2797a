/* proc-library-watcher.h: notices commits that other programs make to the library
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "proc-store.h"

G_BEGIN_DECLS

#define PROC_TYPE_LIBRARY_WATCHER (proc_library_watcher_get_type ())

G_DECLARE_FINAL_TYPE (ProcLibraryWatcher, proc_library_watcher, PROC, LIBRARY_WATCHER, GObject)

ProcLibraryWatcher *proc_library_watcher_new (ProcStore *store);

G_END_DECLS
