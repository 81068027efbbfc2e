"""Oracle tests for the public tf.compat.v1.math namespace (tfcompat/compat/v1/math.py): the names added from
tf.math, with TF1 signatures where TF's differ (softmax/log_softmax with ``dim``, confusion_matrix's v1 argument
order), tf.compat.v1.math.special, and the TF 0.x names tf.compat.v1.mul/sub (absent in TF 1.15 and 2.21).
Every expected value is TF's (live or recorded)."""
from __future__ import annotations

import numpy as np
import pytest

X = np.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]], np.float32)

CASES = {
    "softmax_dim": lambda m, x: m.softmax(x, dim=0),
    "log_softmax_axis": lambda m, x: m.log_softmax(x, axis=-1),
    "confusion_matrix_v1_order": lambda m, x: m.confusion_matrix([0, 1, 2], [0, 2, 2], 3, "float32"),
    "asinh_acosh_atanh": lambda m, x: (m.asinh(x), m.acosh(x + 2.0), m.atanh(x / 3.0)),
    "bessel": lambda m, x: (m.bessel_i0(x), m.bessel_i1e(x)),
    "segments": lambda m, x: (m.segment_max(x, [0, 0]), m.unsorted_segment_mean(x, [1, 0], 2)),
    "reciprocal_no_nan": lambda m, x: m.reciprocal_no_nan(x * 0.0 + x),
    "special": lambda m, x: (m.special.dawsn(x), m.special.bessel_j0(x)),
    "polyval": lambda m, x: m.polyval([1.0, 2.0, 3.0], x),
    "softsign": lambda m, x: m.softsign(x),
    "is_non_decreasing": lambda m, x: m.is_non_decreasing([1, 2, 2]),
    "invert_permutation": lambda m, x: m.invert_permutation([2, 0, 1]),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_v1_math_names(oracle, case):
    f = CASES[case]
    oracle.check(lambda tf: f(tf.compat.v1.math, tf.constant(X)), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("name", ["mul", "sub", "neg"])
def test_tf0_names_absent(oracle, name):
    """TF 1.15 and 2.21 have no tf.compat.v1.mul/sub/neg: both frameworks report them absent (tfcompat with an
    UnsupportedAPIError that is an AttributeError and names the replacement)."""
    oracle.check(lambda tf: hasattr(tf.compat.v1, name))


def test_tf0_name_error_names_replacement():
    import tfcompat
    with pytest.raises(AttributeError, match="use tf.multiply"):
        tfcompat.compat.v1.mul  # noqa: B018
