"""Turn a pristine corpus file into the script the tests run: notebook to script, then the manifest's patches.

The pristine copy (``corpus/<name>.py`` or ``.ipynb``) is exactly the file at the recorded commit (its sha256 is
checked). Everything changed is marked ``# tfcompat-patch: <reason>`` in the output:

- a notebook becomes its code cells in order; IPython magics, shell lines and help lines (``%``, ``!``,
  ``name?``; with their backslash-continued lines) become ``pass``, and so does a whole cell under a cell magic
  whose body is not Python (``%%bash``, ``%%writefile`` ...; ``%%time`` cells keep their Python); an indented
  cell is dedented (IPython's ``leading_indent``);
  a cell's last bare expression is passed to ``_nb_display`` (prints its repr unless None), as Jupyter shows it;
- each ``Patch`` replaces whole lines of the (converted) text; an empty replacement leaves ``pass`` at the
  removed line's indentation, so blocks stay valid.
"""
from __future__ import annotations

import ast
import hashlib
import json
import os
import re

from tests.real_scripts.manifest import Patch, Script

__all__ = ["CORPUS_DIR", "corpus_path", "materialize", "pristine_text", "notebook_to_script"]

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS_DIR = os.path.join(HERE, "corpus")
MARK = "# tfcompat-patch:"

_DISPLAY_PRELUDE = f"""\
def _nb_display(value):  {MARK} notebook cell output, as Jupyter displays a cell's last expression
    if value is not None:  {MARK} (same)
        print(repr(value))  {MARK} (same)
"""


def corpus_path(script: Script) -> str:
    """Where the pristine copy of ``script`` lives (checked in; licenses in ``corpus/LICENSES/``)."""
    return os.path.join(CORPUS_DIR, script.name + os.path.splitext(script.source.path)[1])


def pristine_text(script: Script) -> str:
    """The pristine file's text; raises FileNotFoundError if absent, ValueError if it is not the recorded one."""
    path = corpus_path(script)
    with open(path, "rb") as f:
        data = f.read()
    digest = hashlib.sha256(data).hexdigest()
    if digest != script.source.sha256:
        raise ValueError(f"{path}: sha256 {digest} is not the recorded {script.source.sha256} "
                         f"({script.source.repo}/{script.source.path} @ {script.source.commit})")
    return data.decode("utf-8")


_HELP_LINE = re.compile(r"\s*[A-Za-z_][\w.]*\?{1,2}\s*")


# Cell magics whose body is Python (IPython runs it, timed or captured); any other cell magic (%%bash, %%writefile,
# %%html ...) makes the whole cell something else.
_PYTHON_BODY_CELL_MAGICS = ("time", "timeit", "capture", "prun")


def _is_non_python_cell(text: str) -> bool:
    first = text.lstrip("\n").split("\n", 1)[0].strip()
    return first.startswith("%%") and first[2:].split(" ")[0] not in _PYTHON_BODY_CELL_MAGICS


def _is_magic(line: str) -> bool:
    return line.lstrip().startswith(("%", "!")) or bool(_HELP_LINE.fullmatch(line))


def _scan(line: str, state: tuple) -> tuple:
    """Python's lexical state after ``line``: (open bracket depth, open triple quote or "", backslash-continued).
    IPython looks for magics only at the start of a logical line (its ``make_tokens_by_line``), so a line inside
    brackets, a triple-quoted string or after a backslash is Python even when it starts with ``%``."""
    depth, triple, _ = state
    i, n = 0, len(line)
    while i < n:
        if triple:
            end = line.find(triple, i)
            if end < 0:
                return depth, triple, False
            i, triple = end + 3, ""
            continue
        c = line[i]
        if c == "#":
            return depth, triple, False
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth = max(depth - 1, 0)
        elif c in "'\"":
            if line.startswith(c * 3, i):
                triple, i = c * 3, i + 3
                continue
            i += 1
            while i < n and line[i] != c:
                i += 2 if line[i] == "\\" else 1
        i += 1
    return depth, triple, line.rstrip("\n").endswith("\\")


def _display_last_expression(lines: list[str]) -> list[str]:
    """Wraps the cell's last top-level bare expression in ``_nb_display(...)`` (unless it ends with ';')."""
    try:
        tree = ast.parse("".join(lines))
    except SyntaxError:
        return lines
    if not tree.body or not isinstance(tree.body[-1], ast.Expr):
        return lines
    node = tree.body[-1]
    first, last = node.lineno - 1, node.end_lineno - 1
    tail = "".join(lines[last:]).split("#")[0].rstrip()
    if tail.endswith(";") or node.col_offset != 0:
        return lines
    segment = ast.get_source_segment("".join(lines), node)
    if isinstance(node.value, ast.Tuple) and not segment.startswith("("):
        segment = f"({segment})"  # `a, b` displays the tuple
    return lines[:first] + [f"{MARK} Jupyter displays a cell's last expression\n",
                            f"_nb_display({segment})\n"] + lines[last + 1:]


def _strip_leading_indent(text: str) -> str:
    """IPython's ``leading_indent`` input transform: a cell whose first (non-blank) line is indented has that
    indentation removed from every line that starts with it."""
    lines = text.lstrip("\n").splitlines(keepends=True)
    indent = re.match(r"[ \t]*", lines[0]).group(0) if lines else ""
    if not indent:
        return text
    return "".join(l[len(indent):] if l.startswith(indent) else l for l in lines)


def notebook_to_script(notebook_json: str) -> str:
    """A notebook's code cells as one script (see the module docstring for what changes)."""
    nb = json.loads(notebook_json)
    future, cells = [], []
    for i, cell in enumerate(nb["cells"]):
        if cell.get("cell_type") != "code":
            continue
        src = cell["source"]
        text = _strip_leading_indent("".join(src) if isinstance(src, list) else src)
        if _is_non_python_cell(text):
            body = text.strip("\n").splitlines()
            cells.append(f"# %% [code cell {i}]\npass  {MARK} IPython cell magic, not Python: {body[0].strip()}\n"
                         + "".join(f"{MARK} (cell) {line.rstrip()}\n" for line in body[1:]))
            continue
        lines = []
        continued = False  # the previous line was a magic/shell line ending in a backslash
        python_state = (0, "", False)  # _scan's state after the Python lines so far
        for line in text.splitlines(keepends=True):
            if continued:
                lines.append(f"{MARK} (continued) {line.strip()}\n")
                continued = line.rstrip().endswith("\\")
            elif python_state != (0, "", False):
                python_state = _scan(line, python_state)
                lines.append(line if line.endswith("\n") else line + "\n")
            elif _is_magic(line):
                indent = line[:len(line) - len(line.lstrip())]
                lines.append(f"{indent}pass  {MARK} IPython magic/shell line: {line.strip()}\n")
                continued = line.rstrip().endswith("\\")
            elif line.startswith("from __future__ import"):
                future.append(line if line.endswith("\n") else line + "\n")
            else:
                python_state = _scan(line, python_state)
                lines.append(line if line.endswith("\n") else line + "\n")
        cells.append(f"# %% [code cell {i}]\n" + "".join(_display_last_expression(lines)))
    return "".join(future) + _DISPLAY_PRELUDE + "\n" + "\n".join(cells)


def _apply_patch(text: str, patch: Patch) -> str:
    found = text.count(patch.old)
    if found != patch.count:
        raise ValueError(f"patch {patch.old[:60]!r}: found {found} times, expected {patch.count}")
    start = 0
    for _ in range(patch.count):
        at = text.index(patch.old, start)
        line_start = text.rfind("\n", 0, at) + 1
        end = at + len(patch.old)
        if text[line_start:at].strip() or (end < len(text) and text[end] != "\n" and not patch.old.endswith("\n")):
            raise ValueError(f"patch {patch.old[:60]!r} must cover whole lines")
        indent = re.match(r"[ \t]*", text[line_start:]).group(0)
        old_block = text[line_start:end].rstrip("\n")
        if patch.new:
            new_lines = patch.new.rstrip("\n").split("\n")
            for line in new_lines:
                if line.rstrip().endswith("\\"):
                    raise ValueError(f"patch line {line!r} ends with a continuation")
            new_block = "\n".join(f"{indent}{line}  {MARK} {patch.reason}" if line.strip() else line
                                  for line in new_lines)
        else:
            was = " / ".join(s.strip() for s in old_block.splitlines() if s.strip())
            new_block = f"{indent}pass  {MARK} {patch.reason} (was: {was[:200]})"
        text = text[:line_start] + new_block + text[line_start + len(old_block):]
        start = line_start + len(new_block)
    return text


def materialize(script: Script) -> str:
    """The runnable text of ``script``: header naming the source, converted and patched body."""
    text = pristine_text(script)
    if script.source.path.endswith(".ipynb"):
        text = notebook_to_script(text)
    for patch in script.patches:
        text = _apply_patch(text, patch)
    src = script.source
    header = (f"# Real-script corpus entry {script.name!r} (tests/real_scripts/manifest.py).\n"
              f"# Source: https://github.com/{src.repo}/blob/{src.commit}/{src.path}\n"
              f"# License: {src.license}. Unmodified except lines marked '{MARK} <reason>'.\n")
    if text.startswith("#!"):
        first, _, rest = text.partition("\n")
        return first + "\n" + header + rest
    return header + text


def main(argv=None) -> int:
    import argparse
    from tests.real_scripts.manifest import SCRIPTS
    parser = argparse.ArgumentParser(description="write the runnable (patched) form of corpus scripts")
    parser.add_argument("names", nargs="*")
    parser.add_argument("-o", "--out", default=None, help="folder to write NAME.py into (default: stdout)")
    args = parser.parse_args(argv)
    for script in SCRIPTS:
        if args.names and script.name not in args.names:
            continue
        text = materialize(script)
        if args.out:
            os.makedirs(args.out, exist_ok=True)
            with open(os.path.join(args.out, script.name + ".py"), "w", encoding="utf-8") as f:
                f.write(text)
        else:
            print(text)
    return 0
