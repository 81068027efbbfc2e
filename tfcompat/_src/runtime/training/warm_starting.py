"""``tf.compat.v1.train.warm_start`` (TF's ``training/warm_starting_util.py``): variables of the default graph
take their initial values from a checkpoint, selected by a regex over the trainable variables, a list of regexes
over the global variables or a list of variables, optionally renamed (``var_name_to_prev_var_name``) and with
vocabulary remapping (``var_name_to_vocab_info``: ``tf.compat.v1.train.VocabInfo``).

A vocabulary-backed variable's rows (``axis=0``) or columns (``axis=1``) follow the tokens of its new vocabulary
file: a token also in the old vocabulary (its first ``old_vocab_size`` lines) takes the checkpoint's row/column of
that token; other tokens and the ``num_oov_buckets`` extra rows/columns take values of ``backup_initializer``
(zeros when None), called once with the flat count of missing entries and laid out in row-major order, as TF's
``load_and_remap_matrix`` initializer. Partitioned variables are warm-started as single variables."""
from __future__ import annotations

import contextlib

import torch

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework.dispatch import apply_op, convert_to_tensor
from tfcompat._src.framework.graph import GraphKeys
from tfcompat._src.ops import scatter_ops
from tfcompat._src.ops.variables import Variable
from tfcompat._src.runtime import gfile
from tfcompat._src.runtime import tf_logging as logging
from tfcompat._src.runtime.training import checkpoint_io, checkpoint_utils
from tfcompat._src.runtime.training.checkpoint_management import resolve_checkpoint

__all__ = ["warm_start"]


def _grouped_variables(vars_to_warm_start) -> dict:
    graph = ctx_lib.get_default_graph()
    if isinstance(vars_to_warm_start, str) or vars_to_warm_start is None:
        logging.info("Warm-starting variables only in TRAINABLE_VARIABLES.")
        chosen = graph.get_collection(GraphKeys.TRAINABLE_VARIABLES, scope=vars_to_warm_start)
    elif isinstance(vars_to_warm_start, list):
        if all(isinstance(v, str) for v in vars_to_warm_start):
            chosen = [v for pattern in vars_to_warm_start
                      for v in graph.get_collection(GraphKeys.GLOBAL_VARIABLES, scope=pattern)]
        elif all(isinstance(v, Variable) for v in vars_to_warm_start):
            chosen = vars_to_warm_start
        else:
            raise ValueError(f"If `vars_to_warm_start` is a list, it must be all `Variable` or all `str`.  Given "
                             f"types are {[type(v) for v in vars_to_warm_start]}")
    else:
        raise ValueError(f"`vars_to_warm_start must be a `list` or `str`.  Given type is {type(vars_to_warm_start)}")
    grouped: dict = {}
    for v in chosen:
        grouped.setdefault(v.name.split(":")[0], []).append(v)
    return grouped


def _read_vocab(path, size) -> list:
    with gfile.GFile(path, "r") as f:
        tokens = [line.rstrip("\n") for line in f]
    return tokens if size is None or size < 0 else tokens[:size]


def _remap_axis(old: torch.Tensor, new_tokens: list, n_new: int, old_tokens: list, axis: int):
    """(``new`` filled where present, mask of missing entries) for a remap along ``axis``."""
    index = {t: i for i, t in enumerate(old_tokens)}
    moved = old.movedim(axis, 0) if old.dim() > 1 else old
    out_shape = (n_new,) + tuple(moved.shape[1:])
    new = torch.zeros(out_shape, dtype=old.dtype)
    present = torch.zeros(out_shape, dtype=torch.bool)
    for i, token in enumerate(new_tokens[:n_new]):
        j = index.get(token)
        if j is not None:
            new[i] = moved[j]
            present[i] = True
    if old.dim() > 1:
        new, present = new.movedim(0, axis), present.movedim(0, axis)
    return new, present


def _warm_start_with_vocab(var, ckpt, prev_name, info) -> None:
    if not (info.new_vocab and info.new_vocab_size and ckpt and info.old_vocab):
        raise ValueError("Invalid args: Must provide all of [current_vocab_path, current_vocab_size, prev_ckpt, "
                         "prev_vocab_path}.")
    reader = checkpoint_io.open_checkpoint(resolve_checkpoint(ckpt))
    old = reader.tensor(prev_name)
    shape = var.shape.as_list()
    axis = info.axis
    n_new = shape[axis]
    new, present = _remap_axis(old, _read_vocab(info.new_vocab, info.new_vocab_size), n_new,
                               _read_vocab(info.old_vocab, info.old_vocab_size), axis)
    missing = torch.nonzero(~present)   # row-major order, as TF fills the missing entries
    graph = var._graph
    with ctx_lib.push_graph(graph) if graph is not None else contextlib.nullcontext(), \
            graph.control_dependencies(None) if graph is not None else contextlib.nullcontext():
        value = convert_to_tensor(new, dtype=var.dtype)
        if missing.shape[0] and info.backup_initializer is not None:
            fill = info.backup_initializer([missing.shape[0]], dtype=var.dtype)
            value = scatter_ops.tensor_scatter_nd_update(value, convert_to_tensor(missing), fill)
        if graph is None:
            var.assign(value)
            return
        op_name = var.name.split(":")[0]
        assign = apply_op("AssignVariableOp", [value], {"var": var, "mode": "assign", "validate_shape": True},
                          name=f"{op_name}/checkpoint_initializer")
    var._initializer_op = assign.op
    var._initial_value = value


def warm_start(ckpt_to_initialize_from, vars_to_warm_start=".*", var_name_to_vocab_info=None,
               var_name_to_prev_var_name=None) -> None:
    """Mirrors ``tf.compat.v1.train.warm_start`` (see the module docstring).

    Raises:
      ValueError: a bad ``vars_to_warm_start``, an entry of ``var_name_to_prev_var_name`` or
        ``var_name_to_vocab_info`` naming no selected variable, or a checkpoint tensor missing or of another
        shape (TF's messages)."""
    logging.info(f"Warm-starting from: {ckpt_to_initialize_from}")
    grouped = _grouped_variables(vars_to_warm_start)
    vocab_infos = var_name_to_vocab_info or {}
    renames = var_name_to_prev_var_name or {}
    used_renames, used_vocab, plain = set(), set(), {}
    count = 0
    for name, group in grouped.items():
        prev = renames.get(name)
        if prev:
            used_renames.add(name)
        info = vocab_infos.get(name)
        if info:
            used_vocab.add(name)
            count += 1
            for var in group:
                _warm_start_with_vocab(var, ckpt_to_initialize_from, prev or name, info)
        elif vars_to_warm_start:
            count += 1
            tensor_name = prev or name
            if tensor_name in plain:   # one checkpoint tensor for two variables: TF flushes the map first
                checkpoint_utils.init_from_checkpoint(ckpt_to_initialize_from, plain)
                plain = {}
            plain[tensor_name] = group[0]
    if plain:
        checkpoint_utils.init_from_checkpoint(ckpt_to_initialize_from, plain)
    logging.info("Warm-started %d variables.", count)
    unused_renames = set(renames) - used_renames
    if unused_renames:
        raise ValueError(f"You provided the following variables in var_name_to_prev_var_name that were not used: "
                         f"{unused_renames}.  Perhaps you misspelled them?  Here is the list of viable variable "
                         f"names: {grouped.keys()}")
    unused_vocab = set(vocab_infos) - used_vocab
    if unused_vocab:
        raise ValueError(f"You provided the following variables in var_name_to_vocab_info that were not used: "
                         f"{unused_vocab}.  Perhaps you misspelled them?  Here is the list of viable variable "
                         f"names: {grouped.keys()}")
