"""``tf.keras.Input(type_spec=...)`` (keras/engine/input_layer.py): models over ExtensionType inputs as TF's
extension_type guide builds them (a layer taking the value through its own code; a Dense layer reaching
``tf.matmul``'s ``dispatch_for_api`` target), trained with ``fit`` on an ExtensionType, saved and reloaded; inputs
from TensorSpec / RaggedTensorSpec; TF's errors for other arguments given with ``type_spec``. Expected values are
TF's (the oracle); the classes are defined inside each program so each side builds its own."""
# No `from __future__ import annotations`: the field annotations must be evaluated where the classes are defined.

import tempfile

from tests.ops.test_extension_type_control_flow import _balance
from tests.runtime.test_extension_type import _network
from tests.runtime.test_extension_type_spec_state import guide_masked_tensor


def _masked_tensor(tf):
    MaskedTensor = guide_masked_tensor(tf, "tfcompat_tests.keras.MaskedTensor")

    def masked_matmul(a: MaskedTensor, b, transpose_a=False, transpose_b=False, adjoint_a=False, adjoint_b=False,
                      a_is_sparse=False, b_is_sparse=False, output_type=None, grad_a=False, grad_b=False,
                      name=None):
        if isinstance(a, MaskedTensor):
            a = a.with_default(0)
        return tf.matmul(a, b, transpose_a, transpose_b, adjoint_a, adjoint_b, a_is_sparse, b_is_sparse,
                         output_type)
    return MaskedTensor, masked_matmul


def test_extension_type_input_sequential_and_functional(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()   # layer names ('input_1') count from here
        Network = _network(tf)

        class BalanceNetworkLayer(tf.keras.layers.Layer):
            def call(self, inputs):
                return _balance(tf, Network)(inputs)
        spec = Network.Spec(shape=None, work=tf.TensorSpec(None, tf.float32),
                            bandwidth=tf.TensorSpec(None, tf.float32))
        model = tf.keras.Sequential([tf.keras.layers.Input(type_spec=spec), BalanceNetworkLayer()])
        single = Network(work=[8.0, 5, 12, 2], bandwidth=[[0.0, 1, 2, 2], [1, 0, 0, 2], [2, 0, 0, 1], [2, 2, 1, 0]])
        batch = Network(work=[[8.0, 5], [3, 2]], bandwidth=[[[0.0, 1], [1, 0]], [[0, 2], [2, 0]]])
        inp = tf.keras.Input(type_spec=spec)
        functional = tf.keras.Model(inp, BalanceNetworkLayer()(inp))
        out = []
        for m in (model, functional):
            for net in (single, batch):
                r = m(net)
                out.append([type(r).__name__, r.shape.as_list(), r.work, r.bandwidth])
        out.append(functional.layers[0].get_config()["name"])
        out.append(repr(functional.layers[0].get_config()["type_spec"]))
        return out
    oracle.check(prog)


def test_dense_on_extension_type_fit_and_saved_model(oracle):
    def prog(tf):
        MaskedTensor, masked_matmul = _masked_tensor(tf)
        target = tf.experimental.dispatch_for_api(tf.matmul)(masked_matmul)
        try:
            tf.keras.backend.clear_session()   # the output layer's name ('dense_1') counts from here
            tf.keras.utils.set_random_seed(0)
            model = tf.keras.Sequential([tf.keras.layers.Input(type_spec=MaskedTensor.Spec([None, 2], tf.float32)),
                                         tf.keras.layers.Dense(4, activation="relu"),
                                         tf.keras.layers.Dense(1, activation="sigmoid")])
            model.compile(loss="binary_crossentropy", optimizer="rmsprop")
            a = MaskedTensor([[1., 2], [3, 4], [5, 6]], [[True, False], [False, True], [True, True]])
            history = model.fit(a, tf.constant([[1], [0], [1]]), epochs=3, verbose=0)
            predicted = model(a)
            path = tempfile.mkdtemp()
            tf.saved_model.save(model, path)
            loaded = tf.saved_model.load(path)
            sig = loaded.signatures["serving_default"]
            inputs = {k: [s.shape.as_list(), s.dtype.name] for k, s in sig.structured_input_signature[1].items()}
            served = sig(args_0=a.values, args_0_1=a.mask)
            return [history.history["loss"], predicted, loaded(a), inputs, sorted(served), served["dense_1"]]
        finally:
            tf.experimental.unregister_dispatch_for(target)
    oracle.check(prog)


def test_tensor_sparse_and_ragged_specs(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        x = tf.keras.Input(type_spec=tf.TensorSpec([None, 3], tf.float32))
        r = tf.keras.Input(type_spec=tf.RaggedTensorSpec([None, None], tf.int32))
        s = tf.keras.Input(type_spec=tf.SparseTensorSpec([None, 3], tf.float32))
        int_input = tf.keras.Input(type_spec=tf.TensorSpec([None], tf.int32))
        int_layer = tf.keras.Model(int_input, int_input).layers[0]   # the InputLayer's dtype is floatx
        model = tf.keras.Model(x, tf.keras.layers.Dense(2, kernel_initializer="ones")(x))
        sparse_model = tf.keras.Model(s, tf.keras.layers.Dense(2, kernel_initializer="ones")(s))
        return [x.shape.as_list(), x.dtype.name, r.shape.as_list(), r.dtype.name, s.shape.as_list(),
                model(tf.ones([2, 3])), model.layers[0].get_config()["name"],
                sparse_model(tf.sparse.from_dense(tf.constant([[1., 0, 2]]))), int_layer.dtype, int_input.dtype.name]
    oracle.check(prog)


def test_other_arguments_with_type_spec_raise(oracle):
    def prog(tf):
        out = []
        for kw in (dict(shape=[2]), dict(batch_size=3), dict(dtype="int32"), dict(sparse=True), dict(ragged=True)):
            try:
                tf.keras.Input(type_spec=tf.TensorSpec([None, 2]), **kw)
                out.append("no error")
            except ValueError as e:
                out.append(str(e))
        return out
    oracle.check(prog)


def test_type_spec_in_a_tf1_graph_raises(oracle):
    def prog(v1):
        v1.keras.Input(type_spec=v1.TensorSpec([None, 2]))
    oracle.check_v1(prog, match_message="Creating TF-Keras inputs from a type_spec is only supported when eager "
                                        "execution is enabled.")
