"""The first divergence of a traced compare: the first traced tensor (in TensorFlow's execution order) or
variable whose value differs between TF's run and tfcompat's run beyond tolerance."""
from __future__ import annotations

import dataclasses
import difflib

import numpy as np

from tfcompat._src.tools.compare.record import Record

__all__ = ["Divergence", "tolerances", "values_differ", "first_divergence", "format_divergence"]

# (rtol, atol) per dtype name; integer and bool values compare exactly. ``tolerances(rtol, atol)`` sets the
# float32/float64/complex entries and keeps half precision at least this loose.
_HALF = {"float16": (1e-3, 1e-3), "bfloat16": (1e-2, 1e-2)}


def tolerances(rtol: float = 1e-5, atol: float = 1e-6) -> dict:
    """Per-dtype (rtol, atol): ``rtol``/``atol`` for float32/64 and complex64/128, at least 1e-3 (float16) or
    1e-2 (bfloat16) for half precision, 0 for everything else."""
    table = {name: (rtol, atol) for name in ("float32", "float64", "complex64", "complex128")}
    for name, (r, a) in _HALF.items():
        table[name] = (max(r, rtol), max(a, atol))
    return table


def _errors(a: np.ndarray, b: np.ndarray):
    if a.size == 0 or a.dtype.kind not in "fciub":
        return 0.0, 0.0
    a64 = a.astype(np.complex128 if a.dtype.kind == "c" else np.float64)
    b64 = b.astype(a64.dtype)
    both_nan = np.isnan(a64) & np.isnan(b64)
    same_inf = np.isinf(a64) & (a64 == b64)
    diff = np.where(both_nan | same_inf, 0.0, np.abs(a64 - b64))
    diff = np.where(np.isnan(diff), np.inf, diff)
    scale = np.maximum(np.abs(a64), np.abs(b64))
    nonzero = scale > 0
    rel = float(np.max(diff[nonzero] / scale[nonzero])) if nonzero.any() else 0.0
    return float(np.max(diff)), rel


def values_differ(a: np.ndarray, b: np.ndarray, table: dict, tensor_scale: bool = False) -> bool:
    """True when the shapes or dtypes differ, or a value differs beyond ``table``'s tolerance for its dtype
    (NaN matches NaN, inf matches the same inf). Elementwise ``|a - b| <= atol + rtol * |a|``; with
    ``tensor_scale``, ``rtol`` scales with the tensor's largest finite ``|a|`` instead (a float32 sum over many
    large terms rounds differently in each framework, and a result near 0 keeps the terms' absolute error)."""
    if a.shape != b.shape or a.dtype != b.dtype:
        return True
    if a.dtype.kind not in "fc":
        return not np.array_equal(a, b)
    rtol, atol = table.get(a.dtype.name, (0.0, 0.0))
    if tensor_scale and a.size:
        finite = np.abs(a[np.isfinite(a)])
        atol = atol + rtol * (float(finite.max()) if finite.size else 0.0)
    both_nan = np.isnan(a) & np.isnan(b)
    close = np.isclose(a, b, rtol=rtol, atol=atol, equal_nan=False) | both_nan
    return not bool(np.all(close))


@dataclasses.dataclass
class Divergence:
    """Where two traced runs first differ."""
    call: int                 # index of the Session.run call (-1 for an eager op)
    kind: str                 # "op", "variable" (its value after the call: its update/gradient) or "eager op"
    tf_name: str
    tf_type: str
    tc_name: str
    tc_type: str
    source: str               # the script line that created the op (TF's traceback, else tfcompat's)
    matched_by: str           # "name" or "position" (op-type sequence alignment)
    tf_value: np.ndarray
    tc_value: np.ndarray
    max_abs: float
    max_rel: float            # |TF - tfcompat| / max(|TF|, |tfcompat|), over the nonzero elements
    compared: int             # tensors compared (equal) before this one


def _is_gradient_op(tensor_name: str) -> bool:
    return tensor_name.startswith("gradients") or "/gradients" in tensor_name or "_grad/" in tensor_name


def _carried_elsewhere(a: np.ndarray, tc_rows: list, tc_rec: Record, table: dict) -> bool:
    """Whether some tfcompat tensor of the call holds TF's value ``a`` (then a differing pair was mismatched)."""
    for row in tc_rows:
        b = tc_rec.array(row[3])
        if b.shape == a.shape and b.dtype == a.dtype and not values_differ(a, b, table, True):
            return True
    return False


def _pairs(tf_rows: list, tc_rows: list, tf_rec: Record, tc_rec: Record) -> list:
    """(tf row index, tc row index, how) pairs: same name, type, shape and dtype; then the rest aligned by
    op-type sequence (same shape and dtype)."""
    by_name = {row[0]: j for j, row in enumerate(tc_rows)}
    pairs, used_tc = [], set()
    rest_tf = []
    for i, row in enumerate(tf_rows):
        j = by_name.get(row[0])
        if j is not None and tc_rows[j][1] == row[1]:
            a, b = tf_rec.array(row[3]), tc_rec.array(tc_rows[j][3])
            if a.shape == b.shape and a.dtype == b.dtype:
                pairs.append((i, j, "name"))
                used_tc.add(j)
                continue
        rest_tf.append(i)
    # TF's gradient ops (tf.gradients' "gradients/..." scope) have no op-by-op counterpart in tfcompat, which
    # differentiates with torch autograd: they are compared by name only.
    rest_tf = [i for i in rest_tf if not _is_gradient_op(tf_rows[i][0])]
    rest_tc = [j for j in range(len(tc_rows)) if j not in used_tc]
    matcher = difflib.SequenceMatcher(None, [tf_rows[i][1] for i in rest_tf], [tc_rows[j][1] for j in rest_tc],
                                      autojunk=False)
    for block in matcher.get_matching_blocks():
        for k in range(block.size):
            i, j = rest_tf[block.a + k], rest_tc[block.b + k]
            a, b = tf_rec.array(tf_rows[i][3]), tc_rec.array(tc_rows[j][3])
            if a.shape == b.shape and a.dtype == b.dtype:
                pairs.append((i, j, "position"))
    return sorted(pairs)


def _eager_divergence(tf_rec: Record, tc_rec: Record, table: dict):
    """The first differing eager op (TF2): the two op sequences aligned by op type, outputs compared in order."""
    tf_rows, tc_rows = tf_rec.manifest.get("eager_trace", []), tc_rec.manifest.get("eager_trace", [])
    matcher = difflib.SequenceMatcher(None, [r[0] for r in tf_rows], [r[0] for r in tc_rows], autojunk=False)
    compared = 0
    for block in matcher.get_matching_blocks():
        for k in range(block.size):
            i, j = block.a + k, block.b + k
            (op_type, tf_source, tf_keys), (_, tc_source, tc_keys) = tf_rows[i], tc_rows[j]
            for n, (ka, kb) in enumerate(zip(tf_keys, tc_keys)):
                if ka is None or kb is None:
                    continue
                a, b = tf_rec.array(ka), tc_rec.array(kb)
                if a.shape != b.shape or a.dtype != b.dtype:
                    continue  # not the same tensor: the alignment paired different ops of one type
                if values_differ(a, b, table, True) and not _eager_carried_elsewhere(a, tc_rows, j, tc_rec, table):
                    max_abs, max_rel = _errors(a, b)
                    return Divergence(-1, "eager op", f"eager op #{i} output {n}", op_type,
                                      f"eager op #{j} output {n}", op_type, tf_source or tc_source, "position",
                                      a, b, max_abs, max_rel, compared), {"compared": compared,
                                                                          "tf_only": len(tf_rows) - block.size}
                compared += 1
    return None, {"compared": compared, "tf_only": max(0, len(tf_rows) - compared)}


def _eager_carried_elsewhere(a, tc_rows, j, tc_rec, table, window: int = 200) -> bool:
    for row in tc_rows[max(0, j - window):j + window]:
        for key in row[2]:
            if key is not None:
                b = tc_rec.array(key)
                if b.shape == a.shape and b.dtype == a.dtype and not values_differ(a, b, table, True):
                    return True
    return False


def first_divergence(tf_rec: Record, tc_rec: Record, rtol: float = 1e-5, atol: float = 1e-6):
    """The first Divergence (by Session.run call, then TF's execution order, then the variables after the
    call), or None when every paired tensor and variable agrees. A differing pair whose TF value some other
    tfcompat tensor of the call holds is taken for a mismatched pair, not a divergence. Second value: counts
    ``{"compared": n, "tf_only": n}``."""
    table = tolerances(rtol, atol)
    if tf_rec.manifest.get("eager_trace"):
        return _eager_divergence(tf_rec, tc_rec, table)
    compared = tf_only = 0
    for call in sorted(int(k) for k in tf_rec.manifest["trace"]):
        tf_rows = tf_rec.manifest["trace"][str(call)]
        tc_rows = tc_rec.manifest["trace"].get(str(call), [])
        pairs = _pairs(tf_rows, tc_rows, tf_rec, tc_rec)
        tf_only += len(tf_rows) - len(pairs)
        for i, j, how in pairs:
            a, b = tf_rec.array(tf_rows[i][3]), tc_rec.array(tc_rows[j][3])
            if values_differ(a, b, table, True) and not _carried_elsewhere(a, tc_rows, tc_rec, table):
                max_abs, max_rel = _errors(a, b)
                return Divergence(call, "op", tf_rows[i][0], tf_rows[i][1], tc_rows[j][0], tc_rows[j][1],
                                  tf_rows[i][2] or tc_rows[j][2], how, a, b, max_abs, max_rel, compared), \
                    {"compared": compared, "tf_only": tf_only}
            compared += 1
        tc_vars = {name: key for name, key in tc_rec.manifest["vars_after"].get(str(call), [])}
        for name, key in tf_rec.manifest["vars_after"].get(str(call), []):
            if name not in tc_vars:
                continue
            a, b = tf_rec.array(key), tc_rec.array(tc_vars[name])
            if values_differ(a, b, table, True) and not _carried_elsewhere(a, tc_rows, tc_rec, table):
                max_abs, max_rel = _errors(a, b) if a.shape == b.shape else (float("nan"), float("nan"))
                return Divergence(call, "variable", name, "Variable", name, "Variable", "", "name", a, b,
                                  max_abs, max_rel, compared), {"compared": compared, "tf_only": tf_only}
            compared += 1
    return None, {"compared": compared, "tf_only": tf_only}


def _short(value: np.ndarray) -> str:
    text = np.array2string(np.asarray(value).ravel()[:8], precision=6, separator=", ", max_line_width=10**6)
    more = " ..." if np.asarray(value).size > 8 else ""
    return f"{text}{more} (shape {list(np.shape(value))}, {np.asarray(value).dtype})"


def format_divergence(d: Divergence | None, counts: dict, rtol: float, atol: float) -> str:
    """A human-readable report of ``first_divergence``'s result."""
    if d is None:
        return (f"no divergence: {counts['compared']} traced tensors and variables agree "
                f"(rtol={rtol}, atol={atol}; {counts['tf_only']} TF tensors had no tfcompat counterpart)")
    if d.kind == "eager op":
        lines = [f"first divergence: {d.tf_name} ({d.tf_type}; tfcompat's {d.tc_name}, aligned by op type)"]
    else:
        what = (f"op '{d.tf_name}' (TF {d.tf_type}; tfcompat '{d.tc_name}' {d.tc_type}, matched by {d.matched_by})"
                if d.kind == "op" else f"variable '{d.tf_name}' after the call (its update: gradient or optimizer)")
        lines = [f"first divergence: Session.run call #{d.call}, {what}"]
    if d.source:
        lines.append(f"  created at {d.source}")
    lines += [f"  TensorFlow: {_short(d.tf_value)}", f"  tfcompat:   {_short(d.tc_value)}",
              f"  max abs err {d.max_abs:.3g}, max rel err {d.max_rel:.3g} (rtol={rtol}, atol={atol}); "
              f"{d.compared} tensors agreed before it"]
    return "\n".join(lines)
