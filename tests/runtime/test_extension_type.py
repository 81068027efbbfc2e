"""``tf.experimental.ExtensionType`` (tfcompat/_src/runtime/extension_type.py), following TF's
extension_type guide: fields, generated constructor and conversion, validation, immutability, ``==``, repr, Spec,
``as_dict``, user constructors and methods, tf.function arguments. Expected values are TF's (the oracle); the
classes are defined inside each program so each side builds its own."""
# No `from __future__ import annotations`: the field annotations must be evaluated where the classes are defined.

import typing

import pytest


def _masked_tensor(tf):
    class MaskedTensor(tf.experimental.ExtensionType):
        values: tf.Tensor
        mask: tf.Tensor

        def with_default(self, default):
            return tf.where(self.mask, self.values, default)
    return MaskedTensor


def test_fields_conversion_and_repr(oracle):
    def prog(tf):
        mt = _masked_tensor(tf)([1, 2, 3], mask=[True, False, True])
        return [mt.values, mt.mask, repr(mt), mt.with_default(0), isinstance(mt.values, tf.Tensor)]
    oracle.check(prog)


def test_conversion_errors(oracle):
    def bad_tensor(tf):
        return _masked_tensor(tf)([1, 2], mask=object())

    def missing(tf):
        return _masked_tensor(tf)([1, 2])

    def extra(tf):
        return _masked_tensor(tf)([1, 2], [True, False], 3)
    oracle.check(bad_tensor, match_message="mask: expected a Tensor, got 'object'")
    oracle.check(missing, match_message="missing a required argument: 'mask'")
    oracle.check(extra)


def test_immutable(oracle):
    def set_field(tf):
        mt = _masked_tensor(tf)([1], [True])
        mt.values = tf.constant([2])

    def del_field(tf):
        mt = _masked_tensor(tf)([1], [True])
        del mt.mask

    def unknown(tf):
        return _masked_tensor(tf)([1], [True]).nope
    oracle.check(set_field, match_message="Cannot mutate attribute `values` outside the custom constructor")
    oracle.check(del_field)
    oracle.check(unknown)


def test_equality(oracle):
    def prog(tf):
        mt_cls = _masked_tensor(tf)
        a = mt_cls([1, 2], [True, False])
        b = mt_cls([1, 2], [True, False])
        c = mt_cls([1, 3], [True, False])
        d = mt_cls([1, 2, 3], [True, False, True])
        return [a == b, a == c, a == d, a != c, a == 3, a != d]
    oracle.check(prog)


def test_python_and_typed_fields(oracle):
    def prog(tf):
        class Toy(tf.experimental.ExtensionType):
            name: str
            price: tf.Tensor
            features: typing.Mapping[str, tf.Tensor]
            sizes: typing.Tuple[int, ...] = ()
            shape: tf.TensorShape = None
            dtype: tf.DType = tf.float32
            count: typing.Union[int, float] = 1
        toy = Toy("ball", 1.5, {"color": [1, 2]}, sizes=[3, 4], shape=[2, None], dtype="int32", count=2.5)
        return [toy.name, toy.price, toy.features["color"], toy.sizes, toy.shape, toy.dtype, toy.count,
                sorted(toy.features), type(toy.sizes).__name__]
    oracle.check(prog)


def test_field_type_errors(oracle):
    def wrong_int(tf):
        class T(tf.experimental.ExtensionType):
            n: int
        return T("x")

    def wrong_tuple_len(tf):
        class T(tf.experimental.ExtensionType):
            pair: typing.Tuple[int, int]
        return T((1, 2, 3))

    def wrong_mapping(tf):
        class T(tf.experimental.ExtensionType):
            tags: typing.Mapping[str, int]
        return T([1])
    oracle.check(wrong_int, match_message="n: expected 'int', got 'str'")
    oracle.check(wrong_tuple_len)
    oracle.check(wrong_mapping, match_message="tags: expected mapping")


def test_class_definition_errors(oracle):
    def reserved(tf):
        class T(tf.experimental.ExtensionType):
            value_type: int
        return T

    def unannotated(tf):
        class T(tf.experimental.ExtensionType):
            x: int
            y = 3
        return T

    def base(tf):
        return tf.experimental.ExtensionType()
    oracle.check(reserved, match_message="Field 'value_type' is reserved")
    oracle.check(unannotated, match_message="Field y is missing a type annotation")
    oracle.check(base)


def test_defaults_and_keyword_only(oracle):
    def prog(tf):
        class T(tf.experimental.ExtensionType):
            a: int
            b: int = 2
            c: tf.Tensor
        t = T(1, c=[5])
        try:
            T(1, 2, [5])
            positional = "accepted"
        except TypeError as e:
            positional = type(e).__name__
        return [t.a, t.b, t.c, positional]
    oracle.check(prog)


def test_validate_and_user_constructor(oracle):
    def prog(tf):
        class Pos(tf.experimental.ExtensionType):
            x: tf.Tensor

            def __validate__(self):
                self.x.shape.assert_has_rank(1)

        class Scaled(tf.experimental.ExtensionType):
            values: tf.Tensor
            scale: float

            def __init__(self, values, scale=2.0):
                self.values = tf.convert_to_tensor(values) * scale
                self.scale = scale
        try:
            Pos([[1]])
            err = None
        except ValueError as e:
            err = type(e).__name__
        s = Scaled([1.0, 2.0])
        return [Pos([1, 2]).x, err, s.values, s.scale]
    oracle.check(prog)


def test_spec(oracle):
    def prog(tf):
        mt_cls = _masked_tensor(tf)
        mt = mt_cls([1, 2], [True, False])
        spec = mt._type_spec
        built = mt_cls.Spec(values=tf.TensorSpec([2], tf.int32), mask=tf.TensorSpec([2], tf.bool))
        return [repr(spec), spec == built, isinstance(spec, tf.TypeSpec), spec.value_type is mt_cls,
                tf.type_spec_from_value(mt) == spec, type(spec).__name__, type(spec).__qualname__.split(".")[-1],
                spec.values, mt_cls.Spec.__name__]
    oracle.check(prog)


def test_as_dict_and_nested(oracle):
    def prog(tf):
        mt_cls = _masked_tensor(tf)

        class Pair(tf.experimental.ExtensionType):
            first: mt_cls
            label: str
        p = Pair(mt_cls([1.0], [True]), "p")
        d = tf.experimental.extension_type.as_dict(p)
        q = Pair(mt_cls([1.0], [True]), "p")
        return [sorted(d), d["label"], d["first"].values, p == q, repr(p._type_spec)]
    oracle.check(prog)


def test_tf_function_argument(oracle):
    def prog(tf):
        mt_cls = _masked_tensor(tf)

        @tf.function
        def total(mt):
            return tf.reduce_sum(mt.with_default(0))
        return [total(mt_cls([1, 2, 3], [True, False, True])), total(mt_cls([4, 5, 6], [True, True, False])),
                total(mt_cls([7], [True]))]
    oracle.check(prog)


def test_batchable(oracle):
    def prog(tf):
        class Ragged(tf.experimental.BatchableExtensionType):
            values: tf.Tensor
        r = Ragged([1, 2])
        return [r.values, isinstance(r, tf.experimental.ExtensionType), isinstance(r._type_spec,
                                                                               tf.experimental.ExtensionTypeSpec)]
    oracle.check(prog)


def test_tf_function_traces_once_per_spec(oracle):
    def prog(tf):
        mt_cls = _masked_tensor(tf)
        traces = []

        @tf.function
        def total(mt):
            traces.append(1)
            return tf.reduce_sum(mt.with_default(0))
        out = [total(mt_cls([1, 2, 3], [True, False, True])), total(mt_cls([4, 5, 6], [True, True, False]))]
        out.append(len(traces))                 # same spec: one trace
        out.append(total(mt_cls([7], [True])))  # new shape: a second trace
        out.append(len(traces))
        return out
    oracle.check(prog)


def _player(tf):
    class Player(tf.experimental.ExtensionType):
        name: tf.Tensor
        attributes: typing.Mapping[str, tf.Tensor]
    return Player


def test_tf_function_mapping_field_spec(oracle):
    def prog(tf):
        player_cls = _player(tf)
        traces = []

        @tf.function
        def height(player):
            traces.append(1)
            return player.attributes["height"] * 2.0
        out = [height(player_cls("Anne", {"height": 8.3, "speed": 28.1})),
               height(player_cls("Bart", {"height": 8.1, "speed": 25.3}))]
        out.append(len(traces))
        out.append(height(player_cls("Chuck", {"height": 11.0, "jump": 5.3})))   # other keys: another spec
        out.append(len(traces))
        return out
    oracle.check(prog)


def test_forward_reference_tuple_field(oracle):
    def prog(tf):
        class Node(tf.experimental.ExtensionType):
            value: tf.Tensor
            children: typing.Tuple["Node", ...] = ()
        globals()["Node"] = Node   # TF resolves the forward reference in the defining module
        try:
            n = Node(3, [Node(5), Node(2)])
            return [n.value, len(n.children), n.children[0].value, n.children[1].children]
        finally:
            del globals()["Node"]
    oracle.check(prog)


def test_tf_function_returns_extension_type(oracle):
    def prog(tf):
        player_cls = _player(tf)
        traces = []

        @tf.function
        def anonymize(player):
            traces.append(1)
            return player_cls("<anonymous>", player.attributes)
        a = anonymize(player_cls("Anne", {"height": 8.3, "speed": 28.1}))
        b = anonymize(player_cls("Bart", {"height": 8.1, "speed": 25.3}))
        return [type(a).__name__, a.name, dict(a.attributes), b.name, dict(b.attributes), len(traces), repr(a),
                isinstance(a.name, tf.Tensor) and hasattr(a.name, "numpy")]
    oracle.check(prog)


def test_tf_function_input_signature_and_concrete_function(oracle):
    def prog(tf):
        class Pastry(tf.experimental.ExtensionType):
            sweetness: tf.Tensor
            chewiness: tf.Tensor
        spec = Pastry.Spec(tf.TensorSpec([2]), tf.TensorSpec(2))

        @tf.function(input_signature=[spec])
        def sweeter(x, delta=1.0):
            return Pastry(x.sweetness + delta, x.chewiness)

        @tf.function
        def combine(x):
            return (x.sweetness + x.chewiness) / 2
        cookie = Pastry(sweetness=[1.2, 0.4], chewiness=[0.8, 0.2])
        s = sweeter(cookie)
        cf = combine.get_concrete_function(spec)
        wrong = None
        try:
            sweeter(Pastry([1.0, 2.0, 3.0], [1.0, 2.0, 3.0]))
        except (TypeError, ValueError) as e:
            wrong = type(e).__name__
        return [s.sweetness, s.chewiness, cf(cookie), combine(cookie), wrong, s._type_spec == spec]
    oracle.check(prog)


def test_tf_function_nested_result_in_structure(oracle):
    def prog(tf):
        mt_cls = _masked_tensor(tf)

        @tf.function
        def split(x):
            return {"pos": mt_cls(x, x > 0), "n": tf.size(x)}, [mt_cls(-x, x < 0)]
        d, (neg,) = split(tf.constant([1.0, -2.0, 3.0]))
        return [d["pos"].values, d["pos"].mask, d["n"], neg.values, neg.mask, type(neg).__name__]
    oracle.check(prog)


def _network(tf):
    class Network(tf.experimental.BatchableExtensionType):
        shape: tf.TensorShape   # batch shape
        work: tf.Tensor
        bandwidth: tf.Tensor

        def __init__(self, work, bandwidth):
            self.work = tf.convert_to_tensor(work)
            self.bandwidth = tf.convert_to_tensor(bandwidth)
            self.shape = self.work.shape[:-1].merge_with(self.bandwidth.shape[:-2])
    return Network


def test_batchable_spec_batch_and_unbatch(oracle):
    def prog(tf):
        network = _network(tf)
        batch = network([[5.0, 3, 8], [3, 4, 2]], tf.ones([2, 3, 3]))
        spec = batch._type_spec
        element = spec._unbatch()
        first = element._from_components([c[1] for c in spec._to_components(batch)])
        errors = []
        try:
            element._unbatch()._unbatch()
        except ValueError as e:
            errors.append(str(e))
        try:
            _masked_tensor(tf)([1], [True])._type_spec._unbatch()
        except AttributeError:
            errors.append("AttributeError")
        return [repr(element), repr(element._batch(None)), repr(spec._batch(4)), element._batch(2) == spec,
                first.work, first.shape.as_list(), type(first).__name__, errors]
    oracle.check(prog)


def test_spec_with_user_constructor(oracle):
    def prog(tf):
        class MaskedTensor(tf.experimental.BatchableExtensionType):
            values: tf.Tensor
            mask: tf.Tensor

            class Spec:
                def __init__(self, shape, dtype=tf.float32):
                    self.values = tf.TensorSpec(shape, dtype)
                    self.mask = tf.TensorSpec(shape, tf.bool)

                shape = property(lambda self: self.values.shape)
                dtype = property(lambda self: self.values.dtype)
        spec = MaskedTensor.Spec([None, 2], tf.float32)
        value = MaskedTensor([[1.0, 2.0]], [[True, False]])
        errors = []
        try:
            spec.values = tf.TensorSpec([1])
        except AttributeError as e:
            errors.append(str(e))

        class Bad(tf.experimental.ExtensionType):
            values: tf.Tensor

            class Spec:
                def __init__(self, shape):
                    self.values = shape
        try:
            Bad.Spec([2])
        except TypeError as e:
            errors.append(type(e).__name__)
        return [spec.shape.as_list(), spec.dtype, spec.values, spec.mask, spec.is_compatible_with(value),
                spec._unbatch().shape.as_list(), errors]
    oracle.check(prog)


def test_concrete_function_signature_and_outputs(oracle):
    def prog(tf):
        class Pastry(tf.experimental.ExtensionType):
            sweetness: tf.Tensor
            chewiness: tf.Tensor
        spec = Pastry.Spec(tf.TensorSpec([2]), tf.TensorSpec(2))

        @tf.function
        def f(x, y):
            return x.sweetness * y
        cf = f.get_concrete_function(spec, tf.TensorSpec([], tf.float32))
        return [repr(cf.structured_input_signature), [t.name for t in cf.inputs], str(cf.function_type),
                cf(Pastry([1.0, 2.0], [3.0, 4.0]), tf.constant(2.0))]
    oracle.check(prog)


def test_reduce_retracing_relaxes_spec(oracle):
    def prog(tf):
        network = _network(tf)
        mt_cls = _masked_tensor(tf)
        work = tf.function(lambda n: tf.reduce_sum(n.work), reduce_retracing=True)
        total = tf.function(lambda m: tf.reduce_sum(m.with_default(0)), reduce_retracing=True)
        out = [work(network([[1.0, 2.0]], tf.ones([1, 2, 2]))), work(network([[1.0, 2.0], [3.0, 4.0]],
                                                                               tf.ones([2, 2, 2]))),
               work(network([[5.0, 6.0]] * 3, tf.ones([3, 2, 2]))), work.experimental_get_tracing_count(),
               total(mt_cls([1, 2], [True, False])), total(mt_cls([1, 2, 3], [True, False, True])),
               total(mt_cls([4, 5, 6, 7], [True, True, True, False])), total.experimental_get_tracing_count()]
        spec = network([[1.0, 2.0]], tf.ones([1, 2, 2]))._type_spec.most_specific_common_supertype(
            [network([[1.0, 2.0]] * 2, tf.ones([2, 2, 2]))._type_spec])
        return out + [repr(spec)]
    oracle.check(prog)


def test_gradient_through_extension_type_argument(oracle):
    def prog(tf):
        mt_cls = _masked_tensor(tf)

        @tf.function
        def loss(mt, w):
            return tf.reduce_sum(mt.with_default(0.0) * w)
        x = tf.constant([1.0, 2.0, 3.0])
        w = tf.Variable([0.5, -1.0, 2.0])
        with tf.GradientTape(persistent=True) as tape:
            tape.watch(x)
            y = loss(mt_cls(x * 2.0, [True, False, True]), w)
        return [y, tape.gradient(y, x), tape.gradient(y, w)]
    oracle.check(prog)


def test_tf_function_nested_and_python_fields(oracle):
    def prog(tf):
        mt_cls = _masked_tensor(tf)

        class Labeled(tf.experimental.ExtensionType):
            label: str
            data: mt_cls
            extra: typing.Optional[tf.Tensor]
            parts: typing.Tuple[tf.Tensor, ...]
        traces = []

        @tf.function
        def f(x):
            traces.append(x.label)
            total = tf.reduce_sum(x.data.with_default(0.0)) + sum(tf.reduce_sum(p) for p in x.parts)
            return total if x.extra is None else total * x.extra
        a = Labeled("a", mt_cls([1.0, 2.0], [True, False]), None, (tf.constant([1.0]), tf.constant([2.0, 3.0])))
        b = Labeled("a", mt_cls([5.0, 6.0], [True, True]), None, (tf.constant([0.0]), tf.constant([1.0, 1.0])))
        c = Labeled("c", mt_cls([5.0, 6.0], [True, True]), 2.0, (tf.constant([0.0]),))
        return [f(a), f(b), f(c), traces, repr(c._type_spec)]
    oracle.check(prog)
