"""Self-tests of the JavaScript emitter of the binding generator (examples/web/wargame_api.js)."""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import wggen  # noqa: E402

BODY = """#ifndef WARGAME_H
#define WARGAME_H
#include <stddef.h>
#include <stdint.h>
#define WG_API
/** @brief The version. */
#define WG_VERSION_STRING "1.2.3"
/** @brief Statuses. */
typedef enum wg_status { WG_OK = 0, WG_EINVAL = -1, WG_EBUFSIZE = -12 } wg_status;
/** @brief A context. */
typedef struct wg_ctx wg_ctx;
/** @brief A game. */
typedef struct wg_game wg_game;
/** @brief Frees. @return ::WG_OK */
WG_API int wg_ctx_free(wg_ctx *ctx);
/** @brief Frees. */
WG_API void wg_game_free(wg_game *game);
/** @brief The message. @ownership borrowed */
WG_API const char *wg_game_errmsg(const wg_game *game);
/** @brief A picture. */
WG_API int wg_game_svg(char *buf, size_t cap, size_t *len, wg_game *game, int viewer);
/** @brief A hash. */
WG_API int wg_game_hash(uint64_t *out, const wg_game *game);
/** @brief Saved bytes. */
WG_API int wg_game_save(void *buf, size_t cap, size_t *len, const wg_game *game);
/** @brief Loads. */
WG_API int wg_game_load(wg_game **out, wg_ctx *ctx, const void *buf, size_t len);
#endif
"""


class EmitJs(unittest.TestCase):
    def setUp(self):
        self.api = wggen.parse_header(BODY)
        self.js = wggen.emit_js(self.api)

    def table(self):
        """The functions table, read back as JSON from the generated lines."""
        out = {}
        lines = self.js.split("\n")
        for i, ln in enumerate(lines):
            m = re.match(r"    (wg_\w+): \[(.*),$", ln)
            if m and "D.functions" in "\n".join(lines[:i]):
                out[m.group(1)] = json.loads("[" + m.group(2) + "," + lines[i + 1].strip().rstrip(",")[:-1] + "]")
        return out

    def test_every_function_with_kinds_and_c_types(self):
        t = self.table()
        self.assertEqual(set(t), {f.name for f in self.api.functions})
        rk, params, own, brief = t["wg_game_svg"]
        self.assertEqual(rk, "status")
        self.assertEqual([p[1] for p in params], ["buf", "cap", "count", "h:wg_game", "in:int"])
        self.assertEqual(params[0][2], "char *")
        self.assertEqual(t["wg_game_save"][1][0][2], "void *")
        self.assertEqual([p[1] for p in t["wg_game_load"][1]], ["outh:wg_game", "h:wg_ctx", "str", "in:size_t"])
        self.assertEqual(t["wg_game_hash"][1][0][1], "out:uint64_t")

    def test_handles_enums_constants(self):
        self.assertIn('wg_game: { free: "wg_game_free", freeStatus: false, errmsg: "wg_game_errmsg" }', self.js)
        self.assertIn('wg_ctx: { free: "wg_ctx_free", freeStatus: true, errmsg: null }', self.js)
        self.assertIn('["WG_EBUFSIZE", -12, "EBUFSIZE"]', self.js)
        self.assertIn('WG_VERSION_STRING: "1.2.3"', self.js)
        self.assertIn("wg_game_hash: true", self.js)  # a const call

    @unittest.skipUnless(shutil.which("node"), "node is not installed")
    def test_node_loads_it(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "api.js")
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(self.js)
            out = subprocess.run(["node", "-e", "const D = require(process.argv[1]);"
                                  "console.log(Object.keys(D.functions).length, D.enums.wg_status.length)", path],
                                 capture_output=True, text=True, check=True).stdout.split()
        self.assertEqual(out, [str(len(self.api.functions)), "3"])


if __name__ == "__main__":
    unittest.main()
