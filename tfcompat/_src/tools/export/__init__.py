"""Export to plain PyTorch (issue 17): a traced graph becomes a standalone ``torch.nn.Module`` source file.

- ``lowering.py``: the emitter table (TF op type -> one torch statement) and the driver that walks the graph;
- ``emitters_math.py`` / ``emitters_nn.py`` / ``emitters_array.py`` / ``emitters_control_flow.py``: the emitters,
  by op family (control flow: loops and branches with their sub-graphs inlined);
- ``helpers.py``: functions copied into a module where one statement cannot say what TF does (SAME padding);
- ``optimizers.py`` / ``optimizer_classes.py``: the training op as ``make_optimizer`` (torch.optim or TF-exact);
- ``writer.py``: the module's text; ``api.py``: ``to_torch``; ``script.py``: ``python -m tfcompat export``."""
