"""``tf.keras.optimizers.Optimizer`` as tf-keras 2.21 ships it (the "v2.11+" optimizer).

``apply_gradients``: compute the scheduled learning rate, build the slot variables once (in the optimizer's name
scope: 'Adam/m/dense/kernel:0'), drop None gradients (warning through TF's logger; ValueError when none is
left), clip (clipnorm / global_clipnorm / clipvalue), apply weight decay, run ``update_step`` per variable,
update EMAs, increment ``iterations``, then apply variable constraints.

Built-in optimizers whose update is one of the registered fused update ops (SGD, Adam) run that op for all
variables at once; their formulas are tf-keras' ``update_step`` term by term. Subclasses written by users
implement ``build`` and ``update_step`` as in tf-keras.

Differences: ``jit_compile`` is recorded but has no effect (tf-keras too disables it without a GPU); sparse
(IndexedSlices) gradients are densified, which gives the numbers of tf-keras' sparse update steps up to float
rounding (see ``_dense``)."""
from __future__ import annotations

import logging
import re

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.indexed_slices import IndexedSlices
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.autodiff.tape import GradientTape
from tfcompat._src.ops import array_ops, clip_ops, math_ops
from tfcompat._src.ops.variables import Variable
from tfcompat._src.runtime import module as module_lib
from tfcompat._src.runtime.training import update_ops  # noqa: F401 - registers the fused update ops
from tfcompat._src.runtime.training.learning_rate import LearningRateSchedule
from tfcompat._src.runtime.training.optimizer_v1 import run_update_op
from tfcompat._src.keras import backend

__all__ = ["Optimizer", "filter_empty_gradients"]

_log = logging.getLogger("tensorflow")


def filter_empty_gradients(grads_and_vars):
    """tf-keras' ``filter_empty_gradients``: drops (None, var) pairs with a warning.

    Raises:
      ValueError: every gradient is None."""
    grads_and_vars = tuple(grads_and_vars)
    if not grads_and_vars:
        return grads_and_vars
    filtered = tuple((g, v) for g, v in grads_and_vars if g is not None)
    empty = [v for g, v in grads_and_vars if g is None]
    if not filtered:
        variable = ([v.name for _, v in grads_and_vars],)
        raise ValueError(f"No gradients provided for any variable: {variable}. Provided `grads_and_vars` is "
                         f"{grads_and_vars}.")
    if empty:
        _log.warning("Gradients do not exist for variables %s when minimizing the loss. If you're using "
                     "`model.compile()`, did you forget to provide a `loss` argument?", [v.name for v in empty])
    return filtered


def _shared_name(var) -> str:
    return var.name.split(":")[0]


class Optimizer:
    """Mirrors ``tf.keras.optimizers.Optimizer`` (tf-keras 2.21)."""

    _fused_op: str | None = None

    def __init__(self, name, weight_decay=None, clipnorm=None, clipvalue=None, global_clipnorm=None,
                 use_ema=False, ema_momentum=0.99, ema_overwrite_frequency=None, jit_compile=True, **kwargs):
        kwargs.pop("mesh", None)
        self.name = name
        self.weight_decay = weight_decay
        self.clipnorm = clipnorm
        self.global_clipnorm = global_clipnorm
        self.clipvalue = clipvalue
        self.use_ema = use_ema
        self.jit_compile = False
        if use_ema:
            if ema_momentum > 1 or ema_momentum < 0:
                raise ValueError(f"`ema_momentum` must be in the range [0, 1]. Received: ema_momentum={ema_momentum}")
            if ema_overwrite_frequency and (not isinstance(ema_overwrite_frequency, int) or
                                            ema_overwrite_frequency < 1):
                raise ValueError(f"`ema_overwrite_frequency` must be an integer > 1 or None. Received: "
                                 f"ema_overwrite_frequency={ema_overwrite_frequency}")
        self.ema_momentum = ema_momentum
        self.ema_overwrite_frequency = ema_overwrite_frequency
        if self.clipnorm is not None and self.global_clipnorm is not None:
            raise ValueError(f"At most one of `clipnorm` and `global_clipnorm` can be set. Received: "
                             f"clipnorm={self.clipnorm}, global_clipnorm={self.global_clipnorm}.")
        self._variables = []
        self._index_dict = {}
        with backend.outer_init_scope():
            self._iterations = Variable(0, name="iteration", dtype=dtypes.int64, trainable=False)
        self._process_kwargs(kwargs)

    def _process_kwargs(self, kwargs):
        kwargs.pop("is_legacy_optimizer", None)
        lr = kwargs.pop("lr", None)
        if lr:
            # tf-keras logs this through absl and ignores the value (the learning_rate argument is used).
            logging.getLogger("absl").warning("`lr` is deprecated in TF-Keras optimizer, please use `learning_rate` or use the legacy "
                         "optimizer, e.g.,tf.keras.optimizers.legacy.%s.", type(self).__name__)
        for k in kwargs:
            if k in ("decay", "gradient_aggregator", "gradient_transformers"):
                raise ValueError(f"{k} is deprecated in the new TF-Keras optimizer, please check the docstring for "
                                 f"valid arguments, or use the legacy optimizer, e.g., "
                                 f"tf.keras.optimizers.legacy.{type(self).__name__}.")
            raise TypeError(f"{k} is not a valid argument, kwargs should be empty  for "
                            f"`optimizer_experimental.Optimizer`.")
        return lr

    # -- learning rate and iterations -----------------------------------------------------------------------
    def _build_learning_rate(self, learning_rate):
        with backend.outer_init_scope():
            if isinstance(learning_rate, LearningRateSchedule):
                current = convert_to_tensor(learning_rate(self.iterations))
                self._current_learning_rate = Variable(current, name="current_learning_rate",
                                                       dtype=current.dtype, trainable=False)
                return learning_rate
            if isinstance(learning_rate, Variable):
                return learning_rate
            if isinstance(learning_rate, Tensor):
                learning_rate = learning_rate.numpy()
            return Variable(learning_rate, name="learning_rate", dtype=backend.floatx(), trainable=False)

    def _compute_current_learning_rate(self):
        if isinstance(self._learning_rate, LearningRateSchedule):
            self._current_learning_rate.assign(
                math_ops.cast(self._learning_rate(self.iterations), self._current_learning_rate.dtype))

    @property
    def iterations(self) -> Variable:
        """The number of training steps run (an int64 variable)."""
        return self._iterations

    @iterations.setter
    def iterations(self, variable):
        if getattr(self, "_built", False):
            raise RuntimeError(f"Cannot set `iterations` to a new Variable after the Optimizer weights have been "
                               f"created. Here it is attempting to set `iterations` to {variable}.Usually this "
                               f"means you are trying to set `iterations` after calling `apply_gradients()`. "
                               f"Please set `iterations` before calling `apply_gradients()`.")
        self._iterations = variable

    @property
    def learning_rate(self):
        """The learning-rate variable (with a schedule: the variable holding its current value)."""
        if getattr(self, "_learning_rate", None) is None:
            raise ValueError("Missing learning rate, please set self.learning_rate at optimizer creation time.")
        if isinstance(self._learning_rate, LearningRateSchedule):
            return self._current_learning_rate
        return self._learning_rate

    @learning_rate.setter
    def learning_rate(self, learning_rate):
        if isinstance(learning_rate, LearningRateSchedule):
            self._learning_rate = learning_rate
            return
        if isinstance(self._learning_rate, LearningRateSchedule):
            raise TypeError("This optimizer was created with a `LearningRateSchedule` object as its "
                            "`learning_rate` constructor argument, hence its learning rate is not settable. If you "
                            "need the learning rate to be settable, you should instantiate the optimizer with a "
                            "float `learning_rate` argument.")
        self._learning_rate.assign(math_ops.cast(convert_to_tensor(learning_rate), self._learning_rate.dtype)
                                   if not isinstance(learning_rate, Variable) else learning_rate.read_value())

    @property
    def lr(self):
        """Alias of ``learning_rate``."""
        return self.learning_rate

    @lr.setter
    def lr(self, value):
        self.learning_rate = value

    # -- variables -----------------------------------------------------------------------------------------------
    def _var_key(self, variable):
        return id(variable)

    def build(self, var_list):
        """Creates the optimizer's variables for ``var_list`` (once; subclasses add their slots)."""
        if getattr(self, "_built", False):
            return
        self._index_dict = {self._var_key(v): i for i, v in enumerate(var_list)}
        if self.use_ema:
            self._model_variables_moving_average = [
                self.add_variable_from_reference(v, "average", initial_value=v) for v in var_list]

    def _claim_build(self, var_list) -> bool:
        """The shared start of a subclass's ``build``: the base variables, then True only the first time (when
        the subclass creates its slots)."""
        Optimizer.build(self, var_list)
        if getattr(self, "_built", False):
            return False
        self._built = True
        return True

    def _interleaved_slots(self, var_list, *names) -> tuple:
        """One slot list per name, created variable by variable (m/0, v/0, m/1, ...): tf-keras's order of
        ``variables``, which checkpoint keys ``_variables/N`` follow."""
        slots = tuple([] for _ in names)
        for var in var_list:
            for slot_list, slot_name in zip(slots, names):
                slot_list.append(self.add_variable_from_reference(var, slot_name))
        return slots

    def add_variable(self, shape, dtype=None, initializer="zeros", name=None):
        """Mirrors ``Optimizer.add_variable``."""
        from tfcompat._src.keras import initializers
        initializer = initializers.get(initializer)
        dtype = dtype or backend.floatx()
        with backend.outer_init_scope():
            variable = Variable(initializer(shape or [], dtype), name=backend.variable_name(name or "Variable"),
                                trainable=False)
        self._variables.append(variable)
        return variable

    def add_variable_from_reference(self, model_variable, variable_name, shape=None, initial_value=None):
        """Mirrors ``Optimizer.add_variable_from_reference``: a zero (or ``initial_value``) variable named
        ``<variable_name>/<model variable name>``."""
        dtype = model_variable.dtype
        if initial_value is None:
            initial_value = array_ops.zeros(model_variable.shape.as_list() if shape is None else shape, dtype=dtype)
        elif isinstance(initial_value, Variable):
            initial_value = initial_value.read_value()
        with backend.outer_init_scope():
            variable = Variable(initial_value, name=backend.variable_name(
                f"{variable_name}/{_shared_name(model_variable)}"), dtype=dtype, trainable=False)
        self._variables.append(variable)
        return variable

    @property
    def variables(self) -> list:
        """The optimizer's variables: ``iterations`` then the slots, in creation order."""
        return _CallableList([self._iterations] + self._variables)

    def set_weights(self, weights):
        """Mirrors ``Optimizer.set_weights``."""
        if not getattr(self, "_built", False):
            raise ValueError("You are calling `set_weights()` on an optimizer that has not yet been built. Please "
                             "call `optimizer.build(trainable_variables)` to create the optimizer weights before "
                             "calling `set_weights()`.")
        for variable, weight in zip(self.variables, weights):
            if tuple(variable.shape.as_list()) != tuple(getattr(weight, "shape", ())):
                raise ValueError(f"Optimizer variable {self._var_key(variable)} has shape {str(variable.shape)} "
                                 f"not compatible with provided weight shape {str(weight.shape)}.")
            variable.assign(weight)

    def exclude_from_weight_decay(self, var_list=None, var_names=None):
        """Mirrors ``Optimizer.exclude_from_weight_decay``."""
        if getattr(self, "_built", False):
            raise ValueError("`exclude_from_weight_decay()` can only be configued before the optimizer is built.")
        self._exclude_from_weight_decay = [self._var_key(v) for v in var_list] if var_list else []
        self._exclude_from_weight_decay_names = var_names or []

    def _use_weight_decay(self, variable) -> bool:
        if self._var_key(variable) in getattr(self, "_exclude_from_weight_decay", []):
            return False
        return not any(re.search(name, variable.name) for name in
                       getattr(self, "_exclude_from_weight_decay_names", []))

    # -- applying ------------------------------------------------------------------------------------------------
    def compute_gradients(self, loss, var_list, tape=None):
        """Mirrors ``Optimizer.compute_gradients``: (gradient, variable) pairs.

        Raises:
          ValueError: a tensor loss without a tape."""
        if not callable(loss) and tape is None:
            raise ValueError(f"`tape` is required when a `Tensor` loss is passed. Received: loss={loss}, "
                             f"tape={tape}.")
        if tape is None:
            tape = GradientTape()
        if callable(loss):
            with tape:
                if not callable(var_list):
                    tape.watch(var_list)
                loss = loss()
                if callable(var_list):
                    var_list = var_list()
        var_list = list(var_list)
        grads = tape.gradient(loss, var_list)
        return list(zip(grads, var_list))

    def minimize(self, loss, var_list, tape=None):
        """Mirrors ``Optimizer.minimize``: gradients of ``loss`` (a callable, or a tensor recorded on ``tape``)
        applied to ``var_list``."""
        grads_and_vars = self.compute_gradients(loss, var_list, tape)
        self.apply_gradients(grads_and_vars)

    def _clip_gradients(self, grads):
        if self.clipnorm and self.clipnorm > 0:
            return [g if g is None else clip_ops.clip_by_norm(g, self.clipnorm) for g in grads]
        if self.global_clipnorm and self.global_clipnorm > 0:
            return clip_ops.clip_by_global_norm(list(grads), self.global_clipnorm)[0]
        if self.clipvalue and self.clipvalue > 0:
            return [g if g is None else math_ops.clip_by_value(g, -self.clipvalue, self.clipvalue) for g in grads]
        return grads

    def apply_gradients(self, grads_and_vars, name=None, skip_gradients_aggregation=False, **kwargs):
        """Mirrors ``Optimizer.apply_gradients``; returns ``iterations`` (after the increment).

        Raises:
          ValueError: no gradient at all. KeyError: a variable the optimizer was not built for."""
        kwargs.pop("experimental_aggregate_gradients", None)
        self._compute_current_learning_rate()
        grads_and_vars = list(grads_and_vars)
        if not grads_and_vars:
            return self._iterations
        _, trainable_variables = zip(*grads_and_vars)
        with backend.name_scope(name or self.name or "optimizer"):
            with backend.outer_init_scope():
                self.build(list(trainable_variables))
            for hook in module_lib.attribute_hooks:  # a pending tf.train.Checkpoint restore fills new slots now
                hook(self, "_variables", None)
            grads_and_vars = filter_empty_gradients(grads_and_vars)
            grads, trainable_variables = zip(*grads_and_vars)
            grads = [_dense(g) for g in grads]
            grads = self._clip_gradients(grads)
            self._apply_weight_decay(trainable_variables)
            iteration = self._internal_apply_gradients(list(zip(grads, trainable_variables)))
            for variable in trainable_variables:
                if variable.constraint is not None:
                    variable.assign(variable.constraint(variable))
            return iteration

    def _apply_weight_decay(self, variables):
        if self.weight_decay is None:
            return
        for variable in variables:
            if self._use_weight_decay(variable):
                lr = math_ops.cast(self.learning_rate, variable.dtype)
                wd = math_ops.cast(convert_to_tensor(self.weight_decay), variable.dtype)
                variable.assign_sub(variable * wd * lr)

    def _internal_apply_gradients(self, grads_and_vars):
        for _, var in grads_and_vars:
            if self._var_key(var) not in self._index_dict:
                raise KeyError(f"The optimizer cannot recognize variable {var.name}. This usually means you are "
                               f"trying to call the optimizer to update different parts of the model separately. "
                               f"Please call `optimizer.build(variables)` with the full list of trainable variables "
                               f"before the training loop or use legacy optimizer "
                               f"`tf.keras.optimizers.legacy.{type(self).__name__}.")
        if self._fused_op is not None and type(self).update_step is getattr(type(self), "_builtin_update_step",
                                                                             None) and \
                self._fused_applies(grads_and_vars):
            self._fused_update(grads_and_vars)
        else:
            for grad, var in grads_and_vars:
                self.update_step(grad, var)
        if self.use_ema:
            var_list = [v for _, v in grads_and_vars]
            self._update_model_variables_moving_average(var_list)
            if self.ema_overwrite_frequency:
                from tfcompat._src.keras.utils import control_flow_util
                should = math_ops.equal(math_ops.floormod(self.iterations + 1, self.ema_overwrite_frequency), 0)
                control_flow_util.smart_cond(should, lambda: self._overwrite_with_average(var_list),
                                             lambda: None)
        return self.iterations.assign_add(convert_to_tensor(1, dtype=dtypes.int64))

    def update_step(self, gradient, variable):
        """Updates ``variable`` with ``gradient`` (subclasses implement it)."""
        raise NotImplementedError

    def _fused_update(self, grads_and_vars):
        grads = [g for g, _ in grads_and_vars]
        var_list = [v for _, v in grads_and_vars]
        slots = tuple(tuple(group[self._index_dict[self._var_key(v)]] for v in var_list)
                      for group in self._slot_groups())
        attrs = {"variables": tuple(var_list), "slots": slots, **self._fused_attrs()}
        graph = ctx_lib.graph_mode_graph()
        run_update_op(self._fused_op, grads + self._fused_hypers(), attrs, self.name, graph,
                      var_list + [s for group in slots for s in group])

    def _fused_applies(self, grads_and_vars) -> bool:
        """Whether the fused update op computes exactly what ``update_step`` would for these variables."""
        return True

    def _slot_groups(self):
        return []

    def _fused_attrs(self) -> dict:
        return {}

    def _fused_hypers(self) -> list:
        return []

    def _update_model_variables_moving_average(self, var_list):
        for var in var_list:
            average = self._model_variables_moving_average[self._index_dict[self._var_key(var)]]
            average.assign(self.ema_momentum * average + (1 - self.ema_momentum) * var)

    def _overwrite_with_average(self, var_list):
        for var in var_list:
            var.assign(self._model_variables_moving_average[self._index_dict[self._var_key(var)]])

    def finalize_variable_values(self, var_list):
        """Mirrors ``Optimizer.finalize_variable_values`` (EMA: the model variables take their averages)."""
        if self.use_ema:
            self._overwrite_with_average(var_list)

    def _trackable_children(self):
        """tf.train.Checkpoint dependencies in tf-keras's layout: ``_variables`` (iterations then the slots), then
        the attributes holding variables or lists of them, in assignment order."""
        out = [("_variables", [self._iterations] + self._variables)]
        for name, value in self.__dict__.items():
            if name == "_variables":
                continue
            if name == "_index_dict":
                out.append((name, {}))
            elif isinstance(value, Variable) or (isinstance(value, list) and value and
                                                 all(isinstance(v, Variable) for v in value)):
                out.append((name, value))
        return out

    # -- config ----------------------------------------------------------------------------------------------------
    def _serialize_hyperparameter(self, hyperparameter):
        from tfcompat._src.keras.optimizers import schedules
        if isinstance(hyperparameter, LearningRateSchedule):
            return schedules.serialize(hyperparameter)
        if isinstance(hyperparameter, Variable):
            return hyperparameter.numpy()
        if callable(hyperparameter):
            return hyperparameter()
        return hyperparameter

    def get_config(self) -> dict:
        """Mirrors ``Optimizer.get_config``."""
        return {"name": self.name, "weight_decay": self.weight_decay, "clipnorm": self.clipnorm,
                "global_clipnorm": self.global_clipnorm, "clipvalue": self.clipvalue, "use_ema": self.use_ema,
                "ema_momentum": self.ema_momentum, "ema_overwrite_frequency": self.ema_overwrite_frequency,
                "jit_compile": self.jit_compile, "is_legacy_optimizer": False}

    @classmethod
    def from_config(cls, config, custom_objects=None):
        """Mirrors ``Optimizer.from_config``."""
        config = dict(config)
        if isinstance(config.get("learning_rate"), dict):
            from tfcompat._src.keras.optimizers import schedules
            config["learning_rate"] = schedules.deserialize(config["learning_rate"], custom_objects=custom_objects)
        return cls(**config)


class _CallableList(list):
    """tf-keras' ``CallableList``: ``optimizer.variables`` also works as ``optimizer.variables()``."""

    def __call__(self):
        return self


def _dense(g):
    """An IndexedSlices gradient as a dense tensor (duplicate rows summed). Keras 2's update steps for
    IndexedSlices (decay every row of the slots, then scatter-add the rows; the base optimizer deduplicates
    indices first) compute the same numbers as their dense steps, up to float rounding."""
    if isinstance(g, IndexedSlices):
        return convert_to_tensor(g)
    return g
