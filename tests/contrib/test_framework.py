"""``tf.contrib.framework`` (TF 1.15) against its TF 2.21 equivalent.

TF 2.21 has no contrib, so each TF-side reference program is what TF 1.15's
``contrib/framework/python/ops/{arg_scope,variables}.py`` ran: ``arg_scope`` only fills keyword arguments, so the
reference passes them explicitly; ``model_variable``/``variable`` are ``tf.compat.v1.get_variable`` with the
collections [GLOBAL_VARIABLES, MODEL_VARIABLES] / [GLOBAL_VARIABLES]; the ``get_variables*`` queries are
``tf.compat.v1.get_collection`` with the scope/suffix regexes contrib builds; the global step is
``tf.compat.v1.train``'s; ``assign_from_checkpoint_fn`` is a ``tf.compat.v1.train.Saver(var_list).restore``.
tfcompat runs ``tf.contrib.framework`` itself. The ``arg_scope`` bookkeeping (stack, merging, errors) has no TF
2.21 counterpart: those expectations are by hand, from TF 1.15's source."""
from __future__ import annotations

import numpy as np
import pytest

X2 = np.arange(12, dtype=np.float32).reshape(3, 4) / 10.0 - 0.5


def _ramp(shape):
    n = int(np.prod(shape))
    return (np.arange(n, dtype=np.float32).reshape(shape) % 5 - 2.0) * 0.1


def _model_getter(getter, name, *args, **kwargs):
    parts = name.split("/")
    parts[-1] = {"kernel": "weights", "bias": "biases"}.get(parts[-1], parts[-1])
    kwargs["collections"] = list(kwargs.get("collections") or []) + ["variables", "model_variables"]
    return getter("/".join(parts), *args, **kwargs)


def _fc_ref(tf, x, units, scope, activation):
    with tf.variable_scope(scope, "fully_connected", [x], custom_getter=_model_getter) as sc:
        layer = tf.layers.Dense(units, kernel_initializer=tf.constant_initializer(_ramp([x.shape[-1], units])),
                                bias_initializer=tf.constant_initializer(0.25), name=sc.name, _scope=sc)
        y = layer.apply(x)
        return activation(y) if activation else y


def _run(tf, fetches):
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        return sess.run(fetches)


def test_arg_scope_fills_layer_defaults(oracle):
    """Nested scopes merge; an explicit keyword wins; a re-entered scope dict applies again."""
    def ref(tf):
        x = tf.constant(X2)
        a = _fc_ref(tf, x, 3, "a", tf.nn.tanh)
        b = _fc_ref(tf, a, 2, "b", None)
        c = _fc_ref(tf, b, 2, "c", tf.nn.relu)
        d = _fc_ref(tf, c, 2, "d", tf.nn.tanh)
        return ([v.name for v in tf.global_variables()], [v.name for v in tf.get_collection("model_variables")],
                _run(tf, [a, b, c, d]))

    def tfc(tf):
        slim = tf.contrib.slim
        x = tf.constant(X2)
        init = lambda shape: tf.constant_initializer(_ramp(shape))  # noqa: E731
        with slim.arg_scope([slim.fully_connected], activation_fn=tf.nn.tanh,
                            biases_initializer=tf.constant_initializer(0.25)) as outer:
            a = slim.fully_connected(x, 3, weights_initializer=init([4, 3]), scope="a")
            with slim.arg_scope([slim.fully_connected], activation_fn=None):
                b = slim.fully_connected(a, 2, weights_initializer=init([3, 2]), scope="b")
                c = slim.fully_connected(b, 2, weights_initializer=init([2, 2]), activation_fn=tf.nn.relu,
                                         scope="c")
        with slim.arg_scope(outer):
            d = slim.fully_connected(c, 2, weights_initializer=init([2, 2]), scope="d")
        return ([v.name for v in tf.global_variables()], [v.name for v in tf.get_collection("model_variables")],
                _run(tf, [a, b, c, d]))

    oracle.check(ref, tfc, v1=True)


def test_arg_scope_bookkeeping_by_hand():
    """Expected by hand from TF 1.15's arg_scope.py."""
    import tfcompat.compat.v1 as tf
    fw = tf.contrib.framework

    @fw.add_arg_scope
    def f(x, a=1, b=2):
        return x, a, b

    def g(x, a=1):
        return x

    assert fw.has_arg_scope(f) and not fw.has_arg_scope(g)
    assert tuple(fw.arg_scoped_arguments(f)) == ("a", "b")
    assert f.__name__ == "f"
    with fw.arg_scope([f], a=10) as sc:
        assert f(0) == (0, 10, 2) and f(0, a=3) == (0, 3, 2)
        with fw.arg_scope([f], b=20):
            assert f(0) == (0, 10, 20)
            assert fw.current_arg_scope()[fw.arg_scope_func_key(f)] == {"a": 10, "b": 20}
        assert f(0) == (0, 10, 2)
    assert f(0) == (0, 1, 2)
    with fw.arg_scope(sc):
        assert f(0) == (0, 10, 2)
    with pytest.raises(ValueError, match="is not decorated with @add_arg_scope"):
        with fw.arg_scope([g], a=1):
            pass
    with pytest.raises(TypeError, match="must either be a list/tuple or reused scope"):
        with fw.arg_scope(f, a=1):
            pass
    with pytest.raises(ValueError, match="kwargs must be empty"):
        with fw.arg_scope(sc, a=1):
            pass
    assert fw.current_arg_scope() == {}


def test_model_variable_variable_and_queries(oracle):
    def ref(tf):
        with tf.variable_scope("net"):
            w = tf.get_variable("weights", [2, 3], initializer=tf.constant_initializer(_ramp([2, 3])),
                                collections=["variables", "model_variables"])
            b = tf.get_variable("biases", [3], initializer=tf.zeros_initializer(),
                                collections=["variables", "model_variables"], trainable=False)
            v = tf.get_variable("v", [2], initializer=tf.ones_initializer(), collections=["variables"])
        with tf.variable_scope("head"):
            h = tf.get_variable("weights", [1], dtype=tf.float64, collections=["variables", "extra"],
                                initializer=tf.zeros_initializer())
        names = lambda vs: [x.name for x in vs]  # noqa: E731
        queries = [names(tf.get_collection("variables", "net")),
                   names(tf.get_collection("model_variables", None)),
                   names(tf.get_collection("variables", ".*weights:")),
                   names(tf.get_collection("variables", "net.*/weights:|^weights:")),
                   names(tf.get_collection("trainable_variables", None)),
                   names(tf.get_collection("extra"))]
        return names(tf.global_variables()), queries, [x.dtype.name for x in (w, b, v, h)], _run(tf, [w, b, v])

    def tfc(tf):
        fw = tf.contrib.framework
        with tf.variable_scope("net"):
            w = fw.model_variable("weights", [2, 3], initializer=tf.constant_initializer(_ramp([2, 3])))
            b = fw.model_variable("biases", [3], initializer=tf.zeros_initializer(), trainable=False)
            v = fw.variable("v", [2], initializer=tf.ones_initializer())
        with tf.variable_scope("head"):
            h = fw.variable("weights", [1], dtype=tf.float64, collections=["variables", "extra"],
                            initializer=tf.zeros_initializer())
        names = lambda vs: [x.name for x in vs]  # noqa: E731
        queries = [names(fw.get_variables("net")), names(fw.get_model_variables()),
                   names(fw.get_variables_by_suffix("weights")), names(fw.get_variables_by_name("weights", "net")),
                   names(fw.get_trainable_variables()), names(tf.get_collection("extra"))]
        return names(tf.global_variables()), queries, [x.dtype.name for x in (w, b, v, h)], _run(tf, [w, b, v])

    oracle.check(ref, tfc, v1=True)


@pytest.mark.parametrize("include,exclude", [(None, None), (None, ["a/b"]), (["a"], ["a/c"]), (["a", "z"], None),
                                             ("a", None), (None, "a")])
def test_get_variables_to_restore(oracle, include, exclude):
    def build(tf):
        for name in ["a/b/w", "a/c/w", "a/w", "z/w"]:
            scope, leaf = name.rsplit("/", 1)
            with tf.variable_scope(scope):
                tf.get_variable(leaf, [1])

    def ref(tf):
        build(tf)
        if include is not None and not isinstance(include, (list, tuple)):
            raise TypeError("include is provided but is not a list or a tuple.")
        if exclude is not None and not isinstance(exclude, (list, tuple)):
            raise TypeError("exclude is provided but is not a list or a tuple.")
        vs = tf.global_variables() if include is None else [v for s in include for v in tf.global_variables(s)]
        out = {v.name for s in exclude or [] for v in tf.global_variables(s)}
        return [v.name for v in vs if v.name not in out]

    def tfc(tf):
        build(tf)
        return [v.name for v in tf.contrib.framework.get_variables_to_restore(include, exclude)]

    oracle.check(ref, tfc, v1=True, match_message="not a list or a tuple")


def test_global_step(oracle):
    def prog(contrib):
        def run(tf):
            get = tf.contrib.framework.get_global_step if contrib else tf.train.get_global_step
            get_or_create = (tf.contrib.framework.get_or_create_global_step if contrib
                             else tf.train.get_or_create_global_step)
            before = get()
            step = get_or_create()
            again = get_or_create()
            return before, step.name, step.dtype.name, again is step, get() is step, _run(tf, step)
        return run

    oracle.check(prog(False), prog(True), v1=True)


@pytest.mark.parametrize("ignore_missing", [False, True])
def test_assign_from_checkpoint_fn(oracle, tmp_path, ignore_missing):
    def save(tf, path):
        with tf.Graph().as_default():
            a = tf.get_variable("a", initializer=tf.constant([1.0, 2.0]))
            tf.get_variable("b", initializer=tf.constant(3.0))
            with tf.Session() as sess:
                sess.run(tf.global_variables_initializer())
                return tf.train.Saver([a]).save(sess, path)

    def prog(contrib, path):
        def run(tf):
            ckpt = save(tf, path)
            a = tf.get_variable("a", initializer=tf.zeros([2]))
            c = tf.get_variable("c", initializer=tf.constant(5.0))
            with tf.Session() as sess:
                sess.run(tf.global_variables_initializer())
                if contrib:
                    fn = tf.contrib.framework.assign_from_checkpoint_fn(ckpt, [a, c] if ignore_missing else [a],
                                                                       ignore_missing_vars=ignore_missing)
                    fn(sess)
                else:
                    tf.train.Saver([a]).restore(sess, ckpt)
                return sess.run([a, c])
        return run

    oracle.check(prog(False, str(tmp_path / "tf" / "m")), prog(True, str(tmp_path / "tfc" / "m")), v1=True)


def test_assign_from_checkpoint_fn_errors_by_hand(tmp_path):
    """Expected by hand from TF 1.15's variables.py: empty var_list raises; nothing left to restore -> None."""
    import tfcompat.compat.v1 as tf
    with tf.Graph().as_default():
        a = tf.get_variable("a", [1])
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            path = tf.train.Saver([a]).save(sess, str(tmp_path / "m"))
        with pytest.raises(ValueError, match="var_list cannot be empty"):
            tf.contrib.framework.assign_from_checkpoint_fn(path, [])
        missing = tf.get_variable("missing", [1])
        assert tf.contrib.framework.assign_from_checkpoint_fn(path, [missing], ignore_missing_vars=True) is None
