#!/bin/sh
# The Python package installed by `cmake --install` works from a moved prefix.
#
#   python_install_test.sh CMAKE BUILD_DIR PYTHON PYDIR WORK_DIR
#
# Installs the build tree into WORK_DIR/stage, moves the whole prefix to WORK_DIR/moved/prefix,
# then runs PYTHON with only PYTHONPATH set to the moved prefix's PYDIR (the package directory,
# lib/pythonX.Y/site-packages by default, WG_PYTHON_INSTALL_DIR): `import wargame` must load
# the moved prefix's shared library (found relative to the package, no WARGAME_LIBRARY, no
# LD_LIBRARY_PATH) and play a game to its end.
set -eu
cmake=$1 build=$2 python=$3 pydir=$4 work=$5

fail() { echo "FAIL: $*" >&2; exit 1; }

rm -rf "$work"
mkdir -p "$work/moved"
"$cmake" --install "$build" --prefix "$work/stage" >"$work/install.log" 2>&1 || { cat "$work/install.log"; fail "cmake --install"; }
for f in "$pydir/wargame/__init__.py" "$pydir/wargame/_ffi.py" "$pydir/wargame/_lib.py" "$pydir/wargame/py.typed" \
         "$pydir/wargame/_install.py"; do
    [ -e "$work/stage/$f" ] || fail "not installed: $f"
done
mv "$work/stage" "$work/moved/prefix"
prefix=$work/moved/prefix

# only PYTHONPATH: nothing else may point at the library
unset WARGAME_LIBRARY WARGAME_BUILD_DIR LD_LIBRARY_PATH PYTHONHOME || true
cd "$work"
PYTHONPATH=$prefix/$pydir "$python" - "$prefix" <<'PY'
import os
import sys

import wargame

prefix = os.path.realpath(sys.argv[1])
assert os.path.realpath(wargame.__file__).startswith(prefix + os.sep), wargame.__file__
lib = os.path.realpath(wargame.library_path)
assert lib.startswith(prefix + os.sep), "the library was not the moved prefix's: %s" % lib
print("wargame", wargame.version(), "from", wargame.library_path)
rulesets = wargame.rulesets()
if not rulesets:
    print("no ruleset compiled in: import checked only")
    sys.exit(0)
ruleset = rulesets[0]
scenario = wargame.scenarios(ruleset)[0][0]
options = "crt=completion" if ruleset == "lga" else None
with wargame.Context() as ctx:
    game = ctx.new_game(ruleset, scenario, options, 11)
    steps = game.playout(200000)
    assert game.is_over, "the game did not end in %d steps" % steps
    assert game.svg().lstrip().startswith("<"), "no picture"
    print("%s/%s: %d steps, %s" % (ruleset, scenario, steps, game.result_text))
PY
