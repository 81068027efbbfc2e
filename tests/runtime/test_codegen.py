"""Plan code generation (runtime/codegen.py) against real TF: when a graph's ops read its variables.

TF reads a ref variable when the op consuming it runs (after its control inputs), and converting a resource
variable inside ``tf.control_dependencies`` makes a read carrying those inputs. Every program orders the write
before the read through a control or data edge; runs where TF's order is unspecified (a read and a write with
no edge between them, loop iterations running in parallel, ref-variable gradients) are not compared."""
from __future__ import annotations

import pytest


def _variable(v1, value, resource):
    return v1.Variable(value, use_resource=resource)


@pytest.mark.parametrize("resource", [False, True], ids=["ref", "resource"])
def test_reads_under_control_dependencies_see_the_write(oracle, resource):
    def prog(v1):
        w = _variable(v1, 1.0, resource)
        a = v1.assign(w, 5.0)
        with v1.control_dependencies([a]):
            outs = [w * 2.0, v1.identity(w), w.value() * 1.0, w.read_value(), w + 0.0]
        with v1.Session() as s:
            s.run(w.initializer)
            first = s.run(outs)
            s.run(w.initializer)
            return first, s.run(outs[0]), s.run(w)
    oracle.check_v1(prog)


@pytest.mark.parametrize("resource", [False, True], ids=["ref", "resource"])
def test_assign_add_then_read_in_the_same_run(oracle, resource):
    def prog(v1):
        w = _variable(v1, 1.0, resource)
        with v1.control_dependencies([v1.assign_add(w, 2.0)]):
            y = w * 10.0
        with v1.control_dependencies([w.assign_sub(0.5)]):
            z = w * 10.0
        with v1.Session() as s:
            s.run(w.initializer)
            return s.run(y), s.run(y), s.run(z), s.run(w)
    oracle.check_v1(prog)


@pytest.mark.parametrize("resource", [False, True], ids=["ref", "resource"])
def test_get_variable_read_after_assign(oracle, resource):
    def prog(v1):
        w = v1.get_variable("w", shape=[2], initializer=v1.constant_initializer(2.0), use_resource=resource)
        with v1.control_dependencies([w.assign([3.0, 4.0])]):
            y = w * w
        with v1.Session() as s:
            s.run(v1.global_variables_initializer())
            return s.run(y)
    oracle.check_v1(prog)


@pytest.mark.parametrize("resource", [False, True], ids=["ref", "resource"])
def test_a_write_depending_on_a_read_then_another_read(oracle, resource):
    def prog(v1):
        w = _variable(v1, 1.0, resource)
        with v1.control_dependencies([v1.assign(w, 5.0)]):
            y = w * 2.0
        b = v1.assign(w, y + 1.0)
        with v1.control_dependencies([b]):
            z = w + 0.0
        with v1.Session() as s:
            s.run(w.initializer)
            return s.run([y, z])
    oracle.check_v1(prog)


@pytest.mark.parametrize("resource", [False, True], ids=["ref", "resource"])
def test_minimize_then_a_read_ordered_after_it(oracle, resource):
    def prog(v1):
        w = _variable(v1, 2.0, resource)
        train = v1.train.GradientDescentOptimizer(0.1).minimize(w * w)
        with v1.control_dependencies([train]):
            after = w * 1.0
        with v1.Session() as s:
            s.run(w.initializer)
            return s.run([train, after]), s.run(after), s.run(w)
    oracle.check_v1(prog)


def test_gradient_of_a_loss_read_after_an_assign(oracle):
    """Resource variable only: TF's gradient of a ref variable reads it again, unordered with the assign."""
    def prog(v1):
        w = _variable(v1, 2.0, True)
        with v1.control_dependencies([v1.assign(w, 3.0)]):
            loss = w * w
        g = v1.gradients(loss, w)[0]
        with v1.Session() as s:
            s.run(w.initializer)
            return s.run([loss, g])
    oracle.check_v1(prog)


@pytest.mark.parametrize("read", ["read_value", "mul"])
def test_while_loop_body_reads_the_variable_it_assigned(oracle, read):
    def prog(v1):
        w = _variable(v1, 0.0, True)

        def body(i, acc):
            with v1.control_dependencies([w.assign_add(1.0)]):
                return i + 1, acc + (w.read_value() if read == "read_value" else w * 1.0)
        _, acc = v1.while_loop(lambda i, acc: i < 3, body, [0, 0.0], parallel_iterations=1)
        with v1.Session() as s:
            s.run(w.initializer)
            return s.run(acc), s.run(w)
    oracle.check_v1(prog)


def test_cond_branch_reads_after_the_assign_it_depends_on(oracle):
    def prog(v1):
        w = _variable(v1, 1.0, False)
        with v1.control_dependencies([v1.assign(w, 4.0)]):
            y = v1.cond(v1.constant(True), lambda: w * 2.0, lambda: w * 3.0)
        with v1.Session() as s:
            s.run(w.initializer)
            return s.run(y)
    oracle.check_v1(prog)


def _plan_source(v1, build):
    from tfcompat._src.runtime import executor
    g = v1.Graph()
    with g.as_default():
        fetches = build(v1)
    return executor.compile_plan(g, fetches, [], []).source


def test_plans_without_ordered_writes_read_each_variable_once(tfc1):
    """By hand: a plan whose reads follow no write reads each variable once, where its handle op is ordered."""
    def build(v1):
        w = v1.Variable(1.0)
        loss = w * w + w
        return [loss, v1.gradients(loss, w)[0]]
    src = _plan_source(tfc1, build)
    assert "read" not in src and src.count("k0()") == 1


def test_a_read_ordered_after_a_write_is_one_extra_kernel_call(tfc1):
    """By hand: only the consumer the write precedes reads again (``readN = kM()``); a later consumer of the
    variable that depends on that consumer shares the new read."""
    def build(v1):
        w = v1.Variable(1.0)
        early = w * 3.0
        with v1.control_dependencies([v1.assign(w, 5.0)]):
            late = w * 2.0
        return [early, late, late + w]
    src = _plan_source(tfc1, build)
    reads = [line.strip() for line in src.splitlines() if line.strip().startswith("read")]
    assert len(reads) == 1 and reads[0].endswith("()"), src


def test_not_differentiable_and_outputless_ops_in_a_training_plan(oracle):
    """A not-differentiable op with a float output (ones_like) inside a differentiated loss carries no gradient;
    the optimizer update (no outputs) runs every step."""
    def prog(v1):
        w = v1.Variable([1.0, 2.0])
        loss = v1.reduce_sum(w * w * v1.ones_like(w * 3.0))
        grad, = v1.gradients(loss, w)
        train = v1.train.GradientDescentOptimizer(0.25).minimize(loss)
        with v1.Session() as s:
            s.run(v1.global_variables_initializer())
            out = [s.run(grad)]
            for _ in range(3):
                out.append(s.run([train, loss])[1])
            return out + [s.run(w)]
    oracle.check_v1(prog)


def test_kernels_are_called_directly(tfc1):
    """By hand: the plan calls kernels themselves, with no per-op wrapper: a not-differentiable op's float output
    is detached inline, an op without outputs (the update, NoOp) is a bare call, and gradient leaves are made
    inline."""
    from tfcompat._src.runtime import executor
    g = tfc1.Graph()
    with g.as_default():
        w = tfc1.Variable([1.0, 2.0])
        loss = tfc1.reduce_sum(w * tfc1.floor(w * 3.0))   # Floor: not differentiable (TF: no gradient)
        train = tfc1.train.GradientDescentOptimizer(0.25).minimize(loss)
    src = executor.compile_plan(g, [loss], [train], []).source
    lines = [line.strip() for line in src.splitlines()]
    detach = [line for line in lines if line.endswith(".detach() if " + line.split(" = ")[0] + ".requires_grad else "
                                                      + line.split(" = ")[0])]
    assert len(detach) == 1, src                    # floor
    assert any(line.startswith("k") and " = " not in line for line in lines), src   # the update, no result
    assert "_leaf(" not in src and ".requires_grad_()" in src, src
