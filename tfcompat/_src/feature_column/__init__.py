"""``tf.feature_column`` (TF 2.21, deprecated there but still shipped): feature columns, the v1 consumers
``input_layer``/``linear_model``, ``make_parse_example_spec`` and the Keras ``DenseFeatures`` layer.

Modules: ``base`` (column base classes, the per-call transformation cache, variable state), ``categorical``
(id columns), ``dense`` (numeric, bucketized, indicator, embedding), ``sparse_cross`` (TF's hashed feature cross),
``consumers`` (input_layer, linear_model, make_parse_example_spec), ``dense_features`` (the Keras layer).
This package sits beside ``_src/keras``: it may import runtime, ops and the Keras base layer; nothing below it
imports it."""
