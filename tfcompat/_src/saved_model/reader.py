"""Reading a SavedModel directory: ``saved_model.pb`` (or ``.pbtxt``), its meta graph for a tag set, and the
path of its variables checkpoint."""
from __future__ import annotations

import os

from google.protobuf import text_format

from tfcompat._src.protos.saved_model import SavedModel

__all__ = ["SAVED_MODEL_FILENAME_PB", "SAVED_MODEL_FILENAME_PBTXT", "variables_path", "read_saved_model",
           "meta_graph_for_tags"]

SAVED_MODEL_FILENAME_PB = "saved_model.pb"
SAVED_MODEL_FILENAME_PBTXT = "saved_model.pbtxt"


def variables_path(export_dir) -> str:
    """The checkpoint prefix of a SavedModel's variables (``<dir>/variables/variables``)."""
    return os.path.join(os.fsdecode(export_dir), "variables", "variables")


def read_saved_model(export_dir) -> SavedModel:
    """The ``SavedModel`` message of a directory (``saved_model.pb``, or ``saved_model.pbtxt``).

    Raises:
      OSError: neither file exists (TF's message)."""
    export_dir = os.fsdecode(export_dir)  # TF takes bytes paths too (Estimator.export_saved_model returns bytes)
    pb = os.path.join(export_dir, SAVED_MODEL_FILENAME_PB)
    txt = os.path.join(export_dir, SAVED_MODEL_FILENAME_PBTXT)
    if os.path.exists(pb):
        with open(pb, "rb") as f:
            return SavedModel.FromString(f.read())
    if os.path.exists(txt):
        with open(txt, encoding="utf-8") as f:
            return text_format.Parse(f.read(), SavedModel())
    raise OSError(f"SavedModel file does not exist at: {export_dir}{os.sep}{{{SAVED_MODEL_FILENAME_PBTXT}|"
                  f"{SAVED_MODEL_FILENAME_PB}}}")


def meta_graph_for_tags(saved_model, tags):
    """The meta graph whose tags are ``tags`` (the only one when ``tags`` is None and there is one; else
    ``serve``).

    Raises:
      RuntimeError: no meta graph has these tags (TF's message)."""
    if tags is None:
        if len(saved_model.meta_graphs) == 1:
            return saved_model.meta_graphs[0]
        tags = ["serve"]
    tags = [tags] if isinstance(tags, str) else list(tags)
    for meta in saved_model.meta_graphs:
        if set(meta.meta_info_def.tags) == set(tags):
            return meta
    available = [list(m.meta_info_def.tags) for m in saved_model.meta_graphs]
    raise RuntimeError(f"MetaGraphDef associated with tags {tags!r} could not be found in SavedModel, with "
                       f"available tags '{available}'. To inspect available tag-sets in the SavedModel, please "
                       f"use the SavedModel CLI: `saved_model_cli`.")
