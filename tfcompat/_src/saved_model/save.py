"""``tf.saved_model.save``: a ``tf.Module`` (its variables, sub-objects and ``tf.function`` methods) as a
SavedModel directory that TF 2.x (and tfcompat) loads.

What is written, as TF writes it: ``saved_model.pb`` with one ``serve`` meta graph holding the traced functions as
``FunctionDef``s (function_export.py), the ``SavedObjectGraph`` (user objects, variables, functions with their
concrete functions and argument specs, the ``signatures`` map of bare concrete functions taking keyword
arguments and returning dicts) and the ``SignatureDef``s; ``variables/variables``, a checkpoint whose object
graph has the same nodes (node ids are shared); and an empty ``assets/`` directory.

Differences from TF: functions are saved with the traces they have (and the one their ``input_signature``
gives); the meta graph's ``GraphDef`` nodes and ``SaverDef`` for TF1-style serving are serving_graph.py's (one
checkpoint shard); no ``fingerprint.pb`` is written; resources other than variables (tables, datasets) and Keras
metadata are not saved."""
from __future__ import annotations

import collections
import inspect
import os

from tfcompat._src.framework import nest
from tfcompat._src.framework.tensor import SymbolicTensor
from tfcompat._src.framework.tensor_util import shape_proto
from tfcompat._src.ops.variables import Variable
from tfcompat._src.protos.checkpoint import TrackableObjectGraph
from tfcompat._src.protos.graph import GraphDef
from tfcompat._src.protos.saved_model import MetaGraphDef, SavedModel, SavedObjectGraph, TensorInfo
from tfcompat._src.runtime.function import Function
from tfcompat._src.runtime.function_types import TensorSpec
from tfcompat._src.runtime.meta_graph import TF_VERSION
from tfcompat._src.runtime.training import checkpoint as checkpoint_lib
from tfcompat._src.runtime.training import checkpoint_graph
from tfcompat._src.runtime.training import checkpoint_io
from tfcompat._src.runtime.training import checkpoint_restore
from tfcompat._src.saved_model import serving_graph, structure
from tfcompat._src.saved_model.function_export import captured_variables, function_def

__all__ = ["save", "SaveOptions", "LoadOptions"]

_VALUE = ".ATTRIBUTES/VARIABLE_VALUE"


class SaveOptions:
    """Mirrors ``tf.saved_model.SaveOptions`` (accepted; tfcompat writes one CPU meta graph whatever they say)."""

    def __init__(self, namespace_whitelist=None, save_debug_info=False, function_aliases=None,
                 experimental_io_device=None, experimental_variable_policy=None, experimental_custom_gradients=True,
                 experimental_image_format=False, experimental_skip_saver=False, experimental_sharding_callback=None,
                 extra_tags=None):
        self.function_aliases = dict(function_aliases or {})
        self.save_debug_info = save_debug_info
        self.extra_tags = list(extra_tags or [])
        self.experimental_custom_gradients = experimental_custom_gradients


class LoadOptions:
    """Mirrors ``tf.saved_model.LoadOptions`` (accepted and ignored)."""

    def __init__(self, allow_partial_checkpoint=False, experimental_io_device=None,
                 experimental_skip_checkpoint=False, experimental_variable_policy=None,
                 experimental_load_function_aliases=False):
        self.allow_partial_checkpoint = allow_partial_checkpoint


def _functions_of(obj) -> list:
    """(name, Function) pairs of a module: tf.function methods of its class, tf.function attributes and those an
    object adds for saving (``_tfcompat_saved_functions``: a Keras model's ``__call__``)."""
    out = {}
    for name in sorted(dir(type(obj))):
        if isinstance(getattr(type(obj), name, None), Function):
            out[name] = getattr(obj, name)
    for name, value in vars(obj).items():
        if isinstance(value, Function) and not name.startswith("_tfcompat"):
            out[name] = value
    extra = getattr(obj, "_tfcompat_saved_functions", None)   # a Keras model's __call__
    if callable(extra) and not isinstance(obj, type):
        out.update(extra())
    return list(out.items())


def _concretes(fn: Function) -> list:
    fn.traced_inlined_calls()
    if fn.input_signature is not None and not fn._traces:
        fn.get_concrete_function()
    seen, out = set(), []
    for _, _, concrete in fn._traces:
        if id(concrete) not in seen:
            seen.add(id(concrete))
            out.append(concrete)
    return out


class _Saver:
    custom_gradients = True   # SaveOptions.experimental_custom_gradients
    def __init__(self, root, signatures):
        self.objects = [root]
        self.paths = [()]
        self.children = [[]]
        self.kind = ["object"]
        self.library = GraphDef().library
        self.concrete = {}            # id(concrete) -> (saved name, concrete)
        self.saved_functions = SavedObjectGraph()
        ids = {id(root): 0}
        queue = collections.deque([0])
        while queue:
            i = queue.popleft()
            obj = self.objects[i]
            kids = list(checkpoint_graph.trackable_children(obj)) if self.kind[i] == "object" else []
            if self.kind[i] == "object" and hasattr(obj, "__dict__") and not isinstance(obj, (list, dict, tuple)):
                kids += [(n, f) for n, f in _functions_of(obj)]
            if i == 0 and signatures:
                kids.append(("signatures", _Signatures(signatures)))
            for name, child in kids:
                j = ids.get(id(child))
                if j is None:
                    j = ids[id(child)] = len(self.objects)
                    self.objects.append(child)
                    self.paths.append(self.paths[i] + (name,))
                    self.children.append([])
                    self.kind.append("function" if isinstance(child, Function) else
                                     "signatures" if isinstance(child, _Signatures) else "object")
                    queue.append(j)
                self.children[i].append((name, j))
        self.ids = ids

    def key(self, j) -> str:
        return "/".join(checkpoint_graph.escape_local_name(p) for p in self.paths[j]) + "/" + _VALUE

    def _add_concrete(self, concrete, signature_key=None):
        if signature_key is None and id(concrete) in self.concrete:
            return self.concrete[id(concrete)][0]
        base = concrete.name.decode() if isinstance(concrete.name, bytes) else concrete.name
        args, kwargs = concrete.structured_input_signature
        outputs = concrete.structured_outputs
        input_order = output_order = None
        if signature_key is not None:
            name = f"__inference_signature_wrapper_{signature_key}_{len(self.library.function)}"
            flat_specs = nest.flatten((args, kwargs))
            names = [s.name or f"input_{i}" for i, s in enumerate(flat_specs)]
            input_order = sorted(range(len(names)), key=lambda i: names[i])
            if not isinstance(outputs, dict):
                flat_out = nest.flatten(outputs)
                outputs = {f"output_{i}": t for i, t in enumerate(flat_out)}
            keys = sorted(outputs)
            flat_names = [t.name for t in concrete.outputs]
            output_order = [flat_names.index(outputs[k].name) for k in keys]
            spec_kwargs = {names[i]: TensorSpec(flat_specs[i].shape, flat_specs[i].dtype, names[i])
                           for i in input_order}
            # A signature's output specs are named by their keys (as TF's signature_serialization).
            in_sig, out_struct = ((), spec_kwargs), {k: TensorSpec(outputs[k].shape, outputs[k].dtype, k)
                                                     for k in keys}
        else:
            name = base
            in_sig, out_struct = (args, kwargs), outputs
        # tf.custom_gradient functions (SaveOptions.experimental_custom_gradients, on by default as in TF)
        gradients = [] if self.custom_gradients else None
        self.library.function.add().CopyFrom(function_def(concrete, name, input_order, output_order, gradients))
        for grad in gradients or ():
            self.library.function.add().CopyFrom(grad)
            self.library.registered_gradients.add(gradient_func=grad.signature.name,
                                                  registered_op_type=grad.signature.name)
        saved = self.saved_functions.concrete_functions[name]
        saved.bound_inputs.extend(self.ids[id(v)] for v in captured_variables(concrete))
        saved.canonicalized_input_signature.CopyFrom(structure.encode(in_sig))
        saved.output_signature.CopyFrom(structure.encode(
            structure.output_signature(out_struct, lambda t: isinstance(t, SymbolicTensor))))
        if signature_key is None:
            self.concrete[id(concrete)] = (name, concrete)
        return name

    def meta_graph(self, signatures) -> MetaGraphDef:
        meta = MetaGraphDef()
        info = meta.meta_info_def
        info.tags.append("serve")
        info.tensorflow_version = TF_VERSION
        info.tensorflow_git_version = "tfcompat"
        graph = self.saved_functions
        for j, obj in enumerate(self.objects):
            node = graph.nodes.add()
            for name, child in self.children[j]:
                node.children.add(node_id=child, local_name=name)
            if isinstance(obj, Variable):
                v = node.variable
                v.dtype = obj.dtype.as_datatype_enum
                v.shape.CopyFrom(shape_proto(obj.shape))
                v.trainable = bool(obj.trainable)
                v.name = obj.name.split(":")[0]
            elif self.kind[j] == "function":
                fn = node.function
                fn.concrete_functions.extend(self._add_concrete(c) for c in _concretes(obj))
                spec = fn.function_spec
                spec.fullargspec.CopyFrom(structure.encode(_full_arg_spec(obj)))
                spec.is_method = hasattr(obj.python_function, "__self__")
                spec.input_signature.CopyFrom(structure.encode(
                    tuple(obj.input_signature) if obj.input_signature is not None else None))
            elif self.kind[j] == "signatures":
                node.user_object.identifier = "signature_map"
                node.user_object.version.producer = node.user_object.version.min_consumer = 1
            elif isinstance(obj, list):
                node.user_object.identifier = "trackable_list_wrapper"
                node.user_object.version.producer = node.user_object.version.min_consumer = 1
            elif isinstance(obj, dict):
                node.user_object.identifier = "trackable_dict_wrapper"
                node.user_object.version.producer = node.user_object.version.min_consumer = 1
            else:
                node.user_object.identifier = "_generic_user_object"
                node.user_object.version.producer = node.user_object.version.min_consumer = 1
        calls = []
        for key, concrete in sorted((signatures or {}).items()):   # TF's call nodes follow the sorted keys
            name = self._add_concrete(concrete, signature_key=key)
            node_id = len(graph.nodes)
            sig_node = self.children[self.ids[id(self._signature_obj)]]
            sig_node.append((key, node_id))
            graph.nodes[self.ids[id(self._signature_obj)]].children.add(node_id=node_id, local_name=key)
            bare = graph.nodes.add().bare_concrete_function
            bare.concrete_function_name = name
            kw = structure.decode(graph.concrete_functions[name].canonicalized_input_signature)[1]
            bare.argument_keywords.extend(sorted(kw))
            # TF's canonicalize_signatures: a one-input signature also takes its input positionally.
            bare.allowed_positional_arguments = 1 if len(kw) == 1 else 0
            _signature_def(meta, key, concrete, kw)
            outputs = meta.signature_def[key].outputs
            calls.append((key, name, [(k, kw[k].dtype.as_datatype_enum) for k in sorted(kw)],
                          [(k, outputs[k].dtype) for k in sorted(outputs)],
                          captured_variables(concrete)))
        serving_graph.add_serving_nodes(meta, [(o, j) for j, o in enumerate(self.objects) if isinstance(o, Variable)],
                                        calls)
        meta.graph_def.library.CopyFrom(self.library)
        meta.graph_def.versions.producer = 2474
        meta.object_graph_def.CopyFrom(graph)
        return meta

    def checkpoint_values(self, object_graph) -> dict:
        """The variables' values and a TrackableObjectGraph with the SavedObjectGraph's nodes (shared ids)."""
        values = {}
        tog = TrackableObjectGraph()
        for j, saved in enumerate(object_graph.nodes):
            node = tog.nodes.add()
            for ref in saved.children:
                node.children.add(node_id=ref.node_id, local_name=ref.local_name)
            obj = self.objects[j] if j < len(self.objects) else None
            if isinstance(obj, Variable):
                key = self.key(j)
                node.attributes.add(name="VARIABLE_VALUE", full_name=obj.name.split(":")[0], checkpoint_key=key)
                values[key] = checkpoint_restore.eager_value(obj)
        has = [len(n.attributes) > 0 for n in tog.nodes]
        changed = True
        while changed:
            changed = False
            for j, n in enumerate(tog.nodes):
                if not has[j] and any(has[c.node_id] for c in n.children):
                    has[j] = changed = True
        for j, n in enumerate(tog.nodes):
            n.has_checkpoint_values.value = has[j]
        values[checkpoint_lib.OBJECT_GRAPH_KEY] = tog.SerializeToString()
        return values


class _Signatures:
    """The root's ``signatures`` container while saving."""

    def __init__(self, signatures):
        self.signatures = signatures


def _full_arg_spec(fn: Function):
    FullArgSpec = collections.namedtuple("FullArgSpec", ["args", "varargs", "varkw", "defaults", "kwonlyargs",
                                                         "kwonlydefaults", "annotations"])
    target = fn.python_function
    spec = inspect.getfullargspec(getattr(target, "__func__", target))
    return FullArgSpec(list(spec.args), spec.varargs, spec.varkw,
                       tuple(spec.defaults) if spec.defaults else None, list(spec.kwonlyargs),
                       dict(spec.kwonlydefaults) if spec.kwonlydefaults else None, {})


def _signature_def(meta, key, concrete, kwargs_specs) -> None:
    sig = meta.signature_def[key]
    sig.method_name = "tensorflow/serving/predict"
    for name, spec in kwargs_specs.items():
        sig.inputs[name].CopyFrom(TensorInfo(dtype=spec.dtype.as_datatype_enum,
                                             tensor_shape=shape_proto(spec.shape)))
    outputs = concrete.structured_outputs
    if not isinstance(outputs, dict):
        outputs = {f"output_{i}": t for i, t in enumerate(nest.flatten(outputs))}
    for k in sorted(outputs):
        t = outputs[k]
        sig.outputs[k].CopyFrom(TensorInfo(dtype=t.dtype.as_datatype_enum,
                                           tensor_shape=shape_proto(t.shape)))


def _concrete_of(value):
    if isinstance(value, Function):
        concretes = _concretes(value)
        if len(concretes) != 1:
            raise ValueError("A signature tf.function needs exactly one trace (give it an input_signature, or pass "
                             "fn.get_concrete_function(...)).")
        return concretes[0]
    return value


def save(obj, export_dir, signatures=None, options=None):
    """Mirrors ``tf.saved_model.save``: writes ``obj`` (a ``tf.Module`` or another trackable) and what it depends
    on to ``export_dir`` as a SavedModel (see the module docstring).

    ``signatures``: a tf.function (with one trace or an input signature), a concrete function, or a dict of
    them by signature key (the single one is ``serving_default``); when None, a Keras model's default signature
    (its call on its named input specs, returning a dict keyed by output names) is ``serving_default``.

    Raises:
      ValueError: a signature function without a unique trace."""
    export_dir = os.fspath(export_dir)
    if signatures is None:
        # As TF's signature_serialization.find_function_to_export: a root that offers a default signature (a
        # Keras model: keras/saving/serving_signature.py) is exported with it as 'serving_default'.
        default = getattr(obj, "_default_save_signature", None)
        default = default() if callable(default) else None
        signatures = None if default is None else {"serving_default": default}
    if signatures is not None and not isinstance(signatures, dict):
        signatures = {"serving_default": signatures}
    signatures = {k: _concrete_of(v) for k, v in (signatures or {}).items()}
    saver = _Saver(obj, signatures)
    saver.custom_gradients = options is None or bool(getattr(options, "experimental_custom_gradients", True))
    saver._signature_obj = next((o for o in saver.objects if isinstance(o, _Signatures)), None)
    meta = saver.meta_graph(signatures)
    os.makedirs(os.path.join(export_dir, "variables"), exist_ok=True)
    os.makedirs(os.path.join(export_dir, "assets"), exist_ok=True)
    values = saver.checkpoint_values(meta.object_graph_def)
    variables = [(j, o) for j, o in enumerate(saver.objects) if isinstance(o, Variable)]
    if variables:
        serving_graph.add_saver(meta, [o for _, o in variables], [saver.key(j) for j, _ in variables],
                                values[checkpoint_lib.OBJECT_GRAPH_KEY])
    checkpoint_io.write_checkpoint(os.path.join(export_dir, "variables", "variables"), values)
    saved_model = SavedModel(saved_model_schema_version=1)
    saved_model.meta_graphs.add().CopyFrom(meta)
    with open(os.path.join(export_dir, "saved_model.pb"), "wb") as f:
        f.write(saved_model.SerializeToString())
