"""``tf.estimator.WarmStartSettings`` and the warm start an Estimator does before its first checkpoint (mirrors
TF's ``training/warm_starting_util.py`` for variables; vocabulary remapping is not supported)."""
from __future__ import annotations

import collections
import os
import re

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework.graph import GraphKeys
from tfcompat._src.runtime import tf_logging as logging
from tfcompat._src.runtime.training.checkpoint_utils import init_from_checkpoint

__all__ = ["WarmStartSettings", "default_warm_start_settings", "warm_start"]


class WarmStartSettings(collections.namedtuple("WarmStartSettings", [
        "ckpt_to_initialize_from", "vars_to_warm_start", "var_name_to_vocab_info", "var_name_to_prev_var_name"])):
    """Mirrors ``tf.estimator.WarmStartSettings``: a checkpoint (file or directory) to initialize variables from,
    which variables (a regex, or a list of regexes/variables; default: trainable ones) and their old names.

    Difference: ``var_name_to_vocab_info`` (vocabulary remapping) must be empty."""

    def __new__(cls, ckpt_to_initialize_from, vars_to_warm_start=".*", var_name_to_vocab_info=None,
                var_name_to_prev_var_name=None):
        if not ckpt_to_initialize_from:
            raise ValueError("`ckpt_to_initialize_from` MUST be set in WarmStartSettings")
        if var_name_to_vocab_info:
            from tfcompat._src.tools.unsupported import UnsupportedAPIError
            raise UnsupportedAPIError("tf.estimator.WarmStartSettings(var_name_to_vocab_info=...)",
                                      "vocabulary remapping (tf.estimator.VocabInfo) is not implemented")
        return super().__new__(cls, ckpt_to_initialize_from, vars_to_warm_start, var_name_to_vocab_info or {},
                               var_name_to_prev_var_name or {})


def default_warm_start_settings(warm_start_from):
    """TF's ``_get_default_warm_start_settings``: a path warm-starts every variable (``vars_to_warm_start='.*'``);
    a WarmStartSettings is used as given; None gives None.

    Raises:
      ValueError: any other type."""
    if warm_start_from is None:
        return None
    if isinstance(warm_start_from, (str, bytes, os.PathLike)):
        path = os.fspath(warm_start_from)
        path = path.decode() if isinstance(path, bytes) else path
        if os.path.isdir(os.path.join(path, "variables")):
            path = os.path.join(path, "variables", "variables")   # a SavedModel directory
        return WarmStartSettings(ckpt_to_initialize_from=path, vars_to_warm_start=".*")
    if isinstance(warm_start_from, WarmStartSettings):
        return warm_start_from
    raise ValueError("warm_start_from must be a string or a WarmStartSettings, instead got {}".format(
        type(warm_start_from)))


def _variables_to_warm_start(vars_to_warm_start) -> list:
    graph = ctx_lib.get_default_graph()
    if isinstance(vars_to_warm_start, str) or vars_to_warm_start is None:
        # TF: a regex (or None) selects among the TRAINABLE variables
        pattern = vars_to_warm_start or ".*"
        return [v for v in graph.get_collection(GraphKeys.TRAINABLE_VARIABLES) if re.match(pattern, v.op.name)]
    chosen = []
    for item in vars_to_warm_start:
        if isinstance(item, str):
            chosen += [v for v in graph.get_collection(GraphKeys.GLOBAL_VARIABLES) if re.match(item, v.op.name)]
        else:
            chosen.append(item)
    return chosen


def warm_start(ckpt_to_initialize_from, vars_to_warm_start=".*", var_name_to_vocab_info=None,
               var_name_to_prev_var_name=None) -> None:
    """Mirrors ``tf.compat.v1.train.warm_start`` (without vocabularies): the chosen variables of the default
    graph take their initial values from the checkpoint (renamed through ``var_name_to_prev_var_name``)."""
    renames = var_name_to_prev_var_name or {}
    assignment = {}
    for var in _variables_to_warm_start(vars_to_warm_start):
        name = var.op.name
        assignment[renames.get(name, name)] = var
    logging.info("Warm-starting from: %s", ckpt_to_initialize_from)
    if assignment:
        init_from_checkpoint(ckpt_to_initialize_from, assignment)
