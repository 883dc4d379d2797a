/* proc-record-reader.c: reads paper records from a file, one at a time, whatever its format
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-record-reader"

#include "config.h"

#include <string.h>

#include "proc-record-reader.h"

/* Every format we read is text, so the base class owns the line reader:
 * each reader gets the same checks (UTF-8, NUL bytes, a BOM, any line
 * ending) and the same line numbers for its messages. */
typedef struct
{
  GInputStream *stream;
  ProcLineReader *lines;
  char *display_name;
  char *list_name;
} ProcRecordReaderPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (ProcRecordReader, proc_record_reader, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_STREAM,
  PROP_DISPLAY_NAME,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

/* The file's name without folder and extension: the list's name unless
 * the file names itself. */
static char *
file_stem (const char *display_name)
{
  g_autofree char *base = g_path_get_basename (display_name);
  char *dot = strrchr (base, '.');

  if (dot != NULL && dot != base)
    *dot = '\0';

  return g_steal_pointer (&base);
}

static gboolean
proc_record_reader_real_read_header (ProcRecordReader  *self,
                                     GCancellable      *cancellable,
                                     GError           **error)
{
  return TRUE;
}

static void
proc_record_reader_constructed (GObject *object)
{
  ProcRecordReader *self = PROC_RECORD_READER (object);
  ProcRecordReaderPrivate *priv = proc_record_reader_get_instance_private (self);

  G_OBJECT_CLASS (proc_record_reader_parent_class)->constructed (object);

  if (priv->display_name == NULL)
    priv->display_name = g_strdup ("-");
  if (priv->stream != NULL)
    priv->lines = proc_line_reader_new (priv->stream, priv->display_name);
  priv->list_name = file_stem (priv->display_name);
}

static void
proc_record_reader_finalize (GObject *object)
{
  ProcRecordReader *self = PROC_RECORD_READER (object);
  ProcRecordReaderPrivate *priv = proc_record_reader_get_instance_private (self);

  g_clear_pointer (&priv->lines, proc_line_reader_free);
  g_clear_object (&priv->stream);
  g_clear_pointer (&priv->display_name, g_free);
  g_clear_pointer (&priv->list_name, g_free);

  G_OBJECT_CLASS (proc_record_reader_parent_class)->finalize (object);
}

static void
proc_record_reader_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  ProcRecordReader *self = PROC_RECORD_READER (object);
  ProcRecordReaderPrivate *priv = proc_record_reader_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_STREAM:
      g_value_set_object (value, priv->stream);
      break;

    case PROP_DISPLAY_NAME:
      g_value_set_string (value, priv->display_name);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
proc_record_reader_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  ProcRecordReader *self = PROC_RECORD_READER (object);
  ProcRecordReaderPrivate *priv = proc_record_reader_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_STREAM:
      priv->stream = g_value_dup_object (value);
      break;

    case PROP_DISPLAY_NAME:
      priv->display_name = g_value_dup_string (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
proc_record_reader_class_init (ProcRecordReaderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = proc_record_reader_constructed;
  object_class->finalize = proc_record_reader_finalize;
  object_class->get_property = proc_record_reader_get_property;
  object_class->set_property = proc_record_reader_set_property;

  klass->read_header = proc_record_reader_real_read_header;

  properties [PROP_STREAM] =
    g_param_spec_object ("stream", NULL, NULL,
                         G_TYPE_INPUT_STREAM,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /* How messages name the input: usually its path. */
  properties [PROP_DISPLAY_NAME] =
    g_param_spec_string ("display-name", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
proc_record_reader_init (ProcRecordReader *self)
{
}

gboolean
proc_record_reader_read_header (ProcRecordReader  *self,
                                GCancellable      *cancellable,
                                GError           **error)
{
  g_return_val_if_fail (PROC_IS_RECORD_READER (self), FALSE);

  return PROC_RECORD_READER_GET_CLASS (self)->read_header (self, cancellable, error);
}

ProcPaperRecord *
proc_record_reader_next (ProcRecordReader  *self,
                         ProcImportReport  *report,
                         GCancellable      *cancellable,
                         GError           **error)
{
  g_return_val_if_fail (PROC_IS_RECORD_READER (self), NULL);
  g_return_val_if_fail (report != NULL, NULL);

  return PROC_RECORD_READER_GET_CLASS (self)->next (self, report, cancellable, error);
}

GInputStream *
proc_record_reader_get_stream (ProcRecordReader *self)
{
  ProcRecordReaderPrivate *priv = proc_record_reader_get_instance_private (self);

  g_return_val_if_fail (PROC_IS_RECORD_READER (self), NULL);

  return priv->stream;
}

/* Returns: (transfer none): the checked lines of the stream */
ProcLineReader *
proc_record_reader_get_lines (ProcRecordReader *self)
{
  ProcRecordReaderPrivate *priv = proc_record_reader_get_instance_private (self);

  g_return_val_if_fail (PROC_IS_RECORD_READER (self), NULL);

  return priv->lines;
}

const char *
proc_record_reader_get_display_name (ProcRecordReader *self)
{
  ProcRecordReaderPrivate *priv = proc_record_reader_get_instance_private (self);

  g_return_val_if_fail (PROC_IS_RECORD_READER (self), NULL);

  return priv->display_name;
}

/* The name of the list the papers join: the file's stem unless the
 * format names the list itself (the conference list's title line). */
const char *
proc_record_reader_get_list_name (ProcRecordReader *self)
{
  ProcRecordReaderPrivate *priv = proc_record_reader_get_instance_private (self);

  g_return_val_if_fail (PROC_IS_RECORD_READER (self), NULL);

  return priv->list_name;
}

void
proc_record_reader_set_list_name (ProcRecordReader *self,
                                  const char       *list_name)
{
  ProcRecordReaderPrivate *priv = proc_record_reader_get_instance_private (self);

  g_return_if_fail (PROC_IS_RECORD_READER (self));
  g_return_if_fail (list_name != NULL);

  g_free (priv->list_name);
  priv->list_name = g_strdup (list_name);
}

/* Bytes read so far, for progress. */
guint64
proc_record_reader_get_offset (ProcRecordReader *self)
{
  ProcRecordReaderPrivate *priv = proc_record_reader_get_instance_private (self);

  g_return_val_if_fail (PROC_IS_RECORD_READER (self), 0);

  return priv->lines ? proc_line_reader_get_offset (priv->lines) : 0;
}

/* Reports a skipped entry as "file:line: reason". */
void
proc_record_reader_reject (ProcRecordReader *self,
                           ProcImportReport *report,
                           guint             line,
                           const char       *reason)
{
  ProcRecordReaderPrivate *priv = proc_record_reader_get_instance_private (self);

  g_return_if_fail (PROC_IS_RECORD_READER (self));

  proc_import_report_reject (report, priv->display_name, line, reason);
}
