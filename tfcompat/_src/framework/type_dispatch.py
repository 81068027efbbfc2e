"""TF's type-based API dispatch (``tensorflow/python/util/dispatch.py``): ``tf.experimental.dispatch_for_api``,
``dispatch_for_unary_elementwise_apis``, ``dispatch_for_binary_elementwise_apis``,
``dispatch_for_binary_elementwise_assert_apis`` and ``unregister_dispatch_for``.

A dispatch target registered for a public function is called instead of it when the arguments match one of the
target's type signatures (``{param: annotation}``; annotations are types, ``Union[...]``, ``Optional[...]``,
``List[...]``) and at least one annotated argument holds a composite value (an ExtensionType, RaggedTensor,
SparseTensor ...: a non-``tf.Tensor`` with a ``_type_spec``), as TF requires; otherwise the function runs as usual.

How it is reached: TF wraps every public function in a dispatcher at definition. tfcompat keeps its op functions
unwrapped (no extra call per op) and instead, when the first target is registered for a function, replaces the
public names bound to it (``tfcompat.add``, ``tfcompat.math.add``, ``tfcompat.compat.v1.add`` ...) by a dispatching
wrapper; unregistering the last target puts the original back. So calls through the public namespaces dispatch
(also when the dispatch target calls the API again: it gets the original through ``api_func``), while tfcompat's
internal calls and references taken before the registration do not (known deviation
``type-dispatch-public-names``). A function with ``*args``/``**kwargs`` does not support dispatch, as in TF."""
from __future__ import annotations

import functools
import inspect
import sys
import typing
from typing import Any, Callable

from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework.tensor import Tensor

__all__ = ["dispatch_for_api", "dispatch_for_binary_elementwise_apis", "dispatch_for_binary_elementwise_assert_apis",
           "dispatch_for_unary_elementwise_apis", "unregister_dispatch_for", "dispatching"]

# TF 2.21's registered elementwise APIs (dispatch.unary_elementwise_apis() & co.), by public name under ``tf.``;
# names tfcompat does not provide are skipped.
UNARY_ELEMENTWISE_APIS = (
    "zeros_like", "ones_like", "debugging.check_numerics", "abs", "math.softplus", "sign", "math.real", "math.imag",
    "math.angle", "round", "cast", "saturate_cast", "compat.v1.to_float", "compat.v1.to_double",
    "compat.v1.to_int32", "compat.v1.to_int64", "compat.v1.to_bfloat16", "compat.v1.to_complex64",
    "compat.v1.to_complex128", "sigmoid", "math.log_sigmoid", "math.conj", "math.reciprocal_no_nan",
    "math.erfinv", "math.ndtri", "math.erfcinv", "math.ceil", "sqrt", "exp", "math.rsqrt", "acos", "floor",
    "bitwise.invert", "acosh", "asin", "asinh", "atan", "atanh", "cos", "cosh", "math.digamma", "math.erf",
    "math.erfc", "math.expm1", "math.is_finite", "math.is_inf", "math.is_nan", "math.lgamma", "math.log",
    "math.log1p", "logical_not", "negative", "math.nextafter", "math.reciprocal", "math.rint", "sin", "sinh",
    "square", "tan", "tanh", "nn.relu6", "nn.leaky_relu", "nn.gelu", "nn.log_softmax", "nn.elu", "nn.relu",
    "nn.selu", "math.softsign", "strings.regex_full_match", "strings.regex_replace", "strings.length",
    "strings.substr", "strings.to_number", "strings.to_hash_bucket", "as_string", "io.decode_base64",
    "io.encode_base64", "strings.lower", "strings.upper", "strings.unicode_transcode", "strings.strip",
    "strings.to_hash_bucket_fast", "strings.to_hash_bucket_strong", "strings.unicode_script", "math.special.dawsn",
    "math.special.expint", "math.special.fresnel_cos", "math.special.fresnel_sin", "math.special.spence",
    "math.bessel_i0", "math.bessel_i0e", "math.bessel_i1", "math.bessel_i1e", "math.special.bessel_k0",
    "math.special.bessel_k0e", "math.special.bessel_k1", "math.special.bessel_k1e", "math.special.bessel_j0",
    "math.special.bessel_j1", "math.special.bessel_y0", "math.special.bessel_y1", "clip_by_value", "nn.silu",
    "image.random_brightness", "image.stateless_random_brightness", "image.adjust_brightness",
    "image.adjust_gamma", "image.convert_image_dtype", "io.decode_compressed")
BINARY_ELEMENTWISE_APIS = (
    "divide", "multiply", "subtract", "scalar_mul", "pow", "complex", "truediv", "compat.v1.div",
    "math.divide_no_nan", "math.multiply_no_nan", "math.floordiv", "math.logical_xor", "equal", "not_equal", "add",
    "math.xdivy", "math.xlog1py", "bitwise.bitwise_and", "bitwise.bitwise_or", "bitwise.bitwise_xor",
    "bitwise.left_shift", "bitwise.right_shift", "atan2", "compat.v1.floor_div", "math.floormod", "greater",
    "greater_equal", "less", "less_equal", "logical_and", "logical_or", "maximum", "minimum", "realdiv",
    "math.squared_difference", "truncatediv", "truncatemod", "math.xlogy", "math.zeta",
    "nn.sigmoid_cross_entropy_with_logits")
BINARY_ELEMENTWISE_ASSERT_APIS = (
    "debugging.assert_equal", "compat.v1.assert_equal", "debugging.assert_none_equal",
    "compat.v1.assert_none_equal", "debugging.assert_near", "compat.v1.assert_near", "debugging.assert_less",
    "compat.v1.assert_less", "debugging.assert_less_equal", "compat.v1.assert_less_equal",
    "debugging.assert_greater", "compat.v1.assert_greater", "debugging.assert_greater_equal",
    "compat.v1.assert_greater_equal")

_ASSERT = "assert"
_ORIGINAL = "_tfcompat_dispatch_original"

# original api -> [(checker, target)], in registration order; original api -> its dispatching wrapper.
_TARGETS: dict[Callable, list[tuple[Callable, Callable]]] = {}
_WRAPPERS: dict[Callable, Callable] = {}
# user target (as registered) -> [(api, installed target)].
_REGISTERED: dict[Callable, list[tuple[Callable, Callable]]] = {}
# (x_type,) / (x_type, y_type) / (x_type, y_type, "assert") -> handler.
_ELEMENTWISE_HANDLERS: dict[tuple, Callable] = {}


# ------------------------------------------------------------------------------------------------
# public names
# ------------------------------------------------------------------------------------------------
def _public_modules():
    return [m for name, m in list(sys.modules.items())
            if m is not None and (name == "tfcompat" or name.startswith("tfcompat.")) and "._" not in name]


def _bindings_index() -> dict[int, list[tuple[Any, str]]]:
    """id(value) -> its (module, attribute) bindings in the public tfcompat namespaces."""
    index: dict[int, list[tuple[Any, str]]] = {}
    for m in _public_modules():
        for k, v in list(vars(m).items()):
            if callable(v) and not k.startswith("_"):
                index.setdefault(id(v), []).append((m, k))
    return index


_INDEX: list = []   # the index of the registration call in progress (one scan of the namespaces per call)


def _public_bindings(fn) -> list[tuple[Any, str]]:
    """(module, attribute) pairs of the public tfcompat namespaces bound to ``fn``."""
    index = _INDEX[-1] if _INDEX else _bindings_index()
    return [(m, k) for m, k in index.get(id(fn), ()) if vars(m).get(k) is fn]


class _scan:
    """Shares one namespace scan among the lookups of one registration (elementwise ones install ~100 APIs)."""

    def __enter__(self):
        _INDEX.append(_INDEX[-1] if _INDEX else _bindings_index())

    def __exit__(self, *exc):
        _INDEX.pop()


def _resolve(path: str):
    obj = sys.modules.get("tfcompat")
    for part in path.split("."):
        obj = getattr(obj, part, None) if obj is not None else None
    return getattr(obj, _ORIGINAL, obj) if callable(obj) else None


def _original(api):
    return getattr(api, _ORIGINAL, api)


def _check_dispatchable(api) -> inspect.Signature:
    err = ValueError(f"{api} does not support dispatch.")
    if not callable(api) or isinstance(api, type) or not _public_bindings(_WRAPPERS.get(api, api)):
        raise err
    try:
        sig = inspect.signature(api)
    except (TypeError, ValueError):
        raise err from None
    if any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in sig.parameters.values()):
        raise err
    return sig


def _install(api) -> None:
    if api in _WRAPPERS:
        return
    sig = inspect.signature(api)
    names = list(sig.parameters)

    @functools.wraps(api)
    def dispatching(*args, **kwargs):
        found = None
        for checker, target in _TARGETS.get(api, ()):
            if target is not found and checker(args, kwargs):
                if found is not None:   # TF's dispatcher refuses to choose (no specificity order here)
                    raise ValueError(f"Multiple dispatch targets that were registered with tf.dispatch_for "
                                     f"({found} and {target}) match the arguments to {api.__name__}")
                found = target
        return api(*args, **kwargs) if found is None else found(*args, **kwargs)

    setattr(dispatching, _ORIGINAL, api)
    dispatching._param_names = names
    bindings = _public_bindings(api)
    for module, attr in bindings:
        setattr(module, attr, dispatching)
    if _INDEX:
        _INDEX[-1][id(dispatching)] = bindings
    _WRAPPERS[api] = dispatching


def dispatching(api: Callable) -> Callable:
    """``api`` as its public names call it: its dispatching wrapper while a target is registered for it, else
    ``api``. For the few internal calls that TF's users reach with composite values through dispatch (a Keras
    Dense layer's matmul on an ExtensionType input, as in TF's extension_type guide)."""
    return _WRAPPERS.get(_original(api), api)


def _uninstall(api) -> None:
    wrapper = _WRAPPERS.pop(api, None)
    if wrapper is None:
        return
    bindings = _public_bindings(wrapper)
    for module, attr in bindings:
        setattr(module, attr, api)
    if _INDEX:
        _INDEX[-1][id(api)] = bindings


# ------------------------------------------------------------------------------------------------
# signatures
# ------------------------------------------------------------------------------------------------
def _is_composite(value) -> bool:
    return not isinstance(value, Tensor) and hasattr(value, "_type_spec")


def _type_checker(annotation) -> Callable[[Any], tuple[bool, bool]]:
    """A function value -> (matches, holds a composite value) for one annotation."""
    origin = typing.get_origin(annotation)
    if origin is typing.Union or (origin is not None and type(annotation).__name__ == "UnionType"):
        options = [_type_checker(a) for a in typing.get_args(annotation)]

        def check_union(v):
            for option in options:
                ok, composite = option(v)
                if ok:
                    return True, composite
            return False, False
        return check_union
    if origin is list:
        args = typing.get_args(annotation)
        if len(args) != 1:
            raise AssertionError("Expected List[...] to have a single type parameter")
        element = _type_checker(args[0])

        def check_list(v):
            if not isinstance(v, (list, tuple)):
                return False, False
            results = [element(e) for e in v]
            return all(ok for ok, _ in results), any(c for _, c in results)
        return check_list
    if annotation is None:
        annotation = type(None)
    if isinstance(annotation, type):
        return lambda v: (isinstance(v, annotation), isinstance(v, annotation) and _is_composite(v))
    raise ValueError(f"Type annotation {annotation} is not currently supported by dispatch.  Supported "
                     f"annotations: type objects,  List[...], and Union[...]")


def _signature_checker(api_sig: inspect.Signature, signature) -> Callable[[tuple, dict], bool]:
    if not (isinstance(signature, dict) and all(isinstance(k, (str, int)) for k in signature)):
        raise TypeError("signatures must be dictionaries mapping parameter names to type annotations.")
    params = list(api_sig.parameters.values())
    checks = []
    for key, annotation in signature.items():
        if isinstance(key, int) and key < len(params):
            key = params[key].name
        param = api_sig.parameters.get(key) if isinstance(key, str) else None
        if param is None:
            raise ValueError(f"signature includes annotation for unknown parameter {key!r}.")
        if param.kind not in (param.POSITIONAL_ONLY, param.POSITIONAL_OR_KEYWORD):
            raise ValueError(f"Dispatch currently only supports type annotations for positional parameters; can't "
                             f"handle annotation for {param.kind!r} parameter {key}.")
        default = None if param.default is param.empty else param.default
        checks.append((params.index(param), key, default, _type_checker(annotation)))

    def matches(args, kwargs) -> bool:
        any_composite = False
        for index, key, default, check in checks:
            value = args[index] if index < len(args) else kwargs.get(key, default)
            ok, composite = check(value)
            if not ok:
                return False
            any_composite = any_composite or composite
        return any_composite
    return matches


def _check_target_signature(api_sig: inspect.Signature, target) -> None:
    target_sig = inspect.signature(target)
    kinds = [p.kind for p in target_sig.parameters.values()]
    if kinds == [inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD]:
        return
    ok = len(api_sig.parameters) == len(target_sig.parameters) and all(
        a.name == b.name and a.kind == b.kind for a, b in zip(api_sig.parameters.values(),
                                                             target_sig.parameters.values()))
    if not ok:
        raise ValueError(f"Dispatch function's signature {target_sig} does not match API's signature {api_sig}.")


def _with_name_scope(target, api_sig: inspect.Signature):
    """A target without the API's ``name`` parameter runs under ``tf.name_scope(name)`` (TF's wrapper)."""
    if "name" not in api_sig.parameters:
        return target
    target_sig = inspect.signature(target)
    if "name" in target_sig.parameters or any(p.kind is p.VAR_KEYWORD for p in target_sig.parameters.values()):
        return target
    name_index = list(api_sig.parameters).index("name")

    @functools.wraps(target)
    def scoped(*args, **kwargs):
        if name_index < len(args):
            name = args[name_index]
            args = args[:name_index] + args[name_index + 1:]
        else:
            name = kwargs.pop("name", None)
        if name is None:
            return target(*args, **kwargs)
        with name_scope(name):
            return target(*args, **kwargs)
    scoped.__signature__ = target_sig.replace(
        parameters=list(target_sig.parameters.values()) + [api_sig.parameters["name"]])
    return scoped


# ------------------------------------------------------------------------------------------------
# public API
# ------------------------------------------------------------------------------------------------
def dispatch_for_api(api: Callable, *signatures: dict):
    """Mirrors ``tf.experimental.dispatch_for_api``: a decorator making the decorated function (the dispatch
    target) run instead of ``api`` when the arguments match one of ``signatures`` (``{param name or index: type
    annotation}``), or the target's own parameter annotations when none is given.

    Raises:
      ValueError: ``api`` does not support dispatch (not a public tfcompat function, or it takes ``*args``), the
        target's signature differs from the API's, or an annotation is not supported.
      TypeError: a signature is not a dict, or the target is not callable.

    Differs from TF: only calls through the public namespaces dispatch (``type-dispatch-public-names``)."""
    api = _original(api)
    with _scan():
        api_sig = _check_dispatchable(api)
    checkers = [_signature_checker(api_sig, s) for s in signatures]

    def decorator(dispatch_target):
        if not callable(dispatch_target):
            raise TypeError(f"Expected dispatch_target to be callable; got {dispatch_target!r}")
        target = _with_name_scope(dispatch_target, api_sig)
        _check_target_signature(api_sig, target)
        own = checkers
        if not own:
            annotations = {name: p.annotation for name, p in inspect.signature(dispatch_target).parameters.items()
                           if p.annotation is not inspect.Parameter.empty}
            if not annotations:
                raise ValueError("The dispatch_for_api decorator must be called with at least one signature, or "
                                 "applied to a function that has type annotations on its parameters.")
            own = [_signature_checker(api_sig, annotations)]
        with _scan():
            _install(api)
        entries = _TARGETS.setdefault(api, [])
        entries.extend((checker, target) for checker in own)
        _REGISTERED.setdefault(dispatch_target, []).append((api, target))
        return dispatch_target
    return decorator


def unregister_dispatch_for(dispatch_target: Callable) -> None:
    """Mirrors ``tf.experimental.unregister_dispatch_for``: removes a function registered with a
    ``dispatch_for_*`` decorator.

    Raises:
      ValueError: ``dispatch_target`` was not registered."""
    with _scan():
        _unregister(dispatch_target)


def _unregister(dispatch_target) -> None:
    found = False
    for api, target in _REGISTERED.pop(dispatch_target, ()):
        found = True
        remaining = [(c, t) for c, t in _TARGETS.get(api, ()) if t is not target]
        if remaining:
            _TARGETS[api] = remaining
        else:
            _TARGETS.pop(api, None)
            _uninstall(api)
    for key in [k for k, h in _ELEMENTWISE_HANDLERS.items() if h is dispatch_target]:
        del _ELEMENTWISE_HANDLERS[key]
        for inner in _ELEMENTWISE_TARGETS.pop(key, ()):
            _unregister(inner)
        found = True
    if not found:
        raise ValueError(f"Function {dispatch_target} was not registered using a `@dispatch_for_*` decorator.")


# elementwise key -> the per-API dispatch targets registered for it
_ELEMENTWISE_TARGETS: dict[tuple, list[Callable]] = {}


def _split_name(api_sig, args, kwargs):
    names = list(api_sig.parameters)
    if "name" not in names:
        return args, kwargs, None
    index = names.index("name")
    if index < len(args):
        return args[:index] + args[index + 1:], kwargs, args[index]
    return args, kwargs, kwargs.pop("name", None)


def _elementwise_target(api, handler, arity: int):
    api_sig = inspect.signature(api)
    names = list(api_sig.parameters)
    bind_rest = len(names) > arity + 1 or "name" not in names

    def target(*args, **kwargs):
        args, kwargs, name = _split_name(api_sig, args, dict(kwargs))
        operands = list(args[:arity])
        args = args[arity:]
        for key in names[len(operands):arity]:
            operands.append(kwargs.pop(key, None))
        api_func = (lambda *vals: api(*vals, *args, **kwargs)) if bind_rest else api
        if name is None:
            return handler(api_func, *operands)
        with name_scope(name):
            return handler(api_func, *operands)
    target.__name__ = target.__qualname__ = "elementwise_dispatch_target_for_" + api.__name__
    target.__signature__ = api_sig
    return target


def _register_elementwise(key: tuple, kind: str, handler, api_paths, types_: tuple, arity: int):
    if key in _ELEMENTWISE_HANDLERS:
        raise ValueError(f"A {kind} dispatch handler ({_ELEMENTWISE_HANDLERS[key]}) has already been registered "
                         f"for {types_[0] if arity == 1 else '(' + ', '.join(map(str, types_)) + ')'}.")
    _ELEMENTWISE_HANDLERS[key] = handler
    targets = _ELEMENTWISE_TARGETS.setdefault(key, [])
    seen = set()
    with _scan():
        _register_each(api_paths, handler, types_, arity, targets, seen)
    return handler


def _register_each(api_paths, handler, types_, arity, targets, seen) -> None:
    for path in api_paths:
        api = _resolve(path)
        if api is None or api in seen:
            continue
        seen.add(api)
        try:
            api_sig = _check_dispatchable(api)
        except ValueError:
            continue
        names = list(api_sig.parameters)
        if len(names) < arity:
            continue
        target = _elementwise_target(api, handler, arity)
        dispatch_for_api(api, dict(zip(names[:arity], types_)))(target)
        targets.append(target)


def dispatch_for_unary_elementwise_apis(x_type):
    """Mirrors ``tf.experimental.dispatch_for_unary_elementwise_apis``: the decorated ``handler(api_func, x)``
    answers every unary elementwise API (``tf.abs``, ``tf.math.log``, ``tf.ones_like`` ...) whose first argument
    matches ``x_type``; ``api_func`` takes ``x`` alone (the call's other arguments are bound into it).

    Raises:
      ValueError: a handler is already registered for ``x_type``."""
    return lambda handler: _register_elementwise((x_type,), "unary elementwise", handler, UNARY_ELEMENTWISE_APIS,
                                                 (x_type,), 1)


def dispatch_for_binary_elementwise_apis(x_type, y_type):
    """Mirrors ``tf.experimental.dispatch_for_binary_elementwise_apis``: the decorated ``handler(api_func, x, y)``
    answers every binary elementwise API (``tf.add``, ``tf.math.maximum`` ...) whose first two arguments match
    ``x_type`` and ``y_type``.

    Raises:
      ValueError: a handler is already registered for these types."""
    return lambda handler: _register_elementwise((x_type, y_type), "binary elementwise", handler,
                                                 BINARY_ELEMENTWISE_APIS, (x_type, y_type), 2)


def dispatch_for_binary_elementwise_assert_apis(x_type, y_type):
    """Mirrors ``tf.experimental.dispatch_for_binary_elementwise_assert_apis``: the decorated
    ``handler(assert_func, x, y)`` answers the binary assert APIs (``tf.debugging.assert_equal`` ...) whose first
    two arguments match ``x_type`` and ``y_type``.

    Raises:
      ValueError: a handler is already registered for these types."""
    return lambda handler: _register_elementwise((x_type, y_type, _ASSERT), "binary elementwise assert", handler,
                                                 BINARY_ELEMENTWISE_ASSERT_APIS, (x_type, y_type), 2)
