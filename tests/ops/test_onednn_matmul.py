"""2-D float32 MatMul through oneDNN's linear (ops/onednn_matmul.py): TF's values and gradients (first and second
order) to float tolerance, with the oneDNN path checked to be the one taken. The tests lower the path's size
threshold to 2**22 multiply-adds so that small operands (128x256x128) take it."""
from __future__ import annotations

import numpy as np
import pytest
import torch

import tfcompat as tf
from tests.ops.gemm_checks import count_gemm_calls, matmul_grad_program, second_order_program
from tfcompat._src.ops import cpu_gemm, onednn_matmul

pytestmark = pytest.mark.skipif(onednn_matmul._LINEAR is None, reason="torch has no oneDNN linear here")


def _operands(tf, transpose_a, transpose_b):
    a = np.sin(np.arange(128 * 256, dtype=np.float32) * 0.37).reshape(128, 256) / 4
    b = np.cos(np.arange(256 * 128, dtype=np.float32) * 0.11).reshape(256, 128) / 4
    return tf.constant(a.T.copy() if transpose_a else a), tf.constant(b.T.copy() if transpose_b else b)


@pytest.fixture
def onednn_calls(monkeypatch):
    monkeypatch.setattr(onednn_matmul, "_MIN_WORK", 1 << 22)
    return count_gemm_calls(monkeypatch, onednn_matmul, "linear_mm")


@pytest.mark.parametrize("transpose_a, transpose_b", [(False, False), (True, False), (False, True)])
def test_matmul_and_gradients_match_tf(oracle, onednn_calls, transpose_a, transpose_b):
    prog = matmul_grad_program(_operands, transpose_a, transpose_b)
    oracle.check(prog, rtol=1e-4, atol=1e-4)
    assert len(onednn_calls) == 3   # forward, grad_a, grad_b


def test_second_order_gradient_matches_tf(oracle, onednn_calls):
    prog = second_order_program(_operands, inner=0)
    oracle.check(prog, rtol=1e-4, atol=1e-3)
    assert onednn_calls


def test_small_products_keep_torch_mm(onednn_calls):
    x = tf.constant(np.ones((4, 3), np.float32))
    np.testing.assert_array_equal(tf.matmul(x, tf.transpose(x)).numpy(), np.full((4, 4), 3.0, np.float32))
    assert onednn_calls == []


def test_values_close_to_torch_mm(onednn_calls):
    a = torch.randn(128, 256, generator=torch.Generator().manual_seed(0))
    b = torch.randn(256, 128, generator=torch.Generator().manual_seed(1))
    torch.testing.assert_close(cpu_gemm.mm(a, b), torch.mm(a, b), rtol=1e-4, atol=1e-4)
    assert onednn_calls == [((128, 256), (256, 128))]
