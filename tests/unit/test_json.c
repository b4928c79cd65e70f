/*
** test_json.c - the JSON module's C side: the writer's escapes and numbers,
** and the server API's flat objects read by the token reader.
**
** Expected texts follow RFC 8259 (JSON: sections 6 and 7 for numbers and
** strings, the short escapes and \uXXXX with surrogate pairs) and json.h's
** contract (HTML's <, > and & escaped; bytes that are not UTF-8 as
** U+FFFD; refusals name the byte).
*/
#include <float.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <stdlib.h>

#include <cmocka.h>

#include "json.h"

static char *written(void (*write)(Buf *, const char *), const char *text) {
  static Buf b;
  buf_reset(&b);
  write(&b, text);
  return b.s;
}

static void test_strings_escaped(void **state) {
  (void)state;
  assert_string_equal(written(json_str, "a\"b\\c"), "\"a\\\"b\\\\c\"");
  assert_string_equal(written(json_str, "\n\t\r\b\f\x01\x7f"), "\"\\n\\t\\r\\b\\f\\u0001\\u007f\"");
  assert_string_equal(written(json_str, "<script>&"), "\"\\u003cscript\\u003e\\u0026\"");
  assert_string_equal(written(json_str, "\xc3\xa9\xe2\x99\x9e"), "\"\xc3\xa9\xe2\x99\x9e\""); /* é ♞ */
  /* a lone continuation byte, an overlong '/', a surrogate half, a cut sequence */
  assert_string_equal(written(json_str, "\x80|\xc0\xaf|\xed\xa0\x80|\xe2\x99"),
                      "\"\\ufffd|\\ufffd\\ufffd|\\ufffd\\ufffd\\ufffd|\\ufffd\\ufffd\"");
  Buf b = {0};
  json_part_len(&b, "a\0b", 3);
  assert_string_equal(b.s, "a\\u0000b");
  free(b.s);
}

static void test_doubles(void **state) {
  (void)state;
  Buf b = {0};
  const double in[] = {0.25, 2.0, 0.1 + 0.2, -1e-300, 1e21, DBL_MAX};
  const char *out[] = {"0.25", "2.0", "0.30000000000000004", "-1e-300", "1e+21", "1.7976931348623157e+308"};
  for (size_t i = 0; i < sizeof in / sizeof in[0]; i++) {
    buf_reset(&b);
    json_double(&b, in[i]);
    assert_string_equal(b.s, out[i]);
  }
  buf_reset(&b);
  json_double(&b, 1.0 / 0.0);
  assert_string_equal(b.s, "null");
  free(b.s);
}

static Json obj; /* 16 KiB: not on the stack */

static void test_flat_objects(void **state) {
  char err[160];
  (void)state;
  const char *text = " { \"move\" : \"e2e4\\u00e9\", \"side\": -12, \"undo\": true, \"x\": null } ";
  assert_int_equal(json_parse(text, strlen(text), &obj, err, sizeof err), 0);
  assert_int_equal(obj.n, 4);
  int bad = 0;
  assert_string_equal(json_string(&obj, "move", &bad, err, sizeof err), "e2e4\xc3\xa9");
  assert_int_equal(json_field(&obj, "side")->num, -12);
  assert_int_equal(json_field(&obj, "undo")->type, J_BOOL);
  assert_null(json_string(&obj, "x", &bad, err, sizeof err));
  assert_int_equal(bad, 0);
  assert_null(json_string(&obj, "side", &bad, err, sizeof err));
  assert_int_equal(bad, 1);
  assert_int_equal(json_only(&obj, "move side", err, sizeof err), -1);
  assert_string_equal(err, "unknown key \"undo\" (this request takes: move side)");
  assert_int_equal(json_parse("", 0, &obj, err, sizeof err), 0); /* an empty body is {} */
  assert_int_equal(obj.n, 0);
}

static void refused(const char *text, const char *want) {
  char err[160];
  assert_int_equal(json_parse(text, strlen(text), &obj, err, sizeof err), -1);
  assert_string_equal(err, want);
}

static void test_flat_refusals(void **state) {
  (void)state;
  refused("[1]", "malformed JSON at byte 0: expected an object ({...})");
  refused("{\"a\":1,\"a\":2}", "malformed JSON at byte 10: a key appears twice");
  refused("{\"a\":1.5}", "malformed JSON at byte 5: only whole numbers are taken");
  refused("{\"a\":2000000000}", "malformed JSON at byte 5: a number is too large");
  refused("{\"a\":[1]}", "malformed JSON at byte 5: values are strings, numbers, true, false or null, not objects or arrays");
  refused("{\"a\":\"\\ud800\"}", "malformed JSON at byte 12: a lone surrogate");
  refused("{\"a\":1} {", "malformed JSON at byte 8: text after the object");
  refused("{\"a\":01}", "malformed JSON at byte 5: a number has a leading zero");
  /* a multi-byte character cut by the end of the body (not NUL-terminated
  ** here: the reader must not look past the end) */
  char cut[] = {'{', '"', 'a', '"', ':', '"', (char)0xe2, (char)0x99};
  char err[160];
  assert_int_equal(json_parse(cut, sizeof cut, &obj, err, sizeof err), -1);
  assert_string_equal(err, "malformed JSON at byte 6: a string is not valid UTF-8");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_strings_escaped),
      cmocka_unit_test(test_doubles),
      cmocka_unit_test(test_flat_objects),
      cmocka_unit_test(test_flat_refusals),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
