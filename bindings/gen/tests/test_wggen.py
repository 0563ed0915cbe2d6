"""Self-tests of the binding generator: what it reads, and that it fails loudly on what it does not."""

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import wggen  # noqa: E402

PRE = """#ifndef WARGAME_H
#define WARGAME_H
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif
#if defined(_WIN32)
#define WG_API __declspec(dllexport)
#else
#define WG_API
#endif
/** @brief A context. */
typedef struct wg_ctx wg_ctx;
/** @brief Frees. */
WG_API int wg_ctx_free(wg_ctx *ctx);
"""
POST = """
#ifdef __cplusplus
}
#endif
#endif
"""


def parse(body):
    return wggen.parse_header(PRE + body + POST)


class Reads(unittest.TestCase):
    def test_multiline_prototype_and_kinds(self):
        api = parse("""
/** @brief Text of something. */
WG_API int wg_ctx_text(char *buf, size_t cap,
                       size_t *len, const wg_ctx *ctx,
                       int viewer);
""")
        f = api.functions[-1]
        self.assertEqual(f.name, "wg_ctx_text")
        self.assertEqual([p.kind for p in f.params], ["buf", "cap", "count", "h:wg_ctx", "in:int"])
        self.assertEqual(f.ret_kind, "status")

    def test_constants_integer_expression_and_string(self):
        api = parse("""
/** @brief A. */
#define WG_A 2
/** @brief B. */
#define WG_B (WG_A * 100 + 3)
/** @brief S. */
#define WG_S "x.y"
""")
        self.assertEqual([(n, v) for n, v, _ in api.constants], [("WG_A", 2), ("WG_B", 203), ("WG_S", "x.y")])

    def test_enum_values_and_member_docs(self):
        api = parse("""
/** @brief Kinds. */
typedef enum wg_kind {
    WG_KIND_A = 0,  /**< first */
    WG_KIND_B = -2, /**< second */
    WG_KIND_C = 1 << 4 /**< third */
} wg_kind;
""")
        name, items, _ = api.enums[0]
        self.assertEqual(name, "wg_kind")
        self.assertEqual([(n, v) for n, v, _ in items], [("WG_KIND_A", 0), ("WG_KIND_B", -2), ("WG_KIND_C", 16)])
        self.assertEqual(items[1][2].clean, "second")
        self.assertEqual([s for s, *_ in wggen.enum_members(items)], ["A", "B", "C"])

    def test_callback_and_ownership(self):
        api = parse("""
/** @brief Step. */
typedef int (*wg_cb_fn)(int *cost, int from, void *payload);
/** @brief Name. @ownership static */
WG_API const char *wg_ctx_name(const wg_ctx *ctx);
/** @brief Walk. */
WG_API int wg_ctx_walk(int *out, wg_ctx *ctx, wg_cb_fn cb, void *payload);
/** @brief A borrowed child. @ownership borrowed */
WG_API int wg_ctx_child(wg_ctx **out, wg_ctx *ctx);
/** @brief A new one. */
WG_API int wg_ctx_clone(wg_ctx **out, const wg_ctx *ctx);
""")
        cb = api.callbacks[0]
        self.assertEqual([p.kind for p in cb.params], ["out:int", "in:int", "ptr"])
        fs = {f.name: f for f in api.functions}
        self.assertEqual(fs["wg_ctx_name"].ret_kind, "str")
        self.assertEqual([p.kind for p in fs["wg_ctx_walk"].params], ["out:int", "h:wg_ctx", "cb:wg_cb_fn", "ptr"])
        self.assertEqual(fs["wg_ctx_child"].params[0].kind, "outhb:wg_ctx")
        self.assertEqual(fs["wg_ctx_clone"].params[0].kind, "outh:wg_ctx")

    def test_plain_int_return(self):
        api = parse("""
/** @brief Distance (never fails). */
WG_API int wg_dist(int a, int b);
/** @brief Sets something. */
WG_API int wg_ctx_set(wg_ctx *ctx, int v);
""")
        fs = {f.name: f for f in api.functions}
        self.assertEqual(fs["wg_dist"].ret_kind, "in:int")
        self.assertEqual(fs["wg_ctx_set"].ret_kind, "status")

    def test_input_array_and_its_count(self):
        api = parse("""
/** @brief E. */
typedef enum wg_e { WG_E_A = 0, WG_E_B = 1 } wg_e;
/** @brief Takes values. */
WG_API int wg_ctx_take(wg_ctx *ctx, size_t i, const int64_t *params, size_t nparams, int flag);
/** @brief Takes enums. */
WG_API int wg_ctx_kinds(wg_ctx *ctx, const wg_e *kinds, size_t nkinds);
""")
        fs = {f.name: f for f in api.functions}
        self.assertEqual([p.kind for p in fs["wg_ctx_take"].params],
                         ["h:wg_ctx", "in:size_t", "inarr:int64_t", "inlen", "in:int"])
        self.assertEqual([p.kind for p in fs["wg_ctx_kinds"].params], ["h:wg_ctx", "inarr:int", "inlen"])
        py = wggen.emit_python(api)
        self.assertIn("('params', 'inarr:int64_t'), ('nparams', 'inlen')", py)
        self.assertIn("ctypes.POINTER(ctypes.c_int64), ctypes.c_size_t", py)
        lua = wggen.emit_lua(api)
        self.assertIn('"inarr:int64_t", "inlen"', lua)
        self.assertIn("const int64_t *params, size_t nparams", lua)

    def test_real_header_input_array(self):
        with open(wggen.HEADER, encoding="utf-8") as fh:
            api = wggen.parse_header(fh.read())
        f = {f.name: f for f in api.functions}["wg_game_choose_params"]
        self.assertEqual([p.kind for p in f.params], ["h:wg_game", "in:size_t", "inarr:int64_t", "inlen"])

    def test_real_header_parses(self):
        with open(wggen.HEADER, encoding="utf-8") as fh:
            api = wggen.parse_header(fh.read())
        self.assertGreater(len(api.functions), 100)
        self.assertIn("wg_game_new", [f.name for f in api.functions])


class FailsLoudly(unittest.TestCase):
    def bad(self, body, needle):
        with self.assertRaises(wggen.GenError) as cm:
            parse(body)
        self.assertIn(needle, str(cm.exception))

    def test_unknown_type(self):
        self.bad("/** @brief X. */\nWG_API int wg_x(struct_thing *t);", "unknown type")

    def test_enum_without_value(self):
        self.bad("/** @brief E. */\ntypedef enum wg_e { WG_E_A = 0, WG_E_B } wg_e;", "explicit value")

    def test_function_like_macro(self):
        self.bad("#define WG_MAX(a, b) ((a) > (b) ? (a) : (b))", "function-like macro")

    def test_string_without_ownership(self):
        self.bad("/** @brief N. */\nWG_API const char *wg_ctx_n(const wg_ctx *ctx);", "@ownership")

    def test_string_out_without_ownership(self):
        self.bad("/** @brief N. */\nWG_API int wg_ctx_n(const char **out, const wg_ctx *ctx);", "@ownership")

    def test_struct_body(self):
        self.bad("/** @brief S. */\ntypedef struct wg_s { uint32_t struct_size; int x; } wg_s;", "struct bodies")

    def test_varargs(self):
        self.bad("/** @brief V. */\nWG_API int wg_v(wg_ctx *ctx, ...);", "varargs")

    def test_handle_without_ownership(self):
        self.bad("/** @brief H. */\nWG_API int wg_ctx_get(wg_ctx **out, wg_ctx *ctx);", "@ownership owned")

    def test_unknown_directive(self):
        self.bad("#pragma once", "not supported")

    def test_input_after_handle_that_is_an_output(self):
        self.bad("/** @brief O. */\nWG_API int wg_ctx_o(wg_ctx *ctx, int *late);", "outputs come first")

    def test_undocumented_function(self):
        self.bad("WG_API int wg_ctx_u(wg_ctx *ctx);", "no Doxygen comment")

    def test_input_array_without_count(self):
        self.bad("/** @brief A. */\nWG_API int wg_ctx_a(wg_ctx *ctx, const int *vals);", "followed by its count")

    def test_input_array_count_misnamed(self):
        self.bad("/** @brief A. */\nWG_API int wg_ctx_a(wg_ctx *ctx, const int *vals, size_t count);",
                 "size_t nvals")

    def test_macro_prefix(self):
        self.bad("/** @brief M. */\n#define OTHER 1", "must start with WG_")


class CheckMode(unittest.TestCase):
    def test_check_detects_stale_output(self):
        import tempfile
        with tempfile.TemporaryDirectory() as d:
            py, lua = os.path.join(d, "f.py"), os.path.join(d, "f.lua")
            args = ["--out-py", py, "--out-lua", lua]
            self.assertEqual(wggen.main(args + ["--check"]), 1)  # missing files
            self.assertEqual(wggen.main(args), 0)
            self.assertEqual(wggen.main(args + ["--check"]), 0)
            with open(lua, "a") as fh:
                fh.write("-- edited\n")
            self.assertEqual(wggen.main(args + ["--check"]), 1)


if __name__ == "__main__":
    unittest.main()
