"""``tf.raw_ops``: every op tfcompat runs that has a TF signature (``protos/op_signatures.py``), callable as
``tf.raw_ops.Name(input_arg=..., attr=..., name=None)`` with keyword arguments only, as TF's generated wrappers.

Nothing here knows an op: a call checks the keywords against TF's signature (inputs, then attributes without a
default, then those with one; type attributes inferred from the inputs and list lengths are not arguments),
converts the inputs as TF's wrappers do (inputs sharing a type attribute take the first tensor's dtype), and
builds the node through the ``tf.import_graph_def`` converters (``framework/importer.py``), which already map TF's
NodeDef inputs and attributes onto tfcompat's registered kernels. Deviation: ops with no row in the signature
table, or no tfcompat kernel or converter, are missing (AttributeError), and the wrappers have no docstrings."""
from __future__ import annotations

import collections
import functools
import inspect
import keyword
from typing import Callable

import numpy as np

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework import importer
from tfcompat._src.framework import op_def as op_def_lib
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.protos.graph import NodeDef
from tfcompat._src.protos.op_signatures import SIGNATURES, signature

__all__ = ["raw_op", "raw_op_names", "snake_case", "namespace_getattr", "namespace_dir"]

# TF's API definitions rename a few OpDef arguments in the python wrappers (api_def ``rename_to``).
_RENAMES = {op: {"reduction_indices": "axis"} for op in ("All", "Any", "Max", "Mean", "Min", "Prod", "Sum")}
_RENAMES.update({"ExpandDims": {"dim": "axis"}, "Select": {"t": "x", "e": "y"}, "Split": {"split_dim": "axis"},
                 "SplitV": {"split_dim": "axis"}, "Squeeze": {"squeeze_dims": "axis"}, "Where": {"input": "condition"}})
# Ops TF's generator writes with a leading underscore (hidden in their API definitions, or python builtins' names):
# the name their TypeErrors carry (``_sum() missing ...``).
_HIDDEN = frozenset(("Abs", "All", "Any", "Assert", "ClipByValue", "Complex", "Exit", "FusedBatchNorm", "If", "Max",
                     "Min", "Pow", "Print", "Range", "Slice", "Sum", "While"))


def snake_case(op_type: str) -> str:
    """TF's python name of an op (``AddV2`` -> ``add_v2``, ``Conv2D`` -> ``conv2d``), as its op generator
    writes it: an underscore before an upper-case letter that follows a lower-case one or precedes one."""
    out = []
    last = len(op_type) - 1
    for i, c in enumerate(op_type):
        if c.isupper() and i > 0 and (op_type[i - 1].islower() or (i < last and op_type[i + 1].islower())):
            out.append("_")
        out.append(c.lower())
    return "".join(out)


def _parse_default(kind: str, text: str):
    if text == "?":
        return None   # an unknown shape (TF's wrappers show None)
    if kind == "bool":
        return text == "true"
    if kind.startswith("list("):
        inner = kind[5:-1]
        items = [x for x in text.strip("[]").split(",") if x.strip()]
        return [_parse_default(inner, x.strip()) for x in items]
    if kind == "int":
        return int(text)
    if kind == "float":
        return float(str(np.float32(text)))   # the shortest float32 text, as TF's wrappers show (0.2)
    if kind == "type":
        return dtypes.as_dtype(text)
    if kind == "string":
        return text[1:-1].encode().decode("unicode_escape")
    return text


class _Spec:
    """The python-facing signature of one raw op: parameter names, required ones, defaults, type inference."""

    def __init__(self, op_type: str):
        sig = signature(op_type)
        renames = _RENAMES.get(op_type, {})
        self.op_type = op_type
        self.snake = ("_" if op_type in _HIDDEN else "") + snake_case(op_type)
        self.sig = sig
        inferred = set()
        for arg in sig.inputs:
            inferred.update(a for a in (arg.type_attr, arg.number_attr, arg.type_list_attr) if a)

        def py(arg_name):
            arg_name = renames.get(arg_name, arg_name)
            return arg_name + "_" if keyword.iskeyword(arg_name) else arg_name   # (TF's lambda_)

        self.inputs = [(arg, py(arg.name)) for arg in sig.inputs]
        no_default = [(n, k) for n, (k, d) in sig.attrs.items() if n not in inferred and d is None]
        with_default = [(n, k, d) for n, (k, d) in sig.attrs.items() if n not in inferred and d is not None]
        self.attrs = {py(n): (n, k) for n, k in no_default}
        self.attrs.update({py(n): (n, k) for n, k, _ in with_default})
        self.required = [p for _, p in self.inputs] + [py(n) for n, _ in no_default]
        self.defaults = {n: _parse_default(k, d) for n, (k, d) in sig.attrs.items() if d is not None}
        self.params = self.required + [py(n) for n, _, _ in with_default] + ["name"]
        params = [inspect.Parameter(p, inspect.Parameter.POSITIONAL_OR_KEYWORD) for p in self.required]
        params += [inspect.Parameter(py(n), inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                     default=self.defaults[n]) for n, _, _ in with_default]
        params.append(inspect.Parameter("name", inspect.Parameter.POSITIONAL_OR_KEYWORD, default=None))
        self.signature = inspect.Signature(params)
        # TF1 reference arguments (Assign's output_ref): TF's wrappers refuse to run such an op eagerly.
        refs = [a.name for a in sig.outputs if a.is_ref] + [a.name for a in sig.inputs if a.is_ref]
        self.ref_arg = refs[0] if refs else None
        names = [a.name for a in sig.outputs]
        self.result = (collections.namedtuple(op_type, names) if len(names) > 1 else None)

    def check_arguments(self, args, kwargs):
        """TypeError as python (and TF's keyword-only wrapper) words it for a wrong call."""
        if args:
            raise TypeError(f"{self.snake} only takes keyword args (possible keys: {self.params}). Please pass "
                            f"these args as kwargs instead.")
        for key in kwargs:
            if key not in self.params:
                raise TypeError(f"{self.snake}() got an unexpected keyword argument '{key}'")
        missing = [f"'{p}'" for p in self.required if p not in kwargs]
        if missing:
            listed = missing[0] if len(missing) == 1 else (
                " and ".join(missing) if len(missing) == 2 else ", ".join(missing[:-1]) + ", and " + missing[-1])
            plural = "s" if len(missing) > 1 else ""
            raise TypeError(f"{self.snake}() missing {len(missing)} required positional argument{plural}: {listed}")


_SCALAR_KINDS = {"int": (int, "int"), "float": ((int, float), "float"), "bool": (bool, "bool"),
                 "string": ((str, bytes), "string")}


def _attr_value(spec: _Spec, py: str, kind: str, value):
    """A python attribute value as the import converters take it; TypeError worded as TF's wrappers."""
    if kind == "shape":
        return TensorShape(value)
    if value is None:
        return None
    if kind == "type":
        try:
            return dtypes.as_dtype(value)
        except TypeError:
            raise TypeError(f"Expected DataType for argument '{py}' not {value!r}.") from None
    if kind.startswith("list("):
        if not isinstance(value, (list, tuple)):
            raise TypeError(f"Expected list for '{py}' argument to '{spec.snake}' Op, not {value!r}.")
        return [dtypes.as_dtype(v) for v in value] if kind == "list(type)" else list(value)
    if kind in _SCALAR_KINDS:
        types, word = _SCALAR_KINDS[kind]
        value = value.item() if isinstance(value, np.generic) else value
        if not isinstance(value, types) or (kind in ("int", "float") and isinstance(value, bool)):
            raise TypeError(f"Expected {word} for argument '{py}' not {value!r}.")
        if kind == "string" and isinstance(value, bytes):
            return value.decode("utf-8")
    return value


def _convert_group(spec: _Spec, py: str, value, dtype, graph):
    """``value`` as a tensor of the type attribute's ``dtype``: tensors as they are (dispatch words a mismatch as
    TF does), python values converted, with TF's graph-mode wording when they cannot be."""
    if dtype is None or isinstance(value, Tensor) or hasattr(value, "_as_tensor"):
        return convert_to_tensor(value)
    if graph is None:
        return convert_to_tensor(value, dtype=dtype)
    try:
        return convert_to_tensor(value, dtype=dtype)
    except (TypeError, ValueError):
        raise TypeError(f"Expected {dtype.name} passed to parameter '{py}' of op '{spec.op_type}', got {value!r} of "
                        f"type '{type(value).__name__}' instead. Error: Expected {dtype.name}, but got {value!r} of "
                        f"type '{type(value).__name__}'.") from None


def _convert_inputs(spec: _Spec, kwargs, attrs) -> list:
    """The inputs as tensors, in TF's order, list arguments flattened; fills the inferred type/number attrs."""
    by_type: dict[str, list] = collections.defaultdict(list)   # type attr -> [(arg, py name)]
    for arg, py in spec.inputs:
        if arg.type_attr:
            by_type[arg.type_attr].append((arg, py))
    converted: dict[str, object] = {}
    for type_attr, args in by_type.items():
        values = []
        for arg, py in args:
            value = kwargs[py]
            items = list(value) if arg.number_attr else [value]
            if arg.number_attr:
                attrs[arg.number_attr] = len(items)
            values.append((py, items))
        flat = [v for _, items in values for v in items]
        dtype = attrs.get(type_attr)
        if dtype is None:
            first = next((v for v in flat if isinstance(v, Tensor) or hasattr(v, "_as_tensor")), None)
            if first is not None:
                dtype = first.dtype   # (a variable's, without adding a read to the graph)
            elif flat:
                dtype = convert_to_tensor(flat[0], dtype_hint=spec.defaults.get(type_attr)).dtype
        graph = ctx_lib.graph_mode_graph()
        for py, items in values:
            converted[py] = [_convert_group(spec, py, v, dtype, graph) for v in items]
        if dtype is not None:
            attrs[type_attr] = dtype
    out = []
    for arg, py in spec.inputs:
        if py in converted:
            out.extend(converted[py])
        elif arg.type_list_attr:
            ts = [convert_to_tensor(v) for v in kwargs[py]]
            attrs[arg.type_list_attr] = [t.dtype for t in ts]
            out.extend(ts)
        elif arg.number_attr:
            ts = [convert_to_tensor(v, dtype=arg.dtype) for v in kwargs[py]]
            attrs[arg.number_attr] = len(ts)
            out.extend(ts)
        elif arg.dtype == "resource":   # a variable (its eager handle) or a graph handle tensor: never read
            out.append(kwargs[py])
        else:
            out.append(convert_to_tensor(kwargs[py], dtype=arg.dtype or None))
    return out


def _call(spec: _Spec, args, kwargs):
    spec.check_arguments(args, kwargs)
    graph = ctx_lib.graph_mode_graph()
    if graph is None and spec.ref_arg is not None:
        raise RuntimeError(f"{spec.snake} op does not support eager execution. Arg '{spec.ref_arg}' is a ref.")
    attrs = {}
    for py, (attr, kind) in spec.attrs.items():
        if py in kwargs or attr in spec.defaults:
            attrs[attr] = _attr_value(spec, py, kind, kwargs[py] if py in kwargs else spec.defaults[attr])
    inputs = _convert_inputs(spec, kwargs, attrs)
    for attr, value in spec.defaults.items():   # defaults of inferred type attributes (Tidx=int32) left unset
        attrs.setdefault(attr, value)
    name = kwargs.get("name")
    if name is None and (graph is not None or spec.op_type in importer.CONVERTERS):
        name = spec.op_type   # (eagerly, a kernel error names the op only when given a name, as TF's)
    node = NodeDef(name=name or spec.op_type, op=spec.op_type)
    ctx = importer.ImportContext(node, name, attrs, graph, {"prefix": "", "variables": {}, "outputs": {},
                                                            "cond_context": {}})
    ctx.cond_context = ()
    result = importer._convert(ctx, inputs)   # the import converters are the one TF-NodeDef-to-kernel mapping
    if spec.result is not None and isinstance(result, (list, tuple)):
        return spec.result(*result)
    if not spec.sig.outputs:   # TF: the Operation in a graph, None eagerly (tfcompat's op may have outputs)
        if graph is None:
            return None
        if isinstance(result, (list, tuple)):
            result = result[0]
        return result.op if isinstance(result, Tensor) else result
    return result


@functools.lru_cache(maxsize=None)
def raw_op(op_type: str) -> Callable:
    """``tf.raw_ops.<op_type>`` (AttributeError for an op tfcompat does not expose)."""
    if op_type not in raw_op_names():
        raise AttributeError(f"module 'tfcompat.raw_ops' has no attribute '{op_type}'")
    spec = _Spec(op_type)

    def wrapper(*args, **kwargs):
        return _call(spec, args, kwargs)

    wrapper.__name__ = wrapper.__qualname__ = op_type
    wrapper.__signature__ = spec.signature
    wrapper.__doc__ = f"Mirrors ``tf.raw_ops.{op_type}`` (TF op ``{op_type}``); keyword arguments only."
    return wrapper


@functools.lru_cache(maxsize=None)
def _kernel_takes_tf_arguments(op_type: str) -> bool:
    """Whether the generic import converter can call ``op_type``'s kernel with TF's inputs and attributes: one
    positional parameter per TF input (or ``*args`` for list inputs), and every other parameter without a
    default a keyword-only one named after a TF attribute. Kernels taking TF inputs as python attributes
    (``ReverseV2``'s ``axis``) or extra state (``RandomUniform``'s ``state``) need a converter, which they lack."""
    sig = signature(op_type)
    op_def = op_def_lib.REGISTRY[op_type]
    try:
        params = list(inspect.signature(op_def.kernel).parameters.values())
    except (TypeError, ValueError):   # builtins (torch.abs): inputs only
        return True
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    has_list = any(a.number_attr or a.type_list_attr for a in sig.inputs)
    if not has_list and not any(p.kind == p.VAR_POSITIONAL for p in params) and len(positional) < len(sig.inputs):
        return False
    if any(p.default is p.empty for p in positional[len(sig.inputs):]):
        return False
    known = set(sig.attrs) | ({"device"} if op_def.creates else set())
    return all(p.name in known for p in params if p.kind == p.KEYWORD_ONLY and p.default is p.empty)


def raw_op_names() -> frozenset:
    """The op types ``tf.raw_ops`` exposes: in TF's signatures, with an import converter or a kernel taking TF's
    arguments. Read at call time: converters above the framework register when tfcompat is imported."""
    return frozenset(n for n in SIGNATURES if n in importer.CONVERTERS or (
        n in op_def_lib.REGISTRY and _kernel_takes_tf_arguments(n)))


def namespace_getattr(name: str):
    """The module ``__getattr__`` of ``tfcompat.raw_ops``."""
    if name.startswith("__"):
        raise AttributeError(f"module 'tfcompat.raw_ops' has no attribute '{name}'")
    return raw_op(name)


def namespace_dir() -> list:
    """The module ``__dir__`` of ``tfcompat.raw_ops``."""
    return sorted(raw_op_names())
