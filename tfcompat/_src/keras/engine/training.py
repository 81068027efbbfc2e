"""``tf.keras.Model`` (tf-keras 2.21): layers grouped with ``compile``/``fit``/``evaluate``/``predict``, the
``*_on_batch`` methods, weights saving and ``summary``.

``Model(inputs, outputs)`` gives a ``Functional`` model; subclasses override ``call``. The train/test/predict
steps run in a ``tf.function`` (``run_eagerly=True``: plain Python) in TF2; in a TF1 graph they are graph ops
run in Keras' session (``training_v1``). The fit/evaluate/predict loops live in ``training_loops``."""
from __future__ import annotations

import json
import warnings

import numpy as np

from tfcompat._src.distribute import distribute_context
from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import nest
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.autodiff.tape import GradientTape
from tfcompat._src.ops import array_ops
from tfcompat._src.keras import backend
from tfcompat._src.keras import hooks
from tfcompat._src.keras.engine import base_layer
from tfcompat._src.keras.engine import compile_utils
from tfcompat._src.keras.engine import data_adapter
from tfcompat._src.keras.engine import trackable
from tfcompat._src.keras.engine import training_loops
from tfcompat._src.keras.layers import serialization
from tfcompat._src.keras.saving import serving_signature

__all__ = ["Model"]


def _is_functional_init(args, kwargs) -> bool:
    return (len(args) == 2 or len(args) == 1 and "outputs" in kwargs or "inputs" in kwargs and
            "outputs" in kwargs)


def _get_optimizer(identifier):
    """``optimizers.get``, letting a ``LossScaleOptimizer`` (a wrapper, not an optimizer subclass in tfcompat)
    through."""
    from tfcompat._src.keras import optimizers
    from tfcompat._src.keras.loss_scale_optimizer import LossScaleOptimizer
    return identifier if isinstance(identifier, LossScaleOptimizer) else optimizers.get(identifier)


class Model(base_layer.Layer):
    """Mirrors ``tf.keras.Model``."""

    @property
    def _object_identifier(self) -> str:
        return "_tf_keras_network" if getattr(self, "_is_graph_network", False) else "_tf_keras_model"

    def __new__(cls, *args, **kwargs):
        if cls is Model and _is_functional_init(args, kwargs):
            functional_cls = hooks.get("functional_model")
            return functional_cls.__new__(functional_cls, *args, **kwargs)
        return super().__new__(cls, *args, **kwargs)

    def __init__(self, *args, **kwargs):
        functional_cls = hooks.get("functional_model")
        if _is_functional_init(args, kwargs) and not isinstance(self, functional_cls):
            # A subclass calling super().__init__(inputs, outputs): it becomes functional (tf-keras injects
            # Functional into the class hierarchy the same way).
            supported = {"inputs", "outputs", "name", "trainable"}
            model_kwargs = {k: v for k, v in kwargs.items() if k in supported}
            other = {k: v for k, v in kwargs.items() if k not in supported}
            if other:
                raise TypeError(f"The following keyword arguments passed to `Model` aren't supported: {other}.")
            cls = type(self)
            self.__class__ = type(cls.__name__, (cls, functional_cls), {"__module__": cls.__module__})
            functional_cls.__init__(self, *args, **model_kwargs)
            return
        allowed = {"trainable", "dtype", "dynamic", "name", "autocast", "inputs", "outputs"}
        unknown = [k for k in kwargs if k not in allowed]
        if unknown:
            raise TypeError(f"Keyword argument not understood: {unknown[0]!r}")
        super().__init__(**{k: v for k, v in kwargs.items() if k not in ("inputs", "outputs")})
        self._init_model_state()

    def _init_model_state(self):
        self._self_setattr_tracking = False
        self._is_graph_network = getattr(self, "_is_graph_network", False)
        self._saved_model_inputs_spec = None   # a subclassed model's first inputs (serving_signature.py)
        if not self._is_graph_network:
            self.inputs = None
            self.outputs = None
            self.input_names = None
            self.output_names = None
        self.stop_training = False
        self.history = None
        self.compiled_loss = None
        self.compiled_metrics = None
        self._compute_output_and_mask_jointly = getattr(self, "_compute_output_and_mask_jointly", False)
        self._is_compiled = False
        self.optimizer = None
        self.loss = None
        self._run_eagerly = None
        self._steps_per_execution = 1
        self._jit_compile = None
        self.train_function = None
        self.test_function = None
        self.predict_function = None
        self._train_counter = 0
        self._test_counter = 0
        self._predict_counter = 0
        self._base_model_initialized = True
        self._distribution_strategy = distribute_context.get_strategy() if distribute_context.has_strategy() else None
        self._self_setattr_tracking = True

    @property
    def distribute_strategy(self):
        """The ``tf.distribute.Strategy`` the model was created under (else the current one), as tf-keras."""
        return self._distribution_strategy or distribute_context.get_strategy()

    def _init_set_name(self, name, zero_based=True):
        if not name:
            cls_name = type(self).__name__
            if type(self) is hooks.get("functional_model"):
                cls_name = "Model"
            self._name = backend.unique_object_name(base_layer.utils.to_snake_case(cls_name),
                                                    zero_based=zero_based)
        else:
            self._name = name
        self._scope_name = self._name + "/"

    # -- building and calling ------------------------------------------------------------------------------
    def __call__(self, *args, **kwargs):
        if self._saved_model_inputs_spec is None and not self._is_graph_network:
            inputs, _, _ = self._call_spec.split_out_first_arg(args, kwargs)
            serving_signature.record_call_spec(self, inputs)
        return super().__call__(*args, **kwargs)

    def save_spec(self, dynamic_batch=True):
        """Mirrors ``Model.save_spec``: ``(args, kwargs)`` specs of the model's inputs (named after its ``Input``
        layers, or 'input_1', ... for a subclassed model's first call), or None before the model saw inputs."""
        specs = serving_signature.input_specs(self, dynamic_batch)
        return None if specs is None else ([specs], {})

    def _tfcompat_saved_functions(self) -> dict:
        """The tf.functions ``tf.saved_model.save`` adds to this model's object: ``__call__`` (see
        serving_signature.call_function)."""
        fn = serving_signature.call_function(self)
        return {} if fn is None else {"__call__": fn}

    def _default_save_signature(self):
        """The ``serving_default`` concrete function ``tf.saved_model.save`` exports when given no signatures."""
        return serving_signature.default_signature(self)

    @base_layer._default
    def build(self, input_shape):
        """Mirrors ``Model.build`` for subclassed models: calls the model on symbolic inputs of that shape.

        Raises:
          ValueError: no shape, or a ``call`` that needs other arguments."""
        if self._is_graph_network:
            super().build(input_shape)
            return
        if input_shape is None:
            raise ValueError("Input shape must be defined when calling `build()` on a `Model` subclass.")
        valid = (tuple, list, TensorShape, dict)
        if not isinstance(input_shape, valid):
            raise ValueError(f"Specified input shape is not one of the valid types. Please specify a batch input "
                             f"shape of type tuple or list of input shapes. User provided input type: "
                             f"{type(input_shape)}.")
        if input_shape and not self.inputs:
            graph = base_layer._scratch_graph()
            with ctx_lib.push_graph(graph):
                if isinstance(input_shape, list) and all(d is None or isinstance(d, int) for d in input_shape):
                    input_shape = tuple(input_shape)
                if isinstance(input_shape, list):
                    x = [_placeholder(s) for s in input_shape]
                elif isinstance(input_shape, dict):
                    x = {k: _placeholder(s) for k, s in input_shape.items()}
                else:
                    x = _placeholder(input_shape)
                kwargs = {}
                spec = self._call_spec
                required = [a for a in spec.arg_names[1:] if a not in spec.defaults]
                for arg in required:
                    if arg == "training":
                        kwargs["training"] = False
                    else:
                        raise ValueError("Currently, you cannot build your model if it has positional or keyword "
                                         "arguments that are not inputs to the model, but are required for its "
                                         "`call()` method. Instead, in order to instantiate and build your model, "
                                         "`call()` your model on real tensor data with all expected call "
                                         "arguments. The argument for `call()` can be a single list/tuple that "
                                         "contains multiple inputs.")
                if len(spec.arg_names) < 1:
                    raise ValueError("You can only call `build()` on a model if its `call()` method accepts an "
                                     "`inputs` argument.")
                with backend.layer_name_scope(self.name):
                    self.call(x, **kwargs)
        super().build(input_shape)

    def call(self, inputs, training=None, mask=None):
        """The model's forward pass (subclasses override).

        Raises:
          NotImplementedError: not overridden and not functional."""
        raise NotImplementedError("Unimplemented `tf.keras.Model.call()`: if you intend to create a `Model` with "
                                  "the Functional API, please provide `inputs` and `outputs` arguments. Otherwise, "
                                  "subclass `Model` with an overridden `call()` method.")

    # -- compile ---------------------------------------------------------------------------------------------
    def compile(self, optimizer="rmsprop", loss=None, metrics=None, loss_weights=None, weighted_metrics=None,
                run_eagerly=None, steps_per_execution=None, jit_compile=None, pss_evaluation_shards=0, **kwargs):
        """Mirrors ``Model.compile``: the optimizer, loss(es), metrics and how steps run."""
        from tfcompat._src.keras import optimizers
        for key in ("experimental_steps_per_execution",):
            if key in kwargs:
                steps_per_execution = kwargs.pop(key)
        invalid = [k for k in kwargs if k not in ("experimental_run_tf_function", "distribute", "target_tensors",
                                                  "sample_weight_mode", "from_serialized")]
        if invalid:
            raise TypeError(f"Invalid keyword argument(s) in `compile()`: {tuple(invalid)}. Valid keyword "
                            f"arguments include \"cloning\", \"experimental_run_tf_function\", \"distribute\", "
                            f"\"target_tensors\", or \"sample_weight_mode\".")
        if "distribute" in kwargs:
            raise ValueError("`distribute` argument in compile is not available in TF 2.0. Please create the model "
                             "under the `strategy.scope()`. Received: {}.".format(kwargs["distribute"]))
        from_serialized = kwargs.pop("from_serialized", False)
        self._self_setattr_tracking = False
        # tf-keras's _compile_config: the arguments as given (a .keras file stores them serialized).
        self._compile_config = {"optimizer": optimizer, "loss": loss, "metrics": metrics,
                                "loss_weights": loss_weights, "weighted_metrics": weighted_metrics,
                                "run_eagerly": run_eagerly, "steps_per_execution": steps_per_execution,
                                "jit_compile": jit_compile}
        self.optimizer = nest.map_structure(self._get_optimizer, optimizer) \
            if isinstance(optimizer, (list, tuple)) else self._get_optimizer(optimizer)
        if isinstance(loss, compile_utils.LossesContainer):
            self.compiled_loss = loss
        else:
            self.compiled_loss = compile_utils.LossesContainer(loss, loss_weights, output_names=self.output_names)
        self.compiled_metrics = compile_utils.MetricsContainer(metrics, weighted_metrics,
                                                               output_names=self.output_names,
                                                               from_serialized=from_serialized)
        self._steps_per_execution = steps_per_execution or 1
        self._run_eagerly = run_eagerly
        self._jit_compile = jit_compile
        self._is_compiled = True
        self._compiled_trainable_state = {id(layer): layer._trainable for layer in self._flatten_layers()}
        self.loss = loss or {}
        self.train_function = self.test_function = self.predict_function = None
        self._compiled_functions = {}
        self._self_setattr_tracking = True
        trackable.track(self, "optimizer", self.optimizer)   # tf-keras's checkpoint key prefix 'optimizer/'

    def _get_optimizer(self, identifier):
        # As tf-keras: a float16 compute dtype (mixed_float16) wraps the optimizer in a LossScaleOptimizer.
        from tfcompat._src.keras.loss_scale_optimizer import LossScaleOptimizer
        optimizer = _get_optimizer(identifier)
        if self._dtype_policy.compute_dtype == "float16" and not isinstance(optimizer, LossScaleOptimizer):
            optimizer = LossScaleOptimizer(optimizer)
        return optimizer

    @property
    def metrics(self) -> list:
        """The model's metrics: the compiled loss metrics, the compiled metrics, then those layers added."""
        found = []
        if self._is_compiled:
            if self.compiled_loss is not None:
                found += self.compiled_loss.metrics
            if self.compiled_metrics is not None:
                found += self.compiled_metrics.metrics
        for layer in self._flatten_layers():
            found.extend(layer._metrics)
        return found

    @property
    def metrics_names(self) -> list:
        return [m.name for m in self.metrics]

    @property
    def run_eagerly(self) -> bool:
        return bool(self._run_eagerly) or self.dynamic

    @run_eagerly.setter
    def run_eagerly(self, value):
        self._run_eagerly = value
        self.train_function = self.test_function = self.predict_function = None
        self._compiled_functions = {}

    @property
    def jit_compile(self):
        return self._jit_compile

    @property
    def steps_per_execution(self):
        return self._steps_per_execution

    # -- steps -----------------------------------------------------------------------------------------------
    def train_step(self, data):
        """Mirrors ``Model.train_step``: forward pass under a tape, loss, optimizer step, metrics."""
        x, y, sample_weight = data_adapter.unpack_x_y_sample_weight(data)
        with GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compute_loss(x, y, y_pred, sample_weight)
        self._validate_target_and_loss(y, loss)
        self.optimizer.minimize(loss, self.trainable_variables, tape=tape)
        return self.compute_metrics(x, y, y_pred, sample_weight)

    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None):
        """Mirrors ``Model.compute_loss``: the compiled loss plus ``self.losses``."""
        del x
        return self.compiled_loss(y, y_pred, sample_weight, regularization_losses=self.losses)

    def compute_metrics(self, x, y, y_pred, sample_weight):
        """Mirrors ``Model.compute_metrics``: updates the compiled metrics and returns every metric's result."""
        del x
        self.compiled_metrics.update_state(y, y_pred, sample_weight)
        return self.get_metrics_result()

    def get_metrics_result(self) -> dict:
        """Mirrors ``Model.get_metrics_result``."""
        results = {}
        for metric in self.metrics:
            result = metric.result()
            if isinstance(result, dict):
                results.update(result)
            else:
                results[metric.name] = result
        return results

    def _validate_target_and_loss(self, y, loss):
        if self.loss and y is None:
            raise ValueError(f"Target data is missing. Your model was compiled with loss={self.loss}, and therefore "
                             f"expects target data to be provided in `fit()`.")
        if loss is None:
            raise ValueError("No loss found. You may have forgotten to provide a `loss` argument in the `compile()` "
                             "method.")

    def test_step(self, data):
        """Mirrors ``Model.test_step``."""
        x, y, sample_weight = data_adapter.unpack_x_y_sample_weight(data)
        y_pred = self(x, training=False)
        self.compute_loss(x, y, y_pred, sample_weight)
        return self.compute_metrics(x, y, y_pred, sample_weight)

    def predict_step(self, data):
        """Mirrors ``Model.predict_step``."""
        x, _, _ = data_adapter.unpack_x_y_sample_weight(data)
        return self(x, training=False)

    def make_train_function(self, force=False):
        """A function running one training step on the next batch of an iterator (a tf.function unless
        ``run_eagerly``)."""
        if self.train_function is not None and not force:
            return self.train_function
        self.train_function = training_loops.make_step_function(self, self.train_step)
        return self.train_function

    def make_test_function(self, force=False):
        if self.test_function is not None and not force:
            return self.test_function
        self.test_function = training_loops.make_step_function(self, self.test_step)
        return self.test_function

    def make_predict_function(self, force=False):
        if self.predict_function is not None and not force:
            return self.predict_function
        self.predict_function = training_loops.make_step_function(self, self.predict_step)
        return self.predict_function

    # -- loops -----------------------------------------------------------------------------------------------
    def fit(self, x=None, y=None, batch_size=None, epochs=1, verbose="auto", callbacks=None, validation_split=0.0,
            validation_data=None, shuffle=True, class_weight=None, sample_weight=None, initial_epoch=0,
            steps_per_epoch=None, validation_steps=None, validation_batch_size=None, validation_freq=1,
            max_queue_size=10, workers=1, use_multiprocessing=False):
        """Mirrors ``Model.fit``: trains for ``epochs`` epochs; returns the ``History`` callback."""
        return training_loops.fit(self, x, y, batch_size, epochs, verbose, callbacks, validation_split,
                                  validation_data, shuffle, class_weight, sample_weight, initial_epoch,
                                  steps_per_epoch, validation_steps, validation_batch_size, validation_freq)

    def evaluate(self, x=None, y=None, batch_size=None, verbose="auto", sample_weight=None, steps=None,
                 callbacks=None, max_queue_size=10, workers=1, use_multiprocessing=False, return_dict=False,
                 **kwargs):
        """Mirrors ``Model.evaluate``: the loss (and metrics) over the data."""
        return training_loops.evaluate(self, x, y, batch_size, verbose, sample_weight, steps, callbacks,
                                       return_dict, kwargs.pop("_use_cached_eval_dataset", False))

    def predict(self, x, batch_size=None, verbose="auto", steps=None, callbacks=None, max_queue_size=10,
                workers=1, use_multiprocessing=False):
        """Mirrors ``Model.predict``: the outputs for every sample, as numpy arrays."""
        return training_loops.predict(self, x, batch_size, verbose, steps, callbacks)

    def reset_metrics(self) -> None:
        """Mirrors ``Model.reset_metrics``."""
        for m in self.metrics:
            m.reset_state()

    def train_on_batch(self, x, y=None, sample_weight=None, class_weight=None, reset_metrics=True,
                       return_dict=False):
        """Mirrors ``Model.train_on_batch``: one training step on one batch; the loss (and metrics)."""
        self._assert_compile_was_called()
        return training_loops.on_batch(self, "train", x, y, sample_weight, class_weight, reset_metrics,
                                       return_dict)

    def test_on_batch(self, x, y=None, sample_weight=None, reset_metrics=True, return_dict=False):
        """Mirrors ``Model.test_on_batch``."""
        self._assert_compile_was_called()
        return training_loops.on_batch(self, "test", x, y, sample_weight, None, reset_metrics, return_dict)

    def predict_on_batch(self, x):
        """Mirrors ``Model.predict_on_batch``: numpy outputs for one batch."""
        return training_loops.on_batch(self, "predict", x, None, None, None, False, False)

    def fit_generator(self, generator, steps_per_epoch=None, epochs=1, verbose=1, callbacks=None,
                      validation_data=None, validation_steps=None, validation_freq=1, class_weight=None,
                      max_queue_size=10, workers=1, use_multiprocessing=False, shuffle=True, initial_epoch=0):
        """Deprecated alias of ``fit`` (with a warning, as tf-keras)."""
        warnings.warn("`Model.fit_generator` is deprecated and will be removed in a future version. Please use "
                      "`Model.fit`, which supports generators.", stacklevel=2)
        return self.fit(generator, steps_per_epoch=steps_per_epoch, epochs=epochs, verbose=verbose,
                        callbacks=callbacks, validation_data=validation_data, validation_steps=validation_steps,
                        validation_freq=validation_freq, class_weight=class_weight, shuffle=shuffle,
                        initial_epoch=initial_epoch)

    def evaluate_generator(self, generator, steps=None, callbacks=None, max_queue_size=10, workers=1,
                           use_multiprocessing=False, verbose=0):
        warnings.warn("`Model.evaluate_generator` is deprecated and will be removed in a future version. Please "
                      "use `Model.evaluate`, which supports generators.", stacklevel=2)
        return self.evaluate(generator, steps=steps, verbose=verbose, callbacks=callbacks)

    def predict_generator(self, generator, steps=None, callbacks=None, max_queue_size=10, workers=1,
                          use_multiprocessing=False, verbose=0):
        warnings.warn("`Model.predict_generator` is deprecated and will be removed in a future version. Please "
                      "use `Model.predict`, which supports generators.", stacklevel=2)
        return self.predict(generator, steps=steps, verbose=verbose, callbacks=callbacks)

    def _assert_compile_was_called(self):
        if not self._is_compiled:
            raise RuntimeError("You must compile your model before training/testing. Use "
                               "`model.compile(optimizer, loss)`.")

    # -- layers and weights ------------------------------------------------------------------------------------
    @property
    def layers(self) -> list:
        """The model's direct sublayers."""
        return list(self._flatten_layers(include_self=False, recursive=False))

    @layers.setter
    def layers(self, _):
        raise AttributeError("`Model.layers` attribute is reserved and should not be used. Please use another "
                             "name.")

    def get_layer(self, name=None, index=None):
        """Mirrors ``Model.get_layer``."""
        if index is not None and name is not None:
            raise ValueError(f"Provide only a layer name or a layer index. Received: index={index}, name={name}.")
        if index is not None:
            if len(self.layers) <= index:
                raise ValueError(f"Was asked to retrieve layer at index {index} but model only has "
                                 f"{len(self.layers)} layers.")
            return self.layers[index]
        if name is not None:
            for layer in self.layers:
                if layer.name == name:
                    return layer
            raise ValueError(f"No such layer: {name}. Existing layers are: "
                             f"{list(layer.name for layer in self.layers)}.")
        raise ValueError("Provide either a layer name or layer index at `get_layer`.")

    @property
    def trainable_weights(self) -> list:
        """Mirrors ``Model.trainable_weights``: the sublayers' (in tracking order), then the model's own."""
        self._assert_weights_created()
        if not self._trainable:
            return []
        found = []
        for layer in self._flatten_modules(include_self=False, recursive=False):
            found += layer.trainable_variables
        found += self._trainable_weights
        return self._dedup_weights(found)

    @property
    def non_trainable_weights(self) -> list:
        self._assert_weights_created()
        found = []
        children = list(self._flatten_modules(include_self=False, recursive=False))
        if self._trainable:
            for layer in children:
                found += layer.non_trainable_variables
            found += self._non_trainable_weights
        else:
            for layer in children:
                found += layer.variables
            found += self._trainable_weights + self._non_trainable_weights
        return self._dedup_weights(found)

    @property
    def weights(self) -> list:
        """Mirrors ``Model.weights``: each sublayer's variables in turn, then the model's own."""
        self._assert_weights_created()
        found = []
        for layer in self._flatten_modules(include_self=False, recursive=False):
            found += list(layer.variables)
        found += self._trainable_weights + self._non_trainable_weights
        return self._dedup_weights(found)

    def _assert_weights_created(self):
        pass

    def get_weights(self) -> list:
        return base_layer.Layer.get_weights(self)

    def reset_states(self) -> None:
        """Mirrors ``Model.reset_states``: resets stateful RNN layers."""
        for layer in self.layers:
            if hasattr(layer, "reset_states") and getattr(layer, "stateful", False):
                layer.reset_states()

    # -- saving --------------------------------------------------------------------------------------------------
    def save(self, filepath, overwrite=True, save_format=None, **kwargs):
        """Mirrors ``Model.save`` (HDF5 ``.h5``/``.keras``-less paths: see ``saving``)."""
        from tfcompat._src.keras.saving import save as save_lib
        save_lib.save_model(self, filepath, overwrite=overwrite, save_format=save_format, **kwargs)

    def save_weights(self, filepath, overwrite=True, save_format=None, options=None):
        """Mirrors ``Model.save_weights`` (Keras 2's HDF5 layout, or TF's checkpoint format: see ``saving``)."""
        from tfcompat._src.keras.saving import save as save_lib
        save_lib.save_weights(self, filepath, overwrite=overwrite, save_format=save_format, options=options)

    def load_weights(self, filepath, skip_mismatch=False, by_name=False, options=None):
        """Mirrors ``Model.load_weights`` (HDF5 with ``by_name``/``skip_mismatch``, or a TF checkpoint, whose
        load status it returns)."""
        from tfcompat._src.keras.saving import save as save_lib
        return save_lib.load_weights(self, filepath, by_name=by_name, skip_mismatch=skip_mismatch,
                                     options=options)

    def _updated_config(self) -> dict:
        from tfcompat._src.keras.saving import save as save_lib
        return {"class_name": type(self).__name__, "config": self.get_config(),
                "keras_version": save_lib.KERAS_VERSION, "backend": backend.backend()}

    @base_layer._default
    def get_config(self) -> dict:
        """Mirrors ``Model.get_config`` (subclassed models: their constructor arguments when simple)."""
        try:
            return base_layer.Layer.get_config(self)
        except NotImplementedError:
            warnings.warn("Model's `__init__()` arguments contain non-serializable objects. Please implement a "
                          "`get_config()` method in the subclassed Model for proper saving and loading. "
                          "Defaulting to empty config.", stacklevel=2)
            return {}

    @classmethod
    def from_config(cls, config, custom_objects=None):
        if "layers" in config and "input_layers" in config and "output_layers" in config:
            return hooks.get("functional_from_config")(cls, config, custom_objects)
        try:
            return cls(**config)
        except TypeError as e:
            raise TypeError(f"Unable to revive model from config. When overriding the `get_config()` method, make "
                            f"sure that the returned config contains all items used as arguments in the "
                            f"constructor to {cls}, which is the default behavior. You can override this default "
                            f"behavior by defining a `from_config(cls, config)` class method to specify how to "
                            f"create an instance of {cls.__name__} from its config.\n\nReceived config={config}\n\n"
                            f"Error encountered during deserialization: {e}") from e

    def to_json(self, **kwargs) -> str:
        """Mirrors ``Model.to_json``."""
        from tfcompat._src.keras.saving import save as save_lib
        return json.dumps(self._updated_config(), default=save_lib.json_default, **kwargs)

    def to_yaml(self, **kwargs):
        raise RuntimeError("Method `model.to_yaml()` has been removed due to security risk of arbitrary code "
                           "execution. Please use `model.to_json()` instead.")

    def summary(self, line_length=None, positions=None, print_fn=None, expand_nested=False, show_trainable=False,
                layer_range=None):
        """Mirrors ``Model.summary``: prints Keras 2's table.

        Raises:
          ValueError: the model is not built."""
        if not self.built:
            raise ValueError("This model has not yet been built. Build the model first by calling `build()` or by "
                             "calling the model on a batch of data.")
        from tfcompat._src.keras.utils import layer_utils
        layer_utils.print_summary(self, line_length=line_length, positions=positions, print_fn=print_fn,
                                  expand_nested=expand_nested, show_trainable=show_trainable,
                                  layer_range=layer_range)

    @property
    def state_updates(self) -> list:
        return [u for layer in self.layers if getattr(layer, "stateful", False) for u in layer._updates]


def _placeholder(shape):
    return array_ops.placeholder(backend.floatx(), TensorShape(shape))


def _to_numpy_or_python(x):
    if isinstance(x, Tensor):
        x = x.numpy()
    if isinstance(x, np.ndarray) and x.ndim == 0:
        return x.item()
    if isinstance(x, np.generic):
        return x.item()
    return x


serialization.register_builtin(Model)
