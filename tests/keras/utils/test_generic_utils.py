"""tf.keras.utils interactive logging (tfcompat._src.keras.utils.generic_utils) against tf-keras 2.21: the switch,
and where a Progbar's text goes when it is off (the absl logger instead of stdout). Expected values: real TF."""
from __future__ import annotations

import contextlib
import io
import logging


def test_interactive_logging_switch(oracle):
    def prog(tf):
        states = [tf.keras.utils.is_interactive_logging_enabled()]
        tf.keras.utils.disable_interactive_logging()
        states.append(tf.keras.utils.is_interactive_logging_enabled())
        tf.keras.utils.enable_interactive_logging()
        states.append(tf.keras.utils.is_interactive_logging_enabled())
        return states
    oracle.check(prog)


def test_disabled_logging_goes_to_absl(oracle):
    def prog(tf):
        records = []
        handler = logging.Handler()
        handler.emit = lambda record: records.append(record.getMessage())
        absl_logger = logging.getLogger("absl")
        absl_logger.addHandler(handler)
        old_level = absl_logger.level
        absl_logger.setLevel(logging.INFO)
        out = io.StringIO()
        tf.keras.utils.disable_interactive_logging()
        try:
            with contextlib.redirect_stdout(out):
                bar = tf.keras.utils.Progbar(2, verbose=2)
                bar.update(1)
                bar.update(2, finalize=True)
        finally:
            tf.keras.utils.enable_interactive_logging()
            absl_logger.removeHandler(handler)
            absl_logger.setLevel(old_level)
        return out.getvalue(), [record.split(" - ")[0] for record in records]
    oracle.check(prog)
