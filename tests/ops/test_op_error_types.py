"""Invalid arguments to ArgMax/ArgMin, Reshape, Tile, TopKV2, Pad/PadV2/MirrorPad and Cumsum: TF's exception type
and wording in each mode -- eager (the kernel: InvalidArgumentError), tf.function and TF1 graphs (the shape
function: ValueError when the op is built; ops whose shape function does not check, Cumsum's axis and an empty
ArgMax axis, fail with InvalidArgumentError when run)."""
from __future__ import annotations

import pytest

# name -> (program(tf), a substring of TF's message that tfcompat's must share in eager mode, in graph mode)
CASES = {
    "argmax_axis": (lambda tf: tf.math.argmax(tf.constant([[1., 2.]]), axis=2),
                    "Expected dimension in the range [-2, 2), but got 2",
                    "Dimension (2) must be in the range [-2, 2), where 2 is the number of dimensions in the input."),
    "argmin_axis_negative": (lambda tf: tf.math.argmin(tf.constant([[1., 2.]]), axis=-3),
                             "Expected dimension in the range [-2, 2), but got -3", "Dimension (-3) must be"),
    "argmax_vector_axis": (lambda tf: tf.math.argmax(tf.constant([1., 2.]), axis=3),
                           "Expected dimension in the range [-1, 1), but got 3",
                           "Expected dimension in the range [-1, 1), but got 3"),
    "argmax_scalar": (lambda tf: tf.math.argmax(tf.constant(1.), axis=0),
                      "Expected dimension in the range [0, 0), but got 0", "Expected dimension in the range [0, 0)"),
    "argmax_empty": (lambda tf: tf.math.argmax(tf.zeros([0, 3]), axis=0),
                     "Reduction axis 0 is empty in shape [0,3]", "Reduction axis 0 is empty in shape [0,3]"),
    "argmin_empty_negative": (lambda tf: tf.math.argmin(tf.zeros([2, 0]), axis=-1),
                              "Reduction axis -1 is empty in shape [2,0]", "Reduction axis -1 is empty"),
    "reshape": (lambda tf: tf.reshape(tf.constant([1., 2., 3.]), [2, 2]),
                "Input to reshape is a tensor with 3 values, but the requested shape has 4",
                "Cannot reshape a tensor with 3 elements to shape [2,2] (4 elements)"),
    "tile": (lambda tf: tf.tile(tf.constant([[1., 2.]]), [2]),
             "Expected multiples argument to be a vector of length 2 but got length 1",
             "Shape must be rank 2 but is rank 1"),
    "top_k_too_big": (lambda tf: tf.math.top_k(tf.constant([1., 2.]), k=3),
                      "input must have at least k columns. Had 2, needed 3",
                      "input must have last dimension >= k = 3 but is 2"),
    "top_k_negative": (lambda tf: tf.math.top_k(tf.constant([1., 2.]), k=-1), "Need k >= 0, got -1",
                       "Dimension size, given by scalar input 1, must be non-negative but is -1"),
    "top_k_scalar": (lambda tf: tf.math.top_k(tf.constant(1.), k=1), "input must be >= 1-D, got shape []",
                     "Shape must be at least rank 1 but is rank 0"),
    "pad_rank": (lambda tf: tf.pad(tf.constant([[1., 2.]]), [[1, 1]]),
                 "The first dimension of paddings must be the rank of inputs[1,2] [1,2]",
                 "Shape must be rank 1 but is rank 2"),
    "pad_columns": (lambda tf: tf.pad(tf.constant([[1., 2.]]), [[1, 1, 1], [0, 0, 0]]),
                    "paddings must be a matrix with 2 columns: [2,3]", "Dimension must be 2 but is 3"),
    "pad_vector": (lambda tf: tf.pad(tf.constant([[1., 2.]]), [1, 1]),
                   "paddings must be a matrix with 2 columns: [2]", "Shape must be rank 2 but is rank 1"),
    "pad_negative": (lambda tf: tf.pad(tf.constant([[1., 2.]]), [[-1, 0], [0, 0]]),
                     "Paddings must be non-negative: -1 0", "Paddings must be non-negative"),
    "pad_v2_rank": (lambda tf: tf.pad(tf.constant([[1., 2.]]), [[1, 1]], constant_values=3.),
                    "The first dimension of paddings must be the rank of inputs[1,2] [1,2]",
                    "Shape must be rank 1 but is rank 2"),
    "mirror_pad_rank": (lambda tf: tf.pad(tf.constant([[1., 2.]]), [[1, 1]], mode="REFLECT"),
                        "The first dimension of paddings must be the rank of inputs[1,2], [1,2]",
                        "Shape must be rank 1 but is rank 2"),
    "cumsum_axis": (lambda tf: tf.math.cumsum(tf.constant([1., 2.]), axis=1),
                    "ScanOp: Expected scan axis in the range [-1, 1), but got 1",
                    "ScanOp: Expected scan axis in the range [-1, 1), but got 1"),
    "cumprod_axis_negative": (lambda tf: tf.math.cumprod(tf.zeros([2, 3]), axis=-3),
                              "ScanOp: Expected scan axis in the range [-2, 2), but got -1",   # TF's wording
                              "ScanOp: Expected scan axis in the range [-2, 2), but got -1"),
    "cumulative_logsumexp_scalar": (lambda tf: tf.math.cumulative_logsumexp(tf.constant(1.), axis=0),
                                    "ScanOp: Expected scan axis in the range [0, 0), but got 0", "in the range [0, 0)"),
    "cumsum_scalar": (lambda tf: tf.math.cumsum(tf.constant(1.), axis=0),
                      "ScanOp: Expected scan axis in the range [0, 0), but got 0", "in the range [0, 0)"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_eager_error(oracle, case):
    prog, eager_message, _ = CASES[case]
    oracle.check(prog, match_message=eager_message)


@pytest.mark.parametrize("case", sorted(CASES))
def test_tf_function_error(oracle, case):
    prog, _, graph_message = CASES[case]

    def run(tf):
        return tf.function(lambda: prog(tf))()
    oracle.check(run, match_message=graph_message)


@pytest.mark.parametrize("case", sorted(CASES))
def test_graph_error(oracle, case):
    prog, _, graph_message = CASES[case]

    def run(v1):
        out = prog(v1)
        with v1.Session() as sess:
            return sess.run(out)
    oracle.check_v1(run, match_message=graph_message)


def test_graph_builds_with_static_shape_when_only_the_kernel_checks(oracle):
    """Cumsum's axis and ArgMax's axis on a vector are checked when run, not when built: the graph keeps TF's
    static shapes (Cumsum: the input's; ArgMax of a vector: a scalar)."""
    def prog(v1):
        x = v1.placeholder(v1.float32, [2, None])
        return (v1.math.cumsum(x, axis=-3).shape.as_list(), v1.math.cumprod(x, axis=2).shape.as_list(),
                v1.math.argmax(v1.placeholder(v1.float32, [4]), axis=3).shape.as_list())
    oracle.check_v1(prog)
