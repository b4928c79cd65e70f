/*
** json.c - JSON for the server's API: growing text buffers, JSON written
** (every string escaped, valid UTF-8 always) and the flat objects the API
** takes read, each refusal naming the byte where it went wrong.
*/
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"

/* ---- growing text buffers ------------------------------------------------ */

void buf_add(Buf *b, const char *s, size_t n) {
  if (b->oom) return;
  if (b->len + n + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 512;
    while (cap < b->len + n + 1) cap *= 2;
    char *t = realloc(b->s, cap);
    if (!t) {
      b->oom = 1;
      return;
    }
    b->s = t;
    b->cap = cap;
  }
  memcpy(b->s + b->len, s, n);
  b->len += n;
  b->s[b->len] = '\0';
}

void buf_puts(Buf *b, const char *s) { buf_add(b, s, strlen(s)); }

void buf_printf(Buf *b, const char *fmt, ...) {
  char small[256];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(small, sizeof small, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  if ((size_t)n < sizeof small) {
    buf_add(b, small, (size_t)n);
    return;
  }
  char *big = malloc((size_t)n + 1);
  if (!big) {
    b->oom = 1;
    return;
  }
  va_start(ap, fmt);
  vsnprintf(big, (size_t)n + 1, fmt, ap);
  va_end(ap);
  buf_add(b, big, (size_t)n);
  free(big);
}

void buf_reset(Buf *b) {
  b->len = 0;
  b->oom = 0;
  if (b->s) b->s[0] = '\0';
}

/* ---- JSON out ------------------------------------------------------------
** Strings come from scripts (names, messages) and from the user: every
** control character is escaped, and so are '<', '>' and '&' (the text
** is safe inside HTML too); a byte that is not part of valid UTF-8 becomes
** U+FFFD, so that the output is always valid JSON. */

/* The length of the UTF-8 sequence at s, or 0 when it is not one: no
** overlong form, no surrogate, nothing past U+10FFFF (RFC 3629). */
static size_t utf8_len(const unsigned char *s) {
  size_t n = s[0] >= 0xC2 && s[0] <= 0xDF ? 2 : s[0] >= 0xE0 && s[0] <= 0xEF ? 3
           : s[0] >= 0xF0 && s[0] <= 0xF4 ? 4 : 0;
  for (size_t i = 1; i < n; i++)
    if ((s[i] & 0xC0) != 0x80) return 0;
  if ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xED && s[1] > 0x9F) ||
      (s[0] == 0xF0 && s[1] < 0x90) || (s[0] == 0xF4 && s[1] > 0x8F))
    return 0;
  return n;
}

/* The inside of a JSON string: text escaped, without the quotes. */
void json_part(Buf *b, const char *text) {
  const unsigned char *s = (const unsigned char *)(text ? text : "");
  while (*s) {
    if (*s == '"' || *s == '\\') {
      char e[2] = {'\\', (char)*s};
      buf_add(b, e, 2);
      s++;
    } else if (*s < 0x20 || *s == '<' || *s == '>' || *s == '&' || *s == 0x7F) {
      buf_printf(b, "\\u%04x", *s);
      s++;
    } else if (*s < 0x80) {
      buf_add(b, (const char *)s, 1);
      s++;
    } else {
      size_t n = utf8_len(s);
      if (n) buf_add(b, (const char *)s, n), s += n;
      else buf_puts(b, "\\ufffd"), s++;
    }
  }
}

void json_str(Buf *b, const char *text) {
  buf_add(b, "\"", 1);
  json_part(b, text);
  buf_add(b, "\"", 1);
}

/* "key": with a comma before it unless it is the first of its object. */
void json_key(Buf *b, int *first, const char *key) {
  if (!*first) buf_add(b, ",", 1);
  *first = 0;
  json_str(b, key);
  buf_add(b, ":", 1);
}

/* ---- JSON in --------------------------------------------------------------
** The API takes a flat object of strings, integers, booleans and nulls,
** at most MAX_FIELDS of them, each key once. Anything else is refused
** with the byte where it went wrong. */


typedef struct JsonIn {
  const char *s, *start, *end;
  Json *out;
  char *err;
  size_t errlen;
} JsonIn;

static int jfail(JsonIn *j, const char *what) {
  snprintf(j->err, j->errlen, "malformed JSON at byte %d: %s", (int)(j->s - j->start), what);
  return -1;
}

static void jspace(JsonIn *j) {
  while (j->s < j->end && (*j->s == ' ' || *j->s == '\t' || *j->s == '\n' || *j->s == '\r')) j->s++;
}

static void put_utf8(char *d, size_t *n, unsigned cp) {
  if (cp < 0x80) d[(*n)++] = (char)cp;
  else if (cp < 0x800) {
    d[(*n)++] = (char)(0xC0 | cp >> 6);
    d[(*n)++] = (char)(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    d[(*n)++] = (char)(0xE0 | cp >> 12);
    d[(*n)++] = (char)(0x80 | (cp >> 6 & 0x3F));
    d[(*n)++] = (char)(0x80 | (cp & 0x3F));
  } else {
    d[(*n)++] = (char)(0xF0 | cp >> 18);
    d[(*n)++] = (char)(0x80 | (cp >> 12 & 0x3F));
    d[(*n)++] = (char)(0x80 | (cp >> 6 & 0x3F));
    d[(*n)++] = (char)(0x80 | (cp & 0x3F));
  }
}

static int jhex4(JsonIn *j, unsigned *cp) {
  *cp = 0;
  for (int i = 0; i < 4; i++, j->s++) {
    if (j->s >= j->end || !isxdigit((unsigned char)*j->s)) return jfail(j, "\\u needs four hex digits");
    char c = (char)tolower((unsigned char)*j->s);
    *cp = *cp * 16 + (unsigned)(c <= '9' ? c - '0' : c - 'a' + 10);
  }
  return 0;
}

/* A string at j->s (at its opening quote), decoded into the store. */
static int jstring(JsonIn *j, const char **out) {
  Json *o = j->out;
  char *d = o->store + o->used;
  size_t n = 0;
  j->s++; /* the quote */
  for (;;) {
    if (j->s >= j->end) return jfail(j, "a string is not closed");
    unsigned char c = (unsigned char)*j->s;
    if (c == '"') break;
    if (c < 0x20) return jfail(j, "a control character in a string");
    if (c != '\\') {
      size_t k = c < 0x80 ? 1 : utf8_len((const unsigned char *)j->s);
      if (!k || j->s + k > j->end) return jfail(j, "a string is not valid UTF-8");
      memcpy(d + n, j->s, k);
      n += k;
      j->s += k;
      continue;
    }
    if (++j->s >= j->end) return jfail(j, "a string is not closed");
    char e = *j->s++;
    const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
    if (e == 'u') {
      unsigned cp, lo;
      if (jhex4(j, &cp)) return -1;
      if (cp >= 0xD800 && cp <= 0xDBFF) { /* a surrogate pair */
        if (j->end - j->s < 2 || j->s[0] != '\\' || j->s[1] != 'u') return jfail(j, "a lone surrogate");
        j->s += 2;
        if (jhex4(j, &lo)) return -1;
        if (lo < 0xDC00 || lo > 0xDFFF) return jfail(j, "a lone surrogate");
        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
      } else if (cp >= 0xDC00 && cp <= 0xDFFF) return jfail(j, "a lone surrogate");
      if (cp == 0) return jfail(j, "\\u0000 in a string");
      put_utf8(d, &n, cp);
    } else if (e && strchr(from, e)) d[n++] = to[strchr(from, e) - from];
    else return jfail(j, "an unknown escape in a string");
  }
  j->s++;
  d[n] = '\0';
  o->used += n + 1;
  *out = d;
  return 0;
}

/* Parses text (len bytes) as a flat object; an empty body is {}. */
int json_parse(const char *text, size_t len, Json *out, char *err, size_t errlen) {
  JsonIn j = {text, text, text + len, out, err, errlen};
  out->n = 0;
  out->used = 0;
  jspace(&j);
  if (j.s == j.end) return 0;
  if (*j.s != '{') return jfail(&j, "expected an object ({...})");
  j.s++;
  jspace(&j);
  if (j.s < j.end && *j.s == '}') j.s++;
  else
    for (;;) {
      const char *key;
      jspace(&j);
      if (j.s >= j.end || *j.s != '"') return jfail(&j, "expected a key in quotes");
      if (jstring(&j, &key)) return -1;
      if (strlen(key) >= sizeof out->f[0].key) return jfail(&j, "a key is too long");
      for (int i = 0; i < out->n; i++)
        if (!strcmp(out->f[i].key, key)) return jfail(&j, "a key appears twice");
      if (out->n == MAX_FIELDS) return jfail(&j, "too many keys");
      JsonField *f = &out->f[out->n];
      snprintf(f->key, sizeof f->key, "%s", key);
      jspace(&j);
      if (j.s >= j.end || *j.s != ':') return jfail(&j, "expected ':' after a key");
      j.s++;
      jspace(&j);
      if (j.s >= j.end) return jfail(&j, "expected a value");
      if (*j.s == '"') {
        f->type = J_STR;
        if (jstring(&j, &f->str)) return -1;
      } else if (*j.s == '-' || isdigit((unsigned char)*j.s)) {
        const char *p = j.s + (*j.s == '-');
        long v = 0;
        if (p >= j.end || !isdigit((unsigned char)*p)) return jfail(&j, "expected a digit");
        for (; p < j.end && isdigit((unsigned char)*p); p++) {
          if (v > 100000000) return jfail(&j, "a number is too large");
          v = v * 10 + (*p - '0');
        }
        if (p < j.end && (*p == '.' || *p == 'e' || *p == 'E')) return jfail(&j, "only whole numbers are taken");
        f->type = J_NUM;
        f->num = *j.s == '-' ? -v : v;
        j.s = p;
      } else if (j.end - j.s >= 4 && !memcmp(j.s, "true", 4)) {
        f->type = J_BOOL, f->num = 1, j.s += 4;
      } else if (j.end - j.s >= 5 && !memcmp(j.s, "false", 5)) {
        f->type = J_BOOL, f->num = 0, j.s += 5;
      } else if (j.end - j.s >= 4 && !memcmp(j.s, "null", 4)) {
        f->type = J_NULL, j.s += 4;
      } else if (*j.s == '{' || *j.s == '[')
        return jfail(&j, "values are strings, numbers, true, false or null, not objects or arrays");
      else return jfail(&j, "expected a value");
      out->n++;
      jspace(&j);
      if (j.s < j.end && *j.s == ',') {
        j.s++;
        continue;
      }
      if (j.s < j.end && *j.s == '}') {
        j.s++;
        break;
      }
      return jfail(&j, "expected ',' or '}'");
    }
  jspace(&j);
  if (j.s != j.end) return jfail(&j, "text after the object");
  return 0;
}

const JsonField *json_field(const Json *o, const char *key) {
  for (int i = 0; i < o->n; i++)
    if (!strcmp(o->f[i].key, key)) return &o->f[i];
  return NULL;
}

/* Refuses a key that is not in allowed (space-separated). */
int json_only(const Json *o, const char *allowed, char *err, size_t errlen) {
  for (int i = 0; i < o->n; i++) {
    const char *k = o->f[i].key, *a = allowed;
    size_t n = strlen(k);
    int ok = 0;
    while (*a && !ok) {
      size_t m = strcspn(a, " ");
      ok = m == n && !strncmp(a, k, n);
      a += m + (a[m] == ' ');
    }
    if (!ok) {
      snprintf(err, errlen, "unknown key \"%s\" (this request takes: %s)", k, *allowed ? allowed : "nothing");
      return -1;
    }
  }
  return 0;
}

/* A string field: NULL when absent (or null); -1 through *bad when it is
** there and not a string. */
const char *json_string(const Json *o, const char *key, int *bad, char *err, size_t errlen) {
  const JsonField *f = json_field(o, key);
  if (!f || f->type == J_NULL) return NULL;
  if (f->type != J_STR) {
    snprintf(err, errlen, "\"%s\" must be a string", key);
    *bad = 1;
    return NULL;
  }
  return f->str;
}
