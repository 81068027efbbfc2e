"""Raw TF ops on Keras symbolic tensors (``x * 2``, ``tf.concat([a, b], -1)``) inside a functional model.

tf-keras wraps such calls in ``TFOpLambda`` layers as they happen. Here they first build ordinary ops in the
Keras graph; when a layer or a ``Model`` consumes their outputs, ``create_keras_history`` walks back to tensors
that have a Keras history and wraps each op in between in an ``OpLayer``, which replays the op (same type and
attributes) on new inputs through the one dispatch, in eager mode, in a ``tf.function`` or in a TF1 graph.

Inputs of a wrapped op that do not depend on any Keras input are constants: folded now, except variable reads,
which are replayed (so they see the variable's current value)."""
from __future__ import annotations

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework.dispatch import apply_op
from tfcompat._src.framework.sparse_tensor import SparseTensor
from tfcompat._src.framework.string_tensor import StringTensor
from tfcompat._src.framework.tensor import EagerTensor, SymbolicTensor
from tfcompat._src.ops import variables as variables_lib
from tfcompat._src.keras import hooks
from tfcompat._src.keras.engine import composite_inputs
from tfcompat._src.keras.engine import node as node_lib
from tfcompat._src.keras.engine.base_layer import Layer
from tfcompat._src.keras.layers import serialization

__all__ = ["TFOpLambda", "CompositeTensorLayer", "create_keras_history"]


def _depends_on_placeholder(t, memo) -> bool:
    key = id(t.op)
    if key in memo:
        return memo[key]
    op = t.op
    if node_lib.keras_history(t) is not None or node_lib.component_parent_of(t) is not None or \
            op.type == "Placeholder":
        result = True
    else:
        result = any(_depends_on_placeholder(x, memo) for x in op.inputs)
    memo[key] = result
    return result


def create_keras_history(values) -> None:
    """Gives every symbolic tensor among ``values`` (and the tensors it depends on) a Keras history."""
    memo = {}
    for t in values:
        if isinstance(t, SymbolicTensor):
            if node_lib.keras_history(t) is None and _depends_on_placeholder(t, memo):
                _wrap(t.op, memo)
        elif node_lib.is_symbolic(t) and node_lib.keras_history(t) is None and \
                any(_depends_on_placeholder(c, memo) for c in node_lib.components_of(t)):
            _wrap_composite(t, memo)


def _wrap_composite(value, memo) -> None:
    # A SparseTensor or RaggedTensor built by raw ops on Keras inputs: its components' ops are wrapped one by one,
    # then a CompositeTensorLayer assembles the components (tf-keras: one TFOpLambda for the whole TF function).
    specs = []
    keras_inputs = []
    for x in node_lib.components_of(value):
        if node_lib.keras_history(x) is None and node_lib.component_parent_of(x) is None and \
                _depends_on_placeholder(x, memo):
            _wrap(x.op, memo)
        _add_input_spec(x, specs, keras_inputs, memo)
    from tfcompat._src.keras import backend
    ragged = None if isinstance(value, SparseTensor) else composite_inputs.uniform_row_lengths(value)
    symbol = "tf.sparse.SparseTensor" if ragged is None else "tf.RaggedTensor"
    layer = CompositeTensorLayer(specs, ragged, name=backend.unique_object_name(symbol, zero_based=True))
    node_lib.Node(layer, call_args=(keras_inputs,), call_kwargs={}, outputs=value)


def _add_input_spec(x, specs, keras_inputs, memo) -> None:
    parent = node_lib.component_parent_of(x)
    if node_lib.keras_history(x) is not None:
        specs.append(("input", len(keras_inputs)))
        keras_inputs.append(x)
    elif parent is not None:
        specs.append(("component", [len(keras_inputs), parent[1]]))
        keras_inputs.append(parent[0])
    elif _depends_on_placeholder(x, memo):
        specs.append(("input", len(keras_inputs)))
        keras_inputs.append(x)
    else:
        specs.append(_constant_spec(x))


def _wrap(op, memo) -> None:
    if node_lib.keras_history(op.outputs[0]) is not None:
        return
    if op.type == "Placeholder":
        raise ValueError(f"Graph disconnected: the tensor {op.outputs[0].name} is a placeholder that was not created "
                         f"by `tf.keras.Input`; functional models must start from `tf.keras.Input` tensors.")
    specs = []
    keras_inputs = []
    for x in op.inputs:
        if node_lib.keras_history(x) is None and node_lib.component_parent_of(x) is None and \
                _depends_on_placeholder(x, memo):
            _wrap(x.op, memo)
        _add_input_spec(x, specs, keras_inputs, memo)
    from tfcompat._src.keras import backend
    symbol = _TF_SYMBOLS.get(op.type, "tf.raw_ops." + op.type)
    layer = TFOpLambda(op, specs, symbol, name=backend.unique_object_name(symbol, zero_based=True))
    outputs = op.outputs[0] if len(op.outputs) == 1 else list(op.outputs)
    node_lib.Node(layer, call_args=(keras_inputs,), call_kwargs={}, outputs=outputs)


# The public TF function tf-keras names a TFOpLambda layer after (the op type when it has none).
_TF_SYMBOLS = {
    "Mul": "tf.math.multiply", "AddV2": "tf.__operators__.add", "Add": "tf.__operators__.add",
    "Sub": "tf.math.subtract", "RealDiv": "tf.math.truediv", "Neg": "tf.math.negative", "ConcatV2": "tf.concat",
    "Reshape": "tf.reshape", "MatMul": "tf.linalg.matmul", "BatchMatMulV2": "tf.linalg.matmul",
    "Sum": "tf.math.reduce_sum", "Mean": "tf.math.reduce_mean", "Max": "tf.math.reduce_max",
    "Min": "tf.math.reduce_min", "Exp": "tf.math.exp", "Log": "tf.math.log", "Sqrt": "tf.math.sqrt",
    "Square": "tf.math.square", "Tanh": "tf.math.tanh", "Sigmoid": "tf.math.sigmoid", "Relu": "tf.nn.relu",
    "Softmax": "tf.nn.softmax", "ExpandDims": "tf.expand_dims", "Squeeze": "tf.compat.v1.squeeze",
    "Transpose": "tf.compat.v1.transpose", "StridedSlice": "tf.__operators__.getitem", "Pack": "tf.stack",
    "Abs": "tf.math.abs", "Maximum": "tf.math.maximum", "Minimum": "tf.math.minimum", "Cast": "tf.cast",
    "Pow": "tf.math.pow", "Tile": "tf.tile", "GatherV2": "tf.compat.v1.gather", "Identity": "tf.identity",
    "Split": "tf.split", "Unpack": "tf.unstack", "FloorDiv": "tf.math.floordiv", "Less": "tf.math.less",
    "Greater": "tf.math.greater", "Equal": "tf.math.equal", "SelectV2": "tf.where", "OneHot": "tf.one_hot",
}


def _constant_spec(t):
    op = t.op
    if op.type == "ReadVariableOp" or op.type == "VarHandleOp":
        return ("variable", op.attrs["var"])
    if op.type == "Const":
        return ("const", _eager_constant(op.attrs["value"], op.attrs.get("dtype")))
    value = variables_lib.symbolic_evaluator[0](t)
    return ("const", _eager_constant(value, t.dtype))


def _eager_constant(value, dtype):
    from tfcompat._src.framework import dtypes
    if dtype is dtypes.string:   # (the value is bytes or an object array, not a torch tensor)
        return StringTensor(value)
    return EagerTensor(value, dtype)


def _replay_inputs(input_specs, inputs) -> list:
    args = []
    for kind, value in input_specs:
        if kind == "input":
            args.append(inputs[value])
        elif kind == "component":   # a component of a SparseTensor or RaggedTensor input
            args.append(node_lib.components_of(inputs[value[0]])[value[1]])
        elif kind == "variable":
            args.append(value.read_value() if ctx_lib.graph_mode_graph() is None else value.value())
        else:
            args.append(value)
    return args


class CompositeTensorLayer(Layer):
    """Assembles a SparseTensor or RaggedTensor from replayed components (the output of raw TF ops on Keras
    inputs, e.g. ``tf.sparse.reorder(sparse_input)`` or ``ragged_input * 2.0``). Difference: tf-keras has one
    TFOpLambda per TF function call; here the ops are replayed one by one and this layer rebuilds the composite
    value. Not serializable."""

    def __init__(self, input_specs, uniform_row_lengths=None, name=None, **kwargs):
        super().__init__(name=name, autocast=False, **kwargs)
        self._input_specs = input_specs
        self._uniform_row_lengths = uniform_row_lengths   # None: a SparseTensor; else one per ragged dimension
        self.built = True

    def call(self, inputs):
        parts = _replay_inputs(self._input_specs, inputs)
        if self._uniform_row_lengths is None:
            return SparseTensor(*parts)
        return composite_inputs.from_components(parts, self._uniform_row_lengths)

    def get_config(self):
        raise NotImplementedError(f"Layer {self.name} rebuilds a composite tensor made by raw TF ops and cannot "
                                  f"be serialized; wrap the ops in a Lambda layer.")


class TFOpLambda(Layer):
    """A layer replaying one recorded op: its type and attributes with new inputs (tf-keras' ``TFOpLambda``,
    named after the TF function, e.g. 'tf.math.multiply'). Difference: a composite TF function (several ops)
    gives one such layer per op."""

    def __init__(self, op, input_specs, symbol, name=None, **kwargs):
        super().__init__(name=name, autocast=False, **kwargs)
        self.symbol = symbol
        self._op_type = op.type
        self._op_attrs = {k: v for k, v in op.attrs.items() if k != "device"}
        self._input_specs = input_specs
        self._n_outputs = len(op.outputs)
        self._preserve_input_structure_in_config = True
        self.built = True

    def call(self, inputs):
        args = _replay_inputs(self._input_specs, inputs)
        out = apply_op(self._op_type, args, dict(self._op_attrs))
        if self._n_outputs == 1:
            return out[0] if isinstance(out, list) else out
        return out

    def get_config(self):
        """As tf-keras: the TF function's name (without 'tf.'); plus what replays the op here (its type,
        attributes and constant inputs), so the layer deserializes. A variable read as an input cannot be
        serialized."""
        config = super().get_config()
        config["function"] = self.symbol[3:] if self.symbol.startswith("tf.") else self.symbol
        specs = []
        for kind, value in self._input_specs:
            if kind == "variable":
                raise NotImplementedError(
                    f"Layer {self.name} wraps a raw TF op ({self._op_type}) that reads a variable and cannot be "
                    f"serialized; use a Lambda layer or a custom layer to make the model serializable.")
            specs.append([kind, value] if kind in ("input", "component") else ["const", _encode(value)])
        config["op_type"] = self._op_type
        config["op_attrs"] = {k: _encode(v) for k, v in self._op_attrs.items()}
        config["input_specs"] = specs
        config["n_outputs"] = self._n_outputs
        return config

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        symbol = config.pop("function")
        op_type = config.pop("op_type", None)
        if op_type is None:
            raise NotImplementedError(f"Cannot deserialize TFOpLambda {config.get('name')!r} (tf.{symbol}) saved "
                                      f"by TensorFlow: tfcompat replays recorded ops, not TF functions.")
        layer = cls.__new__(cls)
        Layer.__init__(layer, name=config.get("name"), trainable=config.get("trainable", True),
                       dtype=config.get("dtype"), autocast=False)
        layer.symbol = "tf." + symbol
        layer._op_type = op_type
        layer._op_attrs = {k: _decode(v) for k, v in config.pop("op_attrs").items()}
        layer._input_specs = [(kind, value if kind in ("input", "component") else _decode(value))
                              for kind, value in config.pop("input_specs")]
        layer._n_outputs = config.pop("n_outputs", 1)
        layer._preserve_input_structure_in_config = True
        layer.built = True
        return layer


def _encode(value):
    import numpy as np
    from tfcompat._src.framework import dtypes
    from tfcompat._src.framework.tensor_shape import TensorShape
    if isinstance(value, StringTensor):   # as tf-keras: np.asarray(value).tolist(); bytes kept as latin-1 text
        return {"__strings__": _map_nested(np.asarray(value.numpy()).tolist(), lambda b: b.decode("latin-1"))}
    if isinstance(value, EagerTensor):
        arr = value.numpy()
        return {"__tensor__": arr.tolist(), "dtype": value.dtype.name}
    if isinstance(value, dtypes.DType):
        return {"__dtype__": value.name}
    if isinstance(value, TensorShape):
        return {"__shape__": None if value.rank is None else list(value.as_list())}
    if isinstance(value, np.ndarray):
        return {"__array__": value.tolist(), "dtype": str(value.dtype)}
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, (list, tuple)):
        return [_encode(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, bytes):
        return {"__bytes__": value.decode("latin-1")}
    raise NotImplementedError(f"Cannot serialize op attribute {value!r} of a TFOpLambda layer.")


def _decode(value):
    import numpy as np
    from tfcompat._src.framework import dtypes
    from tfcompat._src.framework.tensor_shape import TensorShape
    if isinstance(value, dict):
        if "__strings__" in value:
            return StringTensor(_map_nested(value["__strings__"], lambda u: u.encode("latin-1")))
        if "__tensor__" in value:
            import torch
            dtype = dtypes.as_dtype(value["dtype"])
            arr = np.asarray(value["__tensor__"], dtype=dtype.as_numpy_dtype)
            return EagerTensor(torch.from_numpy(np.ascontiguousarray(arr)), dtype)
        if "__dtype__" in value:
            return dtypes.as_dtype(value["__dtype__"])
        if "__shape__" in value:
            return TensorShape(value["__shape__"])
        if "__array__" in value:
            return np.asarray(value["__array__"], dtype=value["dtype"])
        if "__bytes__" in value:
            return value["__bytes__"].encode("latin-1")
    if isinstance(value, list):
        return [_decode(v) for v in value]
    return value


def _map_nested(value, fn):
    return [_map_nested(v, fn) for v in value] if isinstance(value, list) else fn(value)


serialization.register_builtin(TFOpLambda)
hooks.register("create_keras_history", create_keras_history)
