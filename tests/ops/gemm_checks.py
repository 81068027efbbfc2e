"""Shared pieces of the MatMul GEMM-path tests (test_onednn_matmul.py, test_matmul_skinny.py)."""
from __future__ import annotations

from typing import Callable


def count_gemm_calls(monkeypatch, module, name: str) -> list:
    """Wraps ``module.name`` (a GEMM kernel ``(a, b) -> a @ b``) to record its operand shapes; returns the record."""
    calls: list = []
    inner = getattr(module, name)

    def counting(a, b):
        calls.append((tuple(a.shape), tuple(b.shape)))
        return inner(a, b)
    monkeypatch.setattr(module, name, counting)
    return calls


def matmul_grad_program(operands: Callable, transpose_a: bool, transpose_b: bool) -> Callable:
    """An oracle program: ``tf.matmul`` of ``operands(tf, transpose_a, transpose_b)`` and both its gradients."""
    def prog(tf):
        a, b = operands(tf, transpose_a, transpose_b)
        with tf.GradientTape() as tape:
            tape.watch([a, b])
            c = tf.matmul(a, b, transpose_a=transpose_a, transpose_b=transpose_b)
            loss = tf.reduce_sum(tf.tanh(c))
        ga, gb = tape.gradient(loss, [a, b])
        return c[:2, :4], tf.reduce_sum(c), ga[:2, :4], tf.reduce_sum(ga), gb[:2, :4], tf.reduce_sum(gb)
    return prog


def second_order_program(operands: Callable, inner: int) -> Callable:
    """An oracle program: the gradient of ``sum(square(a @ b))`` w.r.t. operand ``inner`` (0: a, 1: b), then the
    gradient of its squared sum w.r.t. the other operand."""
    def prog(tf):
        ab = list(operands(tf, False, False))
        with tf.GradientTape() as outer_tape:
            outer_tape.watch(ab[1 - inner])
            with tf.GradientTape() as inner_tape:
                inner_tape.watch(ab[inner])
                loss = tf.reduce_sum(tf.square(tf.matmul(ab[0], ab[1])))
            g1 = inner_tape.gradient(loss, ab[inner])
            s = tf.reduce_sum(g1 * g1)
        g2 = outer_tape.gradient(s, ab[1 - inner])
        return tf.reduce_sum(g1), g2[:2, :4], tf.reduce_sum(g2)
    return prog
