"""Layer wrappers (tf-keras 2.21): TimeDistributed and Bidirectional."""
from __future__ import annotations

import copy

from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.framework.tensor_shape import dimension_value
from tfcompat._src.ops import array_ops
from tfcompat._src.ops.ragged.ragged_tensor import is_ragged
from tfcompat._src.keras import backend, backend_math
from tfcompat._src.keras.engine.base_layer import Layer
from tfcompat._src.keras.engine.input_spec import InputSpec
from tfcompat._src.keras.layers import serialization

__all__ = ["Wrapper", "TimeDistributed", "Bidirectional"]


class Wrapper(Layer):
    """Mirrors ``tf.keras.layers.Wrapper``: a layer wrapping ``self.layer``."""

    def __init__(self, layer, **kwargs):
        if not isinstance(layer, Layer):
            raise ValueError(f"Please initialize `{type(self).__name__}` layer with a `tf.keras.layers.Layer` "
                             f"instance. Received: {layer}")
        self.layer = layer
        super().__init__(**kwargs)

    def build(self, input_shape=None):
        if not self.layer.built:
            self.layer.build(input_shape)
            self.layer.built = True
        self.built = True

    @property
    def activity_regularizer(self):
        return getattr(self.layer, "activity_regularizer", None)

    @activity_regularizer.setter
    def activity_regularizer(self, value):
        pass

    def get_config(self):
        config = {"layer": serialization.serialize(self.layer)}
        base = super().get_config()
        return dict(list(base.items()) + list(config.items()))

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        layer = serialization.deserialize(config.pop("layer"), custom_objects=custom_objects)
        return cls(layer, **config)


class TimeDistributed(Wrapper):
    """Mirrors ``tf.keras.layers.TimeDistributed``: the layer applied to every time step (as one batch of
    batch * time samples)."""

    def __init__(self, layer, **kwargs):
        super().__init__(layer, **kwargs)
        self.supports_masking = True

    def _get_shape_tuple(self, init_tuple, tensor, start_idx):
        shape = tensor.shape.as_list()
        if all(d is not None for d in shape[start_idx:]):
            return init_tuple + tuple(shape[start_idx:])
        dyn = array_ops.shape(tensor)
        return init_tuple + tuple(shape[i] if dimension_value(shape[i]) is not None else dyn[i] for i in range(start_idx, len(shape)))

    def build(self, input_shape):
        input_shape = TensorShape(input_shape)
        if input_shape.rank is None or input_shape.rank < 3:
            raise ValueError(f"`TimeDistributed` Layer should be passed an `input_shape` with at least 3 dimensions, "
                             f"received: {input_shape}")
        self.input_spec = InputSpec(shape=[None, None] + input_shape.as_list()[2:])
        child = TensorShape([input_shape[0]] + input_shape.as_list()[2:])
        if not self.layer.built:
            self.layer.build(child)
            self.layer.built = True
        super().build(tuple(input_shape.as_list()))

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        child = self.layer.compute_output_shape(TensorShape([dims[0]] + dims[2:]))
        child = TensorShape(child).as_list()
        return TensorShape([child[0], dims[1]] + child[1:])

    def call(self, inputs, training=None, mask=None):
        kwargs = {}
        if self.layer._call_spec.expects_training and "training" in self.layer._call_spec.arg_names:
            kwargs["training"] = training
        shape = inputs.shape.as_list()
        batch = shape[0] if dimension_value(shape[0]) is not None else array_ops.shape(inputs)[0]
        steps = shape[1] if dimension_value(shape[1]) is not None else array_ops.shape(inputs)[1]
        flat = array_ops.reshape(inputs, self._get_shape_tuple((-1,), inputs, 2))
        if mask is not None and "mask" in self.layer._call_spec.arg_names:
            kwargs["mask"] = array_ops.reshape(mask, self._get_shape_tuple((-1,), mask, 2))
        y = self.layer(flat, **kwargs)
        out_shape = y.shape.as_list()
        new_shape = (batch, steps) + tuple(out_shape[1:]) if all(d is not None for d in out_shape[1:]) else \
            (batch, steps) + tuple(array_ops.shape(y)[i] for i in range(1, len(out_shape)))
        if any(not isinstance(d, int) for d in new_shape):
            new_shape = array_ops.stack(list(new_shape))
        y = array_ops.reshape(y, new_shape)
        if hasattr(y, "op"):
            y.set_shape([shape[0], shape[1]] + out_shape[1:])
        return y

    def compute_mask(self, inputs, mask=None):
        return mask


class Bidirectional(Wrapper):
    """Mirrors ``tf.keras.layers.Bidirectional``: a forward and a backward copy of an RNN, outputs merged
    (``concat``, ``sum``, ``mul``, ``ave`` or a list with ``None``)."""

    def __init__(self, layer, merge_mode="concat", weights=None, backward_layer=None, **kwargs):
        if not isinstance(layer, Layer):
            raise ValueError(f"Please initialize `Bidirectional` layer with a `tf.keras.layers.Layer` instance. "
                             f"Received: {layer}")
        if backward_layer is not None and not isinstance(backward_layer, Layer):
            raise ValueError(f"`backward_layer` need to be a `tf.keras.layers.Layer` instance. Received: "
                             f"{backward_layer}")
        if merge_mode not in ["sum", "mul", "ave", "concat", None]:
            raise ValueError(f"Invalid merge mode. Received: {merge_mode}. Merge mode should be one of {{\"sum\", "
                             f"\"mul\", \"ave\", \"concat\", None}}")
        config = serialization.serialize(layer)
        config["config"]["name"] = "forward_" + _strip_prefix(layer.name)
        self.forward_layer = serialization.deserialize(config)
        if backward_layer is None:
            config = serialization.serialize(layer)
            config["config"]["go_backwards"] = not config["config"].get("go_backwards", False)
            config["config"]["name"] = "backward_" + _strip_prefix(layer.name)
            self.backward_layer = serialization.deserialize(config)
        else:
            self.backward_layer = backward_layer
            self._backward_layer_config = serialization.serialize(backward_layer)
        self.forward_layer._name = "forward_" + _strip_prefix(self.forward_layer.name)
        self.backward_layer._name = "backward_" + _strip_prefix(self.backward_layer.name)
        self._verify_layer_config()

        def force_zero_output_for_mask(layer):
            if getattr(layer, "zero_output_for_mask", None) is not None:
                layer.zero_output_for_mask = layer.return_sequences
        force_zero_output_for_mask(self.forward_layer)
        force_zero_output_for_mask(self.backward_layer)
        self.merge_mode = merge_mode
        if weights:
            nw = len(weights)
            self.forward_layer._initial_weights = weights[:nw // 2]
            self.backward_layer._initial_weights = weights[nw // 2:]
        self.stateful = layer.stateful
        self.return_sequences = layer.return_sequences
        self.return_state = layer.return_state
        self.supports_masking = True
        self._trainable = kwargs.get("trainable", layer.trainable)
        self._num_constants = 0
        Layer.__init__(self, **kwargs)
        self.layer = layer
        self.input_spec = layer.input_spec

    def _verify_layer_config(self):
        if self.forward_layer.go_backwards == self.backward_layer.go_backwards:
            raise ValueError(f"Forward layer and backward layer should have different `go_backwards` value. "
                             f"forward_layer.go_backwards = {self.forward_layer.go_backwards}, "
                             f"backward_layer.go_backwards = {self.backward_layer.go_backwards}")
        for attr in ("stateful", "return_sequences", "return_state"):
            if getattr(self.forward_layer, attr) != getattr(self.backward_layer, attr):
                raise ValueError(f"Forward layer and backward layer are expected to have the same value for "
                                 f"attribute \"{attr}\", got \"{getattr(self.forward_layer, attr)}\" for forward "
                                 f"layer and \"{getattr(self.backward_layer, attr)}\" for backward layer")

    def compute_output_shape(self, input_shape):
        output_shape = self.forward_layer.compute_output_shape(input_shape)
        if self.return_state:
            state_shape = output_shape[1:]
            output_shape = output_shape[0]
        if self.merge_mode == "concat":
            dims = TensorShape(output_shape).as_list()
            dims[-1] *= 2
            output_shape = TensorShape(dims)
        elif self.merge_mode is None:
            output_shape = [output_shape, copy.copy(output_shape)]
        if self.return_state:
            if self.merge_mode is None:
                return output_shape + state_shape + copy.copy(state_shape)
            return [output_shape] + state_shape + copy.copy(state_shape)
        return output_shape

    def build(self, input_shape):
        with backend.name_scope(self.forward_layer.name):
            self.forward_layer.build(input_shape)
            self.forward_layer.built = True
        with backend.name_scope(self.backward_layer.name):
            self.backward_layer.build(input_shape)
            self.backward_layer.built = True
        self.built = True

    def compute_mask(self, inputs, mask):
        if isinstance(mask, list):
            mask = mask[0]
        if self.return_sequences:
            output_mask = mask if self.merge_mode is not None else [mask, mask]
        else:
            output_mask = None if self.merge_mode is not None else [None, None]
        if self.return_state:
            state_mask = [None for _ in self.forward_layer.states]
            out = [output_mask] if not isinstance(output_mask, list) else output_mask
            return out + state_mask * 2
        return output_mask

    def call(self, inputs, training=None, mask=None, initial_state=None, constants=None):
        kwargs = {}
        if self.forward_layer._call_spec.expects_training:
            kwargs["training"] = training
        if self.forward_layer._call_spec.expects_mask:
            kwargs["mask"] = mask
        if initial_state is not None:
            half = len(initial_state) // 2
            forward_state, backward_state = initial_state[:half], initial_state[half:]
            y = self.forward_layer(inputs, initial_state=forward_state, **kwargs)
            y_rev = self.backward_layer(inputs, initial_state=backward_state, **kwargs)
        else:
            y = self.forward_layer(inputs, **kwargs)
            y_rev = self.backward_layer(inputs, **kwargs)
        if self.return_state:
            states = y[1:] + y_rev[1:]
            y, y_rev = y[0], y_rev[0]
        if self.return_sequences:
            time_dim = 0 if getattr(self.forward_layer, "time_major", False) else 1
            y_rev = _reverse_time(y_rev, time_dim)
        if self.merge_mode == "concat" and is_ragged(y) and is_ragged(y_rev):
            # Both directions share the input's row splits; tf.concat on ragged joins the inner values.
            output = y.with_values(backend_math.concatenate([y.values, y_rev.values]))
        elif self.merge_mode == "concat":
            output = backend_math.concatenate([y, y_rev])
        elif self.merge_mode == "sum":
            output = y + y_rev
        elif self.merge_mode == "ave":
            output = (y + y_rev) / 2
        elif self.merge_mode == "mul":
            output = y * y_rev
        else:
            output = [y, y_rev]
        if self.return_state:
            if self.merge_mode is None:
                return output + states
            return [output] + states
        return output

    def reset_states(self, states=None):
        if not self.stateful:
            raise AttributeError("Layer must be stateful.")
        if states is None:
            self.forward_layer.reset_states()
            self.backward_layer.reset_states()
        else:
            half = len(states) // 2
            self.forward_layer.reset_states(states[:half])
            self.backward_layer.reset_states(states[half:])

    def get_config(self):
        config = {"merge_mode": self.merge_mode}
        if hasattr(self, "_backward_layer_config"):
            config["backward_layer"] = self._backward_layer_config
        config["layer"] = serialization.serialize(self.layer)
        base = Layer.get_config(self)
        return dict(list(base.items()) + list(config.items()))

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = copy.deepcopy(config)
        config["layer"] = serialization.deserialize(config["layer"], custom_objects=custom_objects)
        backward = config.pop("backward_layer", None)
        if backward is not None:
            config["backward_layer"] = serialization.deserialize(backward, custom_objects=custom_objects)
        return cls(**config)


def _strip_prefix(name):
    for prefix in ("forward_", "backward_"):
        if name.startswith(prefix):
            return name[len(prefix):]
    return name


def _reverse_time(y, time_dim: int):
    """``tf.reverse(y, [time_dim])``; on a ``RaggedTensor`` (time = its ragged axis 1) each row is reversed
    within its own length, as TF's ragged dispatch of ``tf.reverse`` does."""
    if not is_ragged(y):
        return array_ops.reverse(y, [time_dim])
    splits = y.row_splits
    rowids = y.value_rowids()
    last = array_ops.gather(splits[:-1], rowids) + array_ops.gather(splits[1:], rowids) - 1
    index = last - array_ops.range(array_ops.shape(rowids, out_type=splits.dtype)[0], dtype=splits.dtype)
    return y.with_values(array_ops.gather(y.values, index))
