"""How much of TF 2.21's public API tfcompat provides, per namespace.

``python -m tfcompat._src.tools.api_coverage`` prints, for every public TF namespace (``tf``, ``tf.math``, ...,
``tf.raw_ops`` left out), how many of its names tfcompat implements, how many are listed as unsupported (with a
reason, in ``unsupported.py``) and how many are missing. ``--missing tf.math`` lists the missing names of one
namespace; ``--record`` re-reads TF's names from an installed TensorFlow 2.21 (under the reference settings,
``TF_USE_LEGACY_KERAS=1`` so ``tf.keras`` is tf-keras) into the checked-in data file ``tf_api_2_21.json``, so the
report and its test run without TF.

A name counts as implemented when ``getattr`` on the matching tfcompat module returns it; as unsupported when
that raises the unsupported-API error for a listed name (the name or a namespace above it is in
``unsupported.UNSUPPORTED``); as missing when it raises AttributeError or the unsupported-API error for a name TF
has and tfcompat does not implement (``listed`` False)."""
from __future__ import annotations

import argparse
import json
import os
import sys
import types

from tfcompat._src.tools import unsupported

__all__ = ["API_FILE", "load_tf_api", "record_tf_api", "classify", "coverage", "format_table", "main"]

API_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tf_api_2_21.json")

# Module name prefixes of TF's generated public API (anything else reachable by dir() is an implementation
# module that leaks through, e.g. tf.dtensor.python).
_PUBLIC_PREFIXES = ("tensorflow._api.v2", "tensorflow.compat", "tf_keras.api._v2", "tf_keras.api._v1")
_SKIPPED = ("raw_ops",)


def _kind(value) -> str:
    if isinstance(value, types.ModuleType):
        return "module"
    if isinstance(value, type):
        return "class"
    if callable(value):
        return "function"
    return "constant"


def record_tf_api(path: str = API_FILE) -> dict:
    """Walks real TensorFlow's public namespaces and writes ``{namespace: {name: kind}}`` to ``path``."""
    from tfcompat._src.lib.reference_env import set_reference_env
    set_reference_env()
    import tensorflow as tf  # the oracle: only imported when recording

    seen: set[int] = set()
    api: dict[str, dict[str, str]] = {}

    def walk(module, ns):
        if id(module) in seen:
            return
        seen.add(id(module))
        entries = {}
        for name in sorted(n for n in dir(module) if not n.startswith("_")):
            value = getattr(module, name, None)
            entries[name] = _kind(value)
            if name in _SKIPPED or not isinstance(value, types.ModuleType):
                continue
            if ns != "tf" and name == "compat" or ns == "tf.compat" and name == "v2":
                continue  # tf.compat.v1.compat... and tf.compat.v2 repeat the namespaces already walked
            if value.__name__.startswith(_PUBLIC_PREFIXES):
                walk(value, f"{ns}.{name}")
        api[ns] = entries

    walk(tf, "tf")
    api = {"_version": tf.__version__, **{ns: api[ns] for ns in sorted(api)}}
    with open(path, "w", encoding="utf-8") as f:
        json.dump(api, f, indent=0, sort_keys=False)
        f.write("\n")
    return api


def load_tf_api(path: str = API_FILE) -> dict[str, dict[str, str]]:
    """TF 2.21's public names: ``{namespace: {name: kind}}`` (kind: module, class, function or constant)."""
    with open(path, encoding="utf-8") as f:
        api = json.load(f)
    api.pop("_version", None)
    return api


def _tfcompat_module(ns: str):
    """The tfcompat object standing for TF namespace ``ns`` (``tf.math`` -> ``tfcompat.math``), or an
    exception describing why there is none."""
    import tfcompat
    obj = tfcompat
    for part in ns.split(".")[1:]:
        try:
            obj = getattr(obj, part)
        except (AttributeError, unsupported.UnsupportedAPIError) as e:
            return e
    return obj


def classify(ns: str, names) -> dict[str, list[str]]:
    """Splits ``names`` of TF namespace ``ns`` into implemented / unsupported / missing."""
    out = {"implemented": [], "unsupported": [], "missing": []}
    module = _tfcompat_module(ns)
    for name in names:
        path = f"{ns}.{name}"
        if isinstance(module, BaseException):
            listed = unsupported.reason_for(path) is not None
            out["unsupported" if listed else "missing"].append(name)
            continue
        try:
            value = getattr(module, name)
        except unsupported.UnsupportedAPIError as e:
            out["unsupported" if e.listed else "missing"].append(name)
        except AttributeError:
            out["unsupported" if unsupported.reason_for(path) is not None else "missing"].append(name)
        else:
            if isinstance(value, unsupported.UnsupportedNamespace):
                out["unsupported" if value._listed else "missing"].append(name)
            else:
                out["implemented"].append(name)
    return out


def coverage(api=None, namespaces=None) -> dict[str, dict[str, list[str]]]:
    """``{namespace: classify(...)}`` for the recorded TF API (all namespaces, or those given)."""
    api = load_tf_api() if api is None else api
    selected = namespaces if namespaces is not None else list(api)
    return {ns: classify(ns, sorted(api[ns])) for ns in selected}


def format_table(cov) -> str:
    rows = [f"{'namespace':<44} {'total':>5} {'impl':>5} {'unsup':>5} {'miss':>5} {'impl%':>6}"]
    for ns, parts in cov.items():
        n = sum(len(v) for v in parts.values())
        impl, uns, miss = (len(parts[k]) for k in ("implemented", "unsupported", "missing"))
        pct = 100.0 * impl / n if n else 100.0
        rows.append(f"{ns:<44} {n:>5} {impl:>5} {uns:>5} {miss:>5} {pct:>5.1f}%")
    return "\n".join(rows)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tfcompat._src.tools.api_coverage", description=__doc__.split(
        "\n\n")[0])
    parser.add_argument("namespaces", nargs="*", help="namespaces to report (default: all), e.g. tf.math")
    parser.add_argument("--missing", metavar="NS", action="append", default=[],
                        help="list the missing names of namespace NS")
    parser.add_argument("--record", action="store_true", help="re-record TF's names from installed TensorFlow")
    args = parser.parse_args(argv)
    if args.record:
        api = record_tf_api()
        print(f"recorded {len(api) - 1} namespaces to {API_FILE}")
        return 0
    api = load_tf_api()
    for ns in args.namespaces + args.missing:
        if ns not in api:
            parser.error(f"{ns!r} is not a public namespace of TF 2.21")
    if args.missing:
        for ns in args.missing:
            names = coverage(api, [ns])[ns]["missing"]
            print(f"{ns}: {len(names)} missing")
            for name in names:
                print(f"  {ns}.{name}  ({api[ns][name]})")
        return 0
    print(format_table(coverage(api, args.namespaces or None)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
