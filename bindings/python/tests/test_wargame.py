"""Tests of the Python bindings (unittest; also collected by pytest).

The shared library comes from WARGAME_LIBRARY (CTest sets it to the build's
libwargame.so).  Game tests run once the library has the "lga" ruleset.
"""

import ctypes
import gc
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import wargame  # noqa: E402
from wargame import ClosedError, Status, WargameError  # noqa: E402

HAS_LGA = "lga" in wargame.rulesets()
HAS_MARECHAUX = "marechaux" in wargame.rulesets()

CRT = """wgdata 1 table
name crt
rows 1 2 3 4 5 6
cols 1:2 1:1 2:1
codes AE AR EX DR DE
cell 1 1:2 AR
cell 2 1:2 AR
cell #5 #2 DE
"""

OOB = """wgdata 1 oob
unit 0 "I Corps (Bernadotte)" strength=9 ma=4
unit 0 Davout strength=12 ma=4
unit 1 Kutuzov strength=11 ma=3
"""


class Basics(unittest.TestCase):
    def test_version(self):
        self.assertEqual(wargame.version(), wargame.VERSION_STRING)
        self.assertEqual(wargame.version_number(), wargame.raw.WG_VERSION_NUMBER)
        self.assertEqual(wargame.raw.WG_VERSION_NUMBER,
                         wargame.raw.WG_VERSION_MAJOR * 10000 + wargame.raw.WG_VERSION_MINOR * 100
                         + wargame.raw.WG_VERSION_PATCH)

    def test_status_strings_and_enums(self):
        self.assertEqual(Status.OK, 0)
        self.assertEqual(Status.ETABLEGAP, -9)
        self.assertEqual(wargame.raw.WG_EBUSY, Status.EBUSY)
        for st in Status:
            s = wargame.status_str(st)
            self.assertIsInstance(s, str)
            self.assertTrue(s, "status %s has an empty description" % st.name)
        self.assertNotEqual(wargame.status_str(Status.EINVAL), wargame.status_str(Status.ENOMEM))
        self.assertEqual(wargame.Player.VIEW_REFEREE, -3)
        self.assertEqual(wargame.DecisionKind.ROLL, 1)
        self.assertEqual(wargame.HexLayout.EVEN_R, 3)

    def test_every_function_is_bound(self):
        for name, spec in wargame.raw.FUNCTIONS.items():
            fn = getattr(wargame.lib, name)
            self.assertEqual(fn.argtypes, spec[1], name)

    def test_library_found_through_environment(self):
        if os.environ.get("WARGAME_LIBRARY"):
            self.assertEqual(os.path.realpath(wargame.library_path),
                             os.path.realpath(os.environ["WARGAME_LIBRARY"]))


class Loading(unittest.TestCase):
    def _import_with(self, libpath):
        import subprocess
        env = dict(os.environ, WARGAME_LIBRARY=libpath)
        code = "import wargame"
        return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                              cwd=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

    def test_a_library_without_the_symbols_is_refused_at_import(self):
        import ctypes.util
        other = ctypes.util.find_library("m") or "libm.so.6"
        p = self._import_with(other)
        self.assertNotEqual(p.returncode, 0)
        self.assertIn("ImportError", p.stderr)
        self.assertIn("wg_game_new", p.stderr)

    def test_a_missing_library_is_refused_at_import(self):
        p = self._import_with("/nonexistent/libwargame.so")
        self.assertNotEqual(p.returncode, 0)
        self.assertIn("cannot load libwargame", p.stderr)


class Geometry(unittest.TestCase):
    def test_hex_functions(self):
        self.assertEqual(wargame.hex_distance(0, 0, 2, -1), 2)
        ring = wargame.hex_ring(0, 0, 1)
        self.assertEqual(len(ring), 6)
        self.assertEqual(sorted(ring), sorted([(1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)]))
        self.assertEqual(len(wargame.hex_range(0, 0, 2)), 19)
        self.assertEqual(wargame.hex_range(3, 4, 0), [(3, 4)])
        self.assertEqual(wargame.hex_neighbor(0, 0, 1), (1, 0))
        q, r = wargame.hex_offset_to_axial(3, 2, wargame.HexLayout.ODD_Q)
        self.assertEqual(wargame.hex_axial_to_offset(q, r, wargame.HexLayout.ODD_Q), (3, 2))
        line = wargame.hex_line(0, 0, 3, 0)
        self.assertEqual([(a, b) for a, b, _, _ in line], [(0, 0), (1, 0), (2, 0), (3, 0)])
        self.assertEqual(wargame.hexside_key(0, 0, 1), wargame.hexside_key(1, 0, 4))

    def test_big_ring_grows_the_buffer(self):
        # radius 100: 600 hexes, more than the first buffer of the call helper
        self.assertEqual(len(wargame.hex_ring(0, 0, 100)), 600)
        self.assertEqual(len(wargame.hex_range(0, 0, 12)), 1 + 3 * 12 * 13)

    def test_bad_direction_raises_with_status(self):
        with self.assertRaises(WargameError) as cm:
            wargame.hex_neighbor(0, 0, 6)
        self.assertEqual(cm.exception.status, Status.EINVAL)
        self.assertEqual(cm.exception.function, "wg_hex_neighbor")

    def test_dice(self):
        self.assertEqual(wargame.dice_sum_dist(2, 6), [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1])
        self.assertEqual(wargame.dice_outcomes(3, 6), 216)
        d = wargame.dice_count_dist(2, 6, 2)
        self.assertEqual(d, [16, 16, 4])
        big = wargame.dice_sum_dist(10, 64)  # 631 entries: more than the helper's first buffer
        self.assertEqual(len(big), 631)
        self.assertEqual(sum(big), 2 ** 60)
        with self.assertRaises(WargameError) as cm:
            wargame.dice_sum_dist(40, 6)
        self.assertEqual(cm.exception.status, Status.EOVERFLOW)
        with self.assertRaises(WargameError) as cm:
            wargame.dice_sum_dist(0, 6)
        self.assertEqual(cm.exception.status, Status.EINVAL)

    def test_wrong_argument_types(self):
        with self.assertRaises(TypeError):
            wargame.hex_distance(0, 0, "a", 1)
        with self.assertRaises(TypeError):
            wargame.hex_distance(0, 0)


class Contexts(unittest.TestCase):
    def test_memory_statistics(self):
        with wargame.Context() as ctx:
            self.assertEqual(ctx.live_handles, 0)
            base = ctx.memory_in_use
            m = ctx.new_hex_map(10, 10)
            self.assertEqual(ctx.live_handles, 1)
            self.assertGreater(ctx.memory_in_use, base)
            self.assertGreaterEqual(ctx.memory_peak, ctx.memory_in_use)
            self.assertGreater(ctx.alloc_count, 0)
            m.close()
            self.assertEqual(ctx.live_handles, 0)
            self.assertEqual(ctx.memory_in_use, base)

    def test_host_allocator_sees_every_byte_returned(self):
        libc = ctypes.CDLL(None)
        libc.malloc.restype = libc.realloc.restype = ctypes.c_void_p
        libc.malloc.argtypes = [ctypes.c_size_t]
        libc.realloc.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
        libc.free.argtypes = [ctypes.c_void_p]
        live = {}

        def alloc(ud, ptr, osize, nsize):
            if nsize == 0:
                if ptr:
                    self.assertEqual(live.pop(ptr), osize)
                    libc.free(ptr)
                return None
            p = libc.realloc(ptr, nsize) if ptr else libc.malloc(nsize)
            if p:
                if ptr:
                    self.assertEqual(live.pop(ptr), osize)
                live[p] = nsize
            return p

        ctx = wargame.Context(allocator=alloc)  # a plain Python function is wrapped
        t = ctx.load_table(CRT)
        m = ctx.new_hex_map(8, 8)
        self.assertTrue(live)
        self.assertEqual(sum(live.values()), ctx.memory_in_use)
        del t, m
        gc.collect()
        ctx.close()
        self.assertEqual(live, {}, "every block given to the library came back")
        with self.assertRaises(TypeError):
            wargame.Context(allocator=42)

    def test_memory_limit_gives_enomem_with_message(self):
        with wargame.Context(memory_limit=64) as ctx:
            with self.assertRaises(WargameError) as cm:
                ctx.new_hex_map(100, 100)
            self.assertEqual(cm.exception.status, Status.ENOMEM)
            self.assertTrue(cm.exception.message)
            self.assertEqual(ctx.live_handles, 0)

    def test_closed_context_raises(self):
        ctx = wargame.Context()
        ctx.close()
        ctx.close()  # idempotent
        self.assertTrue(ctx.closed)
        with self.assertRaises(ClosedError) as cm:
            ctx.new_oob()
        self.assertEqual(cm.exception.status, Status.EINVAL)
        self.assertIn("closed", str(cm.exception))

    def test_context_outlives_its_children(self):
        ctx = wargame.Context()
        m = ctx.new_hex_map(4, 4)
        state = ctx._state
        ctx.close()
        self.assertTrue(ctx.closed)
        self.assertIsNotNone(state.ptr, "the C context must stay while a map lives")
        self.assertEqual(len(m), 16)  # the child still works
        m.close()
        self.assertIsNone(state.ptr, "the C context is freed with its last child")

    def test_gc_in_any_order_frees_everything(self):
        for order in ("ctx-first", "children-first", "cycle"):
            ctx = wargame.Context()
            state = ctx._state
            objs = [ctx.new_hex_map(3, 3), ctx.new_oob(), ctx.new_table("t", 2, 2), ctx.rng(1)]
            if order == "ctx-first":
                del ctx
                gc.collect()
                self.assertIsNotNone(state.ptr)
                del objs
            elif order == "children-first":
                del objs
                gc.collect()
                self.assertEqual(state.children, 0)
                del ctx
            else:
                holder = {"ctx": ctx, "objs": objs}
                holder["self"] = holder
                objs[0]._cycle = holder
                del ctx, objs, holder
            gc.collect()
            self.assertIsNone(state.ptr, order)
            self.assertEqual(state.children, 0, order)


class PythonMemory(unittest.TestCase):
    def test_create_and_drop_cycles_do_not_grow(self):
        import tracemalloc

        def churn(n):
            for _ in range(n):
                ctx = wargame.Context()
                m = ctx.new_hex_map(3, 3)
                t = ctx.load_table(CRT)
                _ = (len(m), t.name, m.hex_reach(0, 1, lambda f, to, d: 1))
                if _[0] % 2:
                    ctx.close()  # explicit close while children live, then drop everything
                del ctx, m, t
            gc.collect()

        tracemalloc.start()
        try:
            churn(600)  # warm up under tracing: ctypes caches and allocator arenas settle
            before = tracemalloc.get_traced_memory()[0]
            churn(900)
            after = tracemalloc.get_traced_memory()[0]
        finally:
            tracemalloc.stop()
        # One leaked object per round would be > 60 bytes per round, > 54000 in all; allocator and
        # cache noise stays near 10000 whatever the number of rounds.
        self.assertLess(after - before, 30000, "Python memory grew by %d bytes" % (after - before))


class Maps(unittest.TestCase):
    def setUp(self):
        self.ctx = wargame.Context()

    def tearDown(self):
        self.ctx.close()

    def test_hex_map(self):
        m = self.ctx.new_hex_map(5, 4, wargame.HexLayout.ODD_Q)
        self.assertEqual(m.kind, wargame.MapKind.HEX)
        self.assertEqual(len(m), 20)
        self.assertEqual(m.hex_size(), (5, 4, 0))
        s = m.hex_at(2, 3)
        self.assertEqual(m.hex_coords(s), (2, 3))
        m.set_terrain(s, 3)
        self.assertEqual(m.terrain(s), 3)
        m.set_name(s, "Ulm")
        self.assertEqual(m.name(s), "Ulm")
        self.assertEqual(m.find("Ulm"), s)
        with self.assertRaises(WargameError) as cm:
            m.find("Austerlitz")
        self.assertEqual(cm.exception.status, Status.ENOTFOUND)
        self.assertTrue(cm.exception.message)
        with self.assertRaises(WargameError) as cm:
            m.terrain(99)
        self.assertEqual(cm.exception.status, Status.ERANGE)

    def test_reach_with_callback(self):
        m = self.ctx.new_hex_map(5, 4)
        calls = []

        def step(frm, to, d):
            calls.append((frm, to, d))
            return 1

        reach = m.hex_reach(0, 2, step)
        self.assertTrue(calls)
        self.assertEqual(reach[0], (0, 0))
        self.assertTrue(all(c <= 2 for _s, c in reach))
        # a forbidding callback: only the start
        self.assertEqual(m.hex_reach(0, 5, lambda f, t, d: -1), [(0, 0)])
        # (cost, stop): stop on entering
        stop_reach = m.hex_reach(0, 5, lambda f, t, d: (1, 1))
        self.assertTrue(all(c <= 1 for _s, c in stop_reach))

    def test_callback_exception_propagates(self):
        m = self.ctx.new_hex_map(5, 4)

        def boom(frm, to, d):
            raise KeyError("boom")

        with self.assertRaises(KeyError):
            m.hex_reach(0, 2, boom)
        self.assertEqual(len(m), 20)  # the map is still usable

    def test_los(self):
        m = self.ctx.new_hex_map(6, 6)
        a, b = m.hex_at(0, 0), m.hex_at(4, 0)
        self.assertTrue(m.hex_los(a, b, lambda s: False))
        self.assertFalse(m.hex_los(a, b, lambda s: True))

    def test_graph(self):
        g = self.ctx.new_graph_map()
        self.assertEqual(g.kind, wargame.MapKind.GRAPH)
        a, b, c = g.zone_add("Lisboa"), g.zone_add("Porto"), g.zone_add("Coimbra")
        g.conn_add(a, c, 0, 2)
        g.conn_add(c, b, 0, 2)
        g.conn_add(a, b, 1, 9)
        self.assertEqual(g.conn_count(), 3)
        zones, total = g.zone_path(a, b)
        self.assertEqual((zones, total), ([a, c, b], 4))
        zones, total = g.zone_path(a, b, lambda conn, f, t: 100 if conn != 2 else 1)
        self.assertEqual((zones, total), ([a, b], 1))
        with self.assertRaises(WargameError) as cm:
            g.hex_size()
        self.assertEqual(cm.exception.status, Status.ERULESET)

    def test_declared_vocabulary(self):
        m = self.ctx.new_hex_map(2, 2)
        code = m.declare_terrain("forest")
        self.assertEqual(m.terrain_name(code), "forest")
        self.assertEqual(m.terrain_code("forest"), code)


MAP_DOC = """wgdata 1 map
title "Schematic Bavaria"
grid hex 6 5 odd-q
terrain clear forest river
flag town fortress
sideflag river bridge
hex 1 1 forest town "name=Ulm"
hex 2 1 clear fortress name=Ingolstadt
side 1 1 1 river
"""

GRAPH_DOC = """wgdata 1 map
grid graph
terrain plain mountain
flag port
conntype road track
zone Lisboa plain port
zone Coimbra mountain
zone Porto plain port
conn Lisboa Coimbra road 2
conn Coimbra Porto track 3
"""


class MapDocuments(unittest.TestCase):
    def setUp(self):
        self.ctx = wargame.Context()

    def tearDown(self):
        self.ctx.close()

    def test_hex_document_and_vocabularies(self):
        m = self.ctx.load_map(MAP_DOC)
        self.assertEqual(m.title(), "Schematic Bavaria")
        self.assertEqual(m.terrain_count(), 3)
        self.assertEqual(m.flag_count(), 2)
        self.assertEqual(m.sideflag_count(), 2)
        ulm = m.find("Ulm")
        self.assertEqual(ulm, 1 * 6 + 1)
        self.assertEqual(m.terrain_name(m.terrain(ulm)), "forest")
        self.assertEqual(m.flags(ulm), 1 << m.flag_bit("town"))
        self.assertEqual(m.flag_name(m.flag_bit("fortress")), "fortress")
        river = m.sideflag_bit("river")
        self.assertEqual(m.sideflag_name(river), "river")
        self.assertEqual(m.hexside(ulm, 1), 1 << river)
        other = m.hex_neighbor(ulm, 1)
        self.assertEqual(m.hexside(other, 4), 1 << river, "both sides see the flag")
        self.assertEqual(m.hex_distance(ulm, other), 1)
        m.set_hexside(ulm, 2, 1 << m.sideflag_bit("bridge"))
        self.assertEqual(m.hexside(ulm, 2), 1 << m.sideflag_bit("bridge"))
        m.set_flags(0, 3)
        self.assertEqual(m.flags(0), 3)
        bit = m.declare_flag("capital")
        self.assertEqual(m.flag_bit("capital"), bit)
        sbit = m.declare_sideflag("ford")
        self.assertEqual(m.sideflag_bit("ford"), sbit)
        with self.assertRaises(WargameError) as cm:
            m.hex_neighbor(0, 5)  # off the map
        self.assertEqual(cm.exception.status, Status.ENOTFOUND)

    def test_graph_document(self):
        g = self.ctx.load_map(GRAPH_DOC)
        self.assertEqual(g.kind, wargame.MapKind.GRAPH)
        self.assertEqual(g.conntype_count(), 2)
        self.assertEqual(g.conntype_name(g.conntype_code("track")), "track")
        lis, coi, por = g.find("Lisboa"), g.find("Coimbra"), g.find("Porto")
        self.assertEqual(g.zone_degree(coi), 2)
        c = g.zone_conn(lis, 0)
        self.assertEqual(g.conn_info(c), (lis, coi, g.conntype_code("road"), 2))
        reach = dict(g.zone_reach(lis, 4))
        self.assertEqual(reach, {lis: 0, coi: 2})
        self.assertEqual(g.declare_conntype("rail"), 2)
        with self.assertRaises(WargameError) as cm:
            g.zone_path(lis, por, lambda conn, f, t: -1)
        self.assertEqual(cm.exception.status, Status.ENOTFOUND)

    def test_bad_document_names_the_line(self):
        with self.assertRaises(WargameError) as cm:
            self.ctx.load_map("wgdata 1 map\ngrid hex 2 2 odd-q\nhex 0 0 lava\n")
        self.assertEqual(cm.exception.status, Status.EPARSE)
        self.assertIn("3", cm.exception.message)
        self.assertEqual(self.ctx.live_handles, 0)


class Registry(unittest.TestCase):
    def test_rulesets_and_scenarios(self):
        for r in wargame.rulesets():
            self.assertTrue(wargame.ruleset_name(r))
            sc = wargame.scenarios(r)
            self.assertTrue(sc, r)
            self.assertTrue(all(i and n for i, n in sc))
        with self.assertRaises(WargameError) as cm:
            wargame.ruleset_name("chess")
        self.assertEqual(cm.exception.status, Status.ENOTFOUND)
        with self.assertRaises(WargameError):
            wargame.scenarios("chess")


class Tables(unittest.TestCase):
    def setUp(self):
        self.ctx = wargame.Context()

    def tearDown(self):
        self.ctx.close()

    def test_load_lookup_gap_and_supply(self):
        t = self.ctx.load_table(CRT)
        self.assertEqual(t.name, "crt")
        self.assertEqual(t.shape, (6, 3))
        ar = t.code("AR")
        # a cell reads as its result's name; rows and columns by index or label
        self.assertEqual(t[t.find_row("1"), t.find_col("1:2")], "AR")
        self.assertEqual(t["1", "1:2"], "AR")
        self.assertEqual(t.lookup_code(0, 0), ar)
        self.assertIn("AR", t.result_names)
        with self.assertRaises(WargameError) as cm:
            t[2, 1]
        self.assertEqual(cm.exception.status, Status.ETABLEGAP)
        self.assertIsInstance(cm.exception, LookupError)
        self.assertIn("crt", cm.exception.message)
        self.assertEqual(t.source(2, 1), wargame.CellSource.GAP)
        t[2, 1] = t.code("EX")
        self.assertEqual(t[2, 1], "EX")
        self.assertEqual(t.source(2, 1), wargame.CellSource.SUPPLIED)
        counts, gaps = t.column_dist(0)
        self.assertEqual(counts, {"AR": 2})
        self.assertEqual(t.column_dist("1:2"), (counts, gaps))
        self.assertEqual(gaps, 4)
        t.supply("wgdata 1 table\ncell 3 1:2 DR\n")
        self.assertEqual(t[2, 0], "DR")
        t.clear(2, 0)
        t[2, 0] = "DR"
        self.assertEqual(t.lookup_code(2, 0), t.code("DR"))
        t.clear(2, 0)
        self.assertEqual(t.source(2, 0), wargame.CellSource.GAP)
        self.assertEqual(t.code_name(ar), "AR")
        self.assertEqual(t.row_label(5), "6")
        self.assertEqual(t.col_label(2), "2:1")
        t.set_col_label(2, "3:1")
        self.assertEqual(t.find_col("3:1"), 2)
        t.set_row_label(0, "one")
        self.assertEqual(t.find_row("one"), 0)
        with self.assertRaises(WargameError) as cm:
            t.find_row("seven")
        self.assertEqual(cm.exception.status, Status.ENOTFOUND)
        with self.assertRaises(IndexError) as cm:
            t[6, 0]
        self.assertEqual(cm.exception.status, Status.ERANGE)
        with self.assertRaises(KeyError):
            t["seven", 0]
        with self.assertRaises(TypeError):
            t[0]

    def test_parse_error_names_the_line(self):
        with self.assertRaises(WargameError) as cm:
            self.ctx.load_table("wgdata 1 table\nname x\nrows 2\ncols 2\nbogus 1\n")
        self.assertEqual(cm.exception.status, Status.EPARSE)
        self.assertIn("5", cm.exception.message)


class Oobs(unittest.TestCase):
    def test_oob_and_views_by_side(self):
        with wargame.Context() as ctx:
            o = ctx.load_oob(OOB)
            self.assertEqual(len(o), 3)
            self.assertEqual(o.name(0), "I Corps (Bernadotte)")
            self.assertEqual(o.attr(1, "strength"), 12)
            self.assertEqual([u for u, _s, _n in o.units(side=1)], [2])
            u = o.add(1, "Bagration")
            o.set_attr(u, "strength", 1 << 40)
            self.assertEqual(o.attr(u, "strength"), 1 << 40)
            with self.assertRaises(WargameError) as cm:
                o.attr(u, "morale")
            self.assertEqual(cm.exception.status, Status.ENOTFOUND)


class DataDocs(unittest.TestCase):
    def test_records(self):
        with wargame.Context() as ctx:
            d = ctx.parse_data('wgdata 1 demo\nzone "Bad Kissingen" x=1\n# c\nend\n')
            self.assertEqual(d.kind_name, "demo")
            self.assertEqual(list(d), [["zone", "Bad Kissingen", "x=1"], ["end"]])
            self.assertEqual(d.line(1), 4)
            with self.assertRaises(WargameError) as cm:
                ctx.parse_data("not a header\n")
            self.assertEqual(cm.exception.status, Status.EPARSE)
            self.assertTrue(cm.exception.message)


class Rngs(unittest.TestCase):
    def test_deterministic(self):
        with wargame.Context() as ctx:
            a, b = ctx.rng(42, 1), ctx.rng(42, 1)
            xs = [a.u32() for _ in range(5)]
            self.assertEqual(xs, [b.u32() for _ in range(5)])
            self.assertTrue(all(0 <= a.below(6) < 6 for _ in range(100)))
            with self.assertRaises(WargameError):
                a.below(0)


class ClosedHandles(unittest.TestCase):
    def test_use_after_close_raises(self):
        ctx = wargame.Context()
        m = ctx.new_hex_map(3, 3)
        m.close()
        self.assertTrue(m.closed)
        with self.assertRaises(ClosedError):
            len(m)
        with self.assertRaises(ClosedError):
            m.terrain(0)
        with self.assertRaises(TypeError):
            ctx.new_game.__func__(ctx, 1, 2)  # wrong type of argument
        ctx.close()

    def test_free_through_the_generic_layer_closes(self):
        with wargame.Context() as ctx:
            m = ctx.new_hex_map(3, 3)
            wargame.call("wg_map_free", [m])
            self.assertTrue(m.closed)
            self.assertEqual(ctx.live_handles, 0)
            wargame.call("wg_map_free", [m])  # no double free
            m.free()
            m.close()
            with self.assertRaises(TypeError):
                wargame.call("wg_map_free", [ctx])
            self.assertEqual(ctx.live_handles, 0)

    def test_wrong_handle_type(self):
        with wargame.Context() as ctx:
            m = ctx.new_hex_map(3, 3)
            o = ctx.new_oob()
            with self.assertRaises(TypeError):
                wargame.call("wg_map_space_count", [o])
            self.assertEqual(wargame.call("wg_map_space_count", [m]), [9])

    def test_unknown_method(self):
        with wargame.Context() as ctx:
            with self.assertRaises(AttributeError):
                ctx.new_hex_map(1, 1).no_such_thing


@unittest.skipUnless(HAS_LGA, "the library has no 'lga' ruleset yet")
class Games(unittest.TestCase):
    OPTS = "crt=completion"  # fills the CRT cells the rulebook does not print (LGA-GAP-04)

    def setUp(self):
        self.ctx = wargame.Context()

    def tearDown(self):
        self.ctx.close()

    def new(self, seed=7, options=OPTS):
        return self.ctx.new_game("lga", "1805", options, seed)

    def test_new_game_and_decisions(self):
        g = self.new()
        self.assertEqual(g.ruleset, "lga")
        self.assertEqual(g.scenario, "1805")
        self.assertEqual(len(g.players), 2)
        d = g.decision
        self.assertTrue(d.text)
        self.assertIsInstance(d.kind, wargame.DecisionKind)
        opts = list(g.options)
        self.assertEqual(len(opts), len(g.options))
        self.assertTrue(opts and all(o.label for o in opts))
        self.assertEqual([o.index for o in opts], list(range(len(opts))))
        self.assertEqual(g.options[-1], opts[-1])
        with self.assertRaises(IndexError):
            g.options[len(opts)]
        self.assertEqual(g.options[1:3], opts[1:3])
        before = g.step_count
        g.choose(opts[0])
        self.assertEqual(g.step_count, before + 1)

    def test_unknown_ruleset_and_scenario(self):
        with self.assertRaises(WargameError) as cm:
            self.ctx.new_game("chess", "1805")
        self.assertEqual(cm.exception.status, Status.ENOTFOUND)
        self.assertIn("chess", cm.exception.message)
        with self.assertRaises(WargameError) as cm:
            self.ctx.new_game("lga", "1812")
        self.assertEqual(cm.exception.status, Status.ENOTFOUND)
        self.assertEqual(self.ctx.live_handles, 0)

    def test_winner(self):
        ctx = wargame.Context()
        g = ctx.new_game("ccn", "S01", None, 4)
        with self.assertRaises(wargame.StateError):
            g.winner
        g.playout()
        self.assertTrue(g.is_over)
        # the side the result text names ("<side> wins, a - b Victory Flags")
        self.assertIn(g.winner, (0, 1))
        self.assertTrue(g.result_text.startswith(g.players[g.winner] + " wins"), g.result_text)
        ctx.close()

    def test_choose_action_equals_choose(self):
        a, b = self.new(5), self.new(5)
        for _ in range(30):
            if a.is_over:
                break
            opt = a.options[len(a.options) // 2]
            a.choose(opt)
            b.choose_action(opt.action)
            self.assertEqual(a.hash, b.hash)
        with self.assertRaises(WargameError) as cm:
            b.choose_action(0xFFFFFFFFFFFFFFFF)
        self.assertEqual(cm.exception.status, Status.EILLEGAL)
        self.assertTrue(cm.exception.message)

    def test_replay_is_deterministic_and_undo(self):
        a = self.new(11)
        b = self.new(11)
        hashes = [a.hash]
        for _ in range(60):
            if a.is_over:
                break
            a.bot_step()
            b.bot_step()
            self.assertEqual(a.hash, b.hash)
            hashes.append(a.hash)
        a.undo_to(20)
        self.assertEqual(a.step_count, 20)
        self.assertEqual(a.hash, hashes[20])
        with self.assertRaises(WargameError) as cm:
            a.undo_to(10 ** 9)
        self.assertEqual(cm.exception.status, Status.ERANGE)

    def test_chance_rolled_or_supplied_by_the_host(self):
        g = self.new(3)
        while g.decision.player != wargame.Player.PLAYER_CHANCE and not g.is_over:
            g.bot_step()
        self.assertFalse(g.is_over, "a chance decision comes before the end")
        opts = list(g.options)
        self.assertEqual(sum(o.weight for o in opts), opts[0].total)
        h = g.clone()
        i = g.roll()
        self.assertLess(i, len(opts))
        h.choose(len(opts) - 1)  # the face the players rolled at the table
        self.assertEqual(h.step_count, g.step_count)

    def test_full_game_to_the_end(self):
        g = self.new(21)
        steps = g.playout()
        self.assertGreater(steps, 100)
        self.assertTrue(g.is_over)
        self.assertTrue(g.result_text)
        self.assertIsInstance(g.score, int)
        self.assertGreaterEqual(g.turn, 1)
        d = g.decision
        self.assertEqual((d.player, d.kind), (wargame.Player.PLAYER_NONE, wargame.DecisionKind.NONE))
        self.assertEqual(len(g.options), 0)
        self.assertEqual(list(g.options), [])
        with self.assertRaises(WargameError) as cm:
            g.choose(0)
        self.assertIn(cm.exception.status, (Status.ESTATE, Status.ERANGE))
        evs = list(g.events)
        self.assertEqual(len(evs), len(g.events))
        self.assertTrue(evs)
        self.assertTrue(all(isinstance(e.text, str) and e.step <= g.step_count for e in evs))
        self.assertEqual([e.index for e in g.events.since(len(evs) - 2)], [len(evs) - 2, len(evs) - 1])

    def test_table_gap_stops_the_game_with_the_rule(self):
        err = None
        for seed in range(1, 30):
            g = self.new(seed, options=None)
            try:
                g.playout()
            except WargameError as e:
                err = e
                break
            g.close()
        self.assertIsNotNone(err, "some game meets an unprinted CRT cell")
        self.assertEqual(err.status, Status.ETABLEGAP)
        self.assertIn("LGA-", err.message)
        self.assertEqual(err.function, "wg_game_playout")
        crt = g.table("crt")
        self.assertEqual(crt.name, "crt")
        self.assertGreater(len(g.tables), 0)

    def test_save_load_clone(self):
        g = self.new(3)
        g.playout(300)
        data = g.save()
        self.assertIsInstance(data, bytes)
        h = self.ctx.load_game(data)
        self.assertEqual(h.hash, g.hash)
        self.assertEqual(h.step_count, g.step_count)
        c = g.clone()
        self.assertEqual(c.hash, g.hash)
        c.bot_step()
        self.assertNotEqual(c.step_count, g.step_count)
        bad = bytearray(data)
        bad[len(bad) // 2] ^= 0x55
        with self.assertRaises(WargameError) as cm:
            self.ctx.load_game(bytes(bad))
        self.assertIn(cm.exception.status, (Status.ECORRUPT, Status.EVERSION))
        with self.assertRaises(WargameError) as cm:
            self.ctx.load_game(data[:-3])
        self.assertIn(cm.exception.status, (Status.ECORRUPT, Status.EVERSION))

    def test_borrowed_map_oob_table_die_with_their_game(self):
        g = self.new(1)
        m, t = g.map, g.table("crt")
        self.assertGreater(len(m), 0)
        self.assertEqual(m.kind, wargame.MapKind.HEX)
        borrowed = [m, t]
        try:
            o = g.oob
        except WargameError as e:  # a ruleset may keep its units elsewhere
            self.assertEqual(e.status, Status.ENOTFOUND)
        else:
            self.assertEqual(len(o.units()), len(o.units(0)) + len(o.units(1)))
            borrowed.append(o)
        g.close()
        for x in borrowed:
            self.assertTrue(x.closed)
            with self.assertRaises(ClosedError):
                x.errmsg
        self.assertEqual(self.ctx.live_handles, 0)

    def test_views_by_side(self):
        g = self.new(5)
        g.playout(400)
        for p in range(len(g.players)):
            v = g.view(p)
            self.assertIsInstance(v.describe(), str)
            self.assertEqual(len(list(v.events)), len(g.events))
        self.assertTrue(g.describe())
        with self.assertRaises(WargameError):
            g.describe(99)

    def test_ruleset_function_as_a_method(self):
        # wg_lga_attack_odds reached as game.lga_attack_odds: the exact odds of a declared attack
        with self.assertRaises(WargameError) as cm:
            self.new(2).lga_attack_odds(0)
        self.assertEqual(cm.exception.status, Status.ESTATE)
        odds = text = None
        for seed in range(1, 40):
            g = self.new(seed)
            while not g.is_over and odds is None:
                if g.decision.kind == wargame.DecisionKind.ATTACK and len(g.options) > 1:
                    opts = list(g.options)
                    g.choose(next(o for o in opts if "no more" not in o.label))
                    odds, text = g.lga_attack_odds(0), g.lga_attack_odds_text(0)
                else:
                    g.bot_step()
            g.close()
            if odds is not None:
                break
        self.assertIsNotNone(odds, "some game declares an attack")
        self.assertEqual(len(odds), wargame.raw.WG_LGA_ODDS_COUNT)
        F = wargame.LgaOddsField  # LGA-COMBAT-11, LGA-COMBAT-12, LGA-COMBAT-15
        self.assertEqual(odds[F.ATT_TOTAL], odds[F.ATT_BASE] + odds[F.ATT_LEADERS])
        self.assertEqual(odds[F.DEF_TOTAL], (odds[F.DEF_BASE] + odds[F.DEF_LEADERS]) * odds[F.DEF_MULT])
        if odds[F.DEF_TOTAL] > 0:
            self.assertEqual(odds[F.PERCENT], 100 * odds[F.ATT_TOTAL] // odds[F.DEF_TOTAL])
        sources = [odds[F.FACES + 3 * f + 2] for f in range(6)]
        self.assertEqual(sum(1 for x in sources if x == wargame.CellSource.GAP), odds[F.GAP_FACES])
        self.assertIn("LGA-COMBAT-15", text)

    def test_game_outlives_closed_context(self):
        ctx = wargame.Context()
        g = ctx.new_game("lga", "1805", self.OPTS, 9)
        ctx.close()
        g.playout(50)
        self.assertEqual(g.step_count, 50)
        state = ctx._state
        g.close()
        self.assertIsNone(state.ptr)


@unittest.skipUnless(HAS_MARECHAUX, "the library has no 'marechaux' ruleset yet")
class HiddenViews(unittest.TestCase):
    def test_a_side_does_not_see_the_other_sides_counters(self):
        with wargame.Context() as ctx:
            g = ctx.new_game("marechaux", "1808", None, 1)
            self.assertEqual(g.decision.player, wargame.Player.PLAYER_CHANCE)
            g.playout(300)
            referee, allied, french = g.describe(), g.view(0).describe(), g.view(1).describe()
            self.assertNotEqual(allied, referee)
            self.assertNotEqual(french, referee)
            self.assertNotEqual(allied, french)
            if "AA decoy" in referee:  # the 1808 data names its Anglo-Allied decoys so
                self.assertIn("AA decoy", allied)
                self.assertNotIn("AA decoy", french, "the French view shows Anglo-Allied decoys")


    def test_a_seated_game_answers_as_its_seat(self):
        # the options are the decider's; referee-only calls raise in a game opened for a seat
        with wargame.Context() as ctx:
            ref = ctx.new_game("marechaux", "1808", None, 3)
            seated = {p: ctx.new_game("marechaux", "1808", None, 3, seat=p) for p in (0, 1)}
            self.assertIsNone(ref.seat)
            self.assertEqual(seated[1].seat, 1)
            for g in seated.values():
                for call in (g.save, lambda: g.hash, lambda: g.clone(), lambda: g.undo_to(0)):
                    with self.assertRaises(WargameError) as cm:
                        call()
                    self.assertEqual(cm.exception.status, Status.ESTATE)
                    self.assertIn("referee-only", cm.exception.message)
                with self.assertRaises(WargameError):
                    g.view(1 - g.seat)
                with self.assertRaises(WargameError):
                    g.describe(wargame.Player.VIEW_REFEREE)
            self.assertEqual(seated[0].describe(), ref.view(0).describe())
            decided = {0: 0, 1: 0}
            for _ in range(400):
                d = ref.decision
                if d.player == wargame.Player.PLAYER_NONE:
                    break
                if int(d.player) in (0, 1):
                    p = int(d.player)
                    mine, other = seated[p], seated[1 - p]
                    self.assertEqual([o.label for o in mine.options], [o.label for o in ref.options])
                    self.assertEqual(mine.decision.text, d.text)
                    with self.assertRaises(WargameError) as cm:
                        len(other.options)
                    self.assertEqual(cm.exception.status, Status.ESTATE)
                    self.assertIn("decides", other.decision.text)
                    decided[p] += 1
                i = ref.bot_step()
                for g in seated.values():
                    g.choose(i)
                self.assertEqual([e.text for e in seated[0].events], [e.text for e in ref.view(0).events])
            self.assertGreater(decided[0], 0)
            self.assertGreater(decided[1], 0)
            self.assertEqual(ref.save(), ctx.load_game(ref.save()).save())
            g = ctx.load_game(ref.save(), seat=0)
            self.assertEqual(g.seat, 0)
            with self.assertRaises(ValueError):
                ctx.new_game("marechaux", "1808", None, 3, seat=5)

    def test_determinize_for_a_seat(self):
        # wg_game_determinize: a copy for the seat, with his view, no events, no steps, no save
        with wargame.Context() as ctx:
            g = ctx.new_game("marechaux", "1808", None, 4, seat=0)
            for _ in range(80):
                g.bot_step()
            t = g.determinize(7)
            self.assertEqual(t.seat, 0)
            self.assertEqual(t.describe(), g.describe())
            self.assertEqual(len(t.events), 0)
            self.assertEqual(t.step_count, 0)
            with self.assertRaises(WargameError) as cm:
                g.determinize(7, viewer=1)
            self.assertEqual(cm.exception.status, Status.ESTATE)
            with self.assertRaises(WargameError):
                t.save()
            self.assertIn(g.event_reveals(0), (False, True))
            t.close()
            g.close()

    def test_test_odds_as_methods(self):
        # wg_marechaux_command_odds / _disengage_odds / _demoralization_odds reached as game methods;
        # counts are die faces out of 6 (LM-CMD-04..09, LM-DISENG-02..06, LM-DEMOR-01)
        CF, DF, MF = wargame.MarechauxCommandField, wargame.MarechauxDisengageField, wargame.MarechauxDemoralizationField
        referee = wargame.Player.VIEW_REFEREE
        seen = set()
        with wargame.Context() as ctx:
            g = ctx.new_game("marechaux", "1808", None, 1)
            with self.assertRaises(WargameError) as cm:
                g.marechaux_command_odds(referee, 0, -1)  # the initiative: no test pending
            self.assertEqual(cm.exception.status, Status.ESTATE)
            with self.assertRaises(WargameError) as cm:
                g.marechaux_command_odds(referee, 0, 9999)
            self.assertEqual(cm.exception.status, Status.ERANGE)
            for seed in range(1, 30):
                g = ctx.new_game("marechaux", "1808" if seed % 2 else "1809", None, seed)
                for _ in range(1500):
                    if g.is_over:
                        break
                    for side in (0, 1):
                        try:
                            c = g.marechaux_command_odds(side, side, -1)
                        except WargameError as e:
                            self.assertIn(e.status, (Status.ESTATE,))
                            continue
                        self.assertEqual(len(c), CF.COUNT)
                        self.assertEqual(c[CF.NOTHING] + c[CF.HALF] + c[CF.ALL], c[CF.TOTAL])
                        self.assertEqual(c, g.marechaux_command_odds(referee, side, -1))
                        with self.assertRaises(WargameError) as cm:  # LM-FOG-01: not the other side's
                            g.marechaux_command_odds(1 - side, side, -1)
                        self.assertEqual(cm.exception.status, Status.EINVAL)
                        seen.add("command")
                    for side in (0, 1):
                        try:
                            d = g.marechaux_disengage_odds(referee, side, -1)
                        except WargameError:
                            continue
                        self.assertEqual(len(d), DF.COUNT)
                        self.assertIn(d[DF.SUCCESS], (d[DF.IF_MORE], d[DF.IF_NOT_MORE], d[DF.IF_SECRET]))
                        seen.add("disengage")
                    try:
                        m = g.marechaux_demoralization_odds()
                        self.assertEqual(len(m), MF.COUNT)
                        self.assertEqual(m[MF.DEMORALIZED], m[MF.BY_RETREAT + min(m[MF.RETREAT], 7)])
                        seen.add("demoralization")
                    except WargameError as e:
                        self.assertEqual(e.status, Status.ESTATE)
                    g.bot_step()
                g.close()
                if len(seen) == 3:
                    break
        self.assertEqual(seen, {"command", "disengage", "demoralization"})

if __name__ == "__main__":
    unittest.main()
