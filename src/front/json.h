/*
** json.h - JSON for the server's API (serve.c): growing text buffers,
** JSON out, and the flat objects of strings, integers, booleans and nulls
** the API takes in.
*/
#ifndef varia_json_h
#define varia_json_h

#include <stddef.h>

#define MAX_BODY 16384 /* the largest request body read */
#define MAX_FIELDS 8   /* the most fields of an object read */

/* ---- growing text buffers ---- */
typedef struct Buf {
  char *s;
  size_t len, cap;
  int oom; /* an allocation failed: the text is incomplete */
} Buf;

void buf_add(Buf *b, const char *s, size_t n);
void buf_puts(Buf *b, const char *s);
void buf_printf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void buf_reset(Buf *b);

/* ---- JSON out: every control character escaped, and '<', '>' and '&'
** (safe inside HTML too); a byte that is not valid UTF-8 becomes U+FFFD ---- */
/* The inside of a JSON string: text escaped, without the quotes. */
void json_part(Buf *b, const char *text);
void json_str(Buf *b, const char *text);
/* "key": with a comma before it unless it is the first of its object. */
void json_key(Buf *b, int *first, const char *key);

/* ---- JSON in ---- */
enum { J_STR, J_NUM, J_BOOL, J_NULL };

typedef struct JsonField {
  char key[32];
  int type;
  const char *str; /* J_STR: decoded, in Json.store */
  long num;        /* J_NUM, J_BOOL */
} JsonField;

typedef struct Json {
  int n;
  JsonField f[MAX_FIELDS];
  char store[MAX_BODY + 1]; /* decoded strings: never longer than the body */
  size_t used;
} Json;

/* Reads text (len bytes) as one flat object into out. Returns 0, or -1
** with err naming the byte where it went wrong. */
int json_parse(const char *text, size_t len, Json *out, char *err, size_t errlen);
/* The field key of o, or NULL. */
const JsonField *json_field(const Json *o, const char *key);
/* 0 when o has no key outside allowed (space-separated), else -1 with err. */
int json_only(const Json *o, const char *allowed, char *err, size_t errlen);
/* A string field: NULL when absent (or null); -1 through *bad when it is
** there and not a string. */
const char *json_string(const Json *o, const char *key, int *bad, char *err, size_t errlen);

#endif
