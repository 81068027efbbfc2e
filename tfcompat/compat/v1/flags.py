"""``tf.compat.v1.flags`` (also ``tf.compat.v1.app.flags``): re-exports only."""
from __future__ import annotations

from tfcompat._src.runtime.flags import (
    DEFINE_bool, DEFINE_boolean, DEFINE_enum, DEFINE_float, DEFINE_integer, DEFINE_list, DEFINE_multi_float,
    DEFINE_multi_integer, DEFINE_multi_string, DEFINE_spaceseplist, DEFINE_string, FLAGS, DuplicateFlagError,
    Error, FlagValues, IllegalFlagValueError, UnparsedFlagAccessError, UnrecognizedFlagError, ValidationError,
    mark_flag_as_required, mark_flags_as_required,
)

__all__ = [
    "DEFINE_bool", "DEFINE_boolean", "DEFINE_enum", "DEFINE_float", "DEFINE_integer", "DEFINE_list",
    "DEFINE_multi_float", "DEFINE_multi_integer", "DEFINE_multi_string", "DEFINE_spaceseplist", "DEFINE_string",
    "DuplicateFlagError", "Error", "FLAGS", "FlagValues", "IllegalFlagValueError", "UnparsedFlagAccessError",
    "UnrecognizedFlagError", "ValidationError", "mark_flag_as_required", "mark_flags_as_required",
]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.compat.v1.flags", __name__)
