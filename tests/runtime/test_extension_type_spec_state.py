"""An ExtensionType spec rebuilt from its serialization (``Spec._deserialize(spec._serialize())``, as a SavedModel
reads a function's ExtensionType argument): the fields are set directly, so a user-written ``Spec.__init__`` with
other parameters (TF's extension_type guide's ``MaskedTensor.Spec(shape, dtype)``) is not called, and a Mapping
field comes back as a mapping; and a tf.Module method taking such a spec saved and loaded (runtime/
extension_type.py, saved_model/structure.py). Expected values are TF's (the oracle)."""
# No `from __future__ import annotations`: the field annotations must be evaluated where the classes are defined.

import tempfile
from typing import Mapping


def guide_masked_tensor(tf, name=None):
    """TF's extension_type guide's last MaskedTensor: batchable, ``shape``/``dtype`` properties, ``with_default``
    and a user-written ``Spec(shape, dtype)``; ``name`` its explicit ``__name__`` (registered: a SavedModel encodes
    the spec by it)."""
    class MaskedTensor(tf.experimental.BatchableExtensionType):
        if name:
            __name__ = name
        values: tf.Tensor
        mask: tf.Tensor
        shape = property(lambda self: self.values.shape)
        dtype = property(lambda self: self.values.dtype)

        def with_default(self, default):
            return tf.where(self.mask, self.values, default)

        class Spec:
            def __init__(self, shape, dtype=tf.float32):
                self.values = tf.TensorSpec(shape, dtype)
                self.mask = tf.TensorSpec(shape, tf.bool)

            shape = property(lambda self: self.values.shape)
            dtype = property(lambda self: self.values.dtype)
    return MaskedTensor


def test_deserialize_skips_user_spec_constructor_and_keeps_mappings(oracle):
    def prog(tf):
        MaskedTensor = guide_masked_tensor(tf)

        class Labelled(tf.experimental.ExtensionType):
            weights: tf.Tensor
            labels: Mapping[str, tf.Tensor]
            k: int = 3
        specs = [MaskedTensor.Spec([None, 2]),
                 Labelled(tf.ones([2]), {"b": tf.zeros([2]), "a": tf.ones([1], tf.int32)})._type_spec]
        masked, labelled = [type(spec)._deserialize(spec._serialize()) for spec in specs]
        return [masked == specs[0], masked.values.shape.as_list(), masked.mask.dtype.name, labelled == specs[1],
                isinstance(labelled.labels, Mapping), sorted(labelled.labels), labelled.labels["a"].dtype.name,
                labelled.k]
    oracle.check(prog)


def test_saved_function_with_user_spec_argument(oracle):
    def prog(tf):
        MaskedTensor = guide_masked_tensor(tf, "tfcompat_tests.spec_state.MaskedTensor")

        class Module(tf.Module):
            def __init__(self):
                super().__init__()
                self.v = tf.Variable(100.0)

            @tf.function
            def grow(self, x: MaskedTensor):
                return MaskedTensor(x.values * self.v, x.mask)
        module = Module()
        module.grow.get_concrete_function(MaskedTensor.Spec(shape=None, dtype=tf.float32))
        path = tempfile.mkdtemp()
        tf.saved_model.save(module, path)
        loaded = tf.saved_model.load(path)
        r = loaded.grow(MaskedTensor([1., 2, 3], [False, True, False]))
        return [type(r).__name__, r.values, r.mask]
    oracle.check(prog)
