"""``tf.contrib.layers`` core layers of TF 1.15 (``contrib/layers/python/layers/layers.py``): fully_connected,
conv2d, conv2d_transpose, max_pool2d, avg_pool2d, flatten, dropout, batch_norm.

As in TF 1.15 each layer opens ``variable_scope(scope, default_name)`` ('fully_connected', 'Conv',
'Conv2d_transpose', 'BatchNorm', 'Dropout'; name scopes 'Flatten', 'MaxPool2D', 'AvgPool2D') and builds the
matching ``tf.compat.v1.layers`` class in it, with a custom getter that renames 'kernel' -> 'weights' and
'bias' -> 'biases' and adds every variable to ``GraphKeys.MODEL_VARIABLES`` (contrib's ``model_variable``).
Defaults are contrib's: ReLU activation, Xavier-uniform weights, 'SAME' padding, stride 1 (pooling: stride 2,
'VALID'). Every layer is decorated with ``add_arg_scope`` (as in TF 1.15), so ``arg_scope`` defaults apply."""
from __future__ import annotations

from tfcompat._src.contrib.arg_scope import add_arg_scope
from tfcompat._src.contrib.initializers import xavier_initializer
from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework.dispatch import constant_value, convert_to_tensor
from tfcompat._src.framework.graph import GraphKeys
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.ops import array_ops, control_flow_ops, init_ops, math_ops, nn_ops, state_ops
from tfcompat._src.ops import variable_scope as vs
from tfcompat._src.ops.layers import AveragePooling2D, Conv2D, Conv2DTranspose, Dense, Dropout, MaxPooling2D
from tfcompat._src.ops.layers import flatten as core_flatten
from tfcompat._src.ops.normalization import BatchNormalization, batch_normalization, fused_batch_norm

__all__ = ["avg_pool2d", "batch_norm", "conv2d", "conv2d_transpose", "convolution2d", "convolution2d_transpose",
           "dropout", "flatten", "fully_connected", "max_pool2d"]

_NHWC, _NCHW = "NHWC", "NCHW"
_WEIGHTS_AND_BIASES = {"kernel": "weights", "bias": "biases"}


def _model_variable_getter(rename=None):
    """contrib's ``_build_variable_getter``: renames the variable's last name component per ``rename`` and
    creates it as a model variable (collections + GLOBAL_VARIABLES + MODEL_VARIABLES)."""
    def getter(getter, name, *args, **kwargs):
        parts = name.split("/")
        if rename and parts[-1] in rename:
            parts[-1] = rename[parts[-1]]
            name = "/".join(parts)
        collections = list(kwargs.pop("collections", None) or [])
        collections += [GraphKeys.GLOBAL_VARIABLES, GraphKeys.MODEL_VARIABLES]
        return getter(name, *args, collections=list(dict.fromkeys(collections)), **kwargs)
    return getter


def _variable_collections(variables_collections, name):
    if isinstance(variables_collections, dict):
        return variables_collections.get(name)
    return variables_collections


def _add_variable_to_collections(variable, variables_collections, name):
    graph = ctx_lib.get_default_graph()
    for collection in _variable_collections(variables_collections, name) or []:
        if variable not in graph.get_collection(collection):
            graph.add_to_collection(collection, variable)


def _collect_named_outputs(collections, alias, outputs):
    """contrib's ``utils.collect_named_outputs``: adds ``outputs`` to ``collections`` (when given)."""
    if collections:
        graph = ctx_lib.get_default_graph()
        for collection in collections:
            graph.add_to_collection(collection, outputs)
    return outputs


def _finish(outputs, normalizer_fn, normalizer_params, activation_fn, outputs_collections, alias):
    if normalizer_fn is not None:
        outputs = normalizer_fn(outputs, **(normalizer_params or {}))
    if activation_fn is not None:
        outputs = activation_fn(outputs)
    return _collect_named_outputs(outputs_collections, alias, outputs)


def _add_weight_collections(layer, variables_collections):
    _add_variable_to_collections(layer.kernel, variables_collections, "weights")
    if layer.bias is not None:
        _add_variable_to_collections(layer.bias, variables_collections, "biases")


@add_arg_scope
def fully_connected(inputs, num_outputs: int, activation_fn=nn_ops.relu, normalizer_fn=None, normalizer_params=None,
                    weights_initializer=xavier_initializer(), weights_regularizer=None,
                    biases_initializer=init_ops.zeros_initializer(), biases_regularizer=None, reuse=None,
                    variables_collections=None, outputs_collections=None, trainable: bool = True, scope=None):
    """Mirrors ``tf.contrib.layers.fully_connected``: ``activation_fn(normalizer_fn(x @ weights + biases))``.

    Variables '<scope>/weights' and '<scope>/biases' (scope default 'fully_connected'); no biases when a
    ``normalizer_fn`` is given or ``biases_initializer`` is None. Raises ValueError when ``num_outputs`` is not
    an int (TF's check)."""
    if not isinstance(num_outputs, int) or isinstance(num_outputs, bool):
        raise ValueError(f"num_outputs type should be one of [<class 'int'>], got {type(num_outputs)}.")
    with vs.variable_scope(scope, "fully_connected", [inputs], reuse=reuse,
                           custom_getter=_model_variable_getter(_WEIGHTS_AND_BIASES)) as sc:
        inputs = convert_to_tensor(inputs)
        layer = Dense(units=num_outputs, activation=None,
                      **_layer_args(inputs, sc, reuse, trainable, normalizer_fn, weights_initializer,
                                    weights_regularizer, biases_initializer, biases_regularizer))
        outputs = layer.apply(inputs)
        _add_weight_collections(layer, variables_collections)
        return _finish(outputs, normalizer_fn, normalizer_params, activation_fn, outputs_collections, sc.name)


def _layer_args(inputs, sc, reuse, trainable, normalizer_fn, weights_initializer, weights_regularizer,
                biases_initializer, biases_regularizer) -> dict:
    """The core-layer arguments contrib's weighted layers share: no biases when a ``normalizer_fn`` is given or
    ``biases_initializer`` is None; the layer named and scoped by the enclosing variable scope."""
    return dict(use_bias=bool(not normalizer_fn and biases_initializer is not None),
                kernel_initializer=weights_initializer, bias_initializer=biases_initializer,
                kernel_regularizer=weights_regularizer, bias_regularizer=biases_regularizer,
                trainable=trainable, name=sc.name, dtype=inputs.dtype.base_dtype, _scope=sc, _reuse=reuse)


@add_arg_scope
def convolution2d(inputs, num_outputs: int, kernel_size, stride=1, padding="SAME", data_format=None, rate=1,
                  activation_fn=nn_ops.relu, normalizer_fn=None, normalizer_params=None,
                  weights_initializer=xavier_initializer(), weights_regularizer=None,
                  biases_initializer=init_ops.zeros_initializer(), biases_regularizer=None, reuse=None,
                  variables_collections=None, outputs_collections=None, trainable: bool = True, scope=None):
    """Mirrors ``tf.contrib.layers.conv2d`` / ``convolution2d`` (``convolution`` with ``conv_dims=2``).

    Variables '<scope>/weights' (kh, kw, in, out) and '<scope>/biases' (scope default 'Conv'). Only 2-D
    convolutions: a 4-D input is required (TF's ValueError otherwise)."""
    if data_format not in (None, "NWC", "NCW", _NHWC, _NCHW, "NDHWC", "NCDHW"):
        raise ValueError(f"Invalid data_format: {data_format!r}")
    with vs.variable_scope(scope, "Conv", [inputs], reuse=reuse,
                           custom_getter=_model_variable_getter(_WEIGHTS_AND_BIASES)) as sc:
        inputs = convert_to_tensor(inputs)
        rank = inputs.shape.rank
        if rank != 4:
            raise ValueError(f"Convolution expects input with rank 4, got {rank}")
        df = "channels_first" if data_format and data_format.startswith("NC") else "channels_last"
        layer = Conv2D(filters=num_outputs, kernel_size=kernel_size, strides=stride, padding=padding,
                       data_format=df, dilation_rate=rate, activation=None,
                       **_layer_args(inputs, sc, reuse, trainable, normalizer_fn, weights_initializer,
                                     weights_regularizer, biases_initializer, biases_regularizer))
        outputs = layer.apply(inputs)
        _add_weight_collections(layer, variables_collections)
        return _finish(outputs, normalizer_fn, normalizer_params, activation_fn, outputs_collections, sc.name)


conv2d = convolution2d


@add_arg_scope
def convolution2d_transpose(inputs, num_outputs: int, kernel_size, stride=1, padding="SAME", data_format=_NHWC,
                            activation_fn=nn_ops.relu, normalizer_fn=None, normalizer_params=None,
                            weights_initializer=xavier_initializer(), weights_regularizer=None,
                            biases_initializer=init_ops.zeros_initializer(), biases_regularizer=None, reuse=None,
                            variables_collections=None, outputs_collections=None, trainable: bool = True,
                            scope=None):
    """Mirrors ``tf.contrib.layers.conv2d_transpose``: variables '<scope>/weights' (kh, kw, out, in) and
    '<scope>/biases' (scope default 'Conv2d_transpose')."""
    with vs.variable_scope(scope, "Conv2d_transpose", [inputs], reuse=reuse,
                           custom_getter=_model_variable_getter(_WEIGHTS_AND_BIASES)) as sc:
        if data_format not in (_NCHW, _NHWC):
            raise ValueError("data_format has to be either NCHW or NHWC.")
        inputs = convert_to_tensor(inputs)
        df = "channels_first" if data_format.startswith("NC") else "channels_last"
        layer = Conv2DTranspose(filters=num_outputs, kernel_size=kernel_size, strides=stride, padding=padding,
                                data_format=df, activation=None,
                                **_layer_args(inputs, sc, reuse, trainable, normalizer_fn, weights_initializer,
                                              weights_regularizer, biases_initializer, biases_regularizer))
        outputs = layer.apply(inputs)
        _add_weight_collections(layer, variables_collections)
        return _finish(outputs, normalizer_fn, normalizer_params, activation_fn, outputs_collections, sc.name)


conv2d_transpose = convolution2d_transpose


def _pool2d(layer_class, default_name, inputs, kernel_size, stride, padding, data_format, outputs_collections,
            scope):
    if data_format not in (_NCHW, _NHWC):
        raise ValueError("data_format has to be either NCHW or NHWC.")
    with name_scope(scope, default_name, [inputs]) as sc:
        inputs = convert_to_tensor(inputs)
        df = "channels_first" if data_format.startswith("NC") else "channels_last"
        layer = layer_class(pool_size=kernel_size, strides=stride, padding=padding, data_format=df, _scope=sc)
        return _collect_named_outputs(outputs_collections, sc, layer.apply(inputs))


@add_arg_scope
def max_pool2d(inputs, kernel_size, stride=2, padding="VALID", data_format=_NHWC, outputs_collections=None,
               scope=None):
    """Mirrors ``tf.contrib.layers.max_pool2d`` (name scope 'MaxPool2D'; stride 2 and 'VALID' by default)."""
    return _pool2d(MaxPooling2D, "MaxPool2D", inputs, kernel_size, stride, padding, data_format,
                   outputs_collections, scope)


@add_arg_scope
def avg_pool2d(inputs, kernel_size, stride=2, padding="VALID", data_format=_NHWC, outputs_collections=None,
               scope=None):
    """Mirrors ``tf.contrib.layers.avg_pool2d`` (name scope 'AvgPool2D'; stride 2 and 'VALID' by default)."""
    return _pool2d(AveragePooling2D, "AvgPool2D", inputs, kernel_size, stride, padding, data_format,
                   outputs_collections, scope)


@add_arg_scope
def flatten(inputs, outputs_collections=None, scope=None):
    """Mirrors ``tf.contrib.layers.flatten``: ``[batch, ...] -> [batch, k]`` under name scope 'Flatten'."""
    with name_scope(scope, "Flatten", [inputs]) as sc:
        outputs = core_flatten(convert_to_tensor(inputs))
        return _collect_named_outputs(outputs_collections, sc, outputs)


@add_arg_scope
def dropout(inputs, keep_prob=0.5, noise_shape=None, is_training=True, outputs_collections=None, scope=None,
            seed=None):
    """Mirrors ``tf.contrib.layers.dropout``: ``tf.compat.v1.layers.Dropout(rate=1 - keep_prob)`` applied with
    ``training=is_training`` (default True, unlike ``tf.layers.dropout``) in scope 'Dropout'."""
    with vs.variable_scope(scope, "Dropout", [inputs], custom_getter=_model_variable_getter()) as sc:
        inputs = convert_to_tensor(inputs)
        layer = Dropout(rate=1 - keep_prob, noise_shape=noise_shape, seed=seed, name=sc.name, _scope=sc)
        outputs = layer.apply(inputs, training=is_training)
        return _collect_named_outputs(outputs_collections, sc.name, outputs)


# --- batch_norm -------------------------------------------------------------------------------------------
def _static_bool(value):
    if isinstance(value, Tensor):
        v = constant_value(value)
        return None if v is None else bool(v)
    return bool(value)


def _smart_cond(pred, true_fn, false_fn):
    static = _static_bool(pred)
    if static is not None:
        return true_fn() if static else false_fn()
    return control_flow_ops.cond(convert_to_tensor(pred), true_fn, false_fn)


def _assign_moving_average(variable, value, decay):
    """TF's ``moving_averages.assign_moving_average(zero_debias=False)``: ``v -= (v - value) * (1 - decay)``."""
    with name_scope(None, "AssignMovingAvg", [variable, value]) as scope:
        complement = convert_to_tensor(1.0 - decay, name="decay")
        if complement.dtype is not variable.dtype.base_dtype:
            complement = math_ops.cast(complement, variable.dtype.base_dtype)
        delta = math_ops.multiply(math_ops.subtract(variable, value), complement)
        return state_ops.assign_sub(variable, delta, name=scope)


def _bn_params(params_shape, dtype, center, scale, trainable, param_initializers, param_regularizers,
               variables_collections):
    """contrib's beta, gamma (constants 0 / 1 when disabled), moving_mean and moving_variance, in that order."""
    params_shape = params_shape.as_list()

    def make(name, default_init, train, regularized=True):
        return vs.get_variable(name, shape=params_shape, dtype=dtype,
                               initializer=param_initializers.get(name, default_init),
                               regularizer=param_regularizers.get(name) if regularized else None,
                               collections=_variable_collections(variables_collections, name), trainable=train)
    beta = (make("beta", init_ops.zeros_initializer(), trainable) if center
            else array_ops.constant(0.0, dtype=dtype, shape=params_shape))
    gamma = (make("gamma", init_ops.ones_initializer(), trainable) if scale
             else array_ops.constant(1.0, dtype=dtype, shape=params_shape))
    moving_mean = make("moving_mean", init_ops.zeros_initializer(), False, regularized=False)
    moving_variance = make("moving_variance", init_ops.ones_initializer(), False, regularized=False)
    return beta, gamma, moving_mean, moving_variance


def _moving_updates(is_training, mean, variance, moving_mean, moving_variance, decay, updates_collections,
                    outputs):
    """contrib's update wiring: with ``updates_collections=None`` the updates run before ``outputs`` is read
    (returned through an identity); otherwise the update ops go to ``updates_collections``."""
    def delay_updates():
        return (_assign_moving_average(moving_mean, mean, decay),
                _assign_moving_average(moving_variance, variance, decay))
    if updates_collections is None:
        def force_updates():
            with ctx_lib.get_default_graph().control_dependencies(list(delay_updates())):
                return array_ops.identity(outputs)
        return _smart_cond(is_training, force_updates, lambda: outputs)
    update_mean, update_variance = _smart_cond(is_training, delay_updates, lambda: (moving_mean, moving_variance))
    graph = ctx_lib.get_default_graph()
    for collection in ([updates_collections] if isinstance(updates_collections, str) else updates_collections):
        graph.add_to_collection(collection, update_mean)
        graph.add_to_collection(collection, update_variance)
    return outputs


def _fused_batch_norm(inputs, decay, center, scale, epsilon, activation_fn, param_initializers, param_regularizers,
                      updates_collections, is_training, reuse, variables_collections, outputs_collections,
                      trainable, data_format, scope):
    with vs.variable_scope(scope, "BatchNorm", [inputs], reuse=reuse,
                           custom_getter=_model_variable_getter()) as sc:
        original_inputs = inputs = convert_to_tensor(inputs)
        original_rank = inputs.shape.rank
        if original_rank == 2:
            channels = inputs.shape[-1]
            if channels is None:
                raise ValueError("`C` dimension must be known but is None")
            inputs = array_ops.reshape(inputs, [-1, channels, 1, 1] if data_format == _NCHW else [-1, 1, 1, channels])
        inputs_shape = inputs.shape
        params_shape = inputs_shape[-1:] if data_format == _NHWC else inputs_shape[1:2]
        if not params_shape.is_fully_defined():
            raise ValueError(f"Inputs {inputs.name} has undefined `C` dimension {params_shape}.")
        beta, gamma, moving_mean, moving_variance = _bn_params(
            params_shape, inputs.dtype.base_dtype, center, scale, trainable, param_initializers or {},
            param_regularizers or {}, variables_collections)

        def training():
            return fused_batch_norm(inputs, gamma, beta, epsilon=epsilon, data_format=data_format)

        def inference():
            return fused_batch_norm(inputs, gamma, beta, mean=moving_mean, variance=moving_variance,
                                    epsilon=epsilon, is_training=False, data_format=data_format)
        outputs, mean, variance = _smart_cond(is_training, training, inference)
        if _static_bool(is_training) is not False:
            outputs = _moving_updates(is_training, mean, variance, moving_mean, moving_variance, decay,
                                      updates_collections, outputs)
        outputs.set_shape(inputs_shape)
        if original_rank == 2:
            outputs = array_ops.reshape(outputs, array_ops.shape(original_inputs))
        if activation_fn is not None:
            outputs = activation_fn(outputs)
        return _collect_named_outputs(outputs_collections, sc.name, outputs)


def _legacy_batch_norm(inputs, decay, center, scale, epsilon, activation_fn, param_initializers,
                       param_regularizers, updates_collections, is_training, reuse, variables_collections,
                       outputs_collections, trainable, data_format, sc):
    """contrib's non-fused path for a custom ``updates_collections``: ``tf.nn.moments`` (biased variance)."""
    inputs_shape = inputs.shape
    rank = inputs_shape.rank
    if rank is None:
        raise ValueError(f"Inputs {inputs.name} has undefined rank.")
    if data_format == _NCHW:
        axes, params_shape = [0] + list(range(2, rank)), inputs_shape[1:2]
        broadcast = [1, inputs_shape[1]] + [1] * (rank - 2)
    else:
        axes, params_shape, broadcast = list(range(rank - 1)), inputs_shape[-1:], None
    if not params_shape.is_fully_defined():
        raise ValueError(f"Inputs {inputs.name} has undefined channels dimension {params_shape}.")
    beta, gamma, moving_mean, moving_variance = _bn_params(
        params_shape, inputs.dtype.base_dtype, center, scale, trainable, param_initializers or {},
        param_regularizers or {}, variables_collections)
    beta, gamma = (beta if center else None), (gamma if scale else None)
    if _static_bool(is_training) is not False:
        mean, variance = nn_ops.moments(inputs, axes, keep_dims=data_format == _NCHW)
        if data_format == _NCHW:
            mean, variance = array_ops.reshape(mean, [-1]), array_ops.reshape(variance, [-1])
        if updates_collections is None:
            def force_updates():
                updates = [_assign_moving_average(moving_mean, mean, decay),
                           _assign_moving_average(moving_variance, variance, decay)]
                with ctx_lib.get_default_graph().control_dependencies(updates):
                    return array_ops.identity(mean), array_ops.identity(variance)
            mean, variance = _smart_cond(is_training, force_updates, lambda: (moving_mean, moving_variance))
        else:
            _moving_updates(is_training, mean, variance, moving_mean, moving_variance, decay, updates_collections,
                            None)
            mean, variance = _smart_cond(is_training, lambda: (mean, variance),
                                         lambda: (moving_mean, moving_variance))
    else:
        mean, variance = moving_mean, moving_variance
    if broadcast is not None:
        mean, variance = array_ops.reshape(mean, broadcast), array_ops.reshape(variance, broadcast)
        beta = array_ops.reshape(beta, broadcast) if beta is not None else None
        gamma = array_ops.reshape(gamma, broadcast) if gamma is not None else None
    outputs = batch_normalization(inputs, mean, variance, beta, gamma, epsilon)
    outputs.set_shape(inputs_shape)
    if activation_fn is not None:
        outputs = activation_fn(outputs)
    return _collect_named_outputs(outputs_collections, sc.name, outputs)


@add_arg_scope
def batch_norm(inputs, decay=0.999, center=True, scale=False, epsilon=0.001, activation_fn=None,
               param_initializers=None, param_regularizers=None, updates_collections=GraphKeys.UPDATE_OPS,
               is_training=True, reuse=None, variables_collections=None, outputs_collections=None,
               trainable=True, batch_weights=None, fused=None, data_format=_NHWC, zero_debias_moving_mean=False,
               scope=None, renorm=False, renorm_clipping=None, renorm_decay=0.99, adjustment=None):
    """Mirrors ``tf.contrib.layers.batch_norm`` (TF 1.15): variables 'BatchNorm/beta' (center), 'BatchNorm/gamma'
    (scale, off by default), 'BatchNorm/moving_mean', 'BatchNorm/moving_variance'.

    TF 1.15's three paths: the fused kernel (``fused`` defaults to True) for 2-D/4-D inputs that are 2-D or use
    a custom ``updates_collections`` (``None``: updates forced before the output is read); otherwise
    ``tf.compat.v1.layers.BatchNormalization(momentum=decay)`` when ``updates_collections`` is UPDATE_OPS; else
    the non-fused ``tf.nn.moments`` path. Not supported (NotImplementedError): ``batch_weights``, ``renorm``,
    ``adjustment``, ``zero_debias_moving_mean``."""
    for flag, what in ((batch_weights is not None, "batch_weights"), (renorm, "renorm"),
                       (adjustment is not None, "adjustment"), (zero_debias_moving_mean, "zero_debias_moving_mean")):
        if flag:
            raise NotImplementedError(f"tf.contrib.layers.batch_norm({what}=...) is not supported by tfcompat.")
    if fused is None:
        fused = True
    inputs = convert_to_tensor(inputs)
    rank = inputs.shape.rank
    default_updates = updates_collections == GraphKeys.UPDATE_OPS
    args = (decay, center, scale, epsilon, activation_fn, param_initializers, param_regularizers,
            updates_collections, is_training, reuse, variables_collections, outputs_collections, trainable,
            data_format)
    if fused and rank in (2, 4) and (rank == 2 or not default_updates):
        if data_format not in (_NCHW, _NHWC):
            raise ValueError("data_format has to be either NCHW or NHWC.")
        return _fused_batch_norm(inputs, *args, scope)
    if data_format not in (_NCHW, _NHWC):
        raise ValueError("data_format has to be either NCHW or NHWC.")
    with vs.variable_scope(scope, "BatchNorm", [inputs], reuse=reuse,
                           custom_getter=_model_variable_getter()) as sc:
        if not default_updates:
            return _legacy_batch_norm(inputs, *args, sc)
        param_initializers, param_regularizers = param_initializers or {}, param_regularizers or {}
        layer = BatchNormalization(
            axis=1 if data_format == _NCHW else -1, momentum=decay, epsilon=epsilon, center=center, scale=scale,
            beta_initializer=param_initializers.get("beta", init_ops.zeros_initializer()),
            gamma_initializer=param_initializers.get("gamma", init_ops.ones_initializer()),
            moving_mean_initializer=param_initializers.get("moving_mean", init_ops.zeros_initializer()),
            moving_variance_initializer=param_initializers.get("moving_variance", init_ops.ones_initializer()),
            beta_regularizer=param_regularizers.get("beta"), gamma_regularizer=param_regularizers.get("gamma"),
            trainable=trainable, name=sc.name, _scope=sc, _reuse=reuse, fused=fused)
        outputs = layer.apply(inputs, training=is_training)
        _add_variable_to_collections(layer.moving_mean, variables_collections, "moving_mean")
        _add_variable_to_collections(layer.moving_variance, variables_collections, "moving_variance")
        if layer.beta is not None:
            _add_variable_to_collections(layer.beta, variables_collections, "beta")
        if layer.gamma is not None:
            _add_variable_to_collections(layer.gamma, variables_collections, "gamma")
        if activation_fn is not None:
            outputs = activation_fn(outputs)
        return _collect_named_outputs(outputs_collections, sc.name, outputs)
