"""Type-based API dispatch (``tf.experimental.dispatch_for_api`` and the elementwise dispatchers) against TF 2.21
(expected values: TF's, through the oracle). Each program registers its targets and unregisters them before it
returns, so no registration outlives it (in TF or tfcompat).

No ``from __future__ import annotations`` here: ExtensionType fields and dispatch signatures read the annotations
as objects, and the classes are local to the programs."""
import typing

import pytest


def _masked(tf):
    class MaskedTensor(tf.experimental.ExtensionType):
        values: tf.Tensor
        mask: tf.Tensor
    return MaskedTensor


def _out(mt):
    return mt.values, mt.mask


def _api_add(tf):
    mt = _masked(tf)

    @tf.experimental.dispatch_for_api(tf.math.add, {"x": mt, "y": mt})
    def masked_add(x, y, name=None):
        return mt(x.values + y.values, x.mask & y.mask)
    try:
        return _out(tf.add(mt([1, 2], [True, False]), mt([10, 20], [True, True]))), tf.add(1, 2)
    finally:
        tf.experimental.unregister_dispatch_for(masked_add)


def _api_annotations_and_unregister(tf):
    mt = _masked(tf)

    @tf.experimental.dispatch_for_api(tf.abs)
    def my_abs(x: mt):
        return mt(tf.abs(x.values), x.mask)
    try:
        got = _out(tf.abs(mt([-5], [True]))), _out(tf.math.abs(mt([-3], [True])))
    finally:
        tf.experimental.unregister_dispatch_for(my_abs)
    try:
        tf.abs(mt([-5], [True]))
        after = "dispatched"
    except ValueError:
        after = "ValueError"
    return got, after


def _api_list_signature(tf):
    mt = _masked(tf)

    @tf.experimental.dispatch_for_api(tf.concat, {"values": typing.List[mt]})
    def masked_concat(values, axis):
        return mt(tf.concat([v.values for v in values], axis), tf.concat([v.mask for v in values], axis))
    try:
        m = mt([1.0, -2.0], [True, False])
        return _out(tf.concat([m, m], 0)), tf.concat([tf.constant([1])], 0)
    finally:
        tf.experimental.unregister_dispatch_for(masked_concat)


def _unary_elementwise(tf):
    mt = _masked(tf)

    @tf.experimental.dispatch_for_unary_elementwise_apis(mt)
    def handler(api_func, x):
        return mt(api_func(x.values), x.mask)
    try:
        m = mt([1.0, -2.0], [True, False])
        return (_out(tf.negative(m)), _out(tf.math.exp(m)), _out(tf.ones_like(m, dtype=tf.int32)),
                _out(tf.cast(m, tf.int64)), _out(tf.nn.relu(m)))
    finally:
        tf.experimental.unregister_dispatch_for(handler)


def _binary_elementwise(tf):
    mt = _masked(tf)

    @tf.experimental.dispatch_for_binary_elementwise_apis(mt, mt)
    def handler(api_func, x, y):
        return mt(api_func(x.values, y.values), x.mask & y.mask)
    try:
        a, b = mt([1.0, 5.0], [True, False]), mt([3.0, 2.0], [True, True])
        return _out(tf.maximum(a, b)), _out(tf.math.subtract(a, b)), _out(tf.add(a, b)), _out(tf.equal(a, b))
    finally:
        tf.experimental.unregister_dispatch_for(handler)


def _assert_elementwise(tf):
    mt = _masked(tf)

    @tf.experimental.dispatch_for_binary_elementwise_assert_apis(mt, mt)
    def handler(assert_func, x, y):
        return assert_func(x.values, y.values)
    m = mt([1.0, 2.0], [True, True])
    passed = tf.debugging.assert_equal(m, m)
    try:
        tf.debugging.assert_equal(m, mt([1.0, 3.0], [True, True]))
        failed = None
    except tf.errors.InvalidArgumentError as e:
        failed = str(e).splitlines()[0]
    try:
        tf.experimental.unregister_dispatch_for(handler)
    except KeyError:   # TF 2.21 looks the assert handler's targets up under the wrong key (it stays registered)
        pass
    return passed, failed


def _ambiguous_targets(tf):
    mt = _masked(tf)

    @tf.experimental.dispatch_for_api(tf.math.add, {"x": mt})
    def first(x, y, name=None):
        return x

    @tf.experimental.dispatch_for_binary_elementwise_apis(mt, mt)
    def handler(api_func, x, y):
        return x
    try:
        m = mt([1.0], [True])
        return tf.add(m, m)
    finally:
        tf.experimental.unregister_dispatch_for(first)
        tf.experimental.unregister_dispatch_for(handler)


def _duplicate_handler(tf):
    mt = _masked(tf)

    @tf.experimental.dispatch_for_unary_elementwise_apis(mt)
    def handler(api_func, x):
        return x
    try:
        tf.experimental.dispatch_for_unary_elementwise_apis(mt)(lambda api_func, x: x)
    finally:
        tf.experimental.unregister_dispatch_for(handler)


def _bad_target_signature(tf):
    mt = _masked(tf)

    def target(a, b):
        return a
    tf.experimental.dispatch_for_api(tf.add, {"x": mt})(target)


CASES = {
    "api_add": (_api_add, None),
    "api_annotations_and_unregister": (_api_annotations_and_unregister, None),
    "api_list_signature": (_api_list_signature, None),
    "unary_elementwise": (_unary_elementwise, None),
    "binary_elementwise": (_binary_elementwise, None),
    "assert_elementwise": (_assert_elementwise, None),
    "ambiguous_targets": (_ambiguous_targets, "Multiple dispatch targets"),
    "duplicate_handler": (_duplicate_handler, "has already been registered for"),
    "bad_target_signature": (_bad_target_signature, "does not match API's signature"),
    "unknown_parameter": (lambda tf: tf.experimental.dispatch_for_api(tf.add, {"q": int}),
                          "signature includes annotation for unknown parameter 'q'"),
    "not_dispatchable": (lambda tf: tf.experimental.dispatch_for_api(lambda x: x), "does not support dispatch"),
    "unregister_unknown": (lambda tf: tf.experimental.unregister_dispatch_for(print),
                           "was not registered using a `@dispatch_for_*` decorator"),
    "signature_not_dict": (lambda tf: tf.experimental.dispatch_for_api(tf.add, ["x"]), "must be dictionaries"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_type_dispatch(oracle, case):
    prog, message = CASES[case]
    oracle.check(prog, match_message=message)
