"""Tests for tfcompat/_src/framework/meta_kernels.py: static shape inference of graph ops (torch meta kernels)
does not import torch._dynamo, and once dynamo is imported the meta kernels' wrappers use its real ``disable``.
Expected values by hand (the module's contract); run in fresh interpreters, since the test process may have
imported dynamo already."""
from __future__ import annotations

import subprocess
import sys

_GRAPH = """
import sys
import tfcompat.compat.v1 as tf
tf.disable_v2_behavior()
x = tf.placeholder(tf.float32, [None, 3])
y = tf.reduce_mean(tf.square(tf.nn.softmax(tf.matmul(x, tf.ones([3, 2])) * 2.0 + 1.0)))
print(y.shape, tf.square(x).shape, (x * x).shape)
"""


def _run(code: str) -> str:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    return out.stdout


def test_graph_shape_inference_does_not_import_dynamo():
    out = _run(_GRAPH + "print('torch._dynamo' in sys.modules)")
    assert out.split("\n")[:2] == ["() (?, 3) (?, 3)", "False"]


def test_real_disable_installed_once_dynamo_is_imported():
    out = _run(_GRAPH + """
import torch, torch._dynamo
from tfcompat._src.framework import meta_kernels
a = torch.empty(4, 3, device="meta")
print((a * a).shape)
from torch._decomp import global_decomposition_table as tables
code = meta_kernels._wrapper_code()
stand_ins = []
def find(f, seen):
    if id(f) in seen:
        return
    seen.add(id(f))
    if getattr(f, "__code__", None) is code:
        fn = dict(zip(code.co_freevars, f.__closure__))["fn"].cell_contents
        stand_ins.append(getattr(fn, "__dynamo_disable").__qualname__)
    for c in getattr(f, "__closure__", None) or ():
        if hasattr(c.cell_contents, "__code__"):
            find(c.cell_contents, seen)
    if getattr(f, "__wrapped__", None) is not None:
        find(f.__wrapped__, seen)
seen = set()
for t in tables.values():
    for f in t.values():
        find(f, seen)
print(len(stand_ins) > 10, sum(q.startswith("_stand_in") for q in stand_ins) < len(stand_ins))
""")
    assert out.split("\n")[1:3] == ["torch.Size([4, 3])", "True True"]
