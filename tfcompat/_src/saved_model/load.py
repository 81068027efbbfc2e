"""``tf.saved_model.load``: a SavedModel directory (written by TF 2.x or by tfcompat) as Python objects.

The ``SavedObjectGraph`` of the meta graph is rebuilt node by node: user objects (a ``tf.Module`` here, with the
saved children as attributes; lists, dicts and tuples as such), variables (eager ``tf.Variable``s restored from
``variables/variables`` through the checkpoint's object graph, which shares the node ids), functions (callable,
dispatching to the concrete function whose input signature matches), concrete functions (the signatures:
keyword arguments in, a dict out) and constants. A concrete function runs its ``FunctionDef`` on tfcompat ops
(``function_def.py``), eagerly, so GradientTape differentiates through it and its variables.

A SavedModel without an object graph (TF1's ``SavedModelBuilder``) loads as an object whose ``signatures`` run
the meta graph in a Session (``loader_v1.py``), as TF's ``load_v1_in_v2`` does.

Differences: composite tensors (ragged, sparse) in signatures, and resources other than variables (tables,
datasets), are not restored (NotImplementedError / None attributes)."""
from __future__ import annotations

import os

import torch

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import nest
from tfcompat._src.framework import tensor_util
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.ops.variables import Variable
from tfcompat._src.protos.checkpoint import TrackableObjectGraph
from tfcompat._src.runtime.function_types import TensorSpec
from tfcompat._src.runtime.training import checkpoint_io
from tfcompat._src.saved_model import loader_v1
from tfcompat._src.saved_model import structure
from tfcompat._src.saved_model.function_def import FunctionLibrary, call_function
from tfcompat._src.saved_model.reader import meta_graph_for_tags, read_saved_model, variables_path

__all__ = ["load", "RestoredFunction", "RestoredConcreteFunction"]

_OBJECT_GRAPH_KEY = "_CHECKPOINTABLE_OBJECT_GRAPH"


class _UserObject:
    """A restored user object (TF: ``_UserObject``): the saved children as attributes; ``variables``,
    ``trainable_variables`` and ``non_trainable_variables`` collect the variables below it unless a child of
    that name was saved (Keras objects save such lists themselves)."""

    def __init__(self, identifier=""):
        self._saved_identifier = identifier

    def _walk_variables(self) -> list:
        out, seen, stack = [], set(), [self]
        while stack:
            obj = stack.pop(0)
            if id(obj) in seen:
                continue
            seen.add(id(obj))
            if isinstance(obj, Variable):
                out.append(obj)
            elif isinstance(obj, _UserObject):
                stack.extend(v for k, v in vars(obj).items() if not k.startswith("_"))
            elif isinstance(obj, dict):
                stack.extend(obj.values())
            elif isinstance(obj, (list, tuple)):
                stack.extend(obj)
        return out

    def __getattr__(self, name):
        if name == "variables":
            return tuple(self._walk_variables())
        if name == "trainable_variables":
            return tuple(v for v in self._walk_variables() if v.trainable)
        if name == "non_trainable_variables":
            return tuple(v for v in self._walk_variables() if not v.trainable)
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")


class _CallableUserObject(_UserObject):
    """A restored object saved with a ``__call__`` function: calling it calls that function (as TF's loader
    arranges for such objects)."""

    def __call__(self, *args, **kwargs):
        return self.__dict__["__call__"](*args, **kwargs)


class _SignatureMap(dict):
    """``loaded.signatures``: signature key -> concrete function (TF's ``_SignatureMap``)."""


class RestoredConcreteFunction:
    """A concrete function read from a SavedModel (TF's restored ``ConcreteFunction``): called with tensors laid
    out as its input signature (for a signature: keyword arguments), returns its saved output structure."""

    def __init__(self, name, library, saved, captures, argument_keywords=None, allowed_positional=None):
        self.name = name
        self._library = library
        self._captures = captures
        self.structured_input_signature = structure.decode(saved.canonicalized_input_signature) \
            if saved.HasField("canonicalized_input_signature") else ((), {})
        self.structured_outputs = structure.decode(saved.output_signature) \
            if saved.HasField("output_signature") else None
        self._keywords = list(argument_keywords) if argument_keywords is not None else None
        self._allowed_positional = allowed_positional

    @property
    def captured_inputs(self) -> list:
        return list(self._captures)

    @property
    def variables(self) -> tuple:
        return tuple(c for c in self._captures if isinstance(c, Variable))

    @property
    def trainable_variables(self) -> tuple:
        return tuple(v for v in self.variables if v.trainable)

    def _flat_inputs(self, args, kwargs) -> list:
        spec_args, spec_kwargs = self.structured_input_signature
        if self._keywords is not None:
            # A bare concrete function (signature): positional arguments stand for the first keywords.
            if len(args) > (self._allowed_positional or 0):
                raise TypeError(f"{self.name} takes {self._allowed_positional or 0} positional arguments but "
                                f"{len(args)} were given; pass the inputs by name: {self._keywords}.")
            kwargs = dict(kwargs, **dict(zip(self._keywords, args)))
            args = ()
            missing = [k for k in spec_kwargs if k not in kwargs] if spec_kwargs else []
            if missing:
                raise TypeError(f"{self.name} missing required arguments: {', '.join(missing)}.")
            if not spec_kwargs and spec_args:
                args = tuple(kwargs.pop(k) for k in self._keywords)
        flat_specs = nest.flatten((spec_args, spec_kwargs))
        values = nest.flatten((tuple(args), {k: kwargs[k] for k in spec_kwargs} if spec_kwargs else kwargs))
        if len(values) != len(flat_specs):
            raise TypeError(f"{self.name}: expected {len(flat_specs)} tensors for input signature "
                            f"{self.structured_input_signature}, got {len(values)}.")
        out = []
        for v, spec in zip(values, flat_specs):
            if structure.is_composite_spec(spec):
                out.extend(structure.to_components(spec, v))
            elif isinstance(spec, TensorSpec):
                t = v if isinstance(v, Tensor) and v.dtype is spec.dtype else convert_to_tensor(v, dtype=spec.dtype)
                if not spec.shape.is_compatible_with(t.shape):
                    raise ValueError(f"{self.name}: argument {spec.name or ''} has shape {t.shape}, which is not "
                                     f"compatible with {spec.shape}.")
                out.append(t)
        return out

    def _call_flat(self, flat) -> list:
        return call_function(self._library, self.name, list(flat) + list(self._captures))

    def __call__(self, *args, **kwargs):
        outs = self._call_flat(self._flat_inputs(args, kwargs))
        if self.structured_outputs is None:
            return None
        specs = nest.flatten(self.structured_outputs)
        if any(structure.is_composite_spec(s) for s in specs):
            flat = list(outs)   # consumed from the front: a composite takes its component tensors
            outs = [structure.from_components(s, flat) if structure.is_composite_spec(s) else flat.pop(0)
                    for s in specs]
        return nest.pack_sequence_as(self.structured_outputs, outs)

    def __repr__(self):
        return f"<RestoredConcreteFunction {self.name}>"


def _converted(spec, value):
    """TF's ``_try_convert_to_tensor``: a non-tensor value for a TensorSpec as a tensor (None if it cannot be)."""
    if not isinstance(spec, TensorSpec) or isinstance(value, (Tensor, Variable)):
        return value
    try:
        return convert_to_tensor(value, dtype_hint=spec.dtype)
    except (TypeError, ValueError):
        return None


def _fits(spec, value) -> bool:
    if isinstance(spec, TensorSpec):
        return value is not None and spec.is_compatible_with(value)
    if structure.is_composite_spec(spec):
        return structure.composite_fits(spec, value)
    return spec == value


class RestoredFunction:
    """A ``tf.function`` read from a SavedModel: a call runs the saved concrete function whose input signature
    matches the arguments (TF raises ValueError when none does: it cannot trace new ones)."""

    def __init__(self, concrete, function_spec, instance=None):
        self._concrete = concrete
        self._spec = function_spec
        self._instance = instance

    @property
    def concrete_functions(self) -> list:
        return list(self._concrete)

    def get_concrete_function(self, *args, **kwargs):
        if not args and not kwargs and len(self._concrete) == 1:
            return self._concrete[0]
        return self._match(args, kwargs)[0]

    def _canonical(self, args, kwargs):
        argspec = self._spec.get("fullargspec") if self._spec else None
        names = list(getattr(argspec, "args", []) or [])
        if self._spec and self._spec.get("is_method") and names and names[0] == "self":
            names = names[1:]
        defaults = list(getattr(argspec, "defaults", None) or [])
        first_default = len(names) - len(defaults)
        args, kwargs = list(args), dict(kwargs)
        for i, name in enumerate(names[len(args):], start=len(args)):
            if name in kwargs:
                args.append(kwargs.pop(name))
            elif i >= first_default:
                args.append(defaults[i - first_default])
            else:
                break
        return tuple(args), kwargs

    def _match(self, args, kwargs):
        """(concrete function, arguments) of the first saved trace the arguments fit: as TF's
        ``restored_function_body``, first as given, then with non-tensor values converted to tensors
        (``dtype_hint`` the spec's dtype, so ``5`` fits a float32 spec)."""
        args, kwargs = self._canonical(args, kwargs)
        for convert in (False, True):
            for fn in self._concrete:
                spec_args, spec_kwargs = fn.structured_input_signature
                try:
                    nest.assert_same_structure(spec_args, args, check_types=False)
                except (ValueError, TypeError):
                    continue
                values = [_converted(spec, v) if convert else v
                          for spec, v in zip(nest.flatten(spec_args), nest.flatten(args))]
                if all(_fits(spec, v) for spec, v in zip(nest.flatten(spec_args), values)):
                    return fn, nest.pack_sequence_as(spec_args, values)
        raise ValueError(f"Could not find matching concrete function to call loaded from the SavedModel. Got:\n"
                         f"  Positional arguments ({len(args)} total): {args}\n  Keyword arguments: {kwargs}\n"
                         f"Expected these arguments to match one of the following {len(self._concrete)} "
                         f"option(s): {[f.structured_input_signature for f in self._concrete]}")

    def __call__(self, *args, **kwargs):
        fn, args = self._match(args, kwargs)
        return fn(*args)

    def __repr__(self):
        return f"<RestoredFunction with {len(self._concrete)} concrete function(s)>"


def _function_spec(spec) -> dict:
    if spec is None or not spec.HasField("fullargspec"):
        return {}
    return {"fullargspec": structure.decode(spec.fullargspec), "is_method": spec.is_method}


class _Loader:
    def __init__(self, export_dir, meta):
        self.export_dir = os.fspath(export_dir)
        self.meta = meta
        self.graph = meta.object_graph_def
        self.library = FunctionLibrary(meta.graph_def.library)
        self.objects = [None] * len(self.graph.nodes)
        self.ckpt = None
        self.ckpt_keys = {}
        prefix = variables_path(self.export_dir)
        if checkpoint_io.checkpoint_exists(prefix):
            self.ckpt = checkpoint_io.open_checkpoint(prefix)
            if self.ckpt.has(_OBJECT_GRAPH_KEY):
                tog = TrackableObjectGraph.FromString(bytes(self.ckpt.numpy(_OBJECT_GRAPH_KEY)))
                for i, node in enumerate(tog.nodes):
                    for attr in node.attributes:
                        if attr.name == "VARIABLE_VALUE":
                            self.ckpt_keys[i] = attr.checkpoint_key

    def load(self):
        nodes = self.graph.nodes
        # Variables and constants first: functions capture them.
        for i, node in enumerate(nodes):
            kind = node.WhichOneof("kind")
            if kind == "variable":
                self.objects[i] = self._variable(i, node.variable)
            elif kind == "constant":
                self.objects[i] = self._constant(node.constant)
            elif kind == "asset":
                filename = self.meta.asset_file_def[node.asset.asset_file_def_index].filename
                self.objects[i] = os.path.join(self.export_dir, "assets", filename)
            elif kind == "user_object":
                self.objects[i] = self._container(node.user_object.identifier)
        for i, node in enumerate(nodes):
            kind = node.WhichOneof("kind")
            if kind == "bare_concrete_function":
                bare = node.bare_concrete_function
                self.objects[i] = self._concrete(bare.concrete_function_name, bare.argument_keywords,
                                                 bare.allowed_positional_arguments)
            elif kind == "function":
                fns = [self._concrete(name) for name in node.function.concrete_functions]
                self.objects[i] = RestoredFunction(fns, _function_spec(node.function.function_spec))
        for i, node in enumerate(nodes):
            self._attach_children(i, node)
        return self.objects[0]

    def _container(self, identifier):
        if identifier == "trackable_list_wrapper":
            return []
        if identifier in ("trackable_dict_wrapper", "signature_map"):
            return _SignatureMap() if identifier == "signature_map" else {}
        if identifier == "trackable_tuple_wrapper":
            return []   # filled, then turned into a tuple by its parent
        return _UserObject(identifier)

    def _variable(self, i, saved):
        dt = tensor_util.dtype_from_enum(saved.dtype)
        shape = tensor_util.shape_from_proto(saved.shape)
        key = self.ckpt_keys.get(i)
        if key is not None and self.ckpt is not None:
            value = self.ckpt.tensor(key)
        else:
            value = torch.zeros([d or 0 for d in shape.as_list()] if shape.rank is not None else [],
                                dtype=dt.torch_dtype)
        with ctx_lib.init_scope():
            return Variable(value, trainable=saved.trainable, name=saved.name or None, dtype=dt)

    def _constant(self, saved):
        for node in self.meta.graph_def.node:
            if node.name == saved.operation and node.op == "Const":
                return convert_to_tensor(tensor_util.make_ndarray(node.attr["value"].tensor))
        return None

    def _concrete(self, name, keywords=None, allowed_positional=None):
        saved = self.graph.concrete_functions[name]
        captures = []
        for node_id in saved.bound_inputs:
            obj = self.objects[node_id]
            if obj is None:
                raise NotImplementedError(f"Function {name} captures saved object {node_id} "
                                          f"({self.graph.nodes[node_id].WhichOneof('kind')}), which tfcompat "
                                          f"cannot restore.")
            captures.append(obj)
        return RestoredConcreteFunction(name, self.library, saved, captures,
                                        list(keywords) if keywords is not None else None, allowed_positional)

    def _attach_children(self, i, node):
        obj = self.objects[i]
        for ref in node.children:
            child = self.objects[ref.node_id]
            if isinstance(obj, list):
                obj.append(child)
            elif isinstance(obj, dict):
                obj[ref.local_name] = child
            elif isinstance(obj, _UserObject):
                obj.__dict__[ref.local_name] = child
                if ref.local_name == "__call__" and not isinstance(obj, _CallableUserObject):
                    obj.__class__ = _CallableUserObject
            elif isinstance(obj, RestoredFunction) and isinstance(child, RestoredConcreteFunction):
                continue


def load(export_dir, tags=None, options=None):
    """Mirrors ``tf.saved_model.load``: the SavedModel in ``export_dir`` as Python objects (see the module
    docstring).

    Raises:
      OSError: no SavedModel there. RuntimeError: no meta graph with ``tags``."""
    saved_model = read_saved_model(export_dir)
    meta = meta_graph_for_tags(saved_model, tags)
    if not len(meta.object_graph_def.nodes):
        return loader_v1.load_v1_in_v2(export_dir, meta)
    root = _Loader(export_dir, meta).load()
    if isinstance(root, _UserObject) and "signatures" not in vars(root):
        root.signatures = _SignatureMap()
    return root

