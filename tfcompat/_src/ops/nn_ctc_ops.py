"""Connectionist temporal classification: ops ``CTCLoss``, ``CTCGreedyDecoder`` and ``CTCBeamSearchDecoder``
(TF's raw-op names) and the ``tf.nn.ctc_loss`` (dense or sparse labels, ``blank_index``),
``tf.compat.v1.nn.ctc_loss``, ``ctc_greedy_decoder`` and ``ctc_beam_search_decoder`` functions.

The loss is torch's CTC forward-backward on ``log_softmax(logits)``; its gradient with respect to the logits is
softmax minus the alignment posteriors, the formula of TF's ``CTCLoss`` gradient output. As TF's kernel: more
labels than time steps raise InvalidArgumentError (or give loss 0 and gradient 0 with
``ignore_longer_outputs_than_inputs``); labels that fit but cannot be aligned (repeats need a blank between them)
give an infinite loss whose gradient is the softmax."""
from __future__ import annotations

import math

import torch
import torch.nn.functional as F

from tfcompat._src.framework import dtypes, errors
from tfcompat._src.framework.dispatch import apply_op
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework.op_def import DIFFERENTIABLE, NOT_DIFFERENTIABLE, register_op
from tfcompat._src.framework.sparse_tensor import SparseTensor
from tfcompat._src.ops import array_ops, math_ops, nn_ops
from tfcompat._src.ops._helpers import to_tensor

__all__ = ["ctc_loss", "ctc_loss_v2", "ctc_loss_v3", "ctc_greedy_decoder", "ctc_beam_search_decoder",
           "ctc_beam_search_decoder_v1"]


def _label_lists(indices, values, batch):
    labels = [[] for _ in range(batch)]
    for (b, _), v in zip(indices.tolist(), values.tolist()):
        if not 0 <= b < batch:
            raise errors.InvalidArgumentError(f"labels batch index must be between 0 and {batch - 1}, saw: {b}")
        labels[b].append(int(v))
    return labels


def _collapse(seq):
    return [v for i, v in enumerate(seq) if i == 0 or v != seq[i - 1]]


def _ctc_nll(logits, targets, seq_len, target_len, blank):
    log_probs = torch.log_softmax(logits, dim=-1)
    # (torch's CTC gradient with respect to log_probs is already softmax - posteriors; the log_softmax backward
    # leaves it unchanged because it sums to zero over the classes at every step in the sequence.)
    return F.ctc_loss(log_probs, targets, seq_len, target_len, blank=blank, reduction="none", zero_infinity=False)


@register_op("CTCLoss", grad=DIFFERENTIABLE, inputs=("inputs", "labels_indices", "labels_values", "sequence_length"),
             num_outputs=2, same_type=())
def _ctc_loss(logits, indices, values, seq_len, *, preprocess_collapse_repeated=False, ctc_merge_repeated=True,
              ignore_longer_outputs_than_inputs=False):
    if logits.dim() != 3:
        raise errors.InvalidArgumentError(f"inputs is not a 3-Tensor: {list(logits.shape)}")
    max_time, batch, num_classes = logits.shape
    if logits.device.type == "meta":
        return logits.new_empty(batch), logits.new_empty(logits.shape)
    if not ctc_merge_repeated:
        raise errors.UnimplementedError("CTCLoss with ctc_merge_repeated=False is not supported by tfcompat")
    if seq_len.shape != (batch,):
        raise errors.InvalidArgumentError(f"len(sequence_length) != batch_size.  len(sequence_length):  "
                                          f"{seq_len.shape[0] if seq_len.dim() else 0} batch_size: {batch}")
    blank = num_classes - 1
    original = _label_lists(indices, values, batch)
    labels = [_collapse(seq) for seq in original] if preprocess_collapse_repeated else original
    lengths = seq_len.tolist()
    status = []  # per example: "ok", "ignored" (loss 0, gradient 0) or "infeasible" (loss inf, gradient softmax)
    for b, seq in enumerate(labels):
        if lengths[b] > max_time:
            raise errors.InvalidArgumentError(f"sequence_length({b}) <= {max_time}")
        for v in seq:
            if not 0 <= v < blank:
                raise errors.InvalidArgumentError(f"Saw a non-null label (index >= num_classes - 1) following a "
                                                  f"null label, batch: {b} num_classes: {num_classes} labels: "
                                                  f"{','.join(map(str, seq))}")
        # TF checks the uncollapsed label count; a sequence that passes but cannot be aligned (repeats need a
        # blank between them) gets an infinite loss from the forward-backward pass.
        if len(original[b]) > lengths[b]:
            if not ignore_longer_outputs_than_inputs:
                raise errors.InvalidArgumentError(
                    f"Not enough time for target transition sequence (required: {len(original[b])}, available: "
                    f"{lengths[b]}), skipping data instance in batch: {b}")
            status.append("ignored")
            continue
        required = len(seq) + sum(1 for i in range(1, len(seq)) if seq[i] == seq[i - 1])
        status.append("ok" if required <= lengths[b] else "infeasible")
    ok = [st == "ok" for st in status]
    targets = torch.tensor([v for b, seq in enumerate(labels) if ok[b] for v in seq], dtype=torch.long)
    target_len = torch.tensor([len(seq) if ok[b] else 0 for b, seq in enumerate(labels)], dtype=torch.long)
    input_len = torch.tensor(lengths, dtype=torch.long)
    with torch.enable_grad():
        leaf = logits.detach().requires_grad_(True)
        nll = _ctc_nll(leaf, targets, input_len, target_len, blank)
        ok_mask = torch.tensor(ok, dtype=logits.dtype)
        (grad,) = torch.autograd.grad((nll * ok_mask).sum(), leaf)
    nll = nll.detach()
    in_time = (torch.arange(max_time).reshape(max_time, 1) < input_len.reshape(1, batch)).to(logits.dtype)
    softmax = torch.softmax(logits.detach(), dim=-1) * in_time.unsqueeze(-1)
    loss_parts, grad_parts = [], []
    for b, st in enumerate(status):
        loss_parts.append(nll[b] if st == "ok" else logits.new_tensor(float("inf") if st == "infeasible" else 0.0))
        grad_parts.append(grad[:, b] if st != "infeasible" else softmax[:, b])
    loss = torch.stack(loss_parts)
    grad = torch.stack(grad_parts, dim=1)
    return _CTCLossWithGradient.apply(logits, loss, grad), grad


class _CTCLossWithGradient(torch.autograd.Function):
    """The loss, differentiated as TF's ``_CTCLossGrad``: d(loss) * the op's own gradient output (which is not
    differentiable again)."""

    @staticmethod
    def forward(ctx, logits, loss, grad):
        ctx.save_for_backward(grad)
        return loss.clone()

    @staticmethod
    def backward(ctx, d_loss):
        (grad,) = ctx.saved_tensors
        return d_loss.reshape(1, -1, 1) * grad, None, None


def _ctc_loss_op(labels, logits, sequence_length, preprocess_collapse_repeated, ctc_merge_repeated,
                 ignore_longer_outputs_than_inputs, name=None):
    loss, _ = apply_op("CTCLoss", [logits, labels.indices, math_ops.cast(labels.values, dtypes.int32),
                                   to_tensor(sequence_length, dtype=dtypes.int32)],
                       {"preprocess_collapse_repeated": bool(preprocess_collapse_repeated),
                        "ctc_merge_repeated": bool(ctc_merge_repeated),
                        "ignore_longer_outputs_than_inputs": bool(ignore_longer_outputs_than_inputs)}, name=name)
    return loss


def ctc_loss(labels, inputs=None, sequence_length=None, preprocess_collapse_repeated=False,
             ctc_merge_repeated=True, ignore_longer_outputs_than_inputs=False, time_major=True, logits=None):
    """Mirrors ``tf.compat.v1.nn.ctc_loss`` (op ``CTCLoss``): ``labels`` a SparseTensor, the blank is the last
    class. Differs: ``ctc_merge_repeated=False`` raises UnimplementedError."""
    if inputs is not None and logits is not None:
        raise ValueError("Cannot specify both `inputs` and `logits`.")
    inputs = logits if inputs is None else inputs
    if not isinstance(labels, SparseTensor):
        raise TypeError("Expected argument `labels` to be a SparseTensor. Received labels={labels} of type: "
                        f"{type(labels).__name__}")
    inputs = to_tensor(inputs)
    if not time_major:
        inputs = array_ops.transpose(inputs, [1, 0, 2])
    return _ctc_loss_op(labels, inputs, sequence_length, preprocess_collapse_repeated, ctc_merge_repeated,
                        ignore_longer_outputs_than_inputs)


def _num_classes(logits):
    n = logits.shape[2] if logits.shape.rank == 3 else None
    if n is None:
        raise ValueError("ctc_loss: the number of classes (logits.shape[2]) must be known statically")
    return int(n)


def _dense_to_sparse(labels, label_length):
    labels = to_tensor(labels)
    maxlen = array_ops.shape(labels)[1]
    mask = nn_ops.sequence_mask(to_tensor(label_length), maxlen=maxlen)
    indices = array_ops.where(mask)
    return SparseTensor(indices, array_ops.gather_nd(labels, indices),
                        math_ops.cast(array_ops.shape(labels), dtypes.int64))


def ctc_loss_v3(labels, logits, label_length, logit_length, logits_time_major=True, unique=None, blank_index=None,
                name=None):
    """Mirrors ``tf.nn.ctc_loss`` (TF2): per-example negative log-likelihoods. Dense ``labels`` [batch, max_len]
    with ``label_length`` (blank_index defaults to 0), or a SparseTensor (blank_index required). TF moves the
    blank class to the end and shifts larger labels down; this does the same and runs op ``CTCLoss``.
    ``unique`` is accepted and unused (it only speeds TF's dense path up)."""
    with name_scope(name or "ctc_loss_dense"):
        logits = to_tensor(logits, name="logits")
        if isinstance(labels, SparseTensor):
            if blank_index is None:
                raise ValueError("Argument `blank_index` must be provided when `labels` is a `SparseTensor`.")
        else:
            if label_length is None:
                raise ValueError("Argument `label_length` must be provided when `labels` is a dense tensor.")
            labels = _dense_to_sparse(labels, label_length)
            if blank_index is None:
                blank_index = 0
        if not logits_time_major:
            logits = array_ops.transpose(logits, [1, 0, 2])
        num_classes = _num_classes(logits)
        if blank_index < 0:
            blank_index += num_classes
        if blank_index != num_classes - 1:
            logits = array_ops.concat([logits[:, :, :blank_index], logits[:, :, blank_index + 1:],
                                       logits[:, :, blank_index:blank_index + 1]], axis=2)
            values = labels.values
            shifted = array_ops.where(math_ops.less(values, blank_index), values,
                                      math_ops.subtract(values, array_ops.ones_like(values)))
            labels = SparseTensor(labels.indices, shifted, labels.dense_shape)
        return _ctc_loss_op(labels, logits, logit_length, False, True, False)


def ctc_loss_v2(labels, logits, label_length, logit_length, logits_time_major=True, unique=None, blank_index=None,
                name=None):
    """Mirrors ``tf.compat.v1.nn.ctc_loss_v2`` (the TF2 ``ctc_loss`` under its v1 name)."""
    return ctc_loss_v3(labels, logits, label_length, logit_length, logits_time_major=logits_time_major,
                       unique=unique, blank_index=blank_index, name=name)


# ------------------------------------------------------------------------------------------------
# greedy decoder
# ------------------------------------------------------------------------------------------------
@register_op("CTCGreedyDecoder", grad=NOT_DIFFERENTIABLE, inputs=("inputs", "sequence_length"), num_outputs=4,
             same_type=())
def _ctc_greedy_decoder(logits, seq_len, *, merge_repeated=True, blank_index=-1):
    max_time, batch, num_classes = logits.shape
    if logits.device.type == "meta":
        raise ValueError("data-dependent output shape")
    blank = blank_index if blank_index >= 0 else num_classes + blank_index
    lengths = seq_len.tolist()
    best = logits.max(dim=-1)
    ids = best.indices.tolist()
    decoded = []
    for b in range(batch):
        if lengths[b] > max_time:
            raise errors.InvalidArgumentError(f"sequence_length({b}) <= {max_time}")
        seq, prev = [], -1
        for t in range(lengths[b]):
            c = ids[t][b]
            if c != blank and not (merge_repeated and c == prev):
                seq.append(c)
            prev = c
        decoded.append(seq)
    steps = torch.arange(max_time).reshape(max_time, 1) < torch.tensor(lengths).reshape(1, batch)
    log_prob = -(best.values * steps.to(logits.dtype)).sum(0).reshape(batch, 1)
    indices = [[b, i] for b, seq in enumerate(decoded) for i in range(len(seq))]
    values = [v for seq in decoded for v in seq]
    return (torch.tensor(indices, dtype=torch.int64).reshape(-1, 2), torch.tensor(values, dtype=torch.int64),
            torch.tensor([batch, max((len(s) for s in decoded), default=0)], dtype=torch.int64), log_prob)


def ctc_greedy_decoder(inputs, sequence_length, merge_repeated=True, blank_index=None):
    """Mirrors ``tf.nn.ctc_greedy_decoder`` (op ``CTCGreedyDecoder``): ([SparseTensor of the best path],
    neg_sum_logits [batch, 1]); the blank defaults to the last class."""
    outputs = apply_op("CTCGreedyDecoder", [to_tensor(inputs), to_tensor(sequence_length, dtype=dtypes.int32)],
                       {"merge_repeated": bool(merge_repeated),
                        "blank_index": -1 if blank_index is None else int(blank_index)})
    indices, values, shape, log_probabilities = outputs
    return [SparseTensor(indices, values, shape)], log_probabilities


# ------------------------------------------------------------------------------------------------
# beam search decoder (TF's prefix beam search: log-softmax inputs, the blank is the last class)
# ------------------------------------------------------------------------------------------------
_NEG_INF = float("-inf")


def _log_sum_exp(a, b):
    if a == _NEG_INF:
        return b
    if b == _NEG_INF:
        return a
    m = max(a, b)
    return m + math.log1p(math.exp(-abs(a - b)))


class _Beam:
    __slots__ = ("label", "parent", "children", "old", "new")

    def __init__(self, label, parent):
        self.label, self.parent, self.children = label, parent, {}
        self.old = [_NEG_INF, _NEG_INF, _NEG_INF]   # blank, label, total
        self.new = [_NEG_INF, _NEG_INF, _NEG_INF]

    def active(self):
        return self.new[2] != _NEG_INF

    def labels(self, merge_repeated):
        out, node = [], self
        while node.parent is not None:
            out.append(node.label)
            node = node.parent
        out.reverse()
        return [v for i, v in enumerate(out) if not merge_repeated or i == 0 or v != out[i - 1]]


def _beam_search(log_probs, beam_width, top_paths, merge_repeated):
    """One example's TF ``CTCBeamSearchDecoder``: [(labels, log probability)] for the best ``top_paths``."""
    num_classes = len(log_probs[0]) if log_probs else 0
    blank = num_classes - 1
    root = _Beam(-1, None)
    root.new = [0.0, _NEG_INF, 0.0]
    leaves = [root]

    def is_candidate(p, leaves):
        return p[2] != _NEG_INF and (len(leaves) < beam_width or p[2] > min(b.new[2] for b in leaves))

    for row in log_probs:
        branches = sorted(leaves, key=lambda b: -b.new[2])
        for b in branches:
            b.old = list(b.new)
        leaves = []
        for b in branches:
            if b.parent is not None:
                if b.parent.active():
                    previous = b.parent.old[0] if b.label == b.parent.label else b.parent.old[2]
                    b.new[1] = _log_sum_exp(b.new[1], previous)
                b.new[1] += row[b.label]
            b.new[0] = b.old[2] + row[blank]
            b.new[2] = _log_sum_exp(b.new[0], b.new[1])
            leaves.append(b)
        for b in branches:
            if not is_candidate(b.old, leaves):
                continue
            for label in range(num_classes - 1):
                c = b.children.get(label)
                if c is None:
                    c = b.children[label] = _Beam(label, b)
                if c.active():
                    continue
                previous = b.old[0] if label == b.label else b.old[2]
                c.new = [_NEG_INF, row[label] + previous, row[label] + previous]
                if is_candidate(c.new, leaves):
                    if len(leaves) == beam_width:
                        bottom = min(leaves, key=lambda e: e.new[2])
                        leaves.remove(bottom)
                        bottom.new = [_NEG_INF, _NEG_INF, _NEG_INF]
                    leaves.append(c)
                else:
                    c.old = [_NEG_INF, _NEG_INF, _NEG_INF]
                    c.new = [_NEG_INF, _NEG_INF, _NEG_INF]
    if top_paths > len(leaves):
        raise errors.InvalidArgumentError(f"Less leaves in the beam search than requested. Have: {len(leaves)}, "
                                          f"requested: {top_paths}")
    best = sorted(leaves, key=lambda b: -b.new[2])[:top_paths]
    return [(b.labels(merge_repeated), b.new[2]) for b in best]


@register_op("CTCBeamSearchDecoder", grad=NOT_DIFFERENTIABLE, inputs=("inputs", "sequence_length"),
             num_outputs=lambda attrs: 3 * attrs["top_paths"] + 1, same_type=())
def _ctc_beam_search_decoder(logits, seq_len, *, beam_width, top_paths, merge_repeated=True):
    max_time, batch, num_classes = logits.shape
    if logits.device.type == "meta":
        raise ValueError("data-dependent output shape")
    if top_paths > beam_width:
        raise errors.InvalidArgumentError(f"top_paths must be <= beam_width. top_paths: {top_paths}, beam_width: "
                                          f"{beam_width}")
    log_probs = torch.log_softmax(logits.detach().to(torch.float64), dim=-1).tolist()
    lengths = seq_len.tolist()
    per_batch = []
    for b in range(batch):
        if lengths[b] > max_time:
            raise errors.InvalidArgumentError(f"sequence_length({b}) <= {max_time}")
        per_batch.append(_beam_search([log_probs[t][b] for t in range(lengths[b])], beam_width, top_paths,
                                      merge_repeated))
    indices, values, shapes = [], [], []
    for k in range(top_paths):
        idx = [[b, i] for b in range(batch) for i in range(len(per_batch[b][k][0]))]
        indices.append(torch.tensor(idx, dtype=torch.int64).reshape(-1, 2))
        values.append(torch.tensor([v for b in range(batch) for v in per_batch[b][k][0]], dtype=torch.int64))
        shapes.append(torch.tensor([batch, max(len(per_batch[b][k][0]) for b in range(batch))] if batch else [0, 0],
                                   dtype=torch.int64))
    log_probability = torch.tensor([[p for _, p in per_batch[b]] for b in range(batch)], dtype=logits.dtype)
    return (*indices, *values, *shapes, log_probability.reshape(batch, top_paths))


def ctc_beam_search_decoder_v1(inputs, sequence_length, beam_width=100, top_paths=1, merge_repeated=True):
    """Mirrors ``tf.compat.v1.nn.ctc_beam_search_decoder`` (op ``CTCBeamSearchDecoder``): ([top_paths
    SparseTensors], log_probability [batch, top_paths]); the blank is the last class. As TF, merge_repeated
    merges repeated labels of the decoded path (also ones a blank separated)."""
    outputs = apply_op("CTCBeamSearchDecoder", [to_tensor(inputs), to_tensor(sequence_length, dtype=dtypes.int32)],
                       {"beam_width": int(beam_width), "top_paths": int(top_paths),
                        "merge_repeated": bool(merge_repeated)})
    k = int(top_paths)
    indices, values, shapes = outputs[:k], outputs[k:2 * k], outputs[2 * k:3 * k]
    return [SparseTensor(i, v, s) for i, v, s in zip(indices, values, shapes)], outputs[3 * k]


def ctc_beam_search_decoder(inputs, sequence_length, beam_width=100, top_paths=1):
    """Mirrors ``tf.nn.ctc_beam_search_decoder`` (TF2: repeated labels are not merged)."""
    return ctc_beam_search_decoder_v1(inputs, sequence_length, beam_width=beam_width, top_paths=top_paths,
                                      merge_repeated=False)
