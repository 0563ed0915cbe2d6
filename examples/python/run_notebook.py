#!/usr/bin/env python3
"""Executes a notebook (analysis.ipynb, lab.ipynb) under Jupyter and checks that it shows its charts.

    run_notebook.py JUPYTER NOTEBOOK WORK_DIR

Copies the notebook into WORK_DIR with every output cleared (next to the Python modules of its
directory, analysis.py and lab_plots.py, which the notebooks import), runs
``JUPYTER nbconvert --execute --to notebook`` on it (Debian: jupyter-nbconvert,
python3-nbconvert, python3-ipykernel, python3-matplotlib), and checks the executed notebook:
every cell that calls a ``plot_*`` function has exactly one image output (image/png: the kernel's
inline backend, so the notebook must not force a non-interactive backend), the board cell shows
the game as an SVG picture (``Game._repr_svg_``), and no cell raised.  The kernel inherits the
environment (WARGAME_LIBRARY, PYTHONPATH) but not MPLBACKEND.  Exit status 77: no ruleset
compiled in, or Jupyter missing.
"""

import json
import os
import re
import shutil
import subprocess
import sys


def fail(msg):
    print("run_notebook: " + msg, file=sys.stderr)
    sys.exit(1)


def main(argv):
    if len(argv) != 3:
        fail("usage: run_notebook.py JUPYTER NOTEBOOK WORK_DIR")
    jupyter, nb_path, work = argv
    if not os.path.exists(jupyter):
        print("no %s (Debian: jupyter-nbconvert python3-ipykernel)" % jupyter)
        return 77
    here = os.path.dirname(os.path.abspath(nb_path))
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    with open(nb_path, encoding="utf-8") as f:
        nb = json.load(f)
    for cell in nb["cells"]:  # cleared, whatever the committed file holds
        if cell["cell_type"] == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
    src = os.path.join(work, os.path.basename(nb_path))
    with open(src, "w", encoding="utf-8") as f:
        json.dump(nb, f, indent=1)
    for name in sorted(os.listdir(here)):
        if name.endswith(".py"):
            shutil.copy(os.path.join(here, name), work)
    env = dict(os.environ)
    env.pop("MPLBACKEND", None)  # the kernel's inline backend must show the figures
    env.setdefault("MPLCONFIGDIR", os.path.join(work, "mpl"))
    env.setdefault("JUPYTER_CONFIG_DIR", os.path.join(work, "jupyter-config"))
    env.setdefault("IPYTHONDIR", os.path.join(work, "ipython"))
    out = os.path.join(work, "executed.ipynb")
    cmd = [jupyter, "nbconvert", "--execute", "--to", "notebook", "--ExecutePreprocessor.timeout=900",
           "--output", out, src]
    p = subprocess.run(cmd, cwd=work, env=env, capture_output=True, text=True)
    if p.returncode != 0:
        if "No such kernel" in p.stderr:
            print(p.stderr)
            return 77
        fail("nbconvert failed (%d):\n%s" % (p.returncode, p.stderr[-4000:]))
    with open(out, encoding="utf-8") as f:
        done = json.load(f)
    plotting = boards = 0
    for i, cell in enumerate(done["cells"]):
        if cell["cell_type"] != "code":
            continue
        text = "".join(cell["source"])
        outs = cell.get("outputs", [])
        for o in outs:
            if o.get("output_type") == "error":
                fail("cell %d raised %s: %s" % (i, o.get("ename"), o.get("evalue")))
        images = [o for o in outs if o.get("output_type") in ("display_data", "execute_result")
                  and "image/png" in o.get("data", {})]
        if re.search(r"^\s*plot_\w+\(", text, re.M):
            plotting += 1
            if len(images) != 1:
                fail("cell %d (%s...) has %d image outputs, expected 1" % (i, text.strip()[:40], len(images)))
        svgs = [o for o in outs if "image/svg+xml" in o.get("data", {})]
        if re.search(r"^board\s*$", text, re.M):
            boards += 1
            if len(svgs) != 1:
                fail("cell %d: the game is not shown as its SVG board" % i)
            svg = svgs[0]["data"]["image/svg+xml"]
            svg = "".join(svg) if isinstance(svg, list) else svg
            if "<svg" not in svg:
                fail("cell %d: the board output is not SVG" % i)
    if plotting == 0:
        fail("no plotting cell found")
    print("executed %s under Jupyter: %d plotting cells, one image each%s"
          % (os.path.basename(nb_path), plotting, "; the board shown as SVG" if boards else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
