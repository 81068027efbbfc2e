"""2-D float32 MatMul with 2-10 result columns as the transposed product (ops/matmul_skinny.py via ops/cpu_gemm.py): TF's values and
gradients (first and second order) to float tolerance, in eager code and in a Session plan (MatMul + bias fused),
with the transposed path checked to be the one taken."""
from __future__ import annotations

import numpy as np
import pytest
import torch

import tfcompat as tf
from tests.ops.gemm_checks import count_gemm_calls, matmul_grad_program, second_order_program
from tfcompat._src.ops import cpu_gemm, matmul_skinny, onednn_matmul


def _operands(tf, transpose_a, transpose_b, n=10):
    a = np.sin(np.arange(128 * 512, dtype=np.float32) * 0.37).reshape(128, 512) / 4
    b = np.cos(np.arange(512 * n, dtype=np.float32) * 0.11).reshape(512, n) / 4
    return tf.constant(a.T.copy() if transpose_a else a), tf.constant(b.T.copy() if transpose_b else b)


@pytest.fixture
def skinny_calls(monkeypatch):
    return count_gemm_calls(monkeypatch, matmul_skinny, "transposed_mm")


@pytest.mark.parametrize("transpose_a, transpose_b", [(False, False), (True, False), (False, True)])
def test_matmul_and_gradients_match_tf(oracle, skinny_calls, transpose_a, transpose_b):
    prog = matmul_grad_program(_operands, transpose_a, transpose_b)
    oracle.check(prog, rtol=1e-4, atol=1e-4)
    # forward and grad_b (grad_a's inner dimension is the 10 columns: torch.mm)
    assert skinny_calls == [((128, 512), (512, 10)), ((512, 128), (128, 10))]


def test_second_order_gradient_matches_tf(oracle, skinny_calls):
    prog = second_order_program(_operands, inner=1)
    oracle.check(prog, rtol=1e-4, atol=1e-3)
    assert len(skinny_calls) >= 3


def test_session_matmul_bias_plan_matches_tf(oracle, skinny_calls):
    def prog(v1):
        a, w = _operands(v1, False, False)
        wv = v1.Variable(w)
        bias = v1.Variable(np.linspace(-1, 1, 10).astype(np.float32))
        logits = v1.matmul(a, wv) + bias
        loss = v1.reduce_sum(v1.tanh(logits))
        gw, gbias = v1.gradients(loss, [wv, bias])
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            for _ in range(2):
                out = sess.run([logits, gw, gbias])
        return out[0][:3], out[1][:4], out[1].sum(), out[2]
    oracle.check_v1(prog, rtol=1e-4, atol=1e-4)
    assert ((128, 512), (512, 10)) in skinny_calls and ((512, 128), (128, 10)) in skinny_calls


@pytest.mark.parametrize("shape_a, shape_b", [((128, 512), (512, 1)), ((128, 512), (512, 12)),
                                              ((16, 512), (512, 10)), ((128, 32), (32, 10))])
def test_other_shapes_keep_torch_mm(skinny_calls, shape_a, shape_b):
    a, b = np.ones(shape_a, np.float32), np.ones(shape_b, np.float32)
    np.testing.assert_array_equal(tf.matmul(a, b).numpy(), np.full((shape_a[0], shape_b[1]), shape_a[1], np.float32))
    assert skinny_calls == []


def test_float64_keeps_torch_mm(skinny_calls):
    a, b = np.ones((128, 512)), np.ones((512, 10))
    assert tf.matmul(a, b).numpy().dtype == np.float64 and skinny_calls == []


def test_values_close_to_torch_mm_and_contiguous():
    a = torch.randn(128, 784, generator=torch.Generator().manual_seed(0))
    b = torch.randn(784, 10, generator=torch.Generator().manual_seed(1))
    assert matmul_skinny.prefers_transposed(a, b) and cpu_gemm.uses_own_gemm(a, b)
    assert not onednn_matmul.prefers_linear(a, b)
    out = cpu_gemm.mm(a, b)
    assert out.is_contiguous()
    torch.testing.assert_close(out, torch.mm(a, b), rtol=1e-4, atol=1e-4)
