/* proc-links.c: code, project and paper links mentioned in an abstract
 *
 * Copyright 2026 The Proceedings authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "proc-links.h"
#include "proc-tex.h"

#include <string.h>

/* Abstracts end with "Code is available at https://github.com/a/b." and
 * the period is not part of the link.  Links also come wrapped in TeX
 * (\url{…}, a\_b), in Markdown ([text](url)) or in parentheses, and as bare
 * "github.com/…" or "doi:10.…".  This finds them in one pass, trims what
 * the sentence added, and files each under a kind that the library stores
 * and filters on. */

/* The names of ProcLinkKind in the database: never change them */
static const char * const kind_names[] = {
  [PROC_LINK_CODE] = "code",
  [PROC_LINK_PROJECT] = "project",
  [PROC_LINK_PDF] = "pdf",
  [PROC_LINK_DOI] = "doi",
  [PROC_LINK_OTHER] = "other",
  [PROC_LINK_OPENREVIEW] = "openreview",
  [PROC_LINK_SUPPLEMENT] = "supplement",
  [PROC_LINK_ARXIV] = "arxiv",
};

/* Hosts, compared with the host without "www.", or as "*.suffix" */
static const char * const code_hosts[] = {
  "github.com", "gist.github.com", "gitlab.com", "bitbucket.org", "huggingface.co",
  "hf.co", "codeberg.org", "sourceforge.net", "*.sourceforge.net", "sf.net",
  "paperswithcode.com", "colab.research.google.com", "gitee.com", "sr.ht",
  "git.sr.ht", "pypi.org", "cran.r-project.org", NULL
};

static const char * const project_hosts[] = {
  "*.github.io", "*.gitlab.io", "sites.google.com", "*.netlify.app",
  "*.vercel.app", "*.pages.dev", "*.readthedocs.io", NULL
};

/* Words before a link on another host that say what it is */
static const char * const code_words[] = {
  "code", "implementation", "source", "software", "repository", "repo",
  "toolbox", "library", "package", NULL
};

static const char * const project_words[] = {
  "project", "website", "homepage", "webpage", "page", "demo", "site", NULL
};

/* Bare hosts recognised without a scheme */
static const char * const bare_hosts[] = {
  "github.com/", "gitlab.com/", "bitbucket.org/", "huggingface.co/",
  "codeberg.org/", "sourceforge.net/", "www.", NULL
};

void
proc_link_free (ProcLink *link)
{
  if (link == NULL)
    return;

  g_free (link->url);
  g_free (link);
}

const char *
proc_link_kind_to_string (ProcLinkKind kind)
{
  if ((guint) kind >= G_N_ELEMENTS (kind_names))
    return kind_names[PROC_LINK_OTHER];

  return kind_names[kind];
}

ProcLinkKind
proc_link_kind_from_string (const char *str)
{
  for (guint i = 0; i < G_N_ELEMENTS (kind_names); i++)
    if (g_strcmp0 (str, kind_names[i]) == 0)
      return (ProcLinkKind) i;

  return PROC_LINK_OTHER;
}

/* h(ttp), d(oi), 1(0.), g(ithub), b(itbucket), c(odeberg), s(ourceforge), w(ww) */
static inline gboolean
may_start_link (char c)
{
  switch (c)
    {
    case 'h': case 'H': case 'd': case 'D': case '1': case 'g': case 'G':
    case 'b': case 'B': case 'c': case 'C': case 's': case 'S': case 'w': case 'W':
      return TRUE;
    default:
      return FALSE;
    }
}

static inline gboolean
continues_word (char c)
{
  return g_ascii_isalnum (c) || c == '/' || c == '.' || c == '-' || c == '_' ||
         c == '@' || c == '%';
}

static gboolean
has_prefix_ci (const char *s,
               const char *prefix)
{
  return g_ascii_strncasecmp (s, prefix, strlen (prefix)) == 0;
}

static gboolean
host_matches (const char         *host,
              const char * const *patterns)
{
  for (guint i = 0; patterns[i] != NULL; i++)
    {
      const char *pattern = patterns[i];

      if (pattern[0] == '*')
        {
          gsize hlen = strlen (host);
          gsize slen = strlen (pattern + 1);  /* ".github.io" */

          if (hlen > slen && strcmp (host + hlen - slen, pattern + 1) == 0)
            return TRUE;
        }
      else if (strcmp (host, pattern) == 0)
        {
          return TRUE;
        }
    }

  return FALSE;
}

/* Characters that can be part of a link as written in running text */
static gboolean
is_url_char (char c)
{
  return c > ' ' && c < 0x7f && strchr ("<>\"`{|^$\\", c) == NULL;
}

/* Copies the link that starts at @p: up to white space or a character
 * that cannot be in one, with TeX escapes (\_ \% \# \& \~) undone.
 * Returns the position after it. */
static const char *
take_run (const char *p,
          GString    *out)
{
  for (;;)
    {
      if (*p == '\\' && p[1] != '\0' && strchr ("_%#&~", p[1]) != NULL)
        {
          g_string_append_c (out, p[1]);
          p += 2;
        }
      else if (is_url_char (*p))
        {
          g_string_append_c (out, *p);
          p++;
        }
      else
        {
          return p;
        }
    }
}

static guint
count_char (const char *s,
            gsize       len,
            char        c)
{
  guint n = 0;

  for (gsize i = 0; i < len; i++)
    n += s[i] == c;

  return n;
}

/* Removes what the sentence added: a final period or comma, quotes, a
 * closing parenthesis that opened before the link, Markdown stars. */
static void
trim_trailing (GString *url)
{
  while (url->len > 0)
    {
      char c = url->str[url->len - 1];
      gboolean drop = strchr (".,;:!?'*", c) != NULL;

      if (c == ')' || c == ']' || c == '}')
        {
          char open = c == ')' ? '(' : c == ']' ? '[' : '{';

          /* A bracket the URL opened itself stays, as in Wikipedia links */
          drop = count_char (url->str, url->len, open) < count_char (url->str, url->len, c);
        }

      if (!drop)
        return;
      g_string_truncate (url, url->len - 1);
    }
}

/* Checks and normalises "https://Host.org/path": a scheme in lower case, a
 * host made of labels with a dot, in lower case.  Returns FALSE for
 * "http://" alone and the like. */
static gboolean
normalize_url (GString *url)
{
  gsize host_start, host_end;
  gboolean dot = FALSE;

  if (has_prefix_ci (url->str, "https://"))
    host_start = 8;
  else if (has_prefix_ci (url->str, "http://"))
    host_start = 7;
  else
    return FALSE;

  for (gsize i = 0; i < host_start; i++)
    url->str[i] = g_ascii_tolower (url->str[i]);

  host_end = host_start;
  while (host_end < url->len && strchr ("/?#", url->str[host_end]) == NULL)
    host_end++;

  /* user@ and :port are rare in abstracts; a host is all we check */
  for (gsize i = host_start; i < host_end; i++)
    {
      char c = url->str[i];

      if (c == '.')
        dot = TRUE;
      else if (!(g_ascii_isalnum (c) || c == '-' || c == ':' || c == '@' || c == '_'))
        return FALSE;
      url->str[i] = g_ascii_tolower (c);
    }

  if (!dot || host_end == host_start || url->str[host_start] == '.' ||
      url->str[host_end - 1] == '.')
    return FALSE;

  /* http://dx.doi.org/10.1/x and https://doi.org/10.1/x are the same */
  if (host_end - host_start >= 7 &&
      (strncmp (url->str + host_start, "doi.org", host_end - host_start) == 0 ||
       strncmp (url->str + host_start, "dx.doi.org", host_end - host_start) == 0))
    {
      g_string_erase (url, 0, host_end);
      g_string_prepend (url, "https://doi.org");
    }

  return TRUE;
}

/* Whether a DOI starts at @p: "10.1145/3292500.3330701" */
static gboolean
is_doi (const char *p)
{
  gsize digits = 0;
  const char *q;

  if (strncmp (p, "10.", 3) != 0)
    return FALSE;

  for (q = p + 3; g_ascii_isdigit (*q); q++)
    digits++;
  /* registrant codes have four to nine digits, sometimes subdivisions */
  while (*q == '.' && g_ascii_isdigit (q[1]))
    for (q++; g_ascii_isdigit (*q); q++)
      ;

  return digits >= 4 && digits <= 9 && *q == '/' && is_url_char (q[1]);
}

/* "https://doi.org/10.1234/" lost its suffix to trimming: no DOI */
static gboolean
has_doi_suffix (GString *url)
{
  const char *slash = strchr (url->str + strlen ("https://doi.org/"), '/');

  return slash != NULL && slash[1] != '\0';
}

static ProcLinkKind
classify (const char *url,
          const char *text,
          const char *url_start)
{
  g_autofree char *host = NULL;
  const char *h = strstr (url, "://");
  const char *path;
  gsize path_len;
  const char *context;
  g_autofree char *before = NULL;

  h = h != NULL ? h + 3 : url;
  path = h + strcspn (h, "/?#");
  host = g_strndup (h, path - h);
  if (g_str_has_prefix (host, "www."))
    memmove (host, host + 4, strlen (host + 4) + 1);
  path_len = strcspn (path, "?#");

  if (strcmp (host, "doi.org") == 0)
    return PROC_LINK_DOI;

  if ((path_len >= 4 && g_ascii_strncasecmp (path + path_len - 4, ".pdf", 4) == 0) ||
      (strcmp (host, "arxiv.org") == 0 && g_str_has_prefix (path, "/pdf/")) ||
      (strcmp (host, "openreview.net") == 0 && g_str_has_prefix (path, "/pdf")))
    return PROC_LINK_PDF;

  if (host_matches (host, code_hosts))
    return PROC_LINK_CODE;
  if (host_matches (host, project_hosts))
    return PROC_LINK_PROJECT;

  /* "Code: https://lab.example.org/x", "project page at https://…": the
   * words just before, in the same sentence */
  context = url_start;
  while (context > text && url_start - context < 80 &&
         !(context[-1] == '.' && context[0] == ' '))
    context--;
  before = g_ascii_strdown (context, url_start - context);

  for (guint i = 0; code_words[i] != NULL; i++)
    if (strstr (before, code_words[i]) != NULL)
      return PROC_LINK_CODE;
  for (guint i = 0; project_words[i] != NULL; i++)
    if (strstr (before, project_words[i]) != NULL)
      return PROC_LINK_PROJECT;

  return PROC_LINK_OTHER;
}

static void
add_link (GPtrArray  *links,
          GHashTable *seen,
          GString    *url,
          const char *text,
          const char *start)
{
  ProcLink *link;

  if (g_hash_table_contains (seen, url->str))
    return;

  link = g_new0 (ProcLink, 1);
  link->url = g_strdup (url->str);
  link->kind = classify (link->url, text, start);
  g_ptr_array_add (links, link);
  g_hash_table_add (seen, link->url);
}

/* Most abstracts have no link at all: a few vectorised searches say so
 * faster than a walk over every character.  Every link found below
 * contains one of these. */
static gboolean
may_have_links (const char *text)
{
  static const char * const needles[] = {
    "://", "www.", "WWW.", ".com/", ".org/", ".co/", ".net/", "10.", NULL
  };

  for (guint i = 0; needles[i] != NULL; i++)
    if (strstr (text, needles[i]) != NULL)
      return TRUE;

  return FALSE;
}

/**
 * proc_links_extract:
 * @text: (nullable): an abstract, as imported
 *
 * Finds the web links and DOIs in @text: http(s) links, bare
 * "github.com/…" and "www.…" links (given https://), and DOIs written as
 * "doi:10.…" or "10.…/…" (given as https://doi.org/…).  Punctuation that
 * ends the sentence rather than the link is left out.
 *
 * Returns: (transfer container) (element-type ProcLink): the links, in
 *   the order they first appear, without duplicates
 */
GPtrArray *
proc_links_extract (const char *text)
{
  GPtrArray *links = g_ptr_array_new_with_free_func ((GDestroyNotify) proc_link_free);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GString) url = g_string_new (NULL);
  const char *p = text;

  if (text == NULL || !may_have_links (text))
    return links;

  while (*p)
    {
      const char *start = p;
      char before = p > text ? p[-1] : ' ';

      /* links start a word: not inside another link, a path or an address */
      if (!may_start_link (*p) || continues_word (before))
        {
          p++;
          continue;
        }

      g_string_truncate (url, 0);

      if (has_prefix_ci (p, "http://") || has_prefix_ci (p, "https://"))
        {
          p = take_run (p, url);
          trim_trailing (url);
          if (normalize_url (url))
            add_link (links, seen, url, text, start);
          if (p == start)
            p++;
          continue;
        }

      if (has_prefix_ci (p, "doi:"))
        {
          const char *q = p + 4;

          while (*q == ' ')
            q++;
          if (is_doi (q))
            {
              g_string_append (url, "https://doi.org/");
              p = take_run (q, url);
              trim_trailing (url);
              if (has_doi_suffix (url))
                add_link (links, seen, url, text, start);
              continue;
            }
        }

      if (is_doi (p))
        {
          g_string_append (url, "https://doi.org/");
          p = take_run (p, url);
          trim_trailing (url);
          if (has_doi_suffix (url))
            add_link (links, seen, url, text, start);
          continue;
        }

      for (guint i = 0; bare_hosts[i] != NULL; i++)
        if (has_prefix_ci (p, bare_hosts[i]))
          {
            gboolean www = bare_hosts[i][0] == 'w';

            g_string_append (url, "https://");
            p = take_run (p, url);
            trim_trailing (url);
            /* "github.com/" alone is no link, "www.x.org" is */
            if (normalize_url (url) &&
                (www || url->len > strlen ("https://") + strlen (bare_hosts[i])))
              add_link (links, seen, url, text, start);
            break;
          }

      if (p == start)
        p++;
    }

  return links;
}

/* The TeX conversion must not see a link: it would turn "--" into a dash
 * and "*" into emphasis.  Each link is swapped for one private-use
 * character, which the conversion copies as it is, and swapped back after.
 * 6,400 placeholders are more links than any abstract holds. */
#define PLACEHOLDER_FIRST 0xE000
#define PLACEHOLDER_LAST  0xF8FF

typedef struct
{
  char *href;   /* normalised, for the browser */
  char *shown;  /* as written, with TeX escapes undone */
} WebLink;

static void
web_link_clear (WebLink *link)
{
  g_free (link->href);
  g_free (link->shown);
}

static gboolean
has_private_use_chars (const char *text)
{
  for (const char *p = text; *p; p = g_utf8_next_char (p))
    {
      gunichar c;

      if ((guchar) *p < 0xee)
        continue;
      c = g_utf8_get_char (p);
      if (c >= PLACEHOLDER_FIRST && c <= PLACEHOLDER_LAST)
        return TRUE;
    }

  return FALSE;
}

static void
append_link_markup (GString       *out,
                    const WebLink *link)
{
  g_autofree char *href = g_markup_escape_text (link->href, -1);
  g_autofree char *shown = g_markup_escape_text (link->shown, -1);

  g_string_append_printf (out, "<a href=\"%s\">%s</a>", href, shown);
}

/**
 * proc_links_to_markup:
 * @text: (nullable): an abstract, as imported
 *
 * Like proc_tex_to_markup(), with each http and https link of @text made
 * an `<a href="…">` element, as GtkLabel opens them.  Other schemes stay
 * plain text.
 *
 * Returns: (transfer full): Pango markup with links, never %NULL
 */
char *
proc_links_to_markup (const char *text)
{
  g_autoptr(GArray) links = NULL;
  g_autoptr(GString) swapped = NULL;
  g_autoptr(GString) url = NULL;
  g_autofree char *converted = NULL;
  GString *out;
  const char *p;
  const char *copied;

  if (text == NULL || strstr (text, "://") == NULL ||
      !g_utf8_validate (text, -1, NULL) || has_private_use_chars (text))
    return proc_tex_to_markup (text);

  links = g_array_new (FALSE, FALSE, sizeof (WebLink));
  g_array_set_clear_func (links, (GDestroyNotify) web_link_clear);
  swapped = g_string_sized_new (strlen (text));
  url = g_string_new (NULL);

  for (p = copied = text; *p; p++)
    {
      const char *end;
      gsize taken;
      WebLink link;

      if ((*p != 'h' && *p != 'H') || (p > text && continues_word (p[-1])) ||
          !(has_prefix_ci (p, "http://") || has_prefix_ci (p, "https://")) ||
          links->len > PLACEHOLDER_LAST - PLACEHOLDER_FIRST)
        continue;

      g_string_truncate (url, 0);
      end = take_run (p, url);
      taken = url->len;
      trim_trailing (url);
      /* What trimming drops is never an escape, so it maps back one to one */
      end -= taken - url->len;

      link.shown = g_strdup (url->str);
      if (!normalize_url (url))
        {
          g_free (link.shown);
          p = end - 1;
          continue;
        }
      link.href = g_strdup (url->str);

      g_string_append_len (swapped, copied, p - copied);
      g_string_append_unichar (swapped, PLACEHOLDER_FIRST + links->len);
      g_array_append_val (links, link);
      copied = end;
      p = end - 1;
    }

  if (links->len == 0)
    return proc_tex_to_markup (text);

  g_string_append (swapped, copied);
  converted = proc_tex_to_markup (swapped->str);

  out = g_string_sized_new (strlen (converted) + 64 * links->len);
  for (p = copied = converted; *p; p = g_utf8_next_char (p))
    {
      gunichar c;

      if ((guchar) *p < 0xee)
        continue;
      c = g_utf8_get_char (p);
      if (c < PLACEHOLDER_FIRST || c >= PLACEHOLDER_FIRST + links->len)
        continue;

      g_string_append_len (out, copied, p - copied);
      append_link_markup (out, &g_array_index (links, WebLink, c - PLACEHOLDER_FIRST));
      copied = g_utf8_next_char (p);
    }
  g_string_append (out, copied);

  return g_string_free (out, FALSE);
}

/**
 * proc_links_address_length:
 * @text: the text @p points into, to see what comes before
 * @p: where an http(s) address may start
 * @end: the end of @text
 *
 * The length of the http(s) address at @p, without the punctuation that
 * ends a sentence around it, so writers can turn it into a link.
 *
 * Returns: the length in bytes; 0 when there is no address at @p
 */
gsize
proc_links_address_length (const char *text,
                           const char *p,
                           const char *end)
{
  const char *q;
  int open = 0;

  if (p > text && (g_ascii_isalnum (p[-1]) || p[-1] == '/'))
    return 0;
  if (end - p > 8 && g_ascii_strncasecmp (p, "https://", 8) == 0)
    q = p + 8;
  else if (end - p > 7 && g_ascii_strncasecmp (p, "http://", 7) == 0)
    q = p + 7;
  else
    return 0;

  if (q >= end || !g_ascii_isalnum (*q))
    return 0;

  while (q < end && (guchar) *q > 0x20 && *q != 0x7f && strchr ("<>\"`\\", *q) == NULL)
    q++;

  /* "(see https://x.org/a)." ends before ")." but an address that opens
   * a parenthesis itself (Wikipedia's) keeps the ")" that closes it */
  for (const char *r = p; r < q; r++)
    open += *r == '(' ? 1 : *r == ')' ? -1 : 0;
  while (q > p && (strchr (".,;:!?'*_~", q[-1]) != NULL || (q[-1] == ')' && open < 0)))
    {
      if (*--q == ')')
        open++;
    }

  return q - p;
}

/**
 * proc_link_classify:
 *
 * Returns: what a single URL links to (code, project, PDF, DOI, other),
 *   as proc_links_extract() would say of it in an abstract
 */
ProcLinkKind
proc_link_classify (const char *url)
{
  g_autoptr(GPtrArray) found = proc_links_extract (url);

  if (found != NULL && found->len > 0)
    return ((ProcLink *) g_ptr_array_index (found, 0))->kind;

  return PROC_LINK_OTHER;
}

/**
 * proc_doi_dup_href:
 * @doi: a DOI, "10.…"
 *
 * Returns: (transfer full) (nullable): the DOI's address at doi.org, with
 *   every character that could end or change the address escaped
 */
char *
proc_doi_dup_href (const char *doi)
{
  g_autofree char *escaped = NULL;

  if (doi == NULL)
    return NULL;
  while (g_ascii_isspace (*doi))
    doi++;
  if (*doi == '\0')
    return NULL;

  escaped = g_uri_escape_string (doi, "/:;", TRUE);

  return g_strconcat ("https://doi.org/", escaped, NULL);
}

/**
 * proc_link_dup_href:
 * @url: an address from a paper list, of any scheme
 *
 * The address an exported document may link to: http and https addresses
 * as they are, a `doi:` one at doi.org.  Everything else (`javascript:`,
 * `data:`, `file:`…) stays text in the exports, never a link.
 *
 * Returns: (transfer full) (nullable): the address to link to, or %NULL
 */
char *
proc_link_dup_href (const char *url)
{
  if (url == NULL)
    return NULL;

  if ((g_ascii_strncasecmp (url, "https://", 8) == 0 && url[8] != '\0') ||
      (g_ascii_strncasecmp (url, "http://", 7) == 0 && url[7] != '\0'))
    return g_strdup (url);

  if (g_ascii_strncasecmp (url, "doi:", 4) == 0)
    return proc_doi_dup_href (url + 4);

  return NULL;
}

/* The host of @url without "www.", and where its path starts. */
static char *
dup_host (const char  *url,
          const char **path)
{
  const char *h = strstr (url, "://");
  char *host;

  h = h != NULL ? h + 3 : url;
  *path = h + strcspn (h, "/?#");
  host = g_ascii_strdown (h, *path - h);
  if (g_str_has_prefix (host, "www."))
    memmove (host, host + 4, strlen (host + 4) + 1);

  return host;
}

/**
 * proc_link_classify_own:
 * @url: the address a record gives for the paper itself (its `url`,
 *   `pdf`, `ee` field)
 *
 * Unlike proc_link_classify(), which reads links inside an abstract
 * (where an arXiv or OpenReview address names another paper), this one
 * knows that the address is the paper's own: an OpenReview forum is its
 * review page, an arXiv abstract page its preprint.
 *
 * Returns: %PROC_LINK_OPENREVIEW, %PROC_LINK_ARXIV, %PROC_LINK_PDF or
 *   %PROC_LINK_DOI for those, else %PROC_LINK_OTHER
 */
ProcLinkKind
proc_link_classify_own (const char *url)
{
  g_autofree char *host = NULL;
  const char *path;
  gsize path_len;

  if (url == NULL)
    return PROC_LINK_OTHER;

  host = dup_host (url, &path);
  path_len = strcspn (path, "?#");

  if (strcmp (host, "openreview.net") == 0 && g_str_has_prefix (path, "/forum"))
    return PROC_LINK_OPENREVIEW;
  if (strcmp (host, "arxiv.org") == 0 && g_str_has_prefix (path, "/abs/"))
    return PROC_LINK_ARXIV;
  if (strcmp (host, "doi.org") == 0 || strcmp (host, "dx.doi.org") == 0)
    return PROC_LINK_DOI;
  if ((path_len >= 4 && g_ascii_strncasecmp (path + path_len - 4, ".pdf", 4) == 0) ||
      (strcmp (host, "arxiv.org") == 0 && g_str_has_prefix (path, "/pdf/")) ||
      (strcmp (host, "openreview.net") == 0 && g_str_has_prefix (path, "/pdf")))
    return PROC_LINK_PDF;

  return PROC_LINK_OTHER;
}

/**
 * proc_arxiv_dup_href:
 * @eprint: an arXiv identifier as BibTeX's `eprint` field holds it
 *   ("2401.00001", "arXiv:2401.00001v2", "cs/0112017")
 *
 * Returns: (transfer full) (nullable): its abstract page at arxiv.org, or
 *   %NULL when @eprint is not an arXiv identifier
 */
char *
proc_arxiv_dup_href (const char *eprint)
{
  g_autofree char *id = NULL;

  if (eprint == NULL)
    return NULL;
  while (g_ascii_isspace (*eprint))
    eprint++;
  if (g_ascii_strncasecmp (eprint, "arxiv:", 6) == 0)
    eprint += 6;

  id = g_strstrip (g_strdup (eprint));
  if (*id == '\0' || strspn (id, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789./-") != strlen (id) ||
      !g_ascii_isalnum (*id))
    return NULL;

  return g_strconcat ("https://arxiv.org/abs/", id, NULL);
}
