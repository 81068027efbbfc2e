"""``tf.experimental.ExtensionType`` (tfcompat/_src/runtime/extension_type.py), following TF's
extension_type guide: fields, generated constructor and conversion, validation, immutability, ``==``, repr, Spec,
``as_dict``, user constructors and methods, tf.function arguments. Expected values are TF's (the oracle); the
classes are defined inside each program so each side builds its own."""
# No `from __future__ import annotations`: the field annotations must be evaluated where the classes are defined.

import typing


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
