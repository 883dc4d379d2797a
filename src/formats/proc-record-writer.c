/* proc-record-writer.c: writes paper records to a file in one export format
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "proc-record-writer"

#include "config.h"

#include "proc-record-writer.h"

/* Records arrive one at a time from the library, so an export of 87,000
 * papers never holds more than one record and this buffer. */
#define FLUSH_AT (64 * 1024)

typedef struct
{
  GOutputStream *stream;
  ProcExportFields fields;
  GString *buffer;
} ProcRecordWriterPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (ProcRecordWriter, proc_record_writer, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_STREAM,
  PROP_FIELDS,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

static gboolean
flush_buffer (ProcRecordWriter  *self,
              GError           **error)
{
  ProcRecordWriterPrivate *priv = proc_record_writer_get_instance_private (self);
  gboolean ok;

  if (priv->buffer->len == 0)
    return TRUE;

  ok = g_output_stream_write_all (priv->stream, priv->buffer->str, priv->buffer->len, NULL, NULL, error);
  g_string_truncate (priv->buffer, 0);
  return ok;
}

static gboolean
proc_record_writer_real_group (ProcRecordWriter  *self,
                               const char        *heading,
                               GError           **error)
{
  return TRUE;
}

static gboolean
proc_record_writer_real_end (ProcRecordWriter  *self,
                             GError           **error)
{
  return TRUE;
}

static void
proc_record_writer_finalize (GObject *object)
{
  ProcRecordWriter *self = PROC_RECORD_WRITER (object);
  ProcRecordWriterPrivate *priv = proc_record_writer_get_instance_private (self);

  g_clear_object (&priv->stream);
  g_string_free (priv->buffer, TRUE);

  G_OBJECT_CLASS (proc_record_writer_parent_class)->finalize (object);
}

static void
proc_record_writer_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  ProcRecordWriter *self = PROC_RECORD_WRITER (object);
  ProcRecordWriterPrivate *priv = proc_record_writer_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_STREAM:
      g_value_set_object (value, priv->stream);
      break;

    case PROP_FIELDS:
      g_value_set_uint (value, priv->fields);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
proc_record_writer_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  ProcRecordWriter *self = PROC_RECORD_WRITER (object);
  ProcRecordWriterPrivate *priv = proc_record_writer_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_STREAM:
      priv->stream = g_value_dup_object (value);
      break;

    case PROP_FIELDS:
      priv->fields = g_value_get_uint (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
proc_record_writer_class_init (ProcRecordWriterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = proc_record_writer_finalize;
  object_class->get_property = proc_record_writer_get_property;
  object_class->set_property = proc_record_writer_set_property;

  klass->group = proc_record_writer_real_group;
  klass->end = proc_record_writer_real_end;

  properties [PROP_STREAM] =
    g_param_spec_object ("stream", NULL, NULL,
                         G_TYPE_OUTPUT_STREAM,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /* ProcExportFields */
  properties [PROP_FIELDS] =
    g_param_spec_uint ("fields", NULL, NULL,
                       0, PROC_EXPORT_ALL, PROC_EXPORT_ALL,
                       (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
proc_record_writer_init (ProcRecordWriter *self)
{
  ProcRecordWriterPrivate *priv = proc_record_writer_get_instance_private (self);

  priv->buffer = g_string_sized_new (FLUSH_AT + 4096);
  priv->fields = PROC_EXPORT_ALL;
}

gboolean
proc_record_writer_begin (ProcRecordWriter  *self,
                          const char        *title,
                          GError           **error)
{
  g_return_val_if_fail (PROC_IS_RECORD_WRITER (self), FALSE);

  return PROC_RECORD_WRITER_GET_CLASS (self)->begin (self, title ? title : "", error);
}

gboolean
proc_record_writer_group (ProcRecordWriter  *self,
                          const char        *heading,
                          GError           **error)
{
  g_return_val_if_fail (PROC_IS_RECORD_WRITER (self), FALSE);
  g_return_val_if_fail (heading != NULL, FALSE);

  return PROC_RECORD_WRITER_GET_CLASS (self)->group (self, heading, error);
}

gboolean
proc_record_writer_write (ProcRecordWriter       *self,
                          const ProcPaperRecord  *record,
                          GError                **error)
{
  ProcRecordWriterPrivate *priv = proc_record_writer_get_instance_private (self);

  g_return_val_if_fail (PROC_IS_RECORD_WRITER (self), FALSE);
  g_return_val_if_fail (record != NULL, FALSE);

  if (!PROC_RECORD_WRITER_GET_CLASS (self)->write (self, record, error))
    return FALSE;

  return priv->buffer->len < FLUSH_AT || flush_buffer (self, error);
}

/* Writes what is left and flushes the stream; it does not close it. */
gboolean
proc_record_writer_end (ProcRecordWriter  *self,
                        GError           **error)
{
  ProcRecordWriterPrivate *priv = proc_record_writer_get_instance_private (self);

  g_return_val_if_fail (PROC_IS_RECORD_WRITER (self), FALSE);

  return PROC_RECORD_WRITER_GET_CLASS (self)->end (self, error)
      && flush_buffer (self, error)
      && g_output_stream_flush (priv->stream, NULL, error);
}

GOutputStream *
proc_record_writer_get_stream (ProcRecordWriter *self)
{
  ProcRecordWriterPrivate *priv = proc_record_writer_get_instance_private (self);

  g_return_val_if_fail (PROC_IS_RECORD_WRITER (self), NULL);

  return priv->stream;
}

ProcExportFields
proc_record_writer_get_fields (ProcRecordWriter *self)
{
  ProcRecordWriterPrivate *priv = proc_record_writer_get_instance_private (self);

  g_return_val_if_fail (PROC_IS_RECORD_WRITER (self), 0);

  return priv->fields;
}

gboolean
proc_record_writer_has_field (ProcRecordWriter *self,
                              ProcExportFields  field)
{
  return (proc_record_writer_get_fields (self) & field) != 0;
}

gboolean
proc_record_writer_append (ProcRecordWriter  *self,
                           const char        *text,
                           GError           **error)
{
  ProcRecordWriterPrivate *priv = proc_record_writer_get_instance_private (self);

  g_return_val_if_fail (PROC_IS_RECORD_WRITER (self), FALSE);

  if (text != NULL)
    g_string_append (priv->buffer, text);

  return priv->buffer->len < FLUSH_AT || flush_buffer (self, error);
}

gboolean
proc_record_writer_append_printf (ProcRecordWriter  *self,
                                  GError           **error,
                                  const char        *format,
                                  ...)
{
  ProcRecordWriterPrivate *priv = proc_record_writer_get_instance_private (self);
  va_list args;

  g_return_val_if_fail (PROC_IS_RECORD_WRITER (self), FALSE);

  va_start (args, format);
  g_string_append_vprintf (priv->buffer, format, args);
  va_end (args);

  return priv->buffer->len < FLUSH_AT || flush_buffer (self, error);
}
