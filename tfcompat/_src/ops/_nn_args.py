"""Argument helpers shared by the tf.nn op modules."""
from __future__ import annotations


def either(name: str, value, alias: str, alias_value):
    """The value of argument ``name`` or of its TF1 alias ``alias`` (ValueError when both are set, as TF's
    ``deprecated_argument_lookup``)."""
    if alias_value is None:
        return value
    if value is not None:
        raise ValueError(f"Cannot specify both '{name}' and '{alias}'.")
    return alias_value
