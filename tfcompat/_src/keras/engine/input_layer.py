"""``tf.keras.layers.InputLayer`` and ``tf.keras.Input``: the symbolic inputs of the functional API.

The input is a placeholder named after the layer ('input_1') in the Keras graph (TF2) or the default graph (TF1
graph mode, where it is fed by ``Session.run``)."""
from __future__ import annotations

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework.tensor import SymbolicTensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.keras import backend
from tfcompat._src.keras.engine import composite_inputs
from tfcompat._src.keras.engine import node as node_lib
from tfcompat._src.keras.engine.base_layer import Layer

__all__ = ["InputLayer", "Input"]


class InputLayer(Layer):
    """Mirrors ``tf.keras.layers.InputLayer``.

    ``sparse=True`` makes the input a SparseTensor of placeholders (tf-keras: a SparseKerasTensor) with dense
    shape ``(batch_size,) + input_shape``; ``ragged=True`` a RaggedTensor of placeholders (tf-keras: a
    RaggedKerasTensor) whose ragged rank is the index of the last ``None`` in ``input_shape`` (engine/
    composite_inputs.py; a dense placeholder when that rank is 0). ``type_spec`` makes the input a value of that
    spec made of placeholders (tf-keras: ``keras_tensor_from_type_spec``): a TensorSpec, SparseTensorSpec,
    RaggedTensorSpec or ExtensionTypeSpec (an ExtensionType of placeholders, known deviation
    ``keras-extension-type-input``; layers take it through their code or ``dispatch_for_api``). Differences: no sparse or ragged ``input_tensor`` (NotImplementedError)."""

    @property
    def _object_identifier(self) -> str:
        return "_tf_keras_input_layer"

    def __init__(self, input_shape=None, batch_size=None, dtype=None, input_tensor=None, sparse=None, name=None,
                 ragged=None, type_spec=None, optional=False, **kwargs):
        if "batch_input_shape" in kwargs:
            batch_input_shape = kwargs.pop("batch_input_shape")
            if input_shape and batch_input_shape:
                raise ValueError("Only provide the input_shape OR batch_input_shape argument to InputLayer, not both "
                                 "at the same time.")
            if batch_input_shape:
                batch_size = batch_input_shape[0]
                input_shape = batch_input_shape[1:]
        if kwargs:
            raise ValueError(f"Unrecognized keyword arguments: {list(kwargs.keys())}")
        if sparse and ragged:
            raise ValueError("Cannot set both sparse and ragged to True in a TF-Keras input.")
        if type_spec is not None:
            for arg_name, arg in (("(input_)shape", input_shape), ("batch_size", batch_size), ("dtype", dtype),
                                  ("input_tensor", input_tensor), ("sparse", sparse), ("ragged", ragged)):
                if arg is not None:
                    raise ValueError(f"When `type_spec` is not None, all other args except `name` must be None, but "
                                     f"{arg_name} is not None.")
            if not backend.executing_eagerly_outside_functions():
                raise ValueError("Creating TF-Keras inputs from a type_spec is only supported when eager execution "
                                 "is enabled.")
        if (sparse or ragged) and input_tensor is not None:
            raise NotImplementedError("tfcompat's sparse and ragged Keras inputs are made by `Input(sparse=True)` "
                                      "or `Input(ragged=True)`, not given as `tensor`.")
        if not name:
            name = "input_" + str(backend.get_uid("input"))
        self._init_type_spec = type_spec
        if not dtype:   # (a type_spec input's layer too: floatx, as tf-keras)
            dtype = backend.floatx() if input_tensor is None else input_tensor.dtype.name
        elif input_tensor is not None and input_tensor.dtype is not dtypes.as_dtype(dtype):
            raise ValueError(f"`input_tensor.dtype` differs from `dtype`. Received: input_tensor.dtype="
                             f"{input_tensor.dtype} but expected dtype={dtype}")
        super().__init__(dtype=dtype, name=name)
        self.built = True
        self.sparse = bool(sparse)
        self.ragged = bool(ragged)
        self.batch_size = batch_size
        self.supports_masking = True
        self.optional = optional
        if isinstance(input_shape, TensorShape):
            input_shape = tuple(input_shape.as_list())
        elif isinstance(input_shape, int):
            input_shape = (input_shape,)
        if type_spec is not None:
            graph = backend.get_graph()
            with ctx_lib.push_graph(graph), graph.name_scope(""), graph.control_dependencies(None):
                input_tensor = composite_inputs.placeholder_of_spec(type_spec, self.name)
            self.sparse = isinstance(input_tensor, composite_inputs.SparseTensor)
            self.ragged = isinstance(input_tensor, composite_inputs.RaggedTensor)
            self.is_placeholder = True
            shape = getattr(input_tensor, "shape", None)
            self._batch_input_shape = tuple(shape.as_list()) if isinstance(shape, TensorShape) and \
                shape.rank is not None else None
        elif input_tensor is None:
            batch_input_shape = (batch_size,) + tuple(input_shape) if input_shape is not None else None
            graph = backend.get_graph()
            with ctx_lib.push_graph(graph), graph.name_scope(""), graph.control_dependencies(None):
                input_tensor = composite_inputs.placeholder(dtypes.as_dtype(dtype), batch_input_shape, self.name,
                                                            sparse=self.sparse, ragged=self.ragged)
            self.is_placeholder = True
            self._batch_input_shape = batch_input_shape
        else:
            if not isinstance(input_tensor, SymbolicTensor):
                raise ValueError("You should not pass an EagerTensor to `Input`. For example, instead of creating "
                                 "an `InputLayer`, you should instantiate your model and directly call it on your "
                                 "input.")
            self.is_placeholder = False
            shape = input_tensor.shape
            self._batch_input_shape = tuple(shape.as_list()) if shape.rank is not None else None
        node_lib.set_mask(input_tensor, None)
        node_lib.Node(self, outputs=input_tensor)

    def get_config(self) -> dict:
        if self._init_type_spec is not None:
            return {"name": self.name, "type_spec": self._init_type_spec}
        return {"batch_input_shape": self._batch_input_shape, "dtype": self.dtype, "sparse": self.sparse,
                "ragged": self.ragged, "name": self.name, "optional": self.optional}


def Input(shape=None, batch_size=None, name=None, dtype=None, sparse=None, tensor=None, ragged=None,  # noqa: N802
          type_spec=None, optional=False, **kwargs):
    """Mirrors ``tf.keras.Input``: a symbolic input tensor of shape ``(batch_size,) + shape``.

    Raises:
      ValueError: neither ``shape`` nor ``tensor`` given, or both ``shape`` and ``batch_input_shape``."""
    if sparse and ragged:
        raise ValueError("Cannot set both `sparse` and `ragged` to `True` in a Keras `Input`.")
    if name is None and type_spec is not None and getattr(type_spec, "name", None) is not None:
        name = type_spec.name
    config = {"name": name, "dtype": dtype, "sparse": sparse, "ragged": ragged, "input_tensor": tensor,
              "type_spec": type_spec, "optional": optional}
    batch_input_shape = kwargs.pop("batch_input_shape", kwargs.pop("batch_shape", None))
    if shape is not None and batch_input_shape is not None:
        raise ValueError("Only provide the `shape` OR `batch_input_shape` argument to Input, not both at the same "
                         "time.")
    if batch_input_shape is None and shape is None and tensor is None and type_spec is None:
        raise ValueError("Please provide to Input a `shape` or a `tensor` or a `type_spec` argument. Note that "
                         "`shape` does not include the batch dimension.")
    if kwargs:
        raise ValueError(f"Unrecognized keyword arguments: {list(kwargs.keys())}")
    if batch_input_shape:
        config["batch_input_shape"] = batch_input_shape
    else:
        config.update({"batch_size": batch_size, "input_shape": shape})
    layer = InputLayer(**config)
    outputs = layer._inbound_nodes[0].outputs
    if isinstance(outputs, list) and len(outputs) == 1:
        return outputs[0]
    return outputs
