/* proc-collection.c: a tag, an imported list or a reading list, with its count
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "proc-collection.h"

struct _ProcCollection
{
  GObject parent_instance;

  ProcCollectionKind kind;
  gint64 id;
  char *name;
  char *colour;
  char *query;          /* a watchlist's words */
  guint count;
};

G_DEFINE_FINAL_TYPE (ProcCollection, proc_collection, G_TYPE_OBJECT)

G_DEFINE_ENUM_TYPE (ProcCollectionKind, proc_collection_kind,
                    G_DEFINE_ENUM_VALUE (PROC_COLLECTION_KIND_TAG, "tag"),
                    G_DEFINE_ENUM_VALUE (PROC_COLLECTION_KIND_LIST, "list"),
                    G_DEFINE_ENUM_VALUE (PROC_COLLECTION_KIND_READING_LIST, "reading-list"),
                    G_DEFINE_ENUM_VALUE (PROC_COLLECTION_KIND_WATCHLIST, "watchlist"))

enum {
  PROP_0,
  PROP_KIND,
  PROP_ID,
  PROP_NAME,
  PROP_COLOUR,
  PROP_COUNT,
  PROP_QUERY,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

static void
proc_collection_finalize (GObject *object)
{
  ProcCollection *self = (ProcCollection *)object;

  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->colour, g_free);
  g_clear_pointer (&self->query, g_free);

  G_OBJECT_CLASS (proc_collection_parent_class)->finalize (object);
}

static void
proc_collection_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  ProcCollection *self = PROC_COLLECTION (object);

  switch (prop_id)
    {
    case PROP_KIND:
      g_value_set_enum (value, self->kind);
      break;

    case PROP_ID:
      g_value_set_int64 (value, self->id);
      break;

    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;

    case PROP_COLOUR:
      g_value_set_string (value, self->colour);
      break;

    case PROP_COUNT:
      g_value_set_uint (value, self->count);
      break;

    case PROP_QUERY:
      g_value_take_string (value, proc_collection_dup_query (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
proc_collection_class_init (ProcCollectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = proc_collection_finalize;
  object_class->get_property = proc_collection_get_property;

  properties [PROP_KIND] =
    g_param_spec_enum ("kind", NULL, NULL,
                       PROC_TYPE_COLLECTION_KIND, PROC_COLLECTION_KIND_TAG,
                       (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  properties [PROP_ID] =
    g_param_spec_int64 ("id", NULL, NULL, 0, G_MAXINT64, 0,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  properties [PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties [PROP_COLOUR] =
    g_param_spec_string ("colour", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties [PROP_COUNT] =
    g_param_spec_uint ("count", NULL, NULL, 0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties [PROP_QUERY] =
    g_param_spec_string ("query", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
proc_collection_init (ProcCollection *self)
{
}

ProcCollection *
proc_collection_new (ProcCollectionKind kind,
                     gint64             id)
{
  ProcCollection *self = g_object_new (PROC_TYPE_COLLECTION, NULL);

  self->kind = kind;
  self->id = id;
  return self;
}

ProcCollectionKind
proc_collection_get_kind (ProcCollection *self)
{
  g_return_val_if_fail (PROC_IS_COLLECTION (self), PROC_COLLECTION_KIND_TAG);

  return self->kind;
}

gint64
proc_collection_get_id (ProcCollection *self)
{
  g_return_val_if_fail (PROC_IS_COLLECTION (self), 0);

  return self->id;
}

const char *
proc_collection_get_name (ProcCollection *self)
{
  g_return_val_if_fail (PROC_IS_COLLECTION (self), NULL);

  return self->name;
}

void
proc_collection_set_name (ProcCollection *self,
                          const char     *name)
{
  g_return_if_fail (PROC_IS_COLLECTION (self));

  if (g_strcmp0 (self->name, name) == 0)
    return;

  g_free (self->name);
  self->name = g_strdup (name);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_NAME]);
}

const char *
proc_collection_get_colour (ProcCollection *self)
{
  g_return_val_if_fail (PROC_IS_COLLECTION (self), NULL);

  return self->colour;
}

void
proc_collection_set_colour (ProcCollection *self,
                            const char     *colour)
{
  g_return_if_fail (PROC_IS_COLLECTION (self));

  if (g_strcmp0 (self->colour, colour) == 0)
    return;

  g_free (self->colour);
  self->colour = g_strdup (colour);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_COLOUR]);
}

guint
proc_collection_get_count (ProcCollection *self)
{
  g_return_val_if_fail (PROC_IS_COLLECTION (self), 0);

  return self->count;
}

void
proc_collection_set_count (ProcCollection *self,
                           guint           count)
{
  g_return_if_fail (PROC_IS_COLLECTION (self));

  if (self->count == count)
    return;

  self->count = count;
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_COUNT]);
}

static char *
quote (const char *name)
{
  g_autoptr(GString) s = g_string_new ("\"");

  for (const char *p = name; p && *p; p++)
    {
      /* The query language has no escape inside quotes: drop the quote
       * character itself rather than end the value early. */
      if (*p != '"')
        g_string_append_c (s, *p);
    }
  g_string_append_c (s, '"');

  return g_string_free (g_steal_pointer (&s), FALSE);
}

/**
 * proc_collection_dup_query:
 *
 * Returns: (nullable): the query that lists the collection's papers, such
 *   as `tag:"deep learning"`, or %NULL where the language has none yet
 */
char *
proc_collection_dup_query (ProcCollection *self)
{
  g_autofree char *quoted = NULL;

  g_return_val_if_fail (PROC_IS_COLLECTION (self), NULL);

  quoted = quote (self->name);

  switch (self->kind)
    {
    case PROC_COLLECTION_KIND_TAG:
      return g_strconcat ("tag:", quoted, NULL);
    case PROC_COLLECTION_KIND_LIST:
      return g_strconcat ("list:", quoted, NULL);
    case PROC_COLLECTION_KIND_READING_LIST:
      return g_strconcat ("reading-list:", quoted, NULL);
    case PROC_COLLECTION_KIND_WATCHLIST:
      return g_strdup (self->query);
    default:
      return NULL;
    }
}

/* A watchlist's words: what it lists, not a query of its name. */
void
proc_collection_set_query (ProcCollection *self,
                           const char     *query)
{
  g_return_if_fail (PROC_IS_COLLECTION (self));

  if (g_strcmp0 (self->query, query) == 0)
    return;

  g_free (self->query);
  self->query = g_strdup (query);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_QUERY]);
}
