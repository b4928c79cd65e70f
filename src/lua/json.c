/*
** json.c - JSON, the one implementation varia reads and writes it with:
** growing text buffers, JSON written (every string escaped, valid UTF-8
** always), and a reader of tokens on which both the server API's flat
** objects and the Lua decoder (bind_json.c, varia.json) are built, each
** refusal naming the byte where it went wrong. Plain C, no Lua: it sits
** in the Lua layer because that is the lowest layer that needs it, below
** the server that answers with it.
*/
#include <ctype.h>
#include <errno.h>
#include <float.h>
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

/* utf8_len of the bytes from s to end: never reads past end. */
static size_t utf8_len_before(const unsigned char *s, const unsigned char *end) {
  unsigned char tail[4] = {0};
  memcpy(tail, s, (size_t)(end - s) < 4 ? (size_t)(end - s) : 4);
  return utf8_len(tail);
}

/* The control characters JSON has a short escape for, and their letters. */
static const char short_escaped[] = "\n\t\r\b\f";

/* The inside of a JSON string: len bytes of text escaped, without the
** quotes (a NUL byte too, as \u0000). */
void json_part_len(Buf *b, const char *text, size_t len) {
  const unsigned char *s = (const unsigned char *)text, *end = s + len;
  while (s < end) {
    if (*s == '"' || *s == '\\') {
      char e[2] = {'\\', (char)*s};
      buf_add(b, e, 2);
      s++;
    } else if (*s && strchr(short_escaped, *s)) {
      char e[2] = {'\\', "ntrbf"[strchr(short_escaped, *s) - short_escaped]};
      buf_add(b, e, 2);
      s++;
    } else if (*s < 0x20 || *s == '<' || *s == '>' || *s == '&' || *s == 0x7F) {
      buf_printf(b, "\\u%04x", *s);
      s++;
    } else if (*s < 0x80) {
      buf_add(b, (const char *)s, 1);
      s++;
    } else {
      size_t n = utf8_len_before(s, end);
      if (n) buf_add(b, (const char *)s, n), s += n;
      else buf_puts(b, "\\ufffd"), s++;
    }
  }
}

void json_part(Buf *b, const char *text) {
  if (text) json_part_len(b, text, strlen(text));
}

void json_str(Buf *b, const char *text) {
  buf_add(b, "\"", 1);
  json_part(b, text);
  buf_add(b, "\"", 1);
}

/* The shortest text that reads back as the same double (15 digits, or
** 17 where 15 lose a bit); NaN and the infinities, which JSON cannot
** write, as null. */
void json_double(Buf *b, double d) {
  if (d != d || d > DBL_MAX || d < -DBL_MAX) {
    buf_puts(b, "null");
    return;
  }
  char text[32];
  snprintf(text, sizeof text, "%.15g", d);
  if (strtod(text, NULL) != d) snprintf(text, sizeof text, "%.17g", d);
  /* a whole double keeps a mark of its kind, so that it reads back as one */
  if (!strpbrk(text, ".eEn")) strcat(text, ".0");
  buf_puts(b, text);
}

/* "key": with a comma before it unless it is the first of its object. */
void json_key(Buf *b, int *first, const char *key) {
  if (!*first) buf_add(b, ",", 1);
  *first = 0;
  json_str(b, key);
  buf_add(b, ":", 1);
}

/* ---- JSON in --------------------------------------------------------------
** One reader for every JSON varia takes: the primitives below read one
** token each (strings checked as UTF-8, numbers by RFC 8259's grammar),
** and every refusal names the byte where it went wrong. The API's flat
** objects (json_parse) and the Lua decoder (bind_json.c) are built on
** them. */

void json_in_init(JsonIn *j, const char *text, size_t len, char *err, size_t errlen) {
  j->s = j->start = text;
  j->end = text + len;
  j->err = err;
  j->errlen = errlen;
}

int json_in_fail(JsonIn *j, const char *what) {
  snprintf(j->err, j->errlen, "malformed JSON at byte %d: %s", (int)(j->s - j->start), what);
  return -1;
}

int json_in_peek(JsonIn *j) {
  while (j->s < j->end && (*j->s == ' ' || *j->s == '\t' || *j->s == '\n' || *j->s == '\r')) j->s++;
  return j->s < j->end ? (unsigned char)*j->s : 0;
}

int json_in_byte(JsonIn *j, int c, const char *what) {
  if (json_in_peek(j) != c) return json_in_fail(j, what);
  j->s++;
  return 0;
}

int json_in_word(JsonIn *j, const char *word) {
  size_t n = strlen(word);
  if ((size_t)(j->end - j->s) < n || memcmp(j->s, word, n)) return 0;
  j->s += n;
  return 1;
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
    if (j->s >= j->end || !isxdigit((unsigned char)*j->s)) return json_in_fail(j, "\\u needs four hex digits");
    char c = (char)tolower((unsigned char)*j->s);
    *cp = *cp * 16 + (unsigned)(c <= '9' ? c - '0' : c - 'a' + 10);
  }
  return 0;
}

/* A string at j->s (its opening quote), decoded into d, which has room
** for the rest of the text: a decoded string is never longer than its
** JSON. */
int json_in_string(JsonIn *j, char *d, size_t *len) {
  size_t n = 0;
  if (json_in_peek(j) != '"') return json_in_fail(j, "expected a string");
  j->s++;
  for (;;) {
    if (j->s >= j->end) return json_in_fail(j, "a string is not closed");
    unsigned char c = (unsigned char)*j->s;
    if (c == '"') break;
    if (c < 0x20) return json_in_fail(j, "a control character in a string");
    if (c != '\\') {
      size_t k = c < 0x80 ? 1 : utf8_len_before((const unsigned char *)j->s, (const unsigned char *)j->end);
      if (!k) return json_in_fail(j, "a string is not valid UTF-8");
      memcpy(d + n, j->s, k);
      n += k;
      j->s += k;
      continue;
    }
    if (++j->s >= j->end) return json_in_fail(j, "a string is not closed");
    char e = *j->s++;
    const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
    if (e == 'u') {
      unsigned cp, lo;
      if (jhex4(j, &cp)) return -1;
      if (cp >= 0xD800 && cp <= 0xDBFF) { /* a surrogate pair */
        if (j->end - j->s < 2 || j->s[0] != '\\' || j->s[1] != 'u') return json_in_fail(j, "a lone surrogate");
        j->s += 2;
        if (jhex4(j, &lo)) return -1;
        if (lo < 0xDC00 || lo > 0xDFFF) return json_in_fail(j, "a lone surrogate");
        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
      } else if (cp >= 0xDC00 && cp <= 0xDFFF) return json_in_fail(j, "a lone surrogate");
      /* a NUL would cut the string short wherever C reads it */
      if (cp == 0) return json_in_fail(j, "\\u0000 in a string");
      put_utf8(d, &n, cp);
    } else if (e && strchr(from, e)) d[n++] = to[strchr(from, e) - from];
    else return json_in_fail(j, "an unknown escape in a string");
  }
  j->s++;
  d[n] = '\0';
  *len = n;
  return 0;
}

/* A number by RFC 8259's grammar: an integer when it has no fraction or
** exponent and fits in 64 bits, a double otherwise. */
int json_in_number(JsonIn *j, JsonNumber *out) {
  json_in_peek(j);
  const char *p = j->s;
  if (p < j->end && *p == '-') p++;
  if (p >= j->end || !isdigit((unsigned char)*p)) return json_in_fail(j, "expected a value");
  if (*p == '0' && p + 1 < j->end && isdigit((unsigned char)p[1])) return json_in_fail(j, "a number has a leading zero");
  while (p < j->end && isdigit((unsigned char)*p)) p++;
  int whole = 1;
  if (p < j->end && *p == '.') {
    whole = 0;
    if (++p >= j->end || !isdigit((unsigned char)*p)) return json_in_fail(j, "expected a digit after '.'");
    while (p < j->end && isdigit((unsigned char)*p)) p++;
  }
  if (p < j->end && (*p == 'e' || *p == 'E')) {
    whole = 0;
    if (++p < j->end && (*p == '+' || *p == '-')) p++;
    if (p >= j->end || !isdigit((unsigned char)*p)) return json_in_fail(j, "expected a digit in the exponent");
    while (p < j->end && isdigit((unsigned char)*p)) p++;
  }
  char text[64];
  size_t n = (size_t)(p - j->s);
  if (n >= sizeof text) return json_in_fail(j, "a number is too long");
  memcpy(text, j->s, n);
  text[n] = '\0';
  errno = 0;
  out->is_int = 0;
  if (whole) {
    long long v = strtoll(text, NULL, 10);
    if (errno == 0) out->is_int = 1, out->i = v;
    errno = 0;
  }
  out->d = strtod(text, NULL);
  if (!out->is_int && errno == ERANGE && (out->d > 1 || out->d < -1)) return json_in_fail(j, "a number is out of range");
  j->s = p;
  return 0;
}

/* Parses text (len bytes) as a flat object; an empty body is {}. */
int json_parse(const char *text, size_t len, Json *out, char *err, size_t errlen) {
  JsonIn j;
  json_in_init(&j, text, len, err, errlen);
  out->n = 0;
  out->used = 0;
  if (!json_in_peek(&j)) return 0;
  if (json_in_byte(&j, '{', "expected an object ({...})")) return -1;
  if (json_in_peek(&j) == '}') j.s++;
  else
    for (;;) {
      char *key = out->store + out->used;
      size_t n;
      if (json_in_peek(&j) != '"') return json_in_fail(&j, "expected a key in quotes");
      if (json_in_string(&j, key, &n)) return -1;
      if (n >= sizeof out->f[0].key) return json_in_fail(&j, "a key is too long");
      for (int i = 0; i < out->n; i++)
        if (!strcmp(out->f[i].key, key)) return json_in_fail(&j, "a key appears twice");
      if (out->n == MAX_FIELDS) return json_in_fail(&j, "too many keys");
      JsonField *f = &out->f[out->n];
      snprintf(f->key, sizeof f->key, "%s", key);
      if (json_in_byte(&j, ':', "expected ':' after a key")) return -1;
      int c = json_in_peek(&j);
      if (!c) return json_in_fail(&j, "expected a value");
      if (c == '"') {
        f->type = J_STR;
        f->str = out->store + out->used;
        if (json_in_string(&j, out->store + out->used, &n)) return -1;
        out->used += n + 1;
      } else if (c == '-' || isdigit(c)) {
        JsonNumber v;
        const char *at = j.s;
        if (json_in_number(&j, &v)) return -1;
        if (!v.is_int) {
          j.s = at;
          return json_in_fail(&j, "only whole numbers are taken");
        }
        if (v.i > 1000000000 || v.i < -1000000000) {
          j.s = at;
          return json_in_fail(&j, "a number is too large");
        }
        f->type = J_NUM;
        f->num = (long)v.i;
      } else if (json_in_word(&j, "true")) {
        f->type = J_BOOL, f->num = 1;
      } else if (json_in_word(&j, "false")) {
        f->type = J_BOOL, f->num = 0;
      } else if (json_in_word(&j, "null")) {
        f->type = J_NULL;
      } else if (c == '{' || c == '[')
        return json_in_fail(&j, "values are strings, numbers, true, false or null, not objects or arrays");
      else return json_in_fail(&j, "expected a value");
      out->n++;
      c = json_in_peek(&j);
      if (c == ',') {
        j.s++;
        continue;
      }
      if (c == '}') {
        j.s++;
        break;
      }
      return json_in_fail(&j, "expected ',' or '}'");
    }
  if (json_in_peek(&j)) return json_in_fail(&j, "text after the object");
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
