"""Candidate samplers and sampled losses: ``tf.nn.log_uniform_candidate_sampler``, ``uniform_candidate_sampler``,
``fixed_unigram_candidate_sampler``, ``nce_loss`` and ``sampled_softmax_loss`` (mirrors TF's
``candidate_sampling_ops.py`` and ``nn_impl._compute_sampled_logits``).

Samplers draw from torch generators seeded by TF's seed rules, so the sampled ids follow TF's distributions but
are not TF's numbers (see tests/known_deviations.py). Expected counts follow TF's ``range_sampler.cc``: with
``unique=True`` and ``k`` draws needed to collect the unique candidates, ``1 - (1 - p) ** k``; otherwise
``p * num_sampled``. The losses are composites of registered ops, built as TF builds them."""
from __future__ import annotations

import math

import torch

from tfcompat._src.framework import dtypes, errors
from tfcompat._src.framework.dispatch import apply_op, convert_to_tensor
from tfcompat._src.framework.op_def import NOT_DIFFERENTIABLE, register_op
from tfcompat._src.framework.op_types import INT64, Arg
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_ops, math_ops, nn_ops, random_ops, reduction_ops
from tfcompat._src.ops.layers_base import graph_name_scope

__all__ = ["all_candidate_sampler", "learned_unigram_candidate_sampler", "log_uniform_candidate_sampler",
           "uniform_candidate_sampler", "fixed_unigram_candidate_sampler",
           "compute_accidental_hits", "nce_loss", "nce_loss_v2", "sampled_softmax_loss",
           "sampled_softmax_loss_v2"]

_CPU = torch.device("cpu")


def _sampler_shape(inputs, attrs):
    n = attrs["num_sampled"]
    return [(TensorShape([n]), dtypes.int64), (inputs[0].shape, dtypes.float32), (TensorShape([n]), dtypes.float32)]


def _draw(sample, probability, true_classes, num_sampled, unique, range_max, state):
    """TF's ``RangeSampler::SampleBatchGetExpectedCountAvoid`` (without avoided values)."""
    if unique and num_sampled > range_max:
        raise errors.InvalidArgumentError("Sampler's range is too small.")
    gen = state.generator(_CPU)
    if unique:
        picked, seen, tries = [], set(), 0
        while len(picked) < num_sampled:
            for v in sample(2 * (num_sampled - len(picked)) + 16, gen).tolist():
                tries += 1
                if v not in seen:
                    seen.add(v)
                    picked.append(v)
                    if len(picked) == num_sampled:
                        break
    else:
        picked, tries = sample(num_sampled, gen).tolist(), num_sampled
    sampled = torch.tensor(picked, dtype=torch.int64)

    def expected(ids):
        p = probability(ids).to(torch.float32)
        if tries == num_sampled:
            return p * num_sampled
        return -torch.expm1(tries * torch.log1p(-p))
    dev = true_classes.device
    return (sampled.to(dev), expected(true_classes.to(_CPU)).to(dev), expected(sampled).to(dev))


@register_op("LogUniformCandidateSampler", grad=NOT_DIFFERENTIABLE, inputs=("true_classes",), num_outputs=3,
             types={"true_classes": Arg(None, INT64)},
             stateful=True, shape_fn=_sampler_shape)
def _log_uniform_sampler(true_classes, *, num_true, num_sampled, unique, range_max, state):
    log_range = math.log1p(range_max)

    def sample(n, gen):
        u = torch.rand(n, generator=gen, dtype=torch.float64)
        return (torch.exp(u * log_range).to(torch.int64) - 1) % range_max

    def probability(ids):
        v = ids.to(torch.float64)
        return torch.log((v + 2.0) / (v + 1.0)) / log_range
    return _draw(sample, probability, true_classes, num_sampled, unique, range_max, state)


@register_op("UniformCandidateSampler", grad=NOT_DIFFERENTIABLE, inputs=("true_classes",), num_outputs=3,
             types={"true_classes": Arg(None, INT64)},
             stateful=True, shape_fn=_sampler_shape)
def _uniform_sampler(true_classes, *, num_true, num_sampled, unique, range_max, state):
    def sample(n, gen):
        return torch.randint(0, range_max, (n,), generator=gen, dtype=torch.int64)

    def probability(ids):
        return torch.full(ids.shape, 1.0 / range_max, dtype=torch.float64)
    return _draw(sample, probability, true_classes, num_sampled, unique, range_max, state)


@register_op("FixedUnigramCandidateSampler", grad=NOT_DIFFERENTIABLE, inputs=("true_classes",), num_outputs=3,
             types={"true_classes": Arg(None, INT64)},
             stateful=True, shape_fn=_sampler_shape)
def _fixed_unigram_sampler(true_classes, *, num_true, num_sampled, unique, range_max, weights, state):
    w = torch.tensor(weights, dtype=torch.float64)
    probs = w / w.sum()

    def sample(n, gen):
        return torch.multinomial(probs, n, replacement=True, generator=gen)

    def probability(ids):
        return probs[ids.clamp(0, range_max - 1)]
    return _draw(sample, probability, true_classes, num_sampled, unique, range_max, state)


def _check_true_range(true_classes, range_max):
    if true_classes.device.type != "meta" and true_classes.numel():
        bad = true_classes[(true_classes < 0) | (true_classes >= range_max)]
        if bad.numel():
            raise errors.InvalidArgumentError(f"`true_candidate` out of range [0, {range_max}), received "
                                              f"{int(bad.reshape(-1)[0])}")


@register_op("AllCandidateSampler", grad=NOT_DIFFERENTIABLE, inputs=("true_classes",), num_outputs=3,
             types={"true_classes": Arg(None, INT64)},
             stateful=True, shape_fn=_sampler_shape)
def _all_sampler(true_classes, *, num_true, num_sampled, unique, range_max, state):
    _check_true_range(true_classes, num_sampled)
    dev = true_classes.device
    return (torch.arange(num_sampled, dtype=torch.int64, device=dev),
            torch.ones(true_classes.shape, dtype=torch.float32, device=dev),
            torch.ones(num_sampled, dtype=torch.float32, device=dev))


# TF's eager kernel cache keeps one learned sampler per attribute set, and its counts persist between calls;
# this keeps the counts per (num_true, num_sampled, unique, range_max, seed) likewise.
_LEARNED_WEIGHTS: dict = {}


@register_op("LearnedUnigramCandidateSampler", grad=NOT_DIFFERENTIABLE, inputs=("true_classes",), num_outputs=3,
             types={"true_classes": Arg(None, INT64)},
             stateful=True, shape_fn=_sampler_shape)
def _learned_unigram_sampler(true_classes, *, num_true, num_sampled, unique, range_max, state, key):
    _check_true_range(true_classes, range_max)
    weights = _LEARNED_WEIGHTS.setdefault(key, torch.ones(range_max, dtype=torch.float64))
    probs = weights / weights.sum()

    def sample(n, gen):
        return torch.multinomial(probs, n, replacement=True, generator=gen)

    def probability(ids):
        return probs[ids.clamp(0, range_max - 1)]
    result = _draw(sample, probability, true_classes, num_sampled, unique, range_max, state)
    # The counts learn from the true classes after sampling (the first call samples uniformly), as TF's.
    flat = true_classes.reshape(-1).to(_CPU)
    weights.index_add_(0, flat, torch.ones(flat.shape, dtype=torch.float64))
    return result


def _sampler(op_type, true_classes, num_true, num_sampled, unique, range_max, seed, name, **extra):
    t = convert_to_tensor(true_classes, dtype=dtypes.int64)
    attrs = {"num_true": int(num_true), "num_sampled": int(num_sampled), "unique": bool(unique),
             "range_max": int(range_max), "state": random_ops._seed_state(seed), **extra}
    return tuple(apply_op(op_type, [t], attrs, name=name))


def log_uniform_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max, seed=None, name=None):
    """Mirrors ``tf.random.log_uniform_candidate_sampler``: P(c) = log((c + 2) / (c + 1)) / log(range_max + 1).

    Returns ``(sampled_candidates int64 [num_sampled], true_expected_count float32 like true_classes,
    sampled_expected_count float32 [num_sampled])``."""
    return _sampler("LogUniformCandidateSampler", true_classes, num_true, num_sampled, unique, range_max, seed,
                    name)


def uniform_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max, seed=None, name=None):
    """Mirrors ``tf.random.uniform_candidate_sampler``: P(c) = 1 / range_max."""
    return _sampler("UniformCandidateSampler", true_classes, num_true, num_sampled, unique, range_max, seed, name)


def fixed_unigram_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max, vocab_file="",
                                    distortion=1.0, num_reserved_ids=0, num_shards=1, shard=0, unigrams=(),
                                    seed=None, name=None):
    """Mirrors ``tf.random.fixed_unigram_candidate_sampler`` with ``unigrams`` (P(c) ∝ unigrams[c] **
    distortion, reserved ids first with probability 0). ``vocab_file`` and sharding are not supported."""
    if vocab_file or num_shards != 1 or shard != 0:
        raise NotImplementedError("fixed_unigram_candidate_sampler: vocab_file and sharding are not supported "
                                  "by tfcompat; pass `unigrams`.")
    weights = [0.0] * int(num_reserved_ids) + [float(u) ** float(distortion) for u in unigrams]
    if len(weights) != int(range_max):
        raise errors.InvalidArgumentError(f"Range max must equal the number of unigrams plus reserved ids: "
                                          f"{range_max} vs {len(weights)}")
    return _sampler("FixedUnigramCandidateSampler", true_classes, num_true, num_sampled, unique, range_max, seed,
                    name, weights=tuple(weights))


def all_candidate_sampler(true_classes, num_true, num_sampled, unique, seed=None, name=None):
    """Mirrors ``tf.random.all_candidate_sampler``: every class in [0, num_sampled), expected counts 1."""
    return _sampler("AllCandidateSampler", true_classes, num_true, num_sampled, unique, num_sampled, seed, name)


def learned_unigram_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max, seed=None,
                                      name=None):
    """Mirrors ``tf.random.learned_unigram_candidate_sampler``: P(c) proportional to 1 + the number of times c was
    a true class in earlier calls with the same arguments. Random draws differ from TF's stream."""
    key = (int(num_true), int(num_sampled), bool(unique), int(range_max), seed)
    return _sampler("LearnedUnigramCandidateSampler", true_classes, num_true, num_sampled, unique, range_max, seed,
                    name, key=key)


def _accidental_hit_mask(labels, sampled):
    # [batch, num_true, 1] == [num_sampled] -> any over num_true: [batch, num_sampled]
    eq = math_ops.equal(array_ops.expand_dims(labels, 2), sampled)
    return reduction_ops.reduce_any(eq, axis=1)


def compute_accidental_hits(true_classes, sampled_candidates, num_true, seed=None, name=None):
    """Mirrors ``tf.nn.compute_accidental_hits``: (row indices int32, sampled positions int64, weights -FLT_MAX)
    for every (row, true class) equal to a sampled candidate."""
    labels = convert_to_tensor(true_classes, dtype=dtypes.int64)
    sampled = convert_to_tensor(sampled_candidates, dtype=dtypes.int64)
    # One hit per (row, true class, sampled position), in that order, like TF's kernel.
    idx = array_ops.where(math_ops.equal(array_ops.expand_dims(labels, 2), sampled))
    rows = math_ops.cast(idx[:, 0], dtypes.int32)
    ids = idx[:, 2]
    weights = array_ops.fill(array_ops.shape(ids), -dtypes.float32.max)
    return rows, ids, weights


def _rows(t, start, stop):
    """``t[start:stop]`` along axis 0 (``stop=None``: to the end); python ints keep the static shape."""
    if isinstance(start, int) and (stop is None or isinstance(stop, int)):
        return t[start:stop]
    rank = t.shape.rank
    begin = array_ops.stack([start] + [0] * (rank - 1)) if stop is None or isinstance(start, int) else None
    if stop is None:
        return array_ops.slice(t, begin, [-1] * rank)
    return array_ops.slice(t, [0] * rank, array_ops.stack([stop] + [-1] * (rank - 1)))


def _compute_sampled_logits(weights, biases, labels, inputs, num_sampled, num_classes, num_true, sampled_values,
                            subtract_log_q, remove_accidental_hits, name, seed=None):
    if isinstance(weights, (list, tuple)):
        if len(weights) != 1:
            raise NotImplementedError("sampled losses over sharded weights are not supported by tfcompat")
        weights = weights[0]
    with graph_name_scope(name or "compute_sampled_logits"):
        labels = convert_to_tensor(labels)
        if labels.dtype is not dtypes.int64:
            labels = math_ops.cast(labels, dtypes.int64)
        inputs = convert_to_tensor(inputs)
        labels_flat = array_ops.reshape(labels, [-1])
        if sampled_values is None:
            sampled_values = log_uniform_candidate_sampler(labels, num_true, num_sampled, True, num_classes,
                                                           seed=seed)
        sampled, true_expected, sampled_expected = (array_ops.stop_gradient(convert_to_tensor(s))
                                                    for s in sampled_values)
        sampled = math_ops.cast(sampled, dtypes.int64) if sampled.dtype is not dtypes.int64 else sampled
        all_ids = array_ops.concat([labels_flat, sampled], 0)
        all_w = array_ops.gather(weights, all_ids)
        if all_w.dtype is not inputs.dtype:
            all_w = math_ops.cast(all_w, inputs.dtype)
        # Static slice bounds where shapes are known keep static output shapes (TF's Slice infers them).
        n_true = labels_flat.shape.as_list()[0] if labels_flat.shape.rank == 1 else None
        if n_true is None:
            n_true = array_ops.shape(labels_flat)[0]
        true_w = _rows(all_w, 0, n_true)
        sampled_w = _rows(all_w, n_true, None)
        sampled_logits = math_ops.matmul(inputs, sampled_w, transpose_b=True)
        all_b = array_ops.gather(biases, all_ids)
        if all_b.dtype is not inputs.dtype:
            all_b = math_ops.cast(all_b, inputs.dtype)
        true_b = _rows(all_b, 0, n_true)
        sampled_b = _rows(all_b, n_true, None)
        dim = true_w.shape.as_list()[1] if true_w.shape.rank == 2 else None
        true_w_3d = array_ops.reshape(true_w, [-1, num_true, dim]) if dim is not None else \
            array_ops.reshape(true_w, array_ops.concat([[-1, num_true], array_ops.shape(true_w)[1:2]], 0))
        row_wise = math_ops.multiply(array_ops.expand_dims(inputs, 1), true_w_3d)
        true_logits = reduction_ops.reduce_sum(row_wise, axis=2)
        true_logits = math_ops.add(true_logits, array_ops.reshape(true_b, [-1, num_true]))
        sampled_logits = math_ops.add(sampled_logits, sampled_b)
        if remove_accidental_hits:
            hits = _accidental_hit_mask(labels, sampled)
            sampled_logits = math_ops.add(sampled_logits, array_ops.where(
                hits, array_ops.fill(array_ops.shape(sampled_logits), convert_to_tensor(
                    -dtypes.float32.max, dtype=sampled_logits.dtype)), array_ops.zeros_like(sampled_logits)))
        if subtract_log_q:
            true_logits = math_ops.subtract(true_logits, math_ops.log(true_expected))
            sampled_logits = math_ops.subtract(sampled_logits, math_ops.log(sampled_expected))
        out_logits = array_ops.concat([true_logits, sampled_logits], 1)
        out_labels = array_ops.concat([math_ops.truediv(array_ops.ones_like(true_logits), float(num_true)),
                                       array_ops.zeros_like(sampled_logits)], 1)
        return out_logits, out_labels


def nce_loss(weights, biases, labels, inputs, num_sampled, num_classes, num_true=1, sampled_values=None,
             remove_accidental_hits=False, partition_strategy="mod", name="nce_loss"):
    """Mirrors ``tf.compat.v1.nn.nce_loss``: per-example noise-contrastive loss, shape [batch_size].

    ``weights`` [num_classes, dim], ``biases`` [num_classes], ``labels`` int [batch, num_true], ``inputs``
    [batch, dim]. Sharded (list) weights are not supported."""
    logits, target = _compute_sampled_logits(weights, biases, labels, inputs, num_sampled, num_classes, num_true,
                                             sampled_values, True, remove_accidental_hits, name)
    losses = nn_ops.sigmoid_cross_entropy_with_logits(labels=target, logits=logits, name="sampled_losses")
    return reduction_ops.reduce_sum(losses, axis=1)


def nce_loss_v2(weights, biases, labels, inputs, num_sampled, num_classes, num_true=1, sampled_values=None,
                remove_accidental_hits=False, name="nce_loss"):
    """Mirrors ``tf.nn.nce_loss`` (TF2 signature)."""
    return nce_loss(weights, biases, labels, inputs, num_sampled, num_classes, num_true, sampled_values,
                    remove_accidental_hits, "div", name)


def sampled_softmax_loss(weights, biases, labels, inputs, num_sampled, num_classes, num_true=1,
                         sampled_values=None, remove_accidental_hits=True, partition_strategy="mod",
                         name="sampled_softmax_loss", seed=None):
    """Mirrors ``tf.compat.v1.nn.sampled_softmax_loss``: per-example sampled softmax loss, shape [batch_size]."""
    logits, target = _compute_sampled_logits(weights, biases, labels, inputs, num_sampled, num_classes, num_true,
                                             sampled_values, True, remove_accidental_hits, name, seed=seed)
    target = array_ops.stop_gradient(target, name="labels_stop_gradient")
    return nn_ops.softmax_cross_entropy_with_logits_v2(labels=target, logits=logits)


def sampled_softmax_loss_v2(weights, biases, labels, inputs, num_sampled, num_classes, num_true=1,
                            sampled_values=None, remove_accidental_hits=True, seed=None,
                            name="sampled_softmax_loss"):
    """Mirrors ``tf.nn.sampled_softmax_loss`` (TF2 signature)."""
    return sampled_softmax_loss(weights, biases, labels, inputs, num_sampled, num_classes, num_true,
                                sampled_values, remove_accidental_hits, "div", name, seed)
