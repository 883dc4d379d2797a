/* proc-paper.c: one paper of the library, as the views see it
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-paper"

#include "config.h"

#include <string.h>

#include "proc-paper-private.h"

/* A paper is a read-only view of one row: edits go through ProcStore, which
 * updates the live object so every bound widget repaints. */
struct _ProcPaper
{
  GObject parent_instance;

  gint64 id;
  char *derived_title;
  char *user_title;
  char *abstract;
  char *authors;
  char *venue;
  int year;
  char *list_name;
  gint64 added;
  ProcReadState read_state;
  ProcTriage triage;
  gboolean starred;
  int rating;
  char *note;
  gint64 note_modified;
  char **tags;
  char **links;
  char **link_kinds;  /* each link's ProcLinkKind name, in the order of links */
  char *doi;
  char *code_url;
};

G_DEFINE_FINAL_TYPE (ProcPaper, proc_paper, G_TYPE_OBJECT)

G_DEFINE_ENUM_TYPE (ProcReadState, proc_read_state,
                    G_DEFINE_ENUM_VALUE (PROC_READ_STATE_UNREAD, "unread"),
                    G_DEFINE_ENUM_VALUE (PROC_READ_STATE_READING, "reading"),
                    G_DEFINE_ENUM_VALUE (PROC_READ_STATE_READ, "read"))

G_DEFINE_ENUM_TYPE (ProcTriage, proc_triage,
                    G_DEFINE_ENUM_VALUE (PROC_TRIAGE_UNTRIAGED, "untriaged"),
                    G_DEFINE_ENUM_VALUE (PROC_TRIAGE_KEEP, "kept"),
                    G_DEFINE_ENUM_VALUE (PROC_TRIAGE_MAYBE, "maybe"),
                    G_DEFINE_ENUM_VALUE (PROC_TRIAGE_SKIP, "skipped"))

enum {
  PROP_0,
  PROP_ID,
  PROP_TITLE,
  PROP_DERIVED_TITLE,
  PROP_USER_TITLE,
  PROP_ABSTRACT,
  PROP_AUTHORS,
  PROP_VENUE,
  PROP_YEAR,
  PROP_LIST_NAME,
  PROP_ADDED,
  PROP_READ_STATE,
  PROP_TRIAGE,
  PROP_STARRED,
  PROP_RATING,
  PROP_NOTE,
  PROP_NOTE_MODIFIED,
  PROP_TAGS,
  PROP_LINKS,
  PROP_CODE_URL,
  PROP_HAS_CODE,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];
static guint instances_created;

static const char *empty_strv[] = { NULL };

static gboolean
set_str (char       **field,
         const char  *value)
{
  if (g_strcmp0 (*field, value) == 0)
    return FALSE;

  g_free (*field);
  *field = g_strdup (value);
  return TRUE;
}

static gboolean
set_strv (char       ***field,
          const char * const *value)
{
  const char * const *old = (const char * const *) *field;

  if (old == NULL && (value == NULL || value[0] == NULL))
    return FALSE;
  if (old != NULL && value != NULL && g_strv_equal (old, value))
    return FALSE;

  g_strfreev (*field);
  *field = (value == NULL || value[0] == NULL) ? NULL : g_strdupv ((char **) value);
  return TRUE;
}

static const char *
column_text (sqlite3_stmt *stmt,
             int           column)
{
  return (const char *) sqlite3_column_text (stmt, column);
}

/* "a\x1fb" → { "a", "b" }, or NULL for a NULL column. */
static char **
split_column (sqlite3_stmt *stmt,
              int           column)
{
  const char *text = column_text (stmt, column);

  if (text == NULL || *text == '\0')
    return NULL;

  return g_strsplit (text, "\x1f", -1);
}

static void
proc_paper_finalize (GObject *object)
{
  ProcPaper *self = (ProcPaper *)object;

  g_clear_pointer (&self->derived_title, g_free);
  g_clear_pointer (&self->user_title, g_free);
  g_clear_pointer (&self->abstract, g_free);
  g_clear_pointer (&self->authors, g_free);
  g_clear_pointer (&self->venue, g_free);
  g_clear_pointer (&self->list_name, g_free);
  g_clear_pointer (&self->note, g_free);
  g_clear_pointer (&self->tags, g_strfreev);
  g_clear_pointer (&self->links, g_strfreev);
  g_clear_pointer (&self->link_kinds, g_strfreev);
  g_clear_pointer (&self->doi, g_free);
  g_clear_pointer (&self->code_url, g_free);

  G_OBJECT_CLASS (proc_paper_parent_class)->finalize (object);
}

static void
proc_paper_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  ProcPaper *self = PROC_PAPER (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_int64 (value, self->id);
      break;

    case PROP_TITLE:
      g_value_set_string (value, proc_paper_get_title (self));
      break;

    case PROP_DERIVED_TITLE:
      g_value_set_string (value, self->derived_title);
      break;

    case PROP_USER_TITLE:
      g_value_set_string (value, self->user_title);
      break;

    case PROP_ABSTRACT:
      g_value_set_string (value, proc_paper_get_abstract (self));
      break;

    case PROP_AUTHORS:
      g_value_set_string (value, proc_paper_get_authors (self));
      break;

    case PROP_VENUE:
      g_value_set_string (value, self->venue);
      break;

    case PROP_YEAR:
      g_value_set_int (value, self->year);
      break;

    case PROP_LIST_NAME:
      g_value_set_string (value, self->list_name);
      break;

    case PROP_ADDED:
      g_value_set_int64 (value, self->added);
      break;

    case PROP_READ_STATE:
      g_value_set_enum (value, self->read_state);
      break;

    case PROP_TRIAGE:
      g_value_set_enum (value, self->triage);
      break;

    case PROP_STARRED:
      g_value_set_boolean (value, self->starred);
      break;

    case PROP_RATING:
      g_value_set_int (value, self->rating);
      break;

    case PROP_NOTE:
      g_value_set_string (value, proc_paper_get_note (self));
      break;

    case PROP_NOTE_MODIFIED:
      g_value_set_int64 (value, self->note_modified);
      break;

    case PROP_TAGS:
      g_value_set_boxed (value, proc_paper_get_tags (self));
      break;

    case PROP_LINKS:
      g_value_set_boxed (value, proc_paper_get_links (self));
      break;

    case PROP_CODE_URL:
      g_value_set_string (value, self->code_url);
      break;

    case PROP_HAS_CODE:
      g_value_set_boolean (value, self->code_url != NULL);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static GParamSpec *
readable_string (const char *name)
{
  return g_param_spec_string (name, NULL, NULL, NULL,
                              (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
}

static void
proc_paper_class_init (ProcPaperClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = proc_paper_finalize;
  object_class->get_property = proc_paper_get_property;

  properties [PROP_ID] = g_param_spec_int64 ("id", NULL, NULL, 0, G_MAXINT64, 0, flags);
  properties [PROP_TITLE] = readable_string ("title");
  properties [PROP_DERIVED_TITLE] = readable_string ("derived-title");
  properties [PROP_USER_TITLE] = readable_string ("user-title");
  properties [PROP_ABSTRACT] = readable_string ("abstract");
  properties [PROP_AUTHORS] = readable_string ("authors");
  properties [PROP_VENUE] = readable_string ("venue");
  properties [PROP_YEAR] = g_param_spec_int ("year", NULL, NULL, 0, G_MAXINT, 0, flags);
  properties [PROP_LIST_NAME] = readable_string ("list-name");
  properties [PROP_ADDED] = g_param_spec_int64 ("added", NULL, NULL, 0, G_MAXINT64, 0, flags);
  properties [PROP_READ_STATE] =
    g_param_spec_enum ("read-state", NULL, NULL,
                       PROC_TYPE_READ_STATE, PROC_READ_STATE_UNREAD, flags);
  properties [PROP_TRIAGE] =
    g_param_spec_enum ("triage", NULL, NULL,
                       PROC_TYPE_TRIAGE, PROC_TRIAGE_UNTRIAGED, flags);
  properties [PROP_STARRED] = g_param_spec_boolean ("starred", NULL, NULL, FALSE, flags);
  properties [PROP_RATING] = g_param_spec_int ("rating", NULL, NULL, 0, 5, 0, flags);
  properties [PROP_NOTE] = readable_string ("note");
  properties [PROP_NOTE_MODIFIED] = g_param_spec_int64 ("note-modified", NULL, NULL, 0, G_MAXINT64, 0, flags);
  properties [PROP_TAGS] = g_param_spec_boxed ("tags", NULL, NULL, G_TYPE_STRV, flags);
  properties [PROP_LINKS] = g_param_spec_boxed ("links", NULL, NULL, G_TYPE_STRV, flags);
  properties [PROP_CODE_URL] = readable_string ("code-url");
  properties [PROP_HAS_CODE] = g_param_spec_boolean ("has-code", NULL, NULL, FALSE, flags);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
proc_paper_init (ProcPaper *self)
{
  g_atomic_int_inc (&instances_created);
}

ProcPaper *
_proc_paper_new (gint64 id)
{
  ProcPaper *self = g_object_new (PROC_TYPE_PAPER, NULL);

  self->id = id;
  return self;
}

/* Fills the paper from a row of PROC_PAPER_SELECT and notifies what
 * changed, so reloading an unchanged paper repaints nothing. */
void
_proc_paper_load (ProcPaper    *self,
                  sqlite3_stmt *stmt)
{
  g_auto(GStrv) tags = NULL;
  g_auto(GStrv) link_rows = NULL;
  g_autoptr(GPtrArray) links = NULL;
  g_autoptr(GPtrArray) kinds = NULL;
  gboolean links_changed;
  const char *code_url = NULL;
  const char *old_title;
  g_autofree char *title_before = NULL;
  gboolean had_code;

  g_return_if_fail (PROC_IS_PAPER (self));
  g_return_if_fail (sqlite3_column_int64 (stmt, 0) == self->id);

  g_object_freeze_notify (G_OBJECT (self));

  old_title = proc_paper_get_title (self);
  title_before = g_strdup (old_title);
  had_code = self->code_url != NULL;

  if (set_str (&self->derived_title, column_text (stmt, 1)))
    g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_DERIVED_TITLE]);
  if (set_str (&self->user_title, column_text (stmt, 2)))
    g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_USER_TITLE]);
  if (g_strcmp0 (title_before, proc_paper_get_title (self)) != 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_TITLE]);
  if (set_str (&self->abstract, column_text (stmt, 3)))
    g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_ABSTRACT]);
  if (set_str (&self->authors, column_text (stmt, 4)))
    g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_AUTHORS]);
  if (set_str (&self->venue, column_text (stmt, 5)))
    g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_VENUE]);
  if (self->year != sqlite3_column_int (stmt, 6))
    {
      self->year = sqlite3_column_int (stmt, 6);
      g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_YEAR]);
    }
  if (set_str (&self->list_name, column_text (stmt, 7)))
    g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_LIST_NAME]);
  if (self->added != sqlite3_column_int64 (stmt, 8))
    {
      self->added = sqlite3_column_int64 (stmt, 8);
      g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_ADDED]);
    }
  _proc_paper_set_read_state (self, sqlite3_column_int (stmt, 9));
  _proc_paper_set_starred (self, sqlite3_column_int (stmt, 10));
  _proc_paper_set_rating (self, sqlite3_column_int (stmt, 11));
  _proc_paper_set_note (self, column_text (stmt, 12), sqlite3_column_int64 (stmt, 13));

  _proc_paper_set_triage (self, sqlite3_column_int (stmt, 16));

  tags = split_column (stmt, 14);
  _proc_paper_set_tags (self, (const char * const *) tags);

  link_rows = split_column (stmt, 15);
  links = g_ptr_array_new_with_free_func (g_free);
  kinds = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; link_rows != NULL && link_rows[i] != NULL; i++)
    {
      const char *sep = strchr (link_rows[i], '\x1e');
      const char *url = sep ? sep + 1 : link_rows[i];

      if (code_url == NULL && sep != NULL && strncmp (link_rows[i], "code", sep - link_rows[i]) == 0)
        code_url = url;
      g_ptr_array_add (links, g_strdup (url));
      g_ptr_array_add (kinds, sep ? g_strndup (link_rows[i], sep - link_rows[i]) : g_strdup ("other"));
    }
  g_ptr_array_add (links, NULL);
  g_ptr_array_add (kinds, NULL);
  links_changed = set_strv (&self->links, (const char * const *) links->pdata);
  links_changed |= set_strv (&self->link_kinds, (const char * const *) kinds->pdata);
  /* the DOI shows among the links */
  links_changed |= set_str (&self->doi, column_text (stmt, 17));
  if (links_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_LINKS]);
  if (set_str (&self->code_url, code_url))
    g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_CODE_URL]);
  if (had_code != (self->code_url != NULL))
    g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_HAS_CODE]);

  g_object_thaw_notify (G_OBJECT (self));
}

void
_proc_paper_set_starred (ProcPaper *self,
                         gboolean   starred)
{
  starred = !!starred;
  if (self->starred == starred)
    return;

  self->starred = starred;
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_STARRED]);
}

void
_proc_paper_set_read_state (ProcPaper     *self,
                            ProcReadState  state)
{
  if (self->read_state == state)
    return;

  self->read_state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_READ_STATE]);
}

void
_proc_paper_set_triage (ProcPaper  *self,
                        ProcTriage  triage)
{
  if (self->triage == triage)
    return;

  self->triage = triage;
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_TRIAGE]);
}

void
_proc_paper_set_rating (ProcPaper *self,
                        int        rating)
{
  if (self->rating == rating)
    return;

  self->rating = rating;
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_RATING]);
}

void
_proc_paper_set_note (ProcPaper  *self,
                      const char *note,
                      gint64      modified)
{
  if (note != NULL && *note == '\0')
    note = NULL;

  if (set_str (&self->note, note))
    g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_NOTE]);

  if (self->note_modified != modified)
    {
      self->note_modified = modified;
      g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_NOTE_MODIFIED]);
    }
}

void
_proc_paper_set_user_title (ProcPaper  *self,
                            const char *user_title)
{
  g_autofree char *before = g_strdup (proc_paper_get_title (self));

  if (user_title != NULL && *user_title == '\0')
    user_title = NULL;

  if (!set_str (&self->user_title, user_title))
    return;

  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_USER_TITLE]);
  if (g_strcmp0 (before, proc_paper_get_title (self)) != 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_TITLE]);
}

void
_proc_paper_set_tags (ProcPaper          *self,
                      const char * const *tags)
{
  if (set_strv (&self->tags, tags))
    g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_TAGS]);
}

gint64
proc_paper_get_id (ProcPaper *self)
{
  g_return_val_if_fail (PROC_IS_PAPER (self), 0);

  return self->id;
}

/**
 * proc_paper_get_title:
 *
 * Returns: the title the user gave, or else the one derived on import.
 */
const char *
proc_paper_get_title (ProcPaper *self)
{
  g_return_val_if_fail (PROC_IS_PAPER (self), NULL);

  return self->user_title ? self->user_title : (self->derived_title ? self->derived_title : "");
}

const char *
proc_paper_get_derived_title (ProcPaper *self)
{
  g_return_val_if_fail (PROC_IS_PAPER (self), NULL);

  return self->derived_title ? self->derived_title : "";
}

const char *
proc_paper_get_user_title (ProcPaper *self)
{
  g_return_val_if_fail (PROC_IS_PAPER (self), NULL);

  return self->user_title;
}

const char *
proc_paper_get_abstract (ProcPaper *self)
{
  g_return_val_if_fail (PROC_IS_PAPER (self), NULL);

  return self->abstract ? self->abstract : "";
}

const char *
proc_paper_get_authors (ProcPaper *self)
{
  g_return_val_if_fail (PROC_IS_PAPER (self), NULL);

  return self->authors ? self->authors : "";
}

const char *
proc_paper_get_venue (ProcPaper *self)
{
  g_return_val_if_fail (PROC_IS_PAPER (self), NULL);

  return self->venue;
}

int
proc_paper_get_year (ProcPaper *self)
{
  g_return_val_if_fail (PROC_IS_PAPER (self), 0);

  return self->year;
}

const char *
proc_paper_get_list_name (ProcPaper *self)
{
  g_return_val_if_fail (PROC_IS_PAPER (self), NULL);

  return self->list_name;
}

gint64
proc_paper_get_added (ProcPaper *self)
{
  g_return_val_if_fail (PROC_IS_PAPER (self), 0);

  return self->added;
}

ProcReadState
proc_paper_get_read_state (ProcPaper *self)
{
  g_return_val_if_fail (PROC_IS_PAPER (self), PROC_READ_STATE_UNREAD);

  return self->read_state;
}

gboolean
proc_paper_get_starred (ProcPaper *self)
{
  g_return_val_if_fail (PROC_IS_PAPER (self), FALSE);

  return self->starred;
}

int
proc_paper_get_rating (ProcPaper *self)
{
  g_return_val_if_fail (PROC_IS_PAPER (self), 0);

  return self->rating;
}

const char *
proc_paper_get_note (ProcPaper *self)
{
  g_return_val_if_fail (PROC_IS_PAPER (self), NULL);

  return self->note ? self->note : "";
}

gint64
proc_paper_get_note_modified (ProcPaper *self)
{
  g_return_val_if_fail (PROC_IS_PAPER (self), 0);

  return self->note_modified;
}

const char * const *
proc_paper_get_tags (ProcPaper *self)
{
  g_return_val_if_fail (PROC_IS_PAPER (self), NULL);

  return self->tags ? (const char * const *) self->tags : empty_strv;
}

const char * const *
proc_paper_get_links (ProcPaper *self)
{
  g_return_val_if_fail (PROC_IS_PAPER (self), NULL);

  return self->links ? (const char * const *) self->links : empty_strv;
}

/* The kinds of proc_paper_get_links(), one for each ("code", "pdf",
 * "openreview"…: proc_link_kind_from_string() reads them). */
const char * const *
proc_paper_get_link_kinds (ProcPaper *self)
{
  g_return_val_if_fail (PROC_IS_PAPER (self), NULL);

  return self->link_kinds ? (const char * const *) self->link_kinds : empty_strv;
}

const char *
proc_paper_get_doi (ProcPaper *self)
{
  g_return_val_if_fail (PROC_IS_PAPER (self), NULL);

  return self->doi;
}

const char *
proc_paper_get_code_url (ProcPaper *self)
{
  g_return_val_if_fail (PROC_IS_PAPER (self), NULL);

  return self->code_url;
}

gboolean
proc_paper_has_tag (ProcPaper  *self,
                    const char *tag)
{
  g_return_val_if_fail (PROC_IS_PAPER (self), FALSE);

  for (guint i = 0; self->tags != NULL && self->tags[i] != NULL; i++)
    if (g_utf8_collate (self->tags[i], tag) == 0 || g_ascii_strcasecmp (self->tags[i], tag) == 0)
      return TRUE;

  return FALSE;
}

ProcTriage
proc_paper_get_triage (ProcPaper *self)
{
  g_return_val_if_fail (PROC_IS_PAPER (self), PROC_TRIAGE_UNTRIAGED);

  return self->triage;
}

/* How many papers were ever constructed: lets tests prove the list is lazy. */
guint
proc_paper_get_instances_created (void)
{
  return g_atomic_int_get (&instances_created);
}

const char *
proc_read_state_to_string (ProcReadState state)
{
  switch (state)
    {
    case PROC_READ_STATE_READING: return "reading";
    case PROC_READ_STATE_READ: return "read";
    case PROC_READ_STATE_UNREAD:
    default: return "unread";
    }
}

/* The words of the query language: `is:kept`. */
const char *
proc_triage_to_string (ProcTriage triage)
{
  switch (triage)
    {
    case PROC_TRIAGE_KEEP: return "kept";
    case PROC_TRIAGE_MAYBE: return "maybe";
    case PROC_TRIAGE_SKIP: return "skipped";
    case PROC_TRIAGE_UNTRIAGED:
    default: return "untriaged";
    }
}
