"""The real-script corpus under ``python -m tfcompat run``: each manifest entry runs in a subprocess in its own
folder and must reach its target (``runs``: exit 0; ``matches``: also print TF 2.21's numbers, as recorded in
``expected/<name>.txt`` by ``python -m tests.real_scripts record NAME`` with real TF). Entries with ``xfail`` are
strict xfails: a script that starts reaching its target fails the test until its manifest entry is updated.

Expected outputs were recorded from real TF, so this test needs neither TF nor a network. Every script runs by
default. Each costs 3-25 CPU-seconds, about 3 of them importing tfcompat and torch (``python -m tests.real_scripts
report`` prints every script's CPU time): 674 CPU-seconds for 122 of the 136 scripts (5.5 on average; measured
2026-11-24 on a loaded machine), so the whole file takes about 12-13 CPU-minutes, 6-7 minutes with ``-n 2`` on 2
free cores.
"""
from __future__ import annotations

import hashlib
import os

import pytest

from tests.real_scripts.manifest import SCRIPTS, Script
from tests.real_scripts.materialize import CORPUS_DIR, corpus_path, materialize
from tests.real_scripts.runner import expected_output, first_error, output_diffs, run_tfcompat

LICENSES_DIR = os.path.join(CORPUS_DIR, "LICENSES")


def _param(script: Script):
    marks = [pytest.mark.real_script]
    if script.xfail:
        marks.append(pytest.mark.xfail(strict=True, reason=script.xfail))
    return pytest.param(script, id=script.name, marks=marks)


@pytest.mark.parametrize("script", [_param(s) for s in SCRIPTS])
def test_real_script(script: Script, tmp_path):
    run = run_tfcompat(script, str(tmp_path))
    assert run.returncode == 0, (
        f"{script.name} exited {run.returncode}: {first_error(run.stderr)}\n--- stderr (tail) ---\n"
        f"{run.stderr[-3000:]}")
    if script.outcome == "matches":
        expected = expected_output(script)
        assert expected is not None, (
            f"no TF output recorded for {script.name}: run `python -m tests.real_scripts record {script.name}`")
        diffs = output_diffs(script, expected, run.stdout)
        assert not diffs, f"{len(diffs)} lines differ from TF's output; first ones (line, TF, tfcompat): {diffs[:5]}"


def test_manifest_entries_are_consistent():
    names = [s.name for s in SCRIPTS]
    assert len(names) == len(set(names)), "duplicate script names"
    for s in SCRIPTS:
        assert s.api in ("v1", "v2"), s.name
        assert s.outcome in ("runs", "matches"), s.name
        assert s.outcome == "runs" or s.tf_runs, f"{s.name}: 'matches' needs a script real TF runs"
        assert s.source.commit and len(s.source.commit) == 40, s.name


def test_corpus_holds_exactly_the_manifest_files_with_licenses():
    """Every manifest entry's pristine file is checked in with its recorded sha256, every source repository's
    license text is next to them, and nothing else is in ``corpus/``."""
    wanted = set()
    for s in SCRIPTS:
        path = corpus_path(s)
        wanted.add(os.path.basename(path))
        with open(path, "rb") as f:
            assert hashlib.sha256(f.read()).hexdigest() == s.source.sha256, path
        license_file = os.path.join(LICENSES_DIR, s.source.repo.replace("/", "+") + ".txt")
        assert os.path.isfile(license_file), f"{s.name}: no license text for {s.source.repo}"
    files = {f for f in os.listdir(CORPUS_DIR) if f != "LICENSES"}
    assert files == wanted, f"unused: {sorted(files - wanted)}; missing: {sorted(wanted - files)}"


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.name for s in SCRIPTS])
def test_materialized_script_names_its_source_and_marks_patches(script: Script):
    text = materialize(script)
    assert f"https://github.com/{script.source.repo}/blob/{script.source.commit}/" in text
    assert f"# License: {script.source.license}." in text
    compile(text, script.name + ".py", "exec")
    for patch in script.patches:
        assert f"# tfcompat-patch: {patch.reason}" in text, (script.name, patch.old[:60])


def test_notebook_cells_lose_ipython_only_syntax():
    """IPython input that is not Python (expected by hand from IPython's input transforms): magics and shell
    lines with their backslash continuations, ``name?`` help lines, and an indented cell (``leading_indent``)."""
    from tests.real_scripts.materialize import notebook_to_script
    cells = [["!saved_model_cli run --dir d \\\n", " --tag_set serve \\\n", " --input_exprs x=1\n", "y = 1"],
             ["tf.keras.Input?"],
             ["  @decorator\n", "  def f():\n", "    return 2"]]
    nb = {"cells": [{"cell_type": "code", "source": c} for c in cells]}
    import json
    text = notebook_to_script(json.dumps(nb))
    compile(text, "nb.py", "exec")
    body = [l for l in text.splitlines() if l and not l.startswith(("# %%", "def _nb_display", "    "))]
    assert body == [
        "pass  # tfcompat-patch: IPython magic/shell line: !saved_model_cli run --dir d \\",
        "# tfcompat-patch: (continued) --tag_set serve \\",
        "# tfcompat-patch: (continued) --input_exprs x=1",
        "y = 1",
        "pass  # tfcompat-patch: IPython magic/shell line: tf.keras.Input?",
        "@decorator",
        "def f():",
        "  return 2"], body
