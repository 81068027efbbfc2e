"""``tf.estimator`` (removed from TensorFlow in 2.16; mirrors tensorflow_estimator 2.15): the Estimator harness
around tfcompat's TF1 runtime (Graph, MonitoredTrainingSession, hooks, Saver), RunConfig, EstimatorSpec,
train_and_evaluate and the numpy/pandas input functions."""
