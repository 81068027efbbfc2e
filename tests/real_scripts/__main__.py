"""``python -m tests.real_scripts COMMAND``: the real-script corpus's tools.

- ``materialize [NAMES] [-o DIR]``: print (or write) the runnable, patched form of corpus scripts;
- ``record [NAMES]``: run each script under real TF 2.21 and tfcompat (``runner.run_tf_and_tfcompat``); write TF's
  stdout to ``expected/<name>.txt`` (when TF exits 0) and both runs' status to ``expected/_status.json``; print a
  table;
- ``report [NAMES] [--markdown]``: run each script under tfcompat only and print the table (runs? matches
  the recorded TF output? first error), the one the test asserts;
- ``restore --mirrors DIR``: copy the pristine files into ``corpus/`` from local git clones of the source
  repositories (``DIR/<owner>+<name>/repo`` or ``DIR/<owner>/<name>``), at the recorded commits, checking sha256.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile

from tests.real_scripts import materialize as materialize_lib
from tests.real_scripts.manifest import SCRIPTS, Script
from tests.real_scripts.runner import (EXPECTED_DIR, expected_output, first_error, output_diffs, run_tf_and_tfcompat,
                                       run_tfcompat)

STATUS_FILE = os.path.join(EXPECTED_DIR, "_status.json")


def _selected(names) -> list[Script]:
    unknown = set(names) - {s.name for s in SCRIPTS}
    if unknown:
        raise SystemExit(f"unknown scripts: {sorted(unknown)}")
    return [s for s in SCRIPTS if not names or s.name in names]


def _load_status() -> dict:
    if os.path.exists(STATUS_FILE):
        with open(STATUS_FILE, encoding="utf-8") as f:
            return json.load(f)
    return {}


def _record(args) -> int:
    os.makedirs(EXPECTED_DIR, exist_ok=True)
    for script in _selected(args.names):
        with tempfile.TemporaryDirectory(prefix=f"real_{script.name}_") as folder:
            tf_run, tc_run = run_tf_and_tfcompat(script, folder)
        path = os.path.join(EXPECTED_DIR, script.name + ".txt")
        if tf_run.returncode == 0:
            with open(path, "w", encoding="utf-8") as f:
                f.write(tf_run.stdout)
        elif os.path.exists(path):
            os.remove(path)
        diffs = output_diffs(script, tf_run.stdout, tc_run.stdout) if tf_run.returncode == tc_run.returncode == 0 \
            else None
        # Read just before writing: another recorder (a run over other scripts) may have written it meanwhile.
        status = _load_status()
        status[script.name] = {
            "tf_exit": tf_run.returncode, "tf_error": first_error(tf_run.stderr) if tf_run.returncode else "",
            "tfcompat_exit": tc_run.returncode,
            "tfcompat_error": first_error(tc_run.stderr) if tc_run.returncode else "",
            "differing_lines": None if diffs is None else len(diffs),
            "first_difference": None if not diffs else f"line {diffs[0][0]}: TF {diffs[0][1]!r} / "
                                                        f"tfcompat {diffs[0][2]!r}"[:300]}
        print(f"{script.name:38s} TF exit {tf_run.returncode}  tfcompat exit {tc_run.returncode}  "
              f"diff lines {status[script.name]['differing_lines']}  "
              f"{status[script.name]['tf_error'] or status[script.name]['tfcompat_error']}", flush=True)
        with open(STATUS_FILE, "w", encoding="utf-8") as f:
            json.dump(dict(sorted(status.items())), f, indent=1)
            f.write("\n")
    return 0


def report_row(script: Script, run) -> dict:
    """One row of the corpus table for a finished tfcompat run."""
    expected = expected_output(script)
    diffs = output_diffs(script, expected, run.stdout) if expected is not None and run.returncode == 0 else None
    matches = None if diffs is None else not diffs
    if run.returncode != 0:
        problem = first_error(run.stderr)
    elif diffs:
        line, tf_line, tc_line = diffs[0]
        problem = f"{len(diffs)} lines differ; first, line {line}: TF {tf_line!r} / tfcompat {tc_line!r}"
    else:
        problem = ""
    return {"name": script.name, "api": script.api, "runs": run.returncode == 0, "matches": matches,
            "target": script.outcome, "xfail": script.xfail or "", "problem": problem[:300],
            "seconds": round(run.seconds, 1), "cpu_seconds": round(run.cpu_seconds, 1)}


def _report(args) -> int:
    rows = []
    for script in _selected(args.names):
        with tempfile.TemporaryDirectory(prefix=f"real_{script.name}_") as folder:
            run = run_tfcompat(script, folder)
        row = report_row(script, run)
        rows.append(row)
        if not args.markdown:
            flag = "ok " if row["runs"] and row["matches"] is not False else "BAD"
            print(f"{flag} {row['name']:38s} {row['api']} runs={row['runs']!s:5s} matches={row['matches']!s:5s} "
                  f"{row['seconds']:6.1f}s (cpu {row['cpu_seconds']:5.1f}s) {row['problem']}", flush=True)
    if args.markdown:
        print("| script | api | runs | matches TF | first error / difference |")
        print("|---|---|---|---|---|")
        for r in rows:
            m = "-" if r["matches"] is None else ("yes" if r["matches"] else "no")
            print(f"| {r['name']} | {r['api']} | {'yes' if r['runs'] else 'no'} | {m} | "
                  f"{r['problem'].replace('|', '/')} |")
    runs = sum(r["runs"] for r in rows)
    matched = sum(bool(r["matches"]) for r in rows)
    comparable = sum(r["matches"] is not None for r in rows)
    print(f"\n{len(rows)} scripts: {runs} run, {matched} of {comparable} compared match TF's output")
    return 0


def _restore(args) -> int:
    os.makedirs(materialize_lib.CORPUS_DIR, exist_ok=True)
    missing = 0
    for script in _selected(args.names):
        owner, name = script.source.repo.split("/")
        for candidate in (os.path.join(args.mirrors, f"{owner}+{name}", "repo"),
                          os.path.join(args.mirrors, owner, name)):
            if os.path.isdir(candidate):
                break
        else:
            print(f"{script.name}: no clone of {script.source.repo} under {args.mirrors}")
            missing += 1
            continue
        data = subprocess.run(["git", "-C", candidate, "show", f"{script.source.commit}:{script.source.path}"],
                              capture_output=True, check=True).stdout
        with open(materialize_lib.corpus_path(script), "wb") as f:
            f.write(data)
        materialize_lib.pristine_text(script)  # checks the sha256
    return 1 if missing else 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.real_scripts", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    m = sub.add_parser("materialize")
    m.add_argument("names", nargs="*")
    m.add_argument("-o", "--out")
    r = sub.add_parser("record")
    r.add_argument("names", nargs="*")
    rep = sub.add_parser("report")
    rep.add_argument("names", nargs="*")
    rep.add_argument("--markdown", action="store_true")
    res = sub.add_parser("restore")
    res.add_argument("names", nargs="*")
    res.add_argument("--mirrors", required=True)
    args = parser.parse_args(argv)
    if args.command == "materialize":
        return materialize_lib.main(args.names + (["-o", args.out] if args.out else []))
    return {"record": _record, "report": _report, "restore": _restore}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
