#!/usr/bin/env python3
"""The rule-tag trace of the public-API rule tests (ctest rule_tag_trace).

While the suites of tests/public/ run, their play helpers (tests/support/wgplay.c) append every
rule tag the engine emits -- in events and in refusal messages -- to one file per suite in
TRACE_DIR.  This script reads those files and the checklist items the public tests cite, and
prints, per ruleset, the items a test cites but the engine never emitted while the tests ran:
rules that emit no event of their own (a data item, a limit, a rule read from the board).

    python3 tools/rule-trace.py TRACE_DIR SOURCE_DIR

Exit status 1 when no trace was recorded at all (the suites did not run); otherwise 0.
"""
import os
import re
import sys

ID = re.compile(r"\b(LGA|LM|CCN|LA)-[A-Z0-9]+(?:-[A-Z0-9]+)*-[0-9]{2,3}\b")


def main(argv):
    if len(argv) != 3:
        print(__doc__)
        return 2
    trace_dir, src = argv[1], argv[2]
    emitted = set()
    files = 0
    if os.path.isdir(trace_dir):
        for name in sorted(os.listdir(trace_dir)):
            if name.endswith(".txt"):
                files += 1
                with open(os.path.join(trace_dir, name), encoding="utf-8") as f:
                    emitted.update(line.strip() for line in f if line.strip())
    cited = {}
    pub = os.path.join(src, "tests", "public")
    for name in sorted(os.listdir(pub)) if os.path.isdir(pub) else []:
        if name.endswith(".c"):
            with open(os.path.join(pub, name), encoding="utf-8") as f:
                for m in ID.finditer(f.read()):
                    cited.setdefault(m.group(0), set()).add(name)
    if files == 0:
        print("rule-trace: no trace in %s (the public-API suites did not run with WGP_RULE_TRACE)" % trace_dir)
        return 1
    by_ruleset = {}
    for item in cited:
        by_ruleset.setdefault(item.split("-")[0], []).append(item)
    print("rule-trace: %d trace file(s), %d distinct tags emitted, %d items cited by public tests"
          % (files, len(emitted), len(cited)))
    for rs in sorted(by_ruleset):
        items = sorted(by_ruleset[rs])
        silent = [i for i in items if i not in emitted]
        print("%s: %d cited, %d emitted while the tests ran, %d cited but never emitted"
              % (rs, len(items), len(items) - len(silent), len(silent)))
        for i in silent:
            print("  %s  (cited in %s)" % (i, ", ".join(sorted(cited[i]))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
