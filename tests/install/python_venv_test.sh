#!/bin/sh
# `pip install --no-build-isolation bindings/python` into a virtual environment, offline.
#
#   python_venv_test.sh PYTHON SOURCE_DIR LIBRARY WORK_DIR
#
# PYTHON is an interpreter with pip, setuptools and wheel (Debian: python3-pip, python3-setuptools,
# python3-wheel); the venv sees them (--system-site-packages) and nothing is downloaded
# (--no-index).  The package is built from a copy of bindings/python so the tree stays clean; the
# installed package finds the library through WARGAME_LIBRARY (pip installs no shared library).
set -eu
python=$1 src=$2 library=$3 work=$4

fail() { echo "FAIL: $*" >&2; exit 1; }

rm -rf "$work"
mkdir -p "$work"
cp -r "$src/bindings/python" "$work/src"
rm -rf "$work/src/build" "$work/src/"*.egg-info "$work/src/wargame/__pycache__" "$work/src/tests"
"$python" -m venv --system-site-packages --without-pip "$work/venv" || fail "python3 -m venv"
venv_python=$work/venv/bin/python
"$venv_python" -m pip install -q --no-build-isolation --no-index --no-deps "$work/src" >"$work/pip.log" 2>&1 ||
    { cat "$work/pip.log"; fail "pip install"; }
cd "$work"
WARGAME_LIBRARY=$library "$venv_python" - "$work/venv" <<'PY'
import os
import sys

import wargame

venv = os.path.realpath(sys.argv[1])
here = os.path.realpath(wargame.__file__)
assert here.startswith(venv + os.sep), "wargame was not imported from the venv: %s" % here
assert os.path.exists(os.path.join(os.path.dirname(here), "py.typed")), "py.typed is not installed"
print("wargame", wargame.version(), "in", os.path.dirname(here))
with wargame.Context() as ctx:
    for r in wargame.rulesets():
        g = ctx.new_game(r, wargame.scenarios(r)[0][0], None, 3)
        g.bot_step()
        print(repr(g))
PY
