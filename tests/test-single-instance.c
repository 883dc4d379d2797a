/* test-single-instance.c: a second start of the app goes to the first one
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Starts the real binary twice on the test's session bus and display, as a
 * person would from the launcher and then from a file manager.  The second
 * start must not open a second window or a second writer on the library: it
 * hands its files to the first and exits.
 */

#include "config.h"

#include <gio/gio.h>

#include "proc-store.h"

#define OBJECT_PATH "/io/github/proceedings/Proceedings"

/* The system's data folders, from before g_test_init() isolated them:
 * without shared-mime-info the app cannot load its own SVG icons. */
static char *system_data_dirs;

typedef struct
{
  char *home;
  char *library;
  GSubprocessLauncher *launcher;
  GDBusConnection *bus;
  GSubprocess *first;   /* ended in the tear-down if a check failed */
} Fixture;

static gboolean
timeout_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the default main context until @done or @seconds pass. */
static gboolean
wait_until (gboolean (*done) (Fixture *fixture),
            Fixture   *fixture,
            guint      seconds)
{
  gboolean timed_out = FALSE;
  guint timeout = g_timeout_add_seconds (seconds, timeout_cb, &timed_out);

  while (!done (fixture) && !timed_out)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (20 * 1000);
    }
  if (!timed_out)
    g_source_remove (timeout);

  return !timed_out;
}

/* The windows the app exports on the bus, by number: GtkApplication puts
 * each window's actions at OBJECT_PATH/window/N. */
static GStrv
list_windows (Fixture *fixture)
{
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDBusNodeInfo) node = NULL;
  const char *xml;

  reply = g_dbus_connection_call_sync (fixture->bus, APP_ID, OBJECT_PATH "/window",
                                       "org.freedesktop.DBus.Introspectable", "Introspect",
                                       NULL, G_VARIANT_TYPE ("(s)"), G_DBUS_CALL_FLAGS_NONE,
                                       5000, NULL, NULL);
  if (reply != NULL)
    {
      g_variant_get (reply, "(&s)", &xml);
      node = g_dbus_node_info_new_for_xml (xml, NULL);
      for (guint i = 0; node != NULL && node->nodes != NULL && node->nodes[i] != NULL; i++)
        g_ptr_array_add (names, g_strdup (node->nodes[i]->path));
    }
  g_ptr_array_add (names, NULL);

  return (GStrv) g_ptr_array_free (g_steal_pointer (&names), FALSE);
}

static gboolean
has_one_window (Fixture *fixture)
{
  g_auto(GStrv) windows = list_windows (fixture);

  return g_strv_length (windows) == 1;
}

static guint
count_papers (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ProcStore) store = proc_store_open (fixture->library, &error);

  g_assert_no_error (error);
  return proc_store_count (store, "");
}

static gboolean
has_forwarded_papers (Fixture *fixture)
{
  return count_papers (fixture) == 40;
}

static GSubprocess *
start_app (Fixture     *fixture,
           const char  *file)
{
  g_autoptr(GError) error = NULL;
  GSubprocess *process;

  process = g_subprocess_launcher_spawn (fixture->launcher, &error,
                                         g_getenv ("PROCEEDINGS_BINARY"), file, NULL);
  g_assert_no_error (error);

  return process;
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *data_home = NULL;

  fixture->home = g_dir_make_tmp ("proceedings-instance-XXXXXX", &error);
  g_assert_no_error (error);
  data_home = g_build_filename (fixture->home, "data", NULL);
  fixture->library = g_build_filename (data_home, "proceedings", "library.db", NULL);

  fixture->launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE);
  g_subprocess_launcher_setenv (fixture->launcher, "XDG_DATA_HOME", data_home, TRUE);
  g_subprocess_launcher_setenv (fixture->launcher, "HOME", fixture->home, TRUE);
  g_subprocess_launcher_setenv (fixture->launcher, "XDG_DATA_DIRS", system_data_dirs, TRUE);

  if (g_getenv ("DBUS_SESSION_BUS_ADDRESS") != NULL)
    {
      fixture->bus = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, &error);
      g_assert_no_error (error);
    }
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  if (fixture->first != NULL && g_subprocess_get_identifier (fixture->first) != NULL)
    g_subprocess_force_exit (fixture->first);
  g_clear_object (&fixture->first);
  g_clear_object (&fixture->bus);
  g_clear_object (&fixture->launcher);
  g_clear_pointer (&fixture->library, g_free);
  g_clear_pointer (&fixture->home, g_free);
}

static void
test_second_start (Fixture       *fixture,
                   gconstpointer  data)
{
  GSubprocess *first;
  g_autoptr(GSubprocess) second = NULL;
  g_autoptr(GSubprocess) third = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *file = g_build_filename (fixture->home, "workshop.txt", NULL);
  g_auto(GStrv) windows = NULL;
  GVariant *reply;
  gint64 start;

  if (fixture->bus == NULL || g_getenv ("DISPLAY") == NULL)
    {
      g_test_skip ("needs a session bus and a display (./test.sh provides both)");
      return;
    }

  g_assert_true (g_file_set_contents (file,
                                      "Kangaroo Workshop\n\n"
                                      "We study how kangaroos hop across large paper lists.\n\n"
                                      "We show that wallabies read abstracts faster than kangaroos.\n",
                                      -1, &error));

  /* The first start fills the new library with the bundled list. */
  first = fixture->first = start_app (fixture, NULL);
  g_assert_true (wait_until (has_one_window, fixture, 60));
  g_assert_cmpuint (count_papers (fixture), ==, 38);

  /* The second start hands over and exits at once; still one window. */
  start = g_get_monotonic_time ();
  second = start_app (fixture, NULL);
  g_assert_true (g_subprocess_wait_check (second, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 30 * G_USEC_PER_SEC);
  g_assert_nonnull (g_subprocess_get_identifier (first));   /* still running */
  windows = list_windows (fixture);
  g_assert_cmpstrv (windows, ((const char *[]) { "1", NULL }));

  /* A file given to a second start is imported by the first one. */
  third = start_app (fixture, file);
  g_assert_true (g_subprocess_wait_check (third, NULL, &error));
  g_assert_true (wait_until (has_forwarded_papers, fixture, 30));
  g_assert_true (has_one_window (fixture));

  /* Quit the first one as the menu does. */
  reply = g_dbus_connection_call_sync (fixture->bus, APP_ID, OBJECT_PATH, "org.gtk.Actions", "Activate",
                                       g_variant_new ("(sava{sv})", "quit", NULL, NULL),
                                       NULL, G_DBUS_CALL_FLAGS_NONE, 5000, NULL, &error);
  g_assert_no_error (error);
  g_clear_pointer (&reply, g_variant_unref);
  g_assert_true (g_subprocess_wait_check (first, NULL, &error));
  g_assert_no_error (error);
}

int
main (int   argc,
      char *argv[])
{
  system_data_dirs = g_strdup (g_getenv ("XDG_DATA_DIRS"));
  if (system_data_dirs == NULL)
    system_data_dirs = g_strdup ("/usr/local/share:/usr/share");
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add ("/single-instance/second-start", Fixture, NULL,
              fixture_set_up, test_second_start, fixture_tear_down);

  return g_test_run ();
}
