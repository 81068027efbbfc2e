"""The package's layering, checked from the source: no import cycles between ``tfcompat/_src`` modules and no
module importing a higher layer (function-level imports included: a lazy import is still a dependency).

Layers, lowest first: lib, protos < framework < ops < autodiff < autograph < runtime < keras, data, tools,
saved_model, contrib, distribute, feature_column, numpy_api < estimator (it builds canned models from feature columns). Expected values are by hand (the layering rule of /work/shared/STYLE.md and the design notes)."""
from __future__ import annotations

import ast
import os

import pytest

_SRC = os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, "tfcompat", "_src")
LAYERS = {"lib": 0, "protos": 0, "framework": 1, "ops": 2, "autodiff": 3, "autograph": 4, "runtime": 5,
          "keras": 6, "data": 6, "tools": 6, "saved_model": 6, "contrib": 6, "distribute": 6, "feature_column": 6,
          "numpy_api": 6,
          "estimator": 7}


def _modules() -> dict[str, str]:
    mods = {}
    root = os.path.abspath(_SRC)
    for dirpath, _, files in os.walk(root):
        for f in files:
            if f.endswith(".py"):
                path = os.path.join(dirpath, f)
                name = "tfcompat._src." + os.path.relpath(path, root)[:-3].replace(os.sep, ".")
                mods[name.removesuffix(".__init__")] = path
    return mods


def _imports(path: str, mods: dict) -> set[str]:
    """The tfcompat._src modules ``path`` imports (anywhere in the file)."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    deps = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("tfcompat._src"):
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                deps.add(full if full in mods else node.module)
        elif isinstance(node, ast.Import):
            deps.update(a.name for a in node.names if a.name in mods)
    return {d for d in deps if d in mods}


def _layer(module: str) -> int | None:
    parts = module.split(".")
    return LAYERS.get(parts[2]) if len(parts) > 2 else None


@pytest.fixture(scope="module")
def graph():
    mods = _modules()
    return {m: _imports(p, mods) for m, p in mods.items()}


def test_every_package_has_a_layer(graph):
    unknown = sorted({m.split(".")[2] for m in graph if len(m.split(".")) > 2 and _layer(m) is None})
    assert not unknown, f"packages without a layer in LAYERS: {unknown}"


def test_no_upward_imports(graph):
    upward = [f"{m} -> {d}" for m, deps in sorted(graph.items()) for d in sorted(deps)
              if _layer(m) is not None and _layer(d) is not None and _layer(d) > _layer(m)]
    assert not upward, "lower layers import higher ones:\n  " + "\n  ".join(upward)


def _cycles(graph) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan, iterative)."""
    index, low, on_stack, stack, out = {}, {}, set(), [], []
    counter = [0]
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def test_no_import_cycles(graph):
    cycles = _cycles(graph)
    assert not cycles, "import cycles:\n  " + "\n  ".join(" <-> ".join(c) for c in cycles)


def test_cycle_finder_finds_a_cycle():
    """The checker itself: a hand-made two-module cycle is reported, a chain is not."""
    assert _cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [["a", "b"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []
