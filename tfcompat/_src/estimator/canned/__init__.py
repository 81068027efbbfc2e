"""The canned Estimators: ``tf.compat.v1.estimator``'s (TF 2.15's V1 classes: ``SUM`` loss reduction,
``tf.compat.v1.train`` optimizers) and ``tf.estimator``'s (the V2 classes: ``SUM_OVER_BATCH_SIZE``, Keras legacy
optimizers counting the global step): heads, DNN, linear and DNN-linear-combined models over feature columns."""
