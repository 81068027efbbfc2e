"""A TF2 script: GradientTape, tf.function and tf.Variable."""
import tensorflow as tf

x = tf.constant(3.0)
with tf.GradientTape() as g:
    g.watch(x)
    y = x * x
print("dy/dx at 3:", g.gradient(y, x).numpy())

w = tf.Variable([[1.0, 2.0], [3.0, 4.0]], name="w")
b = tf.Variable([0.5, -0.5], name="b")


@tf.function
def loss_and_grads(inputs):
    with tf.GradientTape() as tape:
        out = tf.nn.relu(tf.matmul(inputs, w) + b)
        loss = tf.reduce_mean(tf.square(out))
    return loss, tape.gradient(loss, [w, b])


loss, (dw, db) = loss_and_grads(tf.constant([[1.0, -1.0], [0.5, 2.0]]))
print("loss:", loss.numpy())
print("dL/dw:", dw.numpy().tolist())
print("dL/db:", db.numpy().tolist())
