"""``tfcompat.install``: make ``import tensorflow`` resolve to tfcompat (TF1 or TF2 API)."""
from __future__ import annotations

import ast
import importlib
import os
import pkgutil
import re
import sys
import types

__all__ = ["install", "detect_api", "detect_script_api", "uninstall"]

# Top-level TF1-only symbols whose use marks a script as TF 1.x code.
_TF1_MARKERS = re.compile(
    r"\b(?:tf|tensorflow)\.(?:placeholder|Session|InteractiveSession|global_variables_initializer|"
    r"initialize_all_variables|get_variable|variable_scope|train\.[A-Za-z]+Optimizer|set_random_seed|"
    r"random_normal|random_uniform|truncated_normal|to_float|log|div|reset_default_graph|"
    r"trainable_variables|get_collection|GraphKeys|placeholder_with_default|contrib|layers\.dense|"
    r"summary\.FileWriter|train\.Saver|Print|assign|sparse_placeholder|multinomial)\b")
_V1_IMPORT = re.compile(r"tensorflow\.compat\.v1|compat\.v1\.disable_v2_behavior|disable_eager_execution")
_installed = {}


def detect_api(source: str) -> str:
    """'v1' for a TF 1.x script (top-level tf.placeholder, tf.Session, ...), else 'v2'."""
    if _V1_IMPORT.search(source) and "disable_v2_behavior" in source:
        return "v1"
    if re.search(r"import\s+tensorflow\.compat\.v1\s+as", source):
        return "v2"  # the script manages its own behaviour (eager unless it disables it), as in TF2
    return "v1" if _TF1_MARKERS.search(source) else "v2"


def detect_script_api(path: str) -> str:
    """The API of the script at ``path``: 'v1' when the script or a module it imports from its own directory
    (a driver that imports local modules holding TF1 code) reads as TF 1.x code (``detect_api``), else 'v2'."""
    root = os.path.dirname(os.path.abspath(path))
    seen: set[str] = set()
    pending = [os.path.abspath(path)]
    while pending:
        file = pending.pop()
        if file in seen:
            continue
        seen.add(file)
        try:
            with open(file, encoding="utf-8") as f:
                source = f.read()
        except (OSError, UnicodeDecodeError):
            continue
        if detect_api(source) == "v1":
            return "v1"
        pending.extend(_local_imports(source, file, root))
    return "v2"


def _local_imports(source: str, file: str, root: str) -> list[str]:
    """Files of the modules ``source`` imports that live under the script's directory ``root``."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend((a.name, 0) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            names.append((base, node.level))
            names.extend((f"{base}.{a.name}" if base else a.name, node.level) for a in node.names)
    files = []
    for name, level in names:
        base = root if level == 0 else os.path.dirname(file)
        for _ in range(max(level - 1, 0)):
            base = os.path.dirname(base)
        rel = os.path.join(base, *[p for p in name.split(".") if p])
        for candidate in (rel + ".py", os.path.join(rel, "__init__.py")):
            if os.path.isfile(candidate) and os.path.abspath(candidate).startswith(root):
                files.append(os.path.abspath(candidate))
    return files


def install(api: str = "v2") -> None:
    """Makes ``import tensorflow`` (and ``tensorflow.compat.v1``) import tfcompat.

    ``api='v1'`` gives the TF1 API in graph mode (as TF 1.15 did); ``'v2'`` the TF2 API in eager mode."""
    if api not in ("v1", "v2"):
        raise ValueError(f"api must be 'v1' or 'v2', got {api!r}")
    import tfcompat
    from tfcompat import compat
    from tfcompat.compat import v1 as v1_module
    from tfcompat._src.framework import context as ctx_lib
    top = v1_module if api == "v1" else tfcompat
    mods = {"tensorflow": top, "tensorflow.compat": compat, "tensorflow.compat.v1": v1_module,
            "tensorflow.compat.v2": tfcompat}
    for sub in ("math", "nn", "random", "linalg", "dtypes", "errors", "train", "keras", "autodiff", "config"):
        name = f"tfcompat.{sub}" if api == "v2" else f"tfcompat.compat.v1.{sub}"
        try:
            mods[f"tensorflow.{sub}"] = importlib.import_module(name)
        except ImportError:
            pass
    # summary, flags, config, gfile and the tensorflow.python module tree (from tensorflow.python.framework
    # import ops): the modules behind the namespace's attributes.
    for sub in ("summary", "io", "io.gfile", "config", "app", "flags", "gfile", "python", "logging", "test",
                "debugging"):
        mod = top
        for part in sub.split("."):
            mod = getattr(mod, part, None)
        if isinstance(mod, types.ModuleType):
            mods[f"tensorflow.{sub}"] = mod
    for name, mod in list(sys.modules.items()):
        if name.startswith("tfcompat.python."):
            mods["tensorflow" + name[len("tfcompat"):]] = mod
    mods.update(_keras_module_aliases())
    mods.update(_package_aliases("tfcompat.distribute" if api == "v2" else "tfcompat.compat.v1.distribute",
                                 "tensorflow.distribute"))  # DISTRIBUTE: from tensorflow.distribute import ...
    if api == "v1":  # tf.contrib is TF 1.x only: `from tensorflow.contrib import rnn` must resolve
        mods.update(_package_aliases("tfcompat.compat.v1.contrib", "tensorflow.contrib"))
    mods.update(_package_aliases("tfcompat.examples", "tensorflow.examples"))  # TF 1.x's MNIST input_data
    mods.update(_package_aliases(f"tfcompat.{'compat.v1.' if api == 'v1' else ''}lookup", "tensorflow.lookup"))
    mods.update(_package_aliases(f"tfcompat.{'compat.v1.' if api == 'v1' else ''}estimator", "tensorflow.estimator"))
    mods.update(_package_aliases(f"tfcompat.{'compat.v1.' if api == 'v1' else ''}feature_column",
                                 "tensorflow.feature_column"))  # FEATCOL: from tensorflow.feature_column import ...
    mods.update(_package_aliases("tfcompat.experimental", "tensorflow.experimental"))  # TNP: ...experimental.numpy
    for name, mod in mods.items():
        _installed[name] = sys.modules.get(name)
        sys.modules[name] = mod
    if api == "v1":
        ctx_lib.set_v2_behavior(False)
    else:
        ctx_lib.set_v2_behavior(True)


def _keras_module_aliases(prefixes=("tensorflow.keras", "keras")) -> dict:
    """``{alias: module}``: the public ``tfcompat.keras`` package and each of its submodules under every prefix
    ('keras.layers', 'tensorflow.keras.optimizers.schedules', ...), so ``import keras``, ``from keras import
    layers`` and ``from tensorflow.keras.layers import Dense`` get the very same module objects (no second copy
    imported through the package path). The package is named by string: the runtime layer does not depend on
    ``tfcompat._src.keras``; the public package is imported only when ``install()`` runs."""
    public = importlib.import_module("tfcompat.keras")
    modules = {"": public}
    for info in pkgutil.walk_packages(public.__path__, "tfcompat.keras."):
        modules[info.name[len("tfcompat.keras"):]] = importlib.import_module(info.name)
    return {prefix + suffix: mod for prefix in prefixes for suffix, mod in modules.items()}


def _package_aliases(package: str, alias: str) -> dict:
    """``{alias + suffix: module}`` for the public package ``package`` and each of its submodules (named by string,
    as in ``_keras_module_aliases``: the runtime layer does not depend on the packages above it)."""
    public = importlib.import_module(package)
    modules = {alias: public}
    for info in pkgutil.walk_packages(public.__path__, package + "."):
        modules[alias + info.name[len(package):]] = importlib.import_module(info.name)
    return modules


def uninstall() -> None:
    for name, prev in _installed.items():
        if prev is None:
            sys.modules.pop(name, None)
        else:
            sys.modules[name] = prev
    _installed.clear()
