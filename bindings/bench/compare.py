"""Runs the same random playouts from C, Python, Lua 5.4 and LuaJIT and prints decisions/s and each
binding's cost relative to C.

    python3 bindings/bench/compare.py BUILD_DIR RULESET SCENARIO [GAMES] [bot|host] [OPTIONS]

BUILD_DIR is the CMake build tree (libwargame.so, bindings/wg-bind-step, bindings/lua/wgffi.so).
"""
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def run(cmd, env):
    p = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if p.returncode != 0:
        if "no ruleset" in p.stderr + p.stdout or "ENOTFOUND" in p.stderr:
            print("skipped: %s" % (p.stderr.strip() or p.stdout.strip()))
            raise SystemExit(77)
        raise SystemExit("%s failed (%d): %s%s" % (cmd[0], p.returncode, p.stdout, p.stderr))
    out = p.stdout
    m = re.search(r"decisions=(\d+) seconds=([\d.]+) decisions_per_s=(\d+)", out)
    if not m:
        raise SystemExit("unexpected output from %s: %s" % (cmd, out))
    return int(m.group(1)), float(m.group(2)), float(m.group(3))


def main(argv):
    build, ruleset, scenario = argv[1], argv[2], argv[3]
    games = argv[4] if len(argv) > 4 else "5"
    mode = argv[5] if len(argv) > 5 else "bot"
    extra = [argv[6]] if len(argv) > 6 else []
    env = dict(os.environ)
    env["WARGAME_LIBRARY"] = os.path.join(build, "libwargame.so")
    env["LUA_PATH"] = os.path.join(HERE, "..", "lua", "?.lua") + ";;"
    env["LUA_CPATH"] = os.path.join(build, "bindings", "lua", "?.so") + ";;"
    rows = [("C", [os.path.join(build, "bindings", "wg-bind-step"), ruleset, scenario, games, mode] + extra)]
    rows.append(("Python", [sys.executable, os.path.join(HERE, "step.py"), ruleset, scenario, games, mode] + extra))
    for name, exe in (("Lua 5.4", "lua5.4"), ("LuaJIT", "luajit")):
        if shutil.which(exe):
            rows.append((name, [exe, os.path.join(HERE, "step.lua"), ruleset, scenario, games, mode] + extra))
    results = []
    for name, cmd in rows:
        results.append((name,) + run(cmd, env))
    base = results[0][3]
    print("%s %s %s, %s games, mode %s" % (ruleset, scenario, " ".join(extra), games, mode))
    counts = {r[1] for r in results}
    if len(counts) != 1:
        raise SystemExit("the drivers played different numbers of decisions: %s" % results)
    print("%-8s %12s %14s %10s %16s" % ("driver", "decisions", "decisions/s", "vs C", "us/decision extra"))
    for name, n, secs, rate in results:
        extra = (1e6 / rate - 1e6 / base) if rate and base else 0.0
        print("%-8s %12d %14.0f %9.2fx %16.2f" % (name, n, rate, base / rate if rate else 0.0, extra))


if __name__ == "__main__":
    main(sys.argv)
