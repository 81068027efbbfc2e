"""Keras object configs (keras/object_config.py) against tf-keras 2.21: without TF2 behaviour
(``tf.compat.v1.disable_v2_behavior``) serialization uses the legacy format, ``{"class_name", "config"}`` without
``module``/``registered_name``, in layer configs and the families' ``serialize``; deserialization takes the legacy
path too."""
from __future__ import annotations

import copy
import warnings

import pytest

from tests.keras.test_initializers import _restore_tf_v2


def _legacy_format_program(what, restore_v2):
    def prog(tf):
        tf.compat.v1.disable_v2_behavior()
        try:
            K = tf.keras
            if what == "layers":
                dense = K.layers.Dense(3, activation="relu", kernel_regularizer=K.regularizers.L2(0.1),
                                       kernel_constraint=K.constraints.MaxNorm(2.0),
                                       kernel_initializer="he_normal", name="dense")
                # explicit names: the Keras name counters depend on what earlier tests in the process built
                model = K.Sequential([K.layers.Dense(2, input_shape=(3,), name="d")], name="seq")
                return (dense.get_config(), K.layers.BatchNormalization(name="bn").get_config(), model.get_config(),
                        K.layers.serialize(dense))
            if what == "serialize":
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    loss_fn = K.losses.serialize(K.losses.mean_squared_error)
                return [K.initializers.serialize(K.initializers.GlorotUniform(seed=1)),
                        K.initializers.serialize(K.initializers.Constant(2.0)),
                        K.activations.serialize(K.activations.relu),
                        K.regularizers.serialize(K.regularizers.L1L2(0.1, 0.2)),
                        K.constraints.serialize(K.constraints.NonNeg()),
                        K.losses.serialize(K.losses.Huber()), loss_fn,
                        K.metrics.serialize(K.metrics.Mean()),
                        K.saving.serialize_keras_object(K.initializers.Zeros())]
            if what == "passive":
                class Holder(K.layers.Layer):
                    def __init__(self, init=None, size=None, names=None, act=None, **kwargs):
                        super().__init__(**kwargs)
                        self.init, self.act = init, act

                    def get_config(self):
                        return {"init": self.init, "size": 3, "names": ["a"], "act": K.activations.tanh}
                config = K.saving.serialize_keras_object(Holder(K.initializers.Ones()))
                serialized = copy.deepcopy(config)
                try:
                    K.saving.deserialize_keras_object(config, custom_objects={"Holder": Holder})
                except ValueError as e:
                    unknown = str(e)
                revived = K.saving.deserialize_keras_object(
                    config, custom_objects={"Holder": Holder, "Ones": K.initializers.Ones})
                # tf-keras revives the passive items in the caller's config itself.
                return (serialized, unknown, type(revived.init).__name__, revived.init.get_config(), revived.act,
                        type(config["config"]["init"]).__name__)
            if what == "deserialize":
                init = K.initializers.deserialize({"class_name": "GlorotUniform", "config": {"seed": 1}})
                try:
                    K.initializers.deserialize("no_such_initializer")
                except ValueError as e:
                    unknown = str(e)
                return type(init).__name__, init.get_config(), unknown
            raise AssertionError(what)
        finally:
            restore_v2(tf.compat.v1)
    return prog


@pytest.mark.parametrize("what", ["layers", "serialize", "passive", "deserialize"])
def test_v1_behavior_serializes_legacy_format(oracle, what):
    oracle.check(_legacy_format_program(what, _restore_tf_v2),
                 tfc_program=_legacy_format_program(what, lambda v1: v1.enable_v2_behavior()))
