/* pointer.c: a person's mouse and keyboard for the window tests, as X events
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gdk/x11/gdkx.h>
#include <X11/XKBlib.h>
#include <X11/extensions/XTest.h>

#include "pointer.h"

/* The events go through the X server (Xvfb) with XTEST, as a real mouse
 * and keyboard would send them: GTK picks the widget under the pointer,
 * runs its gestures, opens and closes popovers on its own.  Nothing here
 * emits a signal or activates an action. */

static Display *
x_display (void)
{
  GdkDisplay *display = gdk_display_get_default ();

  g_assert_true (GDK_IS_X11_DISPLAY (display));
  /* The X11 backend is deprecated in newer GTKs; XTEST is what moves a real
   * pointer under Xvfb, so these tests use it knowingly. */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  return gdk_x11_display_get_xdisplay (display);
  G_GNUC_END_IGNORE_DEPRECATIONS
}

/* Lets GTK take the events in and answer them, frames included. */
static void
settle (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  XSync (x_display (), False);
  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

/* A person clicks what is drawn: a widget shown and laid out, which a
 * slow frame (the sanitizers) may not have done yet. */
static void
wait_laid_out (GtkWidget *widget)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  g_object_add_weak_pointer (G_OBJECT (widget), (gpointer *) &widget);
  while (widget != NULL &&
         (!gtk_widget_get_mapped (widget) || gtk_widget_get_width (widget) <= 0 ||
          gtk_widget_get_height (widget) <= 0) &&
         g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  g_assert_nonnull (widget);
  g_object_remove_weak_pointer (G_OBJECT (widget), (gpointer *) &widget);
  g_assert_cmpint (gtk_widget_get_width (widget), >, 0);
  g_assert_cmpint (gtk_widget_get_height (widget), >, 0);
}

/* Where (@x, @y) of @widget is on the screen. */
static void
screen_point (GtkWidget *widget,
              double     x,
              double     y,
              int       *screen_x,
              int       *screen_y)
{
  GtkNative *native = gtk_widget_get_native (widget);
  graphene_point_t point;
  double dx, dy;
  Window child;

  g_assert_nonnull (native);
  g_assert_true (gtk_widget_get_mapped (widget));
  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (native), &GRAPHENE_POINT_INIT (x, y), &point));
  gtk_native_get_surface_transform (native, &dx, &dy);
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  XTranslateCoordinates (x_display (), gdk_x11_surface_get_xid (gtk_native_get_surface (native)),
                         DefaultRootWindow (x_display ()),
                         (int) (point.x + dx), (int) (point.y + dy), screen_x, screen_y, &child);
  G_GNUC_END_IGNORE_DEPRECATIONS
}

void
pointer_move (GtkWidget *widget,
              double     x,
              double     y)
{
  int sx, sy;

  wait_laid_out (widget);
  screen_point (widget, x, y, &sx, &sy);
  XTestFakeMotionEvent (x_display (), -1, sx, sy, CurrentTime);
  settle (60);
}

static void
modifier_keys (GdkModifierType modifiers,
               gboolean        press)
{
  static const struct { GdkModifierType mask; KeySym key; } keys[] = {
    { GDK_CONTROL_MASK, XK_Control_L },
    { GDK_SHIFT_MASK, XK_Shift_L },
    { GDK_ALT_MASK, XK_Alt_L },
  };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (modifiers & keys[i].mask)
      XTestFakeKeyEvent (x_display (), XKeysymToKeycode (x_display (), keys[i].key), press, CurrentTime);
}

/* Two clicks on one spot within the double-click time are a double click:
 * a second single click waits until it no longer would be. */
static gint64 last_click_time;
static int last_click_x = -1000, last_click_y = -1000;

void
pointer_click_at (GtkWidget       *widget,
                  double           x,
                  double           y,
                  guint            button,
                  GdkModifierType  modifiers)
{
  int sx, sy;
  gint64 since;

  wait_laid_out (widget);
  screen_point (widget, x, y, &sx, &sy);
  since = g_get_monotonic_time () - last_click_time;
  if (ABS (sx - last_click_x) < 16 && ABS (sy - last_click_y) < 16 && since < 600 * 1000)
    settle ((guint) ((600 * 1000 - since) / 1000));

  XTestFakeMotionEvent (x_display (), -1, sx, sy, CurrentTime);
  settle (40);
  /* Still there once the pointer is: a list may have moved it meanwhile. */
  for (int tries = 0; tries < 50; tries++)
    {
      int nx, ny;

      screen_point (widget, x, y, &nx, &ny);
      if (nx == sx && ny == sy)
        break;
      sx = nx;
      sy = ny;
      XTestFakeMotionEvent (x_display (), -1, sx, sy, CurrentTime);
      settle (100);
    }
  modifier_keys (modifiers, True);
  XTestFakeButtonEvent (x_display (), button, True, CurrentTime);
  settle (40);
  XTestFakeButtonEvent (x_display (), button, False, CurrentTime);
  modifier_keys (modifiers, False);
  settle (150);

  last_click_time = g_get_monotonic_time ();
  last_click_x = sx;
  last_click_y = sy;
}

/* A click in the middle of @widget. */
void
pointer_click (GtkWidget       *widget,
               guint            button,
               GdkModifierType  modifiers)
{
  wait_laid_out (widget);
  pointer_click_at (widget, gtk_widget_get_width (widget) / 2.0, gtk_widget_get_height (widget) / 2.0,
                    button, modifiers);
}

/* Presses on @from, moves in steps past the drag threshold and on to
 * @to, and lets go there: GTK's own drag and drop. */
void
pointer_drag (GtkWidget *from,
              GtkWidget *to)
{
  wait_laid_out (from);
  wait_laid_out (to);
  pointer_drag_between (from, gtk_widget_get_width (from) / 2.0, gtk_widget_get_height (from) / 2.0,
                        to, gtk_widget_get_width (to) / 2.0, gtk_widget_get_height (to) / 2.0);
}

/* From (@fx, @fy) in @from to (@tx, @ty) in @to, the button held. */
void
pointer_drag_between (GtkWidget *from,
                      double     fx,
                      double     fy,
                      GtkWidget *to,
                      double     tx,
                      double     ty)
{
  int x0, y0, x1, y1;

  wait_laid_out (from);
  wait_laid_out (to);
  screen_point (from, fx, fy, &x0, &y0);
  screen_point (to, tx, ty, &x1, &y1);

  XTestFakeMotionEvent (x_display (), -1, x0, y0, CurrentTime);
  settle (40);
  XTestFakeButtonEvent (x_display (), 1, True, CurrentTime);
  settle (40);
  for (int i = 1; i <= 20; i++)
    {
      XTestFakeMotionEvent (x_display (), -1, x0 + (x1 - x0) * i / 20, y0 + (y1 - y0) * i / 20, CurrentTime);
      settle (25);
    }
  /* A hand comes to rest over the target: the drop target is told where
   * the drag is by each motion, as XDND's position messages arrive. */
  for (int i = 0; i < 6; i++)
    {
      XTestFakeMotionEvent (x_display (), -1, x1 + (i % 2), y1, CurrentTime);
      settle (50);
    }
  settle (150);
  XTestFakeButtonEvent (x_display (), 1, False, CurrentTime);
  settle (300);
  last_click_time = 0;
}

void
keyboard_press (guint           keyval,
                GdkModifierType modifiers)
{
  KeyCode code = XKeysymToKeycode (x_display (), keyval);
  gboolean shifted;

  g_assert_cmpuint (code, !=, 0);
  /* A capital or a symbol on the shifted level needs Shift as well. */
  shifted = XkbKeycodeToKeysym (x_display (), code, 0, 0) != keyval &&
            XkbKeycodeToKeysym (x_display (), code, 0, 1) == keyval;
  modifier_keys (modifiers | (shifted ? GDK_SHIFT_MASK : 0), True);
  XTestFakeKeyEvent (x_display (), code, True, CurrentTime);
  XTestFakeKeyEvent (x_display (), code, False, CurrentTime);
  modifier_keys (modifiers | (shifted ? GDK_SHIFT_MASK : 0), False);
  settle (30);
}

/* ASCII text, a key at a time. */
void
keyboard_type (const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    keyboard_press (gdk_unicode_to_keyval ((guchar) *p), 0);
  settle (100);
}

/* The label saying @text that a person sees in @popover: shown, in the
 * page of the menu that is open. */
GtkWidget *
popover_find_label (GtkWidget  *popover,
                    const char *text)
{
  for (GtkWidget *child = gtk_widget_get_first_child (popover); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_LABEL (child) && gtk_widget_get_mapped (child) &&
          g_strcmp0 (gtk_label_get_text (GTK_LABEL (child)), text) == 0)
        return child;
      if ((found = popover_find_label (child, text)) != NULL)
        return found;
    }

  return NULL;
}

/* Clicks the items labelled @first_label and on, through submenus, in
 * the menu @popover that is open. */
void
menu_choose (GtkWidget  *popover,
             const char *first_label,
             ...)
{
  va_list args;

  g_assert_true (gtk_widget_get_mapped (popover));
  va_start (args, first_label);
  for (const char *label = first_label; label != NULL; label = va_arg (args, const char *))
    {
      GtkWidget *item = NULL;
      gint64 end = g_get_monotonic_time () + 3 * G_USEC_PER_SEC;

      /* A submenu slides in: wait for its page. */
      while ((item = popover_find_label (popover, label)) == NULL && g_get_monotonic_time () < end)
        g_main_context_iteration (NULL, FALSE);
      if (item == NULL)
        g_error ("The menu shows no item “%s”", label);
      settle (250);
      pointer_click (item, GDK_BUTTON_PRIMARY, 0);
    }
  va_end (args);
  settle (200);
}
