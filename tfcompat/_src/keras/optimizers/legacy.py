"""``tf.keras.optimizers.legacy``: tf-keras' pre-2.11 optimizers (``OptimizerV2``) -- SGD, Adam, RMSprop,
Adagrad, Adadelta, Adamax, Nadam, Ftrl.

Hyperparameters become variables in the optimizer's scope on first use ('Adam/learning_rate:0'), the step
counter is 'Adam/iter:0', slots are '<var>/<slot>' ('Adam/dense/kernel/m:0'); ``decay`` divides the learning
rate by ``1 + decay * iterations``. Updates are TF's raw training kernels (``ResourceApplyAdam`` &c., the same
ops ``tf.compat.v1.train`` optimizers run) or, where tf-keras writes the formula in Python, that formula."""
from __future__ import annotations

import functools
import warnings

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.autodiff.tape import GradientTape
from tfcompat._src.ops import array_ops, clip_ops, math_ops
from tfcompat._src.ops.variables import Variable
from tfcompat._src.runtime.training.learning_rate import LearningRateSchedule
from tfcompat._src.runtime.training.optimizer_v1 import run_update_op
from tfcompat._src.runtime.training.sparse_update_ops import SPARSE_OP_OF
from tfcompat._src.framework.indexed_slices import IndexedSlices
from tfcompat._src.keras import backend
from tfcompat._src.keras.optimizers.optimizer import filter_empty_gradients

__all__ = ["Optimizer", "OptimizerV2", "SGD", "Adam", "RMSprop", "Adagrad", "Adadelta", "Adamax", "Nadam", "Ftrl"]


class OptimizerV2:
    """Mirrors ``tf.keras.optimizers.legacy.Optimizer`` (``OptimizerV2``)."""

    _HYPER_ATTRS = ("_hyper", "_name")

    def __init__(self, name, gradient_aggregator=None, gradient_transformers=None, **kwargs):
        allowed = {"clipnorm", "clipvalue", "lr", "decay", "global_clipnorm"}
        for k in kwargs:
            if k not in allowed:
                raise TypeError(f"Unexpected keyword argument passed to optimizer: {str(k)}. Allowed kwargs are "
                                f"{allowed}.")
            if kwargs[k] is not None and kwargs[k] < 0:
                raise ValueError(f"Expected {k} >= 0, received: {kwargs[k]}")
            if k == "lr":
                warnings.warn("The `lr` argument is deprecated, use `learning_rate` instead.", stacklevel=3)
        object.__setattr__(self, "_hyper", {})
        self._use_locking = True
        self._init_set_name(name)
        self._slots = {}
        self._slot_names = []
        self._weights = []
        self._iterations = None
        self._hypers_created = False
        self._pending_updates = None   # while _apply_all collects eager dense updates: a list of them
        decay = kwargs.pop("decay", 0.0)
        if decay < 0.0:
            raise ValueError(f"decay cannot be less than 0. Received: decay={decay}.")
        self._initial_decay = decay
        self._clipnorm = kwargs.pop("clipnorm", None)
        self._clipvalue = kwargs.pop("clipvalue", None)
        self._global_clipnorm = kwargs.pop("global_clipnorm", None)
        if self._clipnorm is not None and self._global_clipnorm is not None:
            raise ValueError(f"Cannot accept both `clipnorm` and `global_clipnorm`. Received: `clipnorm`="
                             f"{self._clipnorm}, `global_clipnorm`={self._global_clipnorm}.")
        self.gradient_transformers = gradient_transformers or []

    def _init_set_name(self, name, zero_based=True):
        self._name = backend.unique_object_name(name, zero_based=zero_based) if not name else name
        if not self._name:
            self._name = type(self).__name__

    # -- hyperparameters -----------------------------------------------------------------------------------------
    def _set_hyper(self, name, value):
        if isinstance(value, Tensor) and not hasattr(value, "numpy"):
            value = value
        prev = self._hyper.get(name)
        if name not in self._hyper or not isinstance(prev, Variable):
            self._hyper[name] = value
        elif isinstance(value, LearningRateSchedule):
            self._hyper[name] = value
        else:
            backend.set_value(prev, value)

    def _get_hyper(self, name, dtype=None):
        if not self._hypers_created:
            self._create_hypers()
        value = self._hyper[name]
        if isinstance(value, LearningRateSchedule):
            return value
        if callable(value) and not isinstance(value, Variable):
            value = value()
        if dtype:
            return math_ops.cast(value if not isinstance(value, (int, float)) else convert_to_tensor(value), dtype)
        return value

    def _create_hypers(self):
        if self._hypers_created:
            return
        # TF's init_scope resets the (eager) name scope, so the hypers are '<name>/<hyper>' from any caller.
        with backend.outer_init_scope(), backend.fresh_name_scope(), backend.name_scope(self._name + "/"):
            for name, value in sorted(self._hyper.items()):
                if isinstance(value, (Tensor, Variable)) or callable(value):
                    continue
                self._hyper[name] = Variable(convert_to_tensor(float(value), dtype=dtypes.float32),
                                             name=backend.variable_name(name), trainable=False)
        self._hypers_created = True

    def __getattr__(self, name):
        hyper = self.__dict__.get("_hyper", {})
        if name == "lr":
            name = "learning_rate"
        if name in hyper:
            return self._get_hyper(name)
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __setattr__(self, name, value):
        if name == "lr":
            name = "learning_rate"
        if "_hyper" in self.__dict__ and name in self._hyper:
            self._set_hyper(name, value)
        else:
            object.__setattr__(self, name, value)

    @property
    def iterations(self):
        """The step counter ('<name>/iter:0', int64), created on first use."""
        if self._iterations is None:
            with backend.outer_init_scope():   # named in the caller's scope: 'iter:0', or 'Adam/iter:0' when applying
                self._iterations = Variable(0, dtype=dtypes.int64, name=backend.variable_name("iter"),
                                            trainable=False)
            self._weights.append(self._iterations)
        return self._iterations

    @iterations.setter
    def iterations(self, variable):
        if self._iterations is not None:
            raise RuntimeError(f"Cannot set `iterations` to a new Variable after the Optimizer weights have been "
                               f"created. Here it is attempting to set `iterations` to {variable}.")
        self._iterations = variable
        self._weights.append(variable)

    @property
    def clipnorm(self):
        return self._clipnorm

    @property
    def clipvalue(self):
        return self._clipvalue

    @property
    def global_clipnorm(self):
        return self._global_clipnorm

    def _decayed_lr(self, var_dtype):
        lr_t = self._get_hyper("learning_rate", var_dtype)
        if isinstance(lr_t, LearningRateSchedule):
            local_step = math_ops.cast(self.iterations, var_dtype)
            lr_t = math_ops.cast(lr_t(local_step), var_dtype)
        if self._initial_decay > 0.0:
            local_step = math_ops.cast(self.iterations, var_dtype)
            decay_t = math_ops.cast(convert_to_tensor(self._initial_decay), var_dtype)
            lr_t = lr_t / (1.0 + decay_t * local_step)
        return lr_t

    # -- slots ---------------------------------------------------------------------------------------------------
    def add_slot(self, var, slot_name, initializer="zeros", shape=None):
        """Mirrors ``OptimizerV2.add_slot``: the variable '<var>/<slot_name>'."""
        from tfcompat._src.keras import initializers
        if slot_name not in self._slot_names:
            self._slot_names.append(slot_name)
        slot_dict = self._slots.setdefault(id(var), {})
        weight = slot_dict.get(slot_name)
        if weight is None:
            initializer = initializers.get(initializer) if isinstance(initializer, str) or callable(initializer) \
                else initializer
            slot_shape = var.shape.as_list() if shape is None else shape
            initial = functools.partial(initializer, shape=slot_shape, dtype=var.dtype) if callable(initializer) \
                else initializer
            with backend.outer_init_scope():
                weight = Variable(initial, name=backend.variable_name(f"{var.name.split(':')[0]}/{slot_name}"),
                                  dtype=var.dtype, trainable=False)
            slot_dict[slot_name] = weight
            self._weights.append(weight)
        return weight

    def get_slot(self, var, slot_name):
        return self._slots[id(var)][slot_name]

    def get_slot_names(self):
        return self._slot_names

    def _create_slots(self, var_list):
        pass

    def _create_all_weights(self, var_list):
        _ = self.iterations
        self._create_hypers()
        self._create_slots(var_list)

    def variables(self):
        """The optimizer's variables (``iterations`` and slots)."""
        return self._weights

    @property
    def weights(self):
        return self._weights

    def get_weights(self):
        return backend.batch_get_value(self._weights)

    def set_weights(self, weights):
        params = self._weights
        if len(params) != len(weights):
            raise ValueError(f"You called `set_weights(weights)` on optimizer {self._name} with a  weight list of "
                             f"length {str(len(weights))}, but the optimizer was expecting {str(len(params))} "
                             f"weights. Provided weights: {str(weights)[:50]}...")
        backend.batch_set_value(list(zip(params, weights)))

    # -- applying --------------------------------------------------------------------------------------------------
    def _transform_gradients(self, grads_and_vars):
        if self._clipvalue is not None:
            v = self._clipvalue
            grads_and_vars = [(math_ops.clip_by_value(g, -v, v), var) for g, var in grads_and_vars]
        if self._clipnorm is not None:
            grads_and_vars = [(clip_ops.clip_by_norm(g, self._clipnorm), var) for g, var in grads_and_vars]
        if self._global_clipnorm is not None:
            clipped = clip_ops.clip_by_global_norm([g for g, _ in grads_and_vars], self._global_clipnorm)[0]
            grads_and_vars = list(zip(clipped, [v for _, v in grads_and_vars]))
        for fn in self.gradient_transformers:
            grads_and_vars = fn(grads_and_vars)
        return grads_and_vars

    def minimize(self, loss, var_list, grad_loss=None, name=None, tape=None):
        """Mirrors ``OptimizerV2.minimize``."""
        grads_and_vars = self._compute_gradients(loss, var_list=var_list, grad_loss=grad_loss, tape=tape)
        return self.apply_gradients(grads_and_vars, name=name)

    def _compute_gradients(self, loss, var_list, grad_loss=None, tape=None):
        if not callable(loss) and tape is None:
            raise ValueError(f"`tape` is required when a `Tensor` loss is passed. Received: loss={loss}, "
                             f"tape={tape}.")
        tape = tape if tape is not None else GradientTape()
        if callable(loss):
            with tape:
                if not callable(var_list):
                    tape.watch(var_list)
                loss = loss()
                if callable(var_list):
                    var_list = var_list()
        var_list = list(var_list)
        grads = tape.gradient(loss, var_list, grad_loss)
        return list(zip(grads, var_list))

    def get_gradients(self, loss, params):
        """Mirrors ``OptimizerV2.get_gradients`` (graph mode: ``tf.gradients``)."""
        from tfcompat._src.autodiff.gradients import gradients
        params = list(params)
        grads = gradients(loss, params)
        for g, p in zip(grads, params):
            if g is None:
                raise ValueError(f"Variable {p} has `None` for gradient. Please make sure that all of your ops have "
                                 f"a gradient defined (i.e. are differentiable). Common ops without gradient: "
                                 f"K.argmax, K.round, K.eval.")
        return grads

    def apply_gradients(self, grads_and_vars, name=None, experimental_aggregate_gradients=True):
        """Mirrors ``OptimizerV2.apply_gradients``; returns the iterations update."""
        grads_and_vars = filter_empty_gradients(grads_and_vars)
        var_list = [v for _, v in grads_and_vars]
        with backend.name_scope(self._name):
            with backend.outer_init_scope():
                self._create_all_weights(var_list)
            if not grads_and_vars:
                from tfcompat._src.ops import control_flow_ops
                return control_flow_ops.no_op()
            grads_and_vars = self._transform_gradients(list(grads_and_vars))
            graph = ctx_lib.graph_mode_graph()
            graph = graph if graph is not None and not graph._building_function else None
            first = len(graph.get_operations()) if graph is not None else 0
            apply_state = self._prepare(var_list)
            self._apply_all(grads_and_vars, apply_state)
            for _, var in grads_and_vars:
                if var.constraint is not None:
                    var.assign(var.constraint(var))
            if graph is None:
                return self.iterations.assign_add(convert_to_tensor(1, dtype=dtypes.int64))
            # TF1 graph (as OptimizerV2._distributed_apply): the step increment, an Operation, runs after every
            # update, so Session.run of it applies them.
            with graph.control_dependencies(graph.get_operations()[first:]):
                step = self.iterations.assign_add(convert_to_tensor(1, dtype=dtypes.int64), read_value=False)
            return step.op

    def get_updates(self, loss, params):
        """Mirrors ``OptimizerV2.get_updates`` (graph mode): ``[apply_gradients]`` of ``tf.gradients(loss, params)``."""
        grads = self.get_gradients(loss, params)
        return [self.apply_gradients(list(zip(grads, params)))]

    def _apply_all(self, grads_and_vars, apply_state):
        # Eagerly, the dense update kernels of distinct variables are collected and run as one multi-variable
        # (torch._foreach_*) update per kernel and hyperparameters: each variable's update is independent of the
        # others', so the values are those of one kernel per variable. Graph mode keeps one op per variable.
        distinct = len({id(v) for _, v in grads_and_vars}) == len(grads_and_vars)
        self._pending_updates = [] if distinct and ctx_lib.graph_mode_graph() is None else None
        try:
            for grad, var in grads_and_vars:
                if isinstance(grad, IndexedSlices) and not self._sparse_rows():
                    # TF's _resource_apply_sparse of these optimizers equals their dense update (all rows decay).
                    grad = convert_to_tensor(grad)
                self._resource_apply_dense(grad, var, apply_state)
            pending = self._pending_updates
        finally:
            self._pending_updates = None
        if pending:
            self._run_pending(pending)

    def _run_pending(self, pending):
        """Runs the collected dense updates: one update op per (kernel, hyperparameter tensors, attributes)."""
        groups: dict = {}
        for op_type, grad, var, slots, hypers, attrs in pending:
            key = (op_type, tuple(id(h) for h in hypers), tuple(sorted(attrs.items())))
            groups.setdefault(key, (op_type, hypers, attrs, []))[3].append((grad, var, slots))
        for op_type, hypers, attrs, members in groups.values():
            var_list = [var for _, var, _ in members]
            slots = tuple(zip(*(slots for _, _, slots in members)))
            attrs = dict(attrs, variables=tuple(var_list), slots=slots)
            run_update_op(op_type, [grad for grad, _, _ in members] + list(hypers), attrs, self._name, None,
                          var_list + [s for group in slots for s in group])

    def _sparse_rows(self) -> bool:
        """Whether TF's ``_resource_apply_sparse`` updates only the gradient's rows (a ``ResourceSparseApply*``
        kernel: ``_run_kernel`` then runs the sparse op, runtime/training/sparse_update_ops.py)."""
        return False

    def _prepare(self, var_list):
        apply_state = {}
        for dtype in {v.dtype for v in var_list}:
            apply_state[dtype] = {}
            self._prepare_local(dtype, apply_state)
        return apply_state

    def _prepare_local(self, var_dtype, apply_state):
        if "learning_rate" in self._hyper:
            apply_state[var_dtype]["lr_t"] = array_ops.identity(self._decayed_lr(var_dtype))

    def _coefficients(self, var, apply_state):
        state = (apply_state or {}).get(var.dtype)
        if state is None:
            state = {var.dtype: {}}
            self._prepare_local(var.dtype, state)
            state = state[var.dtype]
        return state

    def _resource_apply_dense(self, grad, var, apply_state):
        raise NotImplementedError("`_resource_apply_dense` must be implemented in derived classes.")

    def _run_kernel(self, op_type, grad, var, slots, hypers, attrs=None):
        attrs = dict(attrs or {})
        if isinstance(grad, IndexedSlices):
            attrs.update({"variable": var, "slots": tuple(slots)})
            run_update_op(SPARSE_OP_OF[op_type], [grad.values, grad.indices] + list(hypers), attrs, self._name,
                          ctx_lib.graph_mode_graph(), [var] + list(slots))
            return
        if self._pending_updates is not None:
            self._pending_updates.append((op_type, grad, var, list(slots), list(hypers), attrs))
            return
        attrs.update({"variables": (var,), "slots": tuple((s,) for s in slots)})
        run_update_op(op_type, [grad] + list(hypers), attrs, self._name, ctx_lib.graph_mode_graph(),
                      [var] + list(slots))

    # -- config ----------------------------------------------------------------------------------------------------
    def _serialize_hyperparameter(self, name):
        from tfcompat._src.keras.optimizers import schedules
        value = self._hyper[name]
        if isinstance(value, LearningRateSchedule):
            return schedules.serialize(value)
        if callable(value) and not isinstance(value, Variable):
            return value()
        if isinstance(value, (Tensor, Variable)):
            return backend.get_value(value)
        return value

    def get_config(self):
        config = {"name": self._name}
        if self._clipnorm is not None:
            config["clipnorm"] = self._clipnorm
        if self._clipvalue is not None:
            config["clipvalue"] = self._clipvalue
        if self._global_clipnorm is not None:
            config["global_clipnorm"] = self._global_clipnorm
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        if "lr" in config:
            config["learning_rate"] = config.pop("lr")
        if isinstance(config.get("learning_rate"), dict):
            from tfcompat._src.keras.optimizers import schedules
            config["learning_rate"] = schedules.deserialize(config["learning_rate"], custom_objects=custom_objects)
        return cls(**config)


Optimizer = OptimizerV2


def _updated(assigned, variable):
    """The value ``variable.assign(...)`` left: read from what it returned, so a TF1 graph reads it after the
    write (as TF's ``rms_t = assign(rms, rms_t)``); eagerly the write has happened and the variable is read."""
    return assigned.read_value() if isinstance(assigned, Variable) else assigned


def _lr_kwarg(learning_rate, kwargs):
    return kwargs.get("lr", learning_rate)


class SGD(OptimizerV2):
    """Mirrors ``tf.keras.optimizers.legacy.SGD`` (``ResourceApplyKerasMomentum`` with momentum)."""

    def __init__(self, learning_rate=0.01, momentum=0.0, nesterov=False, name="SGD", **kwargs):
        super().__init__(name, **kwargs)
        self._set_hyper("learning_rate", _lr_kwarg(learning_rate, kwargs))
        self._set_hyper("decay", self._initial_decay)
        self._momentum = False
        if isinstance(momentum, Tensor) or callable(momentum) or momentum > 0:
            self._momentum = True
        if isinstance(momentum, (int, float)) and (momentum < 0 or momentum > 1):
            raise ValueError(f"`momentum` must be between [0, 1]. Received: momentum={momentum} (of type "
                             f"{type(momentum)}).")
        self._set_hyper("momentum", momentum)
        self.nesterov = nesterov

    def _create_slots(self, var_list):
        if self._momentum:
            for var in var_list:
                self.add_slot(var, "momentum")

    def _sparse_rows(self) -> bool:
        return True   # TF: resource_scatter_add, or ResourceSparseApplyKerasMomentum (rows only)

    def _resource_apply_dense(self, grad, var, apply_state=None):
        c = self._coefficients(var, apply_state)
        if self._momentum:
            momentum = math_ops.cast(self._get_hyper("momentum", var.dtype), var.dtype)
            self._run_kernel("KerasSGDUpdate", grad, var, [self.get_slot(var, "momentum")], [c["lr_t"], momentum],
                             {"has_momentum": True, "nesterov": bool(self.nesterov)})
        else:
            self._run_kernel("ResourceApplyGradientDescent", grad, var, [], [c["lr_t"]])

    def get_config(self):
        config = super().get_config()
        config.update({"learning_rate": self._serialize_hyperparameter("learning_rate"),
                       "decay": self._initial_decay, "momentum": self._serialize_hyperparameter("momentum"),
                       "nesterov": self.nesterov})
        return config


class Adam(OptimizerV2):
    """Mirrors ``tf.keras.optimizers.legacy.Adam`` (``ResourceApplyAdam``: TF1's kernel, epsilon 1e-7)."""

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, amsgrad=False, name="Adam",
                 **kwargs):
        super().__init__(name, **kwargs)
        self._set_hyper("learning_rate", _lr_kwarg(learning_rate, kwargs))
        self._set_hyper("decay", self._initial_decay)
        self._set_hyper("beta_1", beta_1)
        self._set_hyper("beta_2", beta_2)
        self.epsilon = epsilon or backend.epsilon()
        self.amsgrad = amsgrad

    def _create_slots(self, var_list):
        for var in var_list:
            self.add_slot(var, "m")
        for var in var_list:
            self.add_slot(var, "v")
        if self.amsgrad:
            for var in var_list:
                self.add_slot(var, "vhat")

    def _prepare_local(self, var_dtype, apply_state):
        super()._prepare_local(var_dtype, apply_state)
        local_step = math_ops.cast(self.iterations + 1, var_dtype)
        beta_1_t = array_ops.identity(self._get_hyper("beta_1", var_dtype))
        beta_2_t = array_ops.identity(self._get_hyper("beta_2", var_dtype))
        beta_1_power = math_ops.pow(beta_1_t, local_step)
        beta_2_power = math_ops.pow(beta_2_t, local_step)
        apply_state[var_dtype].update(dict(
            epsilon=convert_to_tensor(self.epsilon, dtype=var_dtype), beta_1_t=beta_1_t, beta_1_power=beta_1_power,
            beta_2_t=beta_2_t, beta_2_power=beta_2_power))

    def _resource_apply_dense(self, grad, var, apply_state=None):
        c = self._coefficients(var, apply_state)
        m, v = self.get_slot(var, "m"), self.get_slot(var, "v")
        if not self.amsgrad:
            self._run_kernel("ResourceApplyAdam", grad, var, [m, v],
                             [c["lr_t"], c["beta_1_power"], c["beta_2_power"], c["beta_1_t"], c["beta_2_t"],
                              c["epsilon"]], {"use_nesterov": False})
            return
        # ResourceApplyAdamWithAmsgrad
        alpha = c["lr_t"] * math_ops.sqrt(1 - c["beta_2_power"]) / (1 - c["beta_1_power"])
        m_t = m.assign_add((grad - m) * (1 - c["beta_1_t"]))
        v_t = v.assign_add((math_ops.square(grad) - v) * (1 - c["beta_2_t"]))
        vhat = self.get_slot(var, "vhat")
        vhat_t = vhat.assign(math_ops.maximum(vhat, v_t))
        var.assign_sub((m_t * alpha) / (math_ops.sqrt(vhat_t) + c["epsilon"]))

    def get_config(self):
        config = super().get_config()
        config.update({"learning_rate": self._serialize_hyperparameter("learning_rate"),
                       "decay": self._initial_decay, "beta_1": self._serialize_hyperparameter("beta_1"),
                       "beta_2": self._serialize_hyperparameter("beta_2"), "epsilon": self.epsilon,
                       "amsgrad": self.amsgrad})
        return config


class RMSprop(OptimizerV2):
    """Mirrors ``tf.keras.optimizers.legacy.RMSprop`` (with momentum: ``ResourceApply[Centered]RMSProp``)."""

    def __init__(self, learning_rate=0.001, rho=0.9, momentum=0.0, epsilon=1e-7, centered=False, name="RMSprop",
                 **kwargs):
        super().__init__(name, **kwargs)
        self._set_hyper("learning_rate", _lr_kwarg(learning_rate, kwargs))
        self._set_hyper("decay", self._initial_decay)
        self._set_hyper("rho", rho)
        self._momentum = False
        if isinstance(momentum, Tensor) or callable(momentum) or momentum > 0:
            self._momentum = True
        if isinstance(momentum, (int, float)) and (momentum < 0 or momentum > 1):
            raise ValueError(f"`momentum` must be between [0, 1]. Received: momentum={momentum} (of type "
                             f"{type(momentum)}).")
        self._set_hyper("momentum", momentum)
        self.epsilon = epsilon or backend.epsilon()
        self.centered = centered

    def _create_slots(self, var_list):
        for var in var_list:
            self.add_slot(var, "rms")
        if self._momentum:
            for var in var_list:
                self.add_slot(var, "momentum")
        if self.centered:
            for var in var_list:
                self.add_slot(var, "mg")

    def _prepare_local(self, var_dtype, apply_state):
        super()._prepare_local(var_dtype, apply_state)
        rho = array_ops.identity(self._get_hyper("rho", var_dtype))
        apply_state[var_dtype].update(dict(
            epsilon=convert_to_tensor(self.epsilon, dtype=var_dtype), rho=rho,
            momentum=array_ops.identity(self._get_hyper("momentum", var_dtype)), one_minus_rho=1.0 - rho))

    def _sparse_rows(self) -> bool:
        return bool(self._momentum)   # TF: ResourceSparseApply(Centered)RMSProp with momentum, else all rows

    def _resource_apply_dense(self, grad, var, apply_state=None):
        c = self._coefficients(var, apply_state)
        rms = self.get_slot(var, "rms")
        if self._momentum:
            mom = self.get_slot(var, "momentum")
            slots = [rms, mom] + ([self.get_slot(var, "mg")] if self.centered else [])
            self._run_kernel("ResourceApplyRMSProp", grad, var, slots,
                             [c["lr_t"], c["rho"], c["momentum"], c["epsilon"]], {"centered": bool(self.centered)})
            return
        rms_t = c["rho"] * rms + c["one_minus_rho"] * math_ops.square(grad)
        denom_t = _updated(rms.assign(rms_t), rms)
        if self.centered:
            mg = self.get_slot(var, "mg")
            mg_t = _updated(mg.assign(c["rho"] * mg + c["one_minus_rho"] * grad), mg)
            denom_t = denom_t - math_ops.square(mg_t)
        var.assign(var - c["lr_t"] * grad / (math_ops.sqrt(denom_t) + c["epsilon"]))

    def get_config(self):
        config = super().get_config()
        config.update({"learning_rate": self._serialize_hyperparameter("learning_rate"),
                       "decay": self._initial_decay, "rho": self._serialize_hyperparameter("rho"),
                       "momentum": self._serialize_hyperparameter("momentum"), "epsilon": self.epsilon,
                       "centered": self.centered})
        return config


class Adagrad(OptimizerV2):
    """Mirrors ``tf.keras.optimizers.legacy.Adagrad`` (``ResourceApplyAdagradV2``)."""

    def __init__(self, learning_rate=0.001, initial_accumulator_value=0.1, epsilon=1e-7, name="Adagrad",
                 **kwargs):
        if initial_accumulator_value < 0.0:
            raise ValueError(f"initial_accumulator_value must be non-negative: {initial_accumulator_value}")
        super().__init__(name, **kwargs)
        self._set_hyper("learning_rate", _lr_kwarg(learning_rate, kwargs))
        self._set_hyper("decay", self._initial_decay)
        self._initial_accumulator_value = initial_accumulator_value
        self.epsilon = epsilon or backend.epsilon()

    def _create_slots(self, var_list):
        from tfcompat._src.keras import initializers
        for var in var_list:
            self.add_slot(var, "accumulator", initializers.Constant(self._initial_accumulator_value))

    def _resource_apply_dense(self, grad, var, apply_state=None):
        c = self._coefficients(var, apply_state)
        acc = self.get_slot(var, "accumulator")
        acc_t = acc.assign_add(grad * grad)
        var.assign_sub(c["lr_t"] * grad / (math_ops.sqrt(acc_t) + convert_to_tensor(self.epsilon, dtype=var.dtype)))

    def get_config(self):
        config = super().get_config()
        config.update({"learning_rate": self._serialize_hyperparameter("learning_rate"),
                       "decay": self._initial_decay, "initial_accumulator_value": self._initial_accumulator_value,
                       "epsilon": self.epsilon})
        return config


class Adadelta(OptimizerV2):
    """Mirrors ``tf.keras.optimizers.legacy.Adadelta`` (``ResourceApplyAdadelta``)."""

    def __init__(self, learning_rate=0.001, rho=0.95, epsilon=1e-7, name="Adadelta", **kwargs):
        super().__init__(name, **kwargs)
        self._set_hyper("learning_rate", _lr_kwarg(learning_rate, kwargs))
        self._set_hyper("decay", self._initial_decay)
        self._set_hyper("rho", rho)
        self.epsilon = epsilon or backend.epsilon()

    def _create_slots(self, var_list):
        for v in var_list:
            self.add_slot(v, "accum_grad")
        for v in var_list:
            self.add_slot(v, "accum_var")

    def _sparse_rows(self) -> bool:
        return True   # TF: ResourceSparseApplyAdadelta

    def _resource_apply_dense(self, grad, var, apply_state=None):
        c = self._coefficients(var, apply_state)
        self._run_kernel("ResourceApplyAdadelta", grad, var,
                         [self.get_slot(var, "accum_grad"), self.get_slot(var, "accum_var")],
                         [c["lr_t"], self._get_hyper("rho", var.dtype),
                          convert_to_tensor(self.epsilon, dtype=var.dtype)])

    def get_config(self):
        config = super().get_config()
        config.update({"learning_rate": self._serialize_hyperparameter("learning_rate"),
                       "decay": self._initial_decay, "rho": self._serialize_hyperparameter("rho"),
                       "epsilon": self.epsilon})
        return config


class Adamax(OptimizerV2):
    """Mirrors ``tf.keras.optimizers.legacy.Adamax`` (``ResourceApplyAdaMax``)."""

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, name="Adamax", **kwargs):
        super().__init__(name, **kwargs)
        self._set_hyper("learning_rate", _lr_kwarg(learning_rate, kwargs))
        self._set_hyper("decay", self._initial_decay)
        self._set_hyper("beta_1", beta_1)
        self._set_hyper("beta_2", beta_2)
        self.epsilon = epsilon or backend.epsilon()

    def _create_slots(self, var_list):
        for var in var_list:
            self.add_slot(var, "m")
        for var in var_list:
            self.add_slot(var, "v")

    def _resource_apply_dense(self, grad, var, apply_state=None):
        c = self._coefficients(var, apply_state)
        dtype = var.dtype
        b1 = self._get_hyper("beta_1", dtype)
        b2 = self._get_hyper("beta_2", dtype)
        b1_power = math_ops.pow(b1, math_ops.cast(self.iterations + 1, dtype))
        m, v = self.get_slot(var, "m"), self.get_slot(var, "v")
        m_t = m.assign_add((grad - m) * (1 - b1))
        v_t = v.assign(math_ops.maximum(b2 * v, math_ops.abs(grad)))
        var.assign_sub(c["lr_t"] / (1 - b1_power) * (m_t / (v_t + convert_to_tensor(self.epsilon, dtype=dtype))))

    def get_config(self):
        config = super().get_config()
        config.update({"learning_rate": self._serialize_hyperparameter("learning_rate"),
                       "decay": self._initial_decay, "beta_1": self._serialize_hyperparameter("beta_1"),
                       "beta_2": self._serialize_hyperparameter("beta_2"), "epsilon": self.epsilon})
        return config


class Nadam(OptimizerV2):
    """Mirrors ``tf.keras.optimizers.legacy.Nadam`` (the momentum cache variable 'Nadam/momentum_cache')."""

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, name="Nadam", **kwargs):
        kwargs["decay"] = kwargs.pop("schedule_decay", 0.004)
        learning_rate = kwargs.get("lr", learning_rate)
        if isinstance(learning_rate, LearningRateSchedule):
            raise ValueError("The Nadam optimizer does not support tf.keras.optimizers.LearningRateSchedules as "
                             "the learning rate.")
        super().__init__(name, **kwargs)
        self._set_hyper("learning_rate", learning_rate)
        self._set_hyper("decay", self._initial_decay)
        self._set_hyper("beta_1", beta_1)
        self._set_hyper("beta_2", beta_2)
        self.epsilon = epsilon or backend.epsilon()
        self._m_cache = None

    def _create_slots(self, var_list):
        if self._m_cache is None:
            with backend.outer_init_scope():
                self._m_cache = Variable(convert_to_tensor(1.0, dtype=var_list[0].dtype),
                                         name=backend.variable_name("momentum_cache"), trainable=False)
            self._weights.append(self._m_cache)
        for var in var_list:
            self.add_slot(var, "m")
        for var in var_list:
            self.add_slot(var, "v")

    def _prepare(self, var_list):
        self._m_cache_read = self._m_cache.read_value()
        return super()._prepare(var_list)

    def _prepare_local(self, var_dtype, apply_state):
        lr_t = array_ops.identity(self._get_hyper("learning_rate", var_dtype))
        beta_1_t = array_ops.identity(self._get_hyper("beta_1", var_dtype))
        beta_2_t = array_ops.identity(self._get_hyper("beta_2", var_dtype))
        local_step = math_ops.cast(self.iterations + 1, var_dtype)
        next_step = math_ops.cast(self.iterations + 2, var_dtype)
        decay_base = convert_to_tensor(0.96, dtype=var_dtype)
        m_t = beta_1_t * (1.0 - 0.5 * math_ops.pow(decay_base, self._initial_decay * local_step))
        m_t_1 = beta_1_t * (1.0 - 0.5 * math_ops.pow(decay_base, self._initial_decay * next_step))
        m_schedule_new = math_ops.cast(self._m_cache_read, var_dtype) * m_t
        if var_dtype is self._m_cache.dtype:
            self._m_cache.assign(m_schedule_new)
        m_schedule_next = m_schedule_new * m_t_1
        apply_state[var_dtype] = dict(
            lr_t=lr_t, epsilon=convert_to_tensor(self.epsilon, dtype=var_dtype), beta_1_t=beta_1_t,
            beta_2_t=beta_2_t, m_t=m_t, m_t_1=m_t_1, one_minus_beta_1_t=1 - beta_1_t,
            one_minus_beta_2_t=1 - beta_2_t, one_minus_m_t=1.0 - m_t, one_minus_m_schedule_new=1.0 - m_schedule_new,
            one_minus_m_schedule_next=1.0 - m_schedule_next,
            v_t_prime_denominator=1.0 - math_ops.pow(beta_2_t, local_step))

    def _resource_apply_dense(self, grad, var, apply_state=None):
        c = self._coefficients(var, apply_state)
        m, v = self.get_slot(var, "m"), self.get_slot(var, "v")
        g_prime = grad / c["one_minus_m_schedule_new"]
        m_t = _updated(m.assign(c["beta_1_t"] * m + c["one_minus_beta_1_t"] * grad), m)
        m_t_prime = m_t / c["one_minus_m_schedule_next"]
        v_t = _updated(v.assign(c["beta_2_t"] * v + c["one_minus_beta_2_t"] * math_ops.square(grad)), v)
        v_t_prime = v_t / c["v_t_prime_denominator"]
        m_t_bar = c["one_minus_m_t"] * g_prime + c["m_t_1"] * m_t_prime
        var.assign(var - c["lr_t"] * m_t_bar / (math_ops.sqrt(v_t_prime) + c["epsilon"]))

    def get_config(self):
        config = super().get_config()
        config.update({"learning_rate": self._serialize_hyperparameter("learning_rate"),
                       "decay": self._initial_decay, "beta_1": self._serialize_hyperparameter("beta_1"),
                       "beta_2": self._serialize_hyperparameter("beta_2"), "epsilon": self.epsilon})
        return config


class Ftrl(OptimizerV2):
    """Mirrors ``tf.keras.optimizers.legacy.Ftrl`` (``ResourceApplyFtrl[V2]``)."""

    def __init__(self, learning_rate=0.001, learning_rate_power=-0.5, initial_accumulator_value=0.1,
                 l1_regularization_strength=0.0, l2_regularization_strength=0.0, name="Ftrl",
                 l2_shrinkage_regularization_strength=0.0, beta=0.0, **kwargs):
        super().__init__(name, **kwargs)
        if initial_accumulator_value < 0.0:
            raise ValueError(f"`initial_accumulator_value` needs to be positive or zero. Received: "
                             f"initial_accumulator_value={initial_accumulator_value}.")
        if learning_rate_power > 0.0:
            raise ValueError(f"`learning_rate_power` needs to be negative or zero. Received: "
                             f"learning_rate_power={learning_rate_power}.")
        self._set_hyper("learning_rate", _lr_kwarg(learning_rate, kwargs))
        self._set_hyper("decay", self._initial_decay)
        self._set_hyper("learning_rate_power", learning_rate_power)
        self._set_hyper("l1_regularization_strength", l1_regularization_strength)
        self._set_hyper("l2_regularization_strength", l2_regularization_strength)
        self._set_hyper("beta", beta)
        self._initial_accumulator_value = initial_accumulator_value
        self._l2_shrinkage_regularization_strength = l2_shrinkage_regularization_strength

    def _create_slots(self, var_list):
        from tfcompat._src.keras import initializers
        for var in var_list:
            self.add_slot(var, "accumulator", initializers.Constant(self._initial_accumulator_value))
            self.add_slot(var, "linear")

    def _sparse_rows(self) -> bool:
        return True   # TF: ResourceSparseApplyFtrl(V2)

    def _resource_apply_dense(self, grad, var, apply_state=None):
        c = self._coefficients(var, apply_state)
        dtype = var.dtype
        l2 = self._get_hyper("l2_regularization_strength", dtype) + self._get_hyper("beta", dtype) / (2.0 * c["lr_t"])
        shrink = self._l2_shrinkage_regularization_strength
        lr_power = self._get_hyper("learning_rate_power", dtype)
        self._run_kernel("ResourceApplyFtrlV2", grad, var,
                         [self.get_slot(var, "accumulator"), self.get_slot(var, "linear")],
                         [c["lr_t"], self._get_hyper("l1_regularization_strength", dtype), l2,
                          convert_to_tensor(float(shrink), dtype=dtype), lr_power],
                         {"shrinkage": shrink > 0.0, "lr_power_is_half": self._hyper_is("learning_rate_power", -0.5)})

    def _hyper_is(self, name, value) -> bool:
        v = self._hyper[name]
        return float(backend.get_value(v) if isinstance(v, Variable) else v) == value

    def get_config(self):
        config = super().get_config()
        config.update({"learning_rate": self._serialize_hyperparameter("learning_rate"),
                       "decay": self._initial_decay,
                       "initial_accumulator_value": self._initial_accumulator_value,
                       "learning_rate_power": self._serialize_hyperparameter("learning_rate_power"),
                       "l1_regularization_strength": self._serialize_hyperparameter("l1_regularization_strength"),
                       "l2_regularization_strength": self._serialize_hyperparameter("l2_regularization_strength"),
                       "beta": self._serialize_hyperparameter("beta"),
                       "l2_shrinkage_regularization_strength": self._l2_shrinkage_regularization_strength})
        return config
