"""The canned Estimators of ``tf.compat.v1.estimator`` (TF 2.15's V1 classes: ``SUM`` loss reduction,
``tf.compat.v1.train`` optimizers): heads, DNN and linear models over feature columns."""
