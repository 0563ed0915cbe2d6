#!/usr/bin/env python3
"""Checks analysis.ipynb: valid nbformat 4 JSON whose code cells compile and import what
analysis.py defines; with --run, also executes the code cells in order (matplotlib Agg, the
notebook's directory as the working directory), the way a kernel would, without Jupyter.

    python3 check_notebook.py [--run] [NOTEBOOK]

Exit status 0 when all is well, 1 with a message otherwise, 77 (--run) when the library has no
ruleset.  When Debian's python3-nbformat is installed its schema validation runs too.
"""

import ast
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def fail(msg):
    print("check_notebook: " + msg, file=sys.stderr)
    sys.exit(1)


def defined_names(path):
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names


def check_structure(nb_path):
    with open(nb_path, encoding="utf-8") as f:
        try:
            nb = json.load(f)
        except ValueError as e:
            fail("%s is not JSON: %s" % (nb_path, e))
    if nb.get("nbformat") != 4 or not isinstance(nb.get("nbformat_minor"), int):
        fail("not an nbformat 4 notebook")
    if not isinstance(nb.get("metadata"), dict) or not isinstance(nb.get("cells"), list) or not nb["cells"]:
        fail("metadata or cells missing")
    provided = defined_names(os.path.join(os.path.dirname(os.path.abspath(nb_path)), "analysis.py"))
    sources = []
    for i, cell in enumerate(nb["cells"]):
        kind = cell.get("cell_type")
        if kind not in ("markdown", "code", "raw"):
            fail("cell %d: unknown cell_type %r" % (i, kind))
        src = cell.get("source")
        if not isinstance(src, list) or not all(isinstance(s, str) for s in src):
            fail("cell %d: source must be a list of strings" % i)
        if not isinstance(cell.get("metadata"), dict):
            fail("cell %d: metadata missing" % i)
        if kind == "code":
            if cell.get("outputs") != [] or cell.get("execution_count") is not None:
                fail("cell %d: a committed notebook keeps no outputs" % i)
            text = "".join(src)
            try:
                tree = ast.parse(text, "cell %d" % i)
            except SyntaxError as e:
                fail("cell %d does not compile: %s" % (i, e))
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom) and node.module == "analysis":
                    for alias in node.names:
                        if alias.name not in provided:
                            fail("cell %d imports %s, which analysis.py does not define" % (i, alias.name))
            sources.append((i, text))
    try:
        import nbformat  # Debian: python3-nbformat (optional)
    except ImportError:
        pass
    else:
        nbformat.validate(nbformat.reads(json.dumps(nb), as_version=4))
    return sources


def run_cells(nb_path, sources):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    os.chdir(os.path.dirname(os.path.abspath(nb_path)))
    sys.path.insert(0, os.path.join(HERE, "..", "..", "bindings", "python"))
    import wargame

    if not wargame.rulesets():
        print("no ruleset is compiled into the library: the notebook has nothing to show")
        sys.exit(77)
    ns = {"__name__": "__main__"}
    for i, text in sources:
        exec(compile(text, "%s cell %d" % (os.path.basename(nb_path), i), "exec"), ns)  # noqa: S102
        plt.close("all")
    print("ran %d code cells" % len(sources))


def main(argv):
    run = "--run" in argv
    args = [a for a in argv if a != "--run"]
    nb_path = args[0] if args else os.path.join(HERE, "analysis.ipynb")
    sources = check_structure(nb_path)
    print("%s: nbformat 4, %d code cells compile" % (nb_path, len(sources)))
    if run:
        run_cells(nb_path, sources)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
