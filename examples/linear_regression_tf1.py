"""A TF 1.x linear regression: placeholders, Variables, tf.gradients and Session.run with feed_dict."""
import numpy as np
import tensorflow as tf

X = tf.placeholder(tf.float32, [None, 1], name="X")
Y = tf.placeholder(tf.float32, [None, 1], name="Y")
W = tf.Variable(tf.zeros([1, 1]), name="W")
b = tf.Variable(tf.zeros([1]), name="b")
pred = tf.matmul(X, W) + b
cost = 0.5 * tf.reduce_sum(tf.square(pred - Y))
grad_W, grad_b = tf.gradients(cost, [W, b])
train = [tf.assign_sub(W, 0.05 * grad_W), tf.assign_sub(b, 0.05 * grad_b)]

xs = np.array([[1.0], [2.0], [3.0], [4.0]], dtype=np.float32)
ys = 2.0 * xs + 1.0
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print("initial gradients:", sess.run([grad_W, grad_b], feed_dict={X: xs, Y: ys}))
    for step in range(200):
        sess.run(train, feed_dict={X: xs, Y: ys})
    w, bias, c = sess.run([W, b, cost], feed_dict={X: xs, Y: ys})
    print("W = %.4f, b = %.4f, cost = %.6f" % (w[0, 0], bias[0], c))
