/*
** json.h - JSON, one implementation for every reader and writer of it:
** growing text buffers, JSON out, a token reader, and on it the flat
** objects of strings, integers, booleans and nulls the server's API takes
** in (the Lua side, varia.json, is bind_json.c).
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
void json_part_len(Buf *b, const char *text, size_t len);
void json_str(Buf *b, const char *text);
/* "key": with a comma before it unless it is the first of its object. */
void json_key(Buf *b, int *first, const char *key);
/* A double as the shortest text that reads back as it ("0.25", "1.0");
** NaN and the infinities as null. */
void json_double(Buf *b, double d);

/* ---- JSON in: a reader of tokens ---- */
typedef struct JsonIn {
  const char *s, *start, *end; /* where it is, the text */
  char *err;                   /* the refusal, "malformed JSON at byte N: ..." */
  size_t errlen;
} JsonIn;

typedef struct JsonNumber {
  int is_int;  /* no fraction or exponent, and fits in 64 bits */
  long long i; /* when is_int */
  double d;    /* always */
} JsonNumber;

void json_in_init(JsonIn *j, const char *text, size_t len, char *err, size_t errlen);
/* Writes the refusal for the byte at j->s; returns -1. */
int json_in_fail(JsonIn *j, const char *what);
/* Skips white space; the next byte, or 0 at the end of the text. */
int json_in_peek(JsonIn *j);
/* Takes the byte c after white space, or fails with what. */
int json_in_byte(JsonIn *j, int c, const char *what);
/* Takes word (true, false, null) when it is next; 1 when it was. */
int json_in_word(JsonIn *j, const char *word);
/* A string, decoded into d (room for j->end - j->s + 1 bytes suffices),
** NUL-terminated, its length in *len; 0, or -1 with the refusal. */
int json_in_string(JsonIn *j, char *d, size_t *len);
/* A number (RFC 8259); 0, or -1 with the refusal. */
int json_in_number(JsonIn *j, JsonNumber *out);

/* ---- the API's flat objects ---- */
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
