"""tf.name_scope when executing eagerly (tfcompat._src.framework.name_scope) against TF 2.21: the scope string,
tf.get_current_name_scope, and the names eager tf.Variables take from it (no uniquifying, absolute 'x/' scopes,
'' leaving every scope), including variables created while tracing a tf.function."""
from __future__ import annotations


def test_eager_variable_names_in_name_scopes(oracle):
    def prog(tf):
        names = [tf.Variable(1.0).name, tf.Variable(1.0, name="v").name]
        with tf.name_scope("a") as scope:
            names += [scope, tf.get_current_name_scope(), tf.Variable(1.0, name="v").name,
                      tf.Variable(1.0, name="v").name, tf.Variable(1.0).name]
            with tf.name_scope("b") as inner:
                names += [inner, tf.get_current_name_scope(), tf.Variable(2, name="w").name]
            with tf.name_scope("a"):
                names.append(tf.Variable(1.0, name="v").name)
            with tf.name_scope("top/") as absolute:
                names += [absolute, tf.Variable(1.0, name="v").name]
            with tf.name_scope("") as empty:
                names += [empty, tf.get_current_name_scope(), tf.Variable(1.0, name="v").name]
            names += [tf.Variable(1.0, name="x/").name, tf.Variable(1.0, name="p/q").name]
        names += [tf.get_current_name_scope(), tf.Variable(1.0, name="v").name]
        return names
    oracle.check(prog)


def test_variable_created_in_tf_function_takes_the_graph_scope(oracle):
    def prog(tf):
        made = []

        @tf.function
        def f(x):
            if not made:
                with tf.name_scope("inner"):
                    made.append(tf.Variable(1.0, name="v"))
                made.append(tf.Variable(2.0, name="u"))
            return x * made[0]

        with tf.name_scope("outer"):
            y = f(tf.constant(3.0))
        return y, [v.name for v in made]
    oracle.check(prog)


def test_compat_v1_name_scope_eager(oracle):
    def prog(tf):
        v1 = tf.compat.v1
        with v1.name_scope(None, "default") as scope:
            first = (scope, tf.Variable(1.0, name="v").name)
        with v1.name_scope("given", "default") as scope:
            second = (scope, tf.Variable(1.0).name)
        return first, second
    oracle.check(prog)
