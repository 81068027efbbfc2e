"""materialize.notebook_to_script's cell magics (expected by hand from IPython's cell-magic rules: a ``%%name``
first line makes the whole cell that magic's input; ``%%time``/``%%timeit``/``%%capture``/``%%prun`` run it as
Python)."""
from __future__ import annotations

import json

from tests.real_scripts.materialize import notebook_to_script


def _script(*cells):
    return notebook_to_script(json.dumps({"cells": [{"cell_type": "code", "source": c} for c in cells]}))


def test_non_python_cell_magic_comments_out_the_whole_cell():
    text = _script(["%%bash\n", "sudo apt-get install -y x > /dev/null 2>&1\n", "pip install y"], ["z = 1"])
    compile(text, "nb.py", "exec")
    body = text.split("# %% [code cell 0]\n", 1)[1].splitlines()
    assert body[:3] == ["pass  # tfcompat-patch: IPython cell magic, not Python: %%bash",
                        "# tfcompat-patch: (cell) sudo apt-get install -y x > /dev/null 2>&1",
                        "# tfcompat-patch: (cell) pip install y"]
    assert "z = 1" in body


def test_time_cell_magic_keeps_its_python():
    text = _script(["%%time\n", "\n", "total = sum(range(4))\n", "total"])
    namespace: dict = {}
    exec(compile(text, "nb.py", "exec"), namespace)
    assert namespace["total"] == 6
    assert "pass  # tfcompat-patch: IPython magic/shell line: %%time" in text


def test_percent_inside_an_open_statement_is_python_not_a_magic():
    """IPython finds magics only at the start of a logical line (``make_tokens_by_line``): a ``%`` line inside
    brackets, a triple-quoted string or after a backslash stays Python (expected by hand; sjchoi86's notebooks
    format with ``print("..." \\n % (a, b))``)."""
    text = _script(['print ("%d and %s"\n', '       % (1, "x"))\n', "%matplotlib inline"],
                   ['s = """\n', '%not a magic\n', '"""\n', "v = 7 \\\n", "% 4"],
                   ["# a comment (\n", "%time y = 1"])
    namespace: dict = {}
    exec(compile(text, "nb.py", "exec"), namespace)
    assert namespace["s"] == "\n%not a magic\n" and namespace["v"] == 3
    assert "pass  # tfcompat-patch: IPython magic/shell line: %matplotlib inline" in text
    assert "pass  # tfcompat-patch: IPython magic/shell line: %time y = 1" in text
