"""Benchmark workloads: the same math in tfcompat (Session, eager tape, tf.function), raw torch and real TF.

Each workload's ``build(env, impl)`` returns a zero-argument callable running one step and returning its
outputs (gradients, a Hessian, a loss...). ``build`` raises ``NotApplicable`` when an implementation does not
apply (a Session-only workload in eager mode), when TensorFlow is not installed, or when the tfcompat API the
workload needs is missing; the report shows those as ``n/a`` and the pytest suite skips them.

The TF-API math (``loss`` functions below) is written once against a module ``tf`` that is either
``tfcompat`` or real ``tensorflow``: tfcompat runs TF code unchanged, so one function serves both.
"""
from __future__ import annotations

import importlib.util
import os
import time
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

IMPLS: tuple[str, ...] = ("tfc-session", "tfc-eager", "tfc-function", "torch",
                          "tf-session", "tf-eager", "tf-function", "tfc-compiled")
# tf.function(jit_compile=True): plans compiled with torch.compile (runtime/compiled_plan.py), for the workloads
# built with compiled=True. Its first call (the compile) is excluded from the timing and reported in the notes.
COMPILED_IMPL = "tfc-compiled"

Step = Callable[[], Any]


class NotApplicable(Exception):
    """This implementation does not apply to this workload (or a dependency/API is missing)."""


@dataclass
class Env:
    """Process-wide benchmark settings: device, size preset, thread count and the imported frameworks."""
    device: str = "cpu"
    quick: bool = False
    threads: int = 1
    torch: Any = None
    tfc: Any = None      # tfcompat (TF2 surface)
    tfc1: Any = None     # tfcompat.compat.v1
    tf: Any = None       # real tensorflow, or None when not installed
    tf_threads: tuple[int, int] | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def torch_device(self):
        return self.torch.device(self.device)


def make_env(device: str = "cpu", quick: bool = False, threads: int | None = None) -> Env:
    """Imports torch, tfcompat on ``device`` and (when installed) real TF with equal thread counts.

    Must run before anything else touches TF's eager context: TF's thread settings are fixed at its start."""
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    # tf.compat.v1.nn.rnn_cell (the LSTM workload) needs Keras 2 in TF 2.21; oneDNN stays at TF's default (on).
    os.environ.setdefault("TF_USE_LEGACY_KERAS", "1")
    os.environ["TFCOMPAT_DEVICE"] = device
    import torch
    if device == "cuda" and not torch.cuda.is_available():
        raise SystemExit("--device cuda: torch sees no CUDA device")
    if device == "mps" and not (hasattr(torch.backends, "mps") and torch.backends.mps.is_available()):
        raise SystemExit("--device mps: torch sees no MPS device")
    threads = threads or torch.get_num_threads()
    torch.set_num_threads(threads)
    from tfcompat._src.framework import device as tfc_device
    tfc_device.default_device.cache_clear()  # TFCOMPAT_DEVICE is read once; honour the flag
    import tfcompat
    import tfcompat.compat.v1 as tfc1
    env = Env(device=device, quick=quick, threads=threads, torch=torch, tfc=tfcompat, tfc1=tfc1)
    if importlib.util.find_spec("tensorflow") is not None:
        import tensorflow as tf
        tf.get_logger().setLevel("ERROR")  # TF's pfor retracing warnings in eager jacobians are expected here
        try:
            tf.config.threading.set_intra_op_parallelism_threads(threads)
            tf.config.threading.set_inter_op_parallelism_threads(threads)
        except RuntimeError as e:  # context already initialised (e.g. by another test): report what is used
            env.notes.append(f"TF thread settings not applied: {e}")
        env.tf = tf
        env.tf_threads = (tf.config.threading.get_intra_op_parallelism_threads(),
                          tf.config.threading.get_inter_op_parallelism_threads())
        if device != "cpu" and not tf.config.list_physical_devices("GPU"):
            env.notes.append("real TF has no GPU here (tensorflow-cpu): its rows run on the CPU")
    return env


def to_numpy(out) -> list[np.ndarray]:
    """Outputs of any implementation as a flat list of host numpy arrays (this also waits for the device)."""
    items = out if isinstance(out, (list, tuple)) else [out]
    result = []
    for x in items:
        if isinstance(x, (list, tuple)):
            result.extend(to_numpy(x))
        elif hasattr(x, "detach"):
            result.append(x.detach().cpu().numpy())
        elif hasattr(x, "numpy"):
            result.append(np.asarray(x.numpy()))
        else:
            result.append(np.asarray(x))
    return result


def timed_step(env: Env, impl: str, step: Step) -> Step:
    """``step`` plus the synchronisation that makes its wall time honest on an asynchronous device.

    torch and tfcompat launch CUDA kernels asynchronously: synchronise after the step. Real TF's eager tensors
    are fetched to the host. Session.run already returns host numpy arrays."""
    if env.device == "cpu":
        return step
    if impl.startswith("tf-") and impl != "tf-session":
        def tf_step():
            out = step()
            to_numpy(out)
            return out
        return tf_step
    sync = env.torch.cuda.synchronize if env.device == "cuda" else env.torch.mps.synchronize

    def synced():
        out = step()
        sync()
        return out
    return synced


def _tf_module(env: Env, impl: str):
    if impl.startswith("tf-"):
        if env.tf is None:
            raise NotApplicable("TensorFlow not installed")
        return env.tf
    return env.tfc


def _v1_module(env: Env, impl: str):
    return _tf_module(env, impl).compat.v1 if impl.startswith("tf-") else env.tfc1


def _session(env: Env, impl: str, graph):
    v1 = _v1_module(env, impl)
    if impl.startswith("tf-"):
        config = v1.ConfigProto(intra_op_parallelism_threads=env.threads,
                                inter_op_parallelism_threads=env.threads)
        return v1.Session(graph=graph, config=config)
    return v1.Session(graph=graph)


def _rng(seed: int = 0):
    return np.random.default_rng(seed)


# -- generic "gradients of a scalar loss w.r.t. parameters" workload -------------------------------------------

@dataclass
class GradSpec:
    """Loss of ``params`` on fed ``data``: ``loss(tf, data, params)`` in the TF API, ``torch_loss`` in torch."""
    data: dict[str, np.ndarray]
    params: dict[str, np.ndarray]
    loss: Callable[[Any, dict, dict], Any]
    torch_loss: Callable[[dict, dict], Any]


def build_grad(env: Env, impl: str, spec: GradSpec) -> Step:
    """One step = the loss and its gradients w.r.t. every parameter."""
    if impl == "torch":
        torch, dev = env.torch, env.torch_device
        data = {k: torch.from_numpy(v).to(dev) for k, v in spec.data.items()}
        params = {k: torch.from_numpy(v).to(dev).requires_grad_() for k, v in spec.params.items()}
        plist = list(params.values())
        return lambda: torch.autograd.grad(spec.torch_loss(data, params), plist)
    tf = _tf_module(env, impl)
    if impl.endswith("session"):
        v1 = _v1_module(env, impl)
        g = v1.Graph()
        with g.as_default():
            ph = {k: v1.placeholder(tf.float32, v.shape, name=k) for k, v in spec.data.items()}
            vs = {k: v1.Variable(v, name=k) for k, v in spec.params.items()}
            grads = v1.gradients(spec.loss(tf, ph, vs), list(vs.values()))
            init = v1.global_variables_initializer()
        sess = _session(env, impl, g)
        sess.run(init)
        feed = {ph[k]: v for k, v in spec.data.items()}
        return lambda: sess.run(grads, feed_dict=feed)
    data = {k: tf.constant(v) for k, v in spec.data.items()}
    params = {k: tf.Variable(v, name=k) for k, v in spec.params.items()}
    plist = list(params.values())

    def step():
        with tf.GradientTape() as tape:
            loss = spec.loss(tf, data, params)
        return tape.gradient(loss, plist)
    if impl == COMPILED_IMPL:
        return compiled_step(env, step, "gradient step")
    return tf.function(step) if impl.endswith("function") else step


def compiled_step(env: Env, step: Step, label: str) -> Step:
    """``tfc-compiled``: ``step`` under ``tf.function(jit_compile=True)``; the first call's time (tracing and
    torch.compile) goes to the notes."""
    fn = env.tfc.function(step, jit_compile=True)
    first = [True]

    def run():
        if not first[0]:
            return fn()
        first[0] = False
        t0 = time.perf_counter()
        out = fn()
        seconds = time.perf_counter() - t0
        plan_fn = fn.get_concrete_function()._plan(False)._fn
        how = (f"ran uncompiled: {plan_fn.fallback_reason}" if getattr(plan_fn, "fallback_reason", None)
               else f"{getattr(plan_fn, 'compiles', 0)} graph(s) compiled")
        env.notes.append(f"tfc-compiled: first call of the {label} (trace + torch.compile) took {seconds:.1f} s, "
                         f"excluded from timings; {how}")
        return out
    return run


# -- 1. tiny linear regression -------------------------------------------------------------------------------

def linreg_spec(env: Env) -> GradSpec:
    r = _rng(1)
    f = np.float32
    return GradSpec(
        data={"X": r.standard_normal((2, 1)).astype(f), "Y": r.standard_normal((2, 1)).astype(f)},
        params={"W": r.standard_normal((1, 1)).astype(f), "b": r.standard_normal((1,)).astype(f)},
        loss=lambda tf, d, p: tf.reduce_mean(tf.square(tf.matmul(d["X"], p["W"]) + p["b"] - d["Y"])),
        torch_loss=lambda d, p: ((d["X"] @ p["W"] + p["b"] - d["Y"]) ** 2).mean())


# -- 2. elementwise chain -------------------------------------------------------------------------------------

def chain_links(env: Env) -> int:
    return 200 if env.quick else 1000


def chain_spec(env: Env) -> GradSpec:
    n = chain_links(env)

    def loss(tf, d, p):
        y = p["y0"]
        for _ in range(n):
            y = tf.tanh(y * 1.001 + 0.1)
        return tf.reduce_sum(y)

    def torch_loss(d, p):
        import torch
        y = p["y0"]
        for _ in range(n):
            y = torch.tanh(y * 1.001 + 0.1)
        return y.sum()
    return GradSpec(data={}, params={"y0": _rng(2).standard_normal((16,)).astype(np.float32)},
                    loss=loss, torch_loss=torch_loss)


# -- 3. MLP training step (gradients only) -------------------------------------------------------------------

MLP_SIZES = (784, 512, 512, 10)


def mlp_arrays(batch: int = 128) -> tuple[dict, dict]:
    r = _rng(3)
    f = np.float32
    x = r.standard_normal((batch, MLP_SIZES[0])).astype(f)
    labels = np.eye(MLP_SIZES[-1], dtype=f)[r.integers(0, MLP_SIZES[-1], batch)]
    params = {}
    for i, (n_in, n_out) in enumerate(zip(MLP_SIZES[:-1], MLP_SIZES[1:]), 1):
        params[f"W{i}"] = (r.standard_normal((n_in, n_out)) * np.sqrt(2.0 / n_in)).astype(f)
        params[f"b{i}"] = np.zeros((n_out,), f)
    return {"x": x, "labels": labels}, params


def mlp_loss(tf, d, p):
    h = tf.nn.relu(tf.matmul(d["x"], p["W1"]) + p["b1"])
    h = tf.nn.relu(tf.matmul(h, p["W2"]) + p["b2"])
    logits = tf.matmul(h, p["W3"]) + p["b3"]
    return tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=d["labels"], logits=logits))


def mlp_torch_loss(d, p):
    import torch
    h = torch.relu(d["x"] @ p["W1"] + p["b1"])
    h = torch.relu(h @ p["W2"] + p["b2"])
    logits = h @ p["W3"] + p["b3"]
    return torch.nn.functional.cross_entropy(logits, d["labels"])  # soft (one-hot) targets, mean over batch


def mlp_spec(env: Env) -> GradSpec:
    data, params = mlp_arrays()
    return GradSpec(data=data, params=params, loss=mlp_loss, torch_loss=mlp_torch_loss)


# -- 4. big matmul -------------------------------------------------------------------------------------------

def matmul_n(env: Env) -> int:
    return 512 if env.quick else 2048


def matmul_spec(env: Env) -> GradSpec:
    n = matmul_n(env)
    r = _rng(4)
    scale = np.float32(1.0 / np.sqrt(n))
    return GradSpec(
        data={},
        params={"A": (r.standard_normal((n, n)) * scale).astype(np.float32),
                "B": r.standard_normal((n, n)).astype(np.float32)},
        loss=lambda tf, d, p: tf.reduce_sum(tf.tanh(tf.matmul(p["A"], p["B"]))),
        torch_loss=lambda d, p: __import__("torch").tanh(p["A"] @ p["B"]).sum())


def matmul_flops(env: Env) -> float:
    return 6.0 * matmul_n(env) ** 3  # forward A@B, backward dA = G@B^T and dB = A^T@G


# -- 5a. jacobian [64] -> [64] -------------------------------------------------------------------------------

def build_jacobian(env: Env, impl: str) -> Step:
    """J of y = tanh(W x) w.r.t. x (W written as a broadcast multiply + row sum: basic ops only)."""
    r = _rng(5)
    W = (r.standard_normal((64, 64)) / 8).astype(np.float32)
    x0 = r.standard_normal((64,)).astype(np.float32)
    if impl == "torch":
        torch, dev = env.torch, env.torch_device
        Wt, xt = torch.from_numpy(W).to(dev), torch.from_numpy(x0).to(dev)
        return lambda: torch.autograd.functional.jacobian(lambda x: torch.tanh((Wt * x).sum(1)), xt,
                                                          vectorize=True)
    if impl.endswith("session"):
        raise NotApplicable("TF1 has no public jacobian")
    tf = _tf_module(env, impl)
    Wc, x = tf.constant(W), tf.Variable(x0)

    def step():
        with tf.GradientTape() as tape:
            y = tf.tanh(tf.reduce_sum(Wc * x, axis=1))
        return tape.jacobian(y, x)
    return tf.function(step) if impl.endswith("function") else step


# -- 5b. Hessian of a 100-dim function -----------------------------------------------------------------------

def build_hessian(env: Env, impl: str) -> Step:
    """Hessian of f(x) = sum(tanh(W x)^2), x in R^100."""
    r = _rng(6)
    W = (r.standard_normal((100, 100)) / 10).astype(np.float32)
    x0 = r.standard_normal((100,)).astype(np.float32)

    def f(tf, x, Wc):
        return tf.reduce_sum(tf.square(tf.tanh(tf.reduce_sum(Wc * x, axis=1))))
    if impl == "torch":
        torch, dev = env.torch, env.torch_device
        Wt, xt = torch.from_numpy(W).to(dev), torch.from_numpy(x0).to(dev)
        return lambda: torch.autograd.functional.hessian(
            lambda x: torch.tanh((Wt * x).sum(1)).square().sum(), xt, vectorize=True)
    tf = _tf_module(env, impl)
    if impl.endswith("session"):
        v1 = _v1_module(env, impl)
        g = v1.Graph()
        with g.as_default():
            x = v1.placeholder(tf.float32, [100], name="x")
            hess = v1.hessians(f(tf, x, tf.constant(W)), x)[0]
        sess = _session(env, impl, g)
        return lambda: sess.run(hess, feed_dict={x: x0})
    Wc, x = tf.constant(W), tf.Variable(x0)

    def step():
        with tf.GradientTape() as outer:
            with tf.GradientTape() as inner:
                y = f(tf, x, Wc)
            grad = inner.gradient(y, x)
        return outer.jacobian(grad, x)
    return tf.function(step) if impl.endswith("function") else step


# -- 6. Session.run of a one-op graph ------------------------------------------------------------------------

def build_session_one_op(env: Env, impl: str) -> Step:
    """Session.run(square(x)) with x fed from numpy; torch: the same square from numpy back to numpy."""
    x0 = np.arange(4, dtype=np.float32)
    if impl == "torch":
        torch, dev = env.torch, env.torch_device
        return lambda: torch.square(torch.from_numpy(x0).to(dev)).cpu().numpy()
    if not impl.endswith("session"):
        raise NotApplicable("Session-only workload")
    tf, v1 = _tf_module(env, impl), _v1_module(env, impl)
    g = v1.Graph()
    with g.as_default():
        x = v1.placeholder(tf.float32, [4], name="x")
        y = tf.square(x)
    sess = _session(env, impl, g)
    return lambda: sess.run(y, feed_dict={x: x0})


# -- 7. MLP training step with Adam --------------------------------------------------------------------------

def mlp_adam_session(env: Env, impl: str):
    """``(graph, session, [train_op, loss], feed)`` of the TF1 MLP + ``AdamOptimizer(1e-3).minimize`` step."""
    tf, v1 = _tf_module(env, impl), _v1_module(env, impl)
    if not hasattr(v1.train, "AdamOptimizer"):
        raise NotApplicable("compat.v1.train.AdamOptimizer missing")
    data, params = mlp_arrays()
    g = v1.Graph()
    with g.as_default():
        ph = {k: v1.placeholder(tf.float32, v.shape, name=k) for k, v in data.items()}
        vs = {k: v1.Variable(v, name=k) for k, v in params.items()}
        loss = mlp_loss(tf, ph, vs)
        train = v1.train.AdamOptimizer(1e-3).minimize(loss)
        init = v1.global_variables_initializer()
    sess = _session(env, impl, g)
    sess.run(init)
    return g, sess, [train, loss], {ph[k]: v for k, v in data.items()}


def build_mlp_adam(env: Env, impl: str) -> Step:
    """One Adam update of the MLP; returns the loss before the update (equal across implementations at step 1).

    Session: ``tf.compat.v1.train.AdamOptimizer(1e-3).minimize(loss)``; eager/function: tape +
    ``tf.keras.optimizers.Adam(1e-3).apply_gradients``; torch: ``torch.optim.Adam`` (zero_grad, backward, step)."""
    data, params = mlp_arrays()
    if impl == "torch":
        torch, dev = env.torch, env.torch_device
        d = {k: torch.from_numpy(v).to(dev) for k, v in data.items()}
        p = {k: torch.from_numpy(v.copy()).to(dev).requires_grad_() for k, v in params.items()}
        opt = torch.optim.Adam(list(p.values()), lr=1e-3)

        def torch_step():
            opt.zero_grad(set_to_none=True)
            loss = mlp_torch_loss(d, p)
            loss.backward()
            opt.step()
            return loss.detach()
        return torch_step
    tf = _tf_module(env, impl)
    if impl.endswith("session"):
        _, sess, fetches, feed = mlp_adam_session(env, impl)
        return lambda: sess.run(fetches, feed_dict=feed)[1]
    keras_opts = getattr(getattr(tf, "keras", None), "optimizers", None)
    if keras_opts is None or not hasattr(keras_opts, "Adam"):
        raise NotApplicable("keras.optimizers.Adam missing")
    d = {k: tf.constant(v) for k, v in data.items()}
    vs = {k: tf.Variable(v, name=k) for k, v in params.items()}
    vlist = list(vs.values())
    opt = keras_opts.Adam(learning_rate=1e-3)

    def step():
        with tf.GradientTape() as tape:
            loss = mlp_loss(tf, d, vs)
        opt.apply_gradients(zip(tape.gradient(loss, vlist), vlist))
        return loss
    if impl == COMPILED_IMPL:
        return compiled_step(env, step, "MLP+Adam step")
    return tf.function(step) if impl.endswith("function") else step


# -- the table -----------------------------------------------------------------------------------------------

@dataclass
class Workload:
    key: str
    title: str
    measures: str
    build: Callable[[Env, str], Step]
    flops: Callable[[Env], float] | None = None
    # Compared with its own first call, not across implementations: the optimizer state is per-implementation.
    rtol: float = 2e-3
    compiled: bool = False   # has a tfc-compiled implementation (else it is n/a)

    def __post_init__(self):
        if self.compiled:
            return
        build = self.build

        def uncompiled_only(env: Env, impl: str) -> Step:
            if impl == COMPILED_IMPL:
                raise NotApplicable("no tfc-compiled variant of this workload")
            return build(env, impl)
        self.build = uncompiled_only


def _grad_workload(spec_fn: Callable[[Env], GradSpec]) -> Callable[[Env, str], Step]:
    return lambda env, impl: build_grad(env, impl, spec_fn(env))


WORKLOADS: tuple[Workload, ...] = (
    Workload("linreg", "1. linear regression grad, X,Y [2,1]", "pure per-call overhead",
             _grad_workload(linreg_spec)),
    Workload("chain", "2. elementwise chain grad, [16]", "per-op overhead (3 ops per link)",
             _grad_workload(chain_spec), compiled=True),
    Workload("mlp", "3. MLP grads, 128x784-512-512-10", "typical training step (gradients only)",
             _grad_workload(mlp_spec), compiled=True),
    Workload("matmul", "4. matmul grads, sum(tanh(A@B))", "compute-bound", _grad_workload(matmul_spec),
             flops=matmul_flops, rtol=5e-3),
    Workload("jacobian", "5a. jacobian [64]->[64]", "vectorised jacobian", build_jacobian),
    Workload("hessian", "5b. Hessian, 100-dim", "second order", build_hessian),
    Workload("session1", "6. Session.run, one-op graph", "Session.run overhead", build_session_one_op),
    Workload("mlp_adam", "7. MLP step + Adam", "training step with the optimizer", build_mlp_adam, compiled=True),
)

WORKLOAD_BY_KEY: dict[str, Workload] = {w.key: w for w in WORKLOADS}


def workload_label(env: Env, w: Workload) -> str:
    """Title with the sizes actually used (``--quick`` shrinks the chain and the matmul)."""
    if w.key == "chain":
        return f"{w.title}, {chain_links(env)} links"
    if w.key == "matmul":
        n = matmul_n(env)
        return f"{w.title}, [{n},{n}]"
    return w.title


# -- 8. tf.data input pipelines (DATA) -----------------------------------------------------------------------

def data_arrays(env: Env) -> tuple[np.ndarray, np.ndarray]:
    """MNIST-sized inputs: x [60000, 784] float32 (6000 rows with --quick), labels y int64."""
    n = 6000 if env.quick else 60000
    rng = _rng(3)
    return rng.random((n, 784), dtype=np.float32), rng.integers(0, 10, n).astype(np.int64)


def _scale(tf):
    def f(a, b):
        return tf.cast(a, tf.float32) * (1 / 255.0), b
    return f


def build_data_epoch(env: Env, impl: str, with_map: bool = False) -> Step:
    """One epoch of ``from_tensor_slices((x, y)).shuffle(10000)[.map(f, 2 threads)].batch(128).prefetch(1)``;
    returns (batches, sum of labels, sum of x), which do not depend on the shuffled order (summed with numpy on
    the host, the same work for every implementation).

    eager: Python iteration over the dataset; session: an initializable iterator drained with ``Session.run``
    until OutOfRangeError; torch: ``DataLoader(TensorDataset, batch_size=128, shuffle=True)`` (the map as a
    ``Dataset.__getitem__`` on 2 worker processes)."""
    x, y = data_arrays(env)
    if impl == "torch":
        torch = env.torch
        if with_map:
            class Mapped(torch.utils.data.Dataset):
                def __len__(self):
                    return len(y)

                def __getitem__(self, i):
                    return torch.from_numpy(x[i]) * (1 / 255.0), y[i]
            loader = torch.utils.data.DataLoader(Mapped(), batch_size=128, shuffle=True, num_workers=2)
        else:
            tds = torch.utils.data.TensorDataset(torch.from_numpy(x), torch.from_numpy(y))
            loader = torch.utils.data.DataLoader(tds, batch_size=128, shuffle=True)

        def torch_epoch():
            n, sy, sx = 0, 0, 0.0
            for a, b in loader:
                n += 1
                sy += int(b.numpy().sum())
                sx += float(a.numpy().sum(dtype=np.float64))
            return np.array([n, sy]), np.array(sx)
        return torch_epoch
    if impl.endswith("function"):
        raise NotApplicable("an epoch of a Python-iterated dataset is measured eagerly and with Session.run")
    tf = _tf_module(env, impl)
    if impl.endswith("session"):
        v1 = _v1_module(env, impl)
        g = v1.Graph()
        with g.as_default():
            ds = v1.data.Dataset.from_tensor_slices((x, y)).shuffle(10000)
            if with_map:
                ds = ds.map(_scale(tf), num_parallel_calls=2)
            it = v1.data.make_initializable_iterator(ds.batch(128).prefetch(1))
            batch = it.get_next()
        sess = _session(env, impl, g)

        def session_epoch():
            sess.run(it.initializer)
            n, sy, sx = 0, 0, 0.0
            while True:
                try:
                    a, b = sess.run(batch)
                except v1.errors.OutOfRangeError:
                    return np.array([n, sy]), np.array(sx)
                n, sy, sx = n + 1, sy + int(b.sum()), sx + float(a.sum(dtype=np.float64))
        return session_epoch
    ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(10000)
    if with_map:
        ds = ds.map(_scale(tf), num_parallel_calls=2)
    ds = ds.batch(128).prefetch(1)

    def eager_epoch():
        n, sy, sx = 0, 0, 0.0
        for a, b in ds:
            n += 1
            sy += int(b.numpy().sum())
            sx += float(a.numpy().sum(dtype=np.float64))
        return np.array([n, sy]), np.array(sx)
    return eager_epoch


WORKLOADS += (
    Workload("data", "8a. tf.data epoch, slices.shuffle.batch.prefetch", "input pipeline overhead",
             lambda env, impl: build_data_epoch(env, impl), rtol=1e-4),
    Workload("data_map", "8b. tf.data epoch with map on 2 threads", "per-element function calls",
             lambda env, impl: build_data_epoch(env, impl, with_map=True), rtol=1e-4),
)
WORKLOAD_BY_KEY.update({w.key: w for w in WORKLOADS[-2:]})


# -- 9. tf.while_loop (IR) -----------------------------------------------------------------------------------

def while_iterations(env: Env) -> int:
    return 200 if env.quick else 1000


def build_while_loop(env: Env, impl: str) -> Step:
    """A ``tf.while_loop`` of ``(i + 1, x * 1.0001 + 0.5)`` and its gradient d(x_n)/d(x_0): per-iteration cost of a
    graph loop (Session: a While op run by the plan; tf.function: the same inside a traced function; eager: a
    Python loop). torch: the same Python loop of raw torch ops with autograd."""
    n = while_iterations(env)
    if impl == "torch":
        torch, dev = env.torch, env.torch_device
        c1, c2 = torch.tensor(1.0001, device=dev), torch.tensor(0.5, device=dev)
        one, limit = torch.tensor(1, dtype=torch.int32, device=dev), torch.tensor(n, dtype=torch.int32, device=dev)

        def torch_step():
            x0 = torch.tensor(1.0, device=dev, requires_grad=True)
            i, x = torch.tensor(0, dtype=torch.int32, device=dev), x0
            while i < limit:
                i, x = i + one, x * c1 + c2
            return x.detach(), torch.autograd.grad(x, x0)[0]
        return torch_step
    tf = _tf_module(env, impl)

    def loop(x):
        return tf.while_loop(lambda i, a: i < n, lambda i, a: (i + 1, a * 1.0001 + 0.5), [tf.constant(0), x])[1]
    if impl.endswith("session"):
        v1 = _v1_module(env, impl)
        g = v1.Graph()
        with g.as_default():
            x0 = v1.placeholder(tf.float32, [], name="x0")
            y = loop(x0)
            (grad,) = v1.gradients(y, x0)
        sess = _session(env, impl, g)
        return lambda: sess.run([y, grad], feed_dict={x0: 1.0})
    x0 = tf.constant(1.0)

    def step():
        with tf.GradientTape() as tape:
            tape.watch(x0)
            y = loop(x0)
        return y, tape.gradient(y, x0)
    if impl == COMPILED_IMPL:
        return compiled_step(env, step, "while_loop step")
    return tf.function(step) if impl.endswith("function") else step


WORKLOADS += (
    Workload("while_loop", "9. while_loop (i+1, x*1.0001+0.5) + gradient",
             "per-iteration cost of a graph loop (1000 iterations; 200 with --quick)", build_while_loop, rtol=1e-4,
             compiled=True),
)
WORKLOAD_BY_KEY.update({w.key: w for w in WORKLOADS[-1:]})
