/* proc-library-watcher.c: notices commits that other programs make to the library
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-library-watcher"

#include "config.h"

#include "proc-library-watcher.h"

/* A commit from another connection (`proceedings --import` while the
 * window is open) writes the -wal file.  The monitor wakes us without
 * polling; SQLite's data_version then says whether anything was committed,
 * which our own writes never trigger. */
#define SETTLE_MS 150

struct _ProcLibraryWatcher
{
  GObject parent_instance;

  ProcStore *store;
  GFileMonitor *monitor;
  guint settle_source;
};

G_DEFINE_FINAL_TYPE (ProcLibraryWatcher, proc_library_watcher, G_TYPE_OBJECT)

static gboolean
settle_cb (gpointer data)
{
  ProcLibraryWatcher *self = data;

  self->settle_source = 0;
  proc_store_check_external_changes (self->store);

  return G_SOURCE_REMOVE;
}

static void
monitor_changed_cb (ProcLibraryWatcher *self,
                    GFile              *file,
                    GFile              *other_file,
                    GFileMonitorEvent   event,
                    GFileMonitor       *monitor)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *db_name = g_path_get_basename (proc_store_get_path (self->store));

  if (!g_str_has_prefix (name, db_name))
    return;

  /* Many events arrive per commit; look once they have settled. */
  if (self->settle_source == 0)
    self->settle_source = g_timeout_add (SETTLE_MS, settle_cb, self);
}

static void
proc_library_watcher_dispose (GObject *object)
{
  ProcLibraryWatcher *self = (ProcLibraryWatcher *)object;

  g_clear_handle_id (&self->settle_source, g_source_remove);
  if (self->monitor != NULL)
    g_file_monitor_cancel (self->monitor);
  g_clear_object (&self->monitor);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (proc_library_watcher_parent_class)->dispose (object);
}

static void
proc_library_watcher_class_init (ProcLibraryWatcherClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = proc_library_watcher_dispose;
}

static void
proc_library_watcher_init (ProcLibraryWatcher *self)
{
}

ProcLibraryWatcher *
proc_library_watcher_new (ProcStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) db = NULL;
  g_autoptr(GFile) dir = NULL;
  ProcLibraryWatcher *self;

  g_return_val_if_fail (PROC_IS_STORE (store), NULL);

  self = g_object_new (PROC_TYPE_LIBRARY_WATCHER, NULL);
  self->store = g_object_ref (store);

  db = g_file_new_for_path (proc_store_get_path (store));
  dir = g_file_get_parent (db);
  self->monitor = g_file_monitor_directory (dir, G_FILE_MONITOR_NONE, NULL, &error);
  if (self->monitor == NULL)
    g_warning ("Changes made by other programs will show after a restart: %s", error->message);
  else
    g_signal_connect_object (self->monitor, "changed",
                             G_CALLBACK (monitor_changed_cb), self,
                             G_CONNECT_SWAPPED);

  return self;
}
