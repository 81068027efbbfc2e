"""The real-script corpus: public TensorFlow programs, where they come from, how they are patched to run in
seconds without a network, and what tfcompat is expected to do with them.

Each ``Script``:

- ``source``: repository, path, commit and license of the pristine file, with its sha256. The pristine files are
  checked in under ``corpus/`` (the test runs in a clean clone without network); each repository's license text is
  in ``corpus/LICENSES/``. Only redistributable sources are kept (MIT, the Unlicense, Apache-2.0: the
  tensorflow/docs guide notebooks, each keeping its own license header, with the Apache license text next to
  them); see ``DROPPED``;
- ``api``: ``v1`` (TF1 graph mode: ``import tensorflow`` is ``tf.compat.v1`` with v2 behaviour off) or ``v2``;
- ``outcome``: the target. ``runs`` (exits 0 under ``python -m tfcompat run``) or ``matches`` (also prints what
  real TF 2.21 prints, number by number within ``rtol``/``atol``; only for deterministic scripts);
- ``xfail``: set while tfcompat misses the target: ``"<area>: <first error or difference>"`` (strict: the test
  fails once the script reaches its target, so the entry gets updated);
- ``patches``: whole-line replacements, each marked ``# tfcompat-patch: <reason>`` in the materialized script.
  Reasons allowed: a data download (replaced by ``_data.py``'s synthetic data), plotting/blocking UI, run length
  (steps/epochs cut), files written outside the test's folder, Python 2 only syntax/builtins, NumPy 1 only
  APIs (as neither TF 2.21 nor tfcompat can run them on NumPy 2).

``tf_runs`` records whether real TF 2.21 itself runs the patched script (False for ``tf.contrib`` users: TF 2.x
removed contrib, so those have no TF output to compare and only ``runs`` can be the target).
"""
from __future__ import annotations

import dataclasses

__all__ = ["Source", "Patch", "Script", "SCRIPTS", "DROPPED", "by_name"]


@dataclasses.dataclass(frozen=True)
class Source:
    repo: str
    path: str
    commit: str
    license: str
    sha256: str


@dataclasses.dataclass(frozen=True)
class Patch:
    """Replace the whole lines ``old`` (``count`` occurrences) by ``new``, whose lines are indented relative to
    ``old``'s first line; an empty ``new`` leaves ``pass``."""
    old: str
    new: str
    reason: str
    count: int = 1


@dataclasses.dataclass(frozen=True)
class Script:
    name: str
    source: Source
    api: str
    exercises: str
    outcome: str = "runs"
    xfail: str | None = None
    patches: tuple = ()
    tf_runs: bool = True
    rtol: float = 1e-4
    atol: float = 1e-5
    ignore: tuple = ()
    timeout: int = 300


# -- reasons ---------------------------------------------------------------------------------------------------
DATA = "synthetic data from tests/real_scripts/_data.py instead of a download"
SHORT = "shortened to run in seconds"
PLOT = "no plotting/blocking UI in tests"
FILES = "write under the test's working folder, not a shared path"
PY3 = "Python 3 (the script is Python 2 code)"
SEED = "numpy seeded so TF and tfcompat see the same numbers"
NUMPY2 = "NumPy 2 (np.reshape's newshape= keyword was removed)"


def _p(old: str, new: str, reason: str, count: int = 1) -> Patch:
    return Patch(old, new, reason, count)


MNIST_V1 = _p("from tensorflow.examples.tutorials.mnist import input_data", "from _data import input_data", DATA)
_NP2_IMG = _p("img = np.reshape(np.repeat(g[j][:, :, np.newaxis], 3, axis=2),\n"
              "                             newshape=(28, 28, 3))",
              "img = np.reshape(np.repeat(g[j][:, :, np.newaxis], 3, axis=2), (28, 28, 3))", NUMPY2)
KERAS_MNIST = _p("from tensorflow.keras.datasets import mnist",
                 "from _data import keras_datasets\nmnist = keras_datasets.mnist", DATA)


def _steps(steps: str, new_steps: str, display: str, new_display: str) -> tuple:
    """The notebooks' ``training_steps = N`` / ``display_step = M`` lines, shortened."""
    return (_p(f"training_steps = {steps}", f"training_steps = {new_steps}", SHORT),
            _p(f"display_step = {display}", f"display_step = {new_display}", SHORT))

# -- sources ---------------------------------------------------------------------------------------------------
_AD = "aymericdamien/TensorFlow-Examples"
_AD_COMMIT = "3a767b1e712c386dfbb525589685cce569619953"
_MIT = "MIT"


def _ad1(file: str, sha: str) -> Source:
    return Source(_AD, f"tensorflow_v1/examples/{file}", _AD_COMMIT, _MIT, sha)


def _ad2(file: str, sha: str) -> Source:
    return Source(_AD, f"tensorflow_v2/notebooks/{file}", "6dcbe14649163814e72a22a999f20c5e247ce988", _MIT, sha)


def _mz(file: str, sha: str) -> Source:
    return Source("MorvanZhou/Tensorflow-Tutorial", f"tutorial-contents/{file}",
                  "42dc32de532d146725aeef965d87871142a542d6", _MIT, sha)


def _wo(file: str, sha: str) -> Source:
    return Source("wiseodd/generative-models", file, "b930d5fa9e2f69adfd4ea8ec759f38f6ce6da4c2",
                  "Unlicense (public domain)", sha)


def _tfdocs(guide: str, sha: str) -> Source:
    return Source("tensorflow/docs", f"site/en/guide/{guide}", "7c3650212740204359d4ceae481abc79345541be",
                  "Apache-2.0", sha)


def _wo_patches(report_blocks: int) -> tuple:
    """wiseodd's loops: a million iterations, reporting (and plotting) every 1000."""
    return (MNIST_V1, _p("for it in range(1000000):", "for it in range(16):", SHORT),
            _p("if it % 1000 == 0:", "if it % 15 == 0:", SHORT, count=report_blocks))


SCRIPTS: list[Script] = [
    # ---------------------------------------------------------------------------------------------------------
    # aymericdamien/TensorFlow-Examples, tensorflow_v1/examples (TF 1.x)
    # ---------------------------------------------------------------------------------------------------------
    Script("ad1_helloworld", _ad1("1_Introduction/helloworld.py",
                                  "05caff5f4a9ae1d8bf19b4706f213d87818993754c4559b42f6ae5d547ded4ec"),
           "v1", "string constant, Session.run returning bytes",
           outcome="matches"),
    Script("ad1_basic_operations", _ad1("1_Introduction/basic_operations.py",
                                        "0c61fe789ae8a6b336ed5f4dae128184bbe6e6f0583a7c19cf7a25665b542b98"),
           "v1", "int32 constants, int16 placeholders fed python ints, matmul", outcome="matches"),
    Script("ad1_linear_regression", _ad1("2_BasicModels/linear_regression.py",
                                         "98c97dffe6832892673f5e3e1595306eb23dc4d6b02d0ae4bbfda1894cff7fd2"),
           "v1", "float64 numpy scalars as Variable init, 'float' placeholders fed scalars, SGD minimize",
           outcome="matches", patches=(
               _p("rng = numpy.random", "rng = numpy.random\nnumpy.random.seed(0)", SEED),
               _p("training_epochs = 1000", "training_epochs = 100", SHORT),
               _p("display_step = 50", "display_step = 10", SHORT),
           )),
    Script("ad1_logistic_regression", _ad1("2_BasicModels/logistic_regression.py",
                                           "01250f542b060d58b2fd5eed9ac8c4f1552b500172ddb84e3dd84dfb28adfeb3"),
           "v1", "softmax regression from zeros, tf.log, reduction_indices, SGD, Tensor.eval",
           outcome="matches", patches=(
               MNIST_V1,
               _p("training_epochs = 25", "training_epochs = 3", SHORT),
           )),
    Script("ad1_nearest_neighbor", _ad1("2_BasicModels/nearest_neighbor.py",
                                        "845da7198219bf1297258077a7fe9ac323e2d0a35608d17344207add30ae325f"),
           "v1", "tf.negative, reduce_sum(reduction_indices), tf.arg_min, many small Session.run calls",
           outcome="matches", patches=(
               MNIST_V1,
               _p("Xte, Yte = mnist.test.next_batch(200) #200 for testing",
                  "Xte, Yte = mnist.test.next_batch(40)", SHORT),
           )),
    Script("ad1_word2vec", _ad1("2_BasicModels/word2vec.py",
                                "305730b61312a69b26a6ae2663fc531f756b0bebe2197217bab66a5c6c9a4c14"),
           "v1", "embedding_lookup, nce_loss (candidate sampling), tf.device('/cpu:0'), cosine similarity",
           patches=(
               _p("num_steps = 3000000", "num_steps = 100", SHORT),
               _p("display_step = 10000", "display_step = 50", SHORT),
               _p("eval_step = 200000", "eval_step = 100", SHORT),
               _p("""    print("Downloading the dataset... (It may take some time)")
    filename, _ = urllib.urlretrieve(url, data_path)""",
                  "from _data import write_text8_zip\nwrite_text8_zip(data_path)", DATA),
               _p("    text_words = f.read(f.namelist()[0]).lower().split()",
                  "text_words = f.read(f.namelist()[0]).decode().lower().split()", PY3),
               _p("    for step in xrange(1, num_steps + 1):", "for step in range(1, num_steps + 1):", PY3),
               _p("            for i in xrange(len(eval_words)):", "for i in range(len(eval_words)):", PY3),
               _p("                for k in xrange(top_k):", "for k in range(top_k):", PY3),
           )),
    Script("ad1_multilayer_perceptron", _ad1("3_NeuralNetworks/multilayer_perceptron.py",
                                             "f06f3fa31ee96d9a8cfc1f1b508ffbd3a3531c45cc985a4ba334a57855a70122"),
           "v1", "MLP with random_normal weights, softmax_cross_entropy_with_logits, Adam",
           patches=(MNIST_V1, _p("training_epochs = 15", "training_epochs = 2", SHORT))),
    Script("ad1_neural_network_raw", _ad1("3_NeuralNetworks/neural_network_raw.py",
                                          "2fd71c58f7100bb0285c3855aaa61eb40473bce684688a0b8a60dd5d02f7384f"),
           "v1", "MLP, Adam, accuracy via equal/argmax/cast",
           patches=(MNIST_V1, _p("num_steps = 500", "num_steps = 60", SHORT),
                    _p("display_step = 100", "display_step = 20", SHORT))),
    Script("ad1_autoencoder", _ad1("3_NeuralNetworks/autoencoder.py",
                                   "6a3a1226da8f7b7ef7f381b8499bea555d7049e7384b46a37296046187854c00"),
           "v1", "sigmoid autoencoder, tf.pow, RMSProp",
           patches=(MNIST_V1, _p("num_steps = 30000", "num_steps = 60", SHORT),
                    _p("display_step = 1000", "display_step = 20", SHORT))),
    Script("ad1_convolutional_network_raw", _ad1("3_NeuralNetworks/convolutional_network_raw.py",
                                                 "8f44b4897c40d78c2dd51c4ee0c49b71c95b4e95745f80facf7520b99b3d0c49"),
           "v1", "conv2d/bias_add/max_pool, dropout with keep_prob placeholder (TF1 signature), Adam",
           patches=(MNIST_V1, _p("num_steps = 200", "num_steps = 12", SHORT),
                    _p("display_step = 10", "display_step = 4", SHORT))),
    Script("ad1_gan", _ad1("3_NeuralNetworks/gan.py",
                           "264ab5707ca69f6e16e44fdc17a4c994059e631666ab231b9f58e36e6afc7820"),
           "v1", "GAN: two Adam optimizers with var_list, tf.log of sigmoid outputs",
           patches=(MNIST_V1, _p("num_steps = 100000", "num_steps = 50", SHORT),
                    _p("    plt.waitforbuttonpress()", "", PLOT),
                    _p("g = np.reshape(g, newshape=(4, 28, 28, 1))", "g = np.reshape(g, (4, 28, 28, 1))", NUMPY2),
                    _NP2_IMG)),
    Script("ad1_dcgan", _ad1("3_NeuralNetworks/dcgan.py",
                             "f1386960417aa8672402e6e320fe9d456341880fd7bf4030381c13a2445d337b"),
           "v1", "tf.layers conv2d/conv2d_transpose/average_pooling2d/dense under variable_scope reuse, "
                 "tf.contrib.layers.flatten, get_collection(TRAINABLE_VARIABLES, scope=)",
           tf_runs=False,
           patches=(MNIST_V1, _p("num_steps = 20000", "num_steps = 6", SHORT),
                    _p("    plt.waitforbuttonpress()", "", PLOT),
                    _p("batch_x = np.reshape(batch_x, newshape=[-1, 28, 28, 1])",
                       "batch_x = np.reshape(batch_x, [-1, 28, 28, 1])", NUMPY2),
                    _NP2_IMG)),
    Script("ad1_variational_autoencoder", _ad1("3_NeuralNetworks/variational_autoencoder.py",
                                               "a48d3a4bbc182609c78668e8be921379d70abdb3e84a30fc66c2eecc222b2ae8"),
           "v1", "VAE: reparameterisation with random_normal(tf.shape(...)), RMSProp, graph extended after training",
           patches=(MNIST_V1, _p("num_steps = 30000", "num_steps = 40", SHORT),
                    _p("from scipy.stats import norm", "", "scipy is not installed here (import unused)"),
                    _p("    n = 20", "n = 4", SHORT))),
    Script("ad1_dynamic_rnn", _ad1("3_NeuralNetworks/dynamic_rnn.py",
                                   "4af21b0e7c3cb7c5342003dc2bb1d6b3a5387a662530675ce1ab4b793e921853"),
           "v1", "tf.contrib.rnn.BasicLSTMCell + static_rnn with sequence_length, unstack/stack/gather",
           tf_runs=False,
           patches=(_p("training_steps = 10000", "training_steps = 20", SHORT),
                    _p("display_step = 200", "display_step = 10", SHORT))),
    Script("ad1_recurrent_network", _ad1("3_NeuralNetworks/recurrent_network.py",
                                         "b4d3fb3dea8df170850cabd4e67ea48a37fae91195853d552a816648a3dc97c1"),
           "v1", "from tensorflow.contrib import rnn; BasicLSTMCell + static_rnn over 28 steps",
           tf_runs=False,
           patches=(MNIST_V1, _p("training_steps = 10000", "training_steps = 10", SHORT),
                    _p("display_step = 200", "display_step = 5", SHORT))),
    Script("ad1_bidirectional_rnn", _ad1("3_NeuralNetworks/bidirectional_rnn.py",
                                         "3d8ca77cd7538bc79fe9d157e1160499a08b9223bb1c7864c9165adbbf01b35a"),
           "v1", "tf.contrib.rnn static_bidirectional_rnn with two BasicLSTMCells",
           tf_runs=False,
           patches=(MNIST_V1, _p("training_steps = 10000", "training_steps = 10", SHORT),
                    _p("display_step = 200", "display_step = 5", SHORT))),
    Script("ad1_save_restore_model", _ad1("4_Utils/save_restore_model.py",
                                          "e7f5681911f3ebc27a13f9bd83c1b80b88d0840f0bf291ea9b5b23687a28a109"),
           "v1", "tf.train.Saver save/restore across two Sessions, Adam slots restored",
           patches=(MNIST_V1, _p('model_path = "/tmp/model.ckpt"', 'model_path = "model.ckpt"', FILES),
                    _p("    for epoch in range(3):", "for epoch in range(1):", SHORT),
                    _p("    for epoch in range(7):", "for epoch in range(1):", SHORT))),
    Script("ad1_tensorboard_basic", _ad1("4_Utils/tensorboard_basic.py",
                                         "8175c87ee43ab4d74358d5d394775f3abac48fd6538c7b38f77cd80a4101754b"),
           "v1", "name_scope, summary.scalar, merge_all, FileWriter with graph, add_summary",
           patches=(MNIST_V1, _p("training_epochs = 25", "training_epochs = 2", SHORT),
                    _p("logs_path = '/tmp/tensorflow_logs/example/'", "logs_path = 'tensorflow_logs/example/'",
                       FILES))),
    Script("ad1_tensorboard_advanced", _ad1("4_Utils/tensorboard_advanced.py",
                                            "a15e376a9bab5926f04f4a44fe943938f5cecc8bb2ae4b81b9d17c72e99c5df5"),
           "v1", "compute_gradients/apply_gradients, histogram summaries of activations and gradients",
           patches=(MNIST_V1, _p("training_epochs = 25", "training_epochs = 1", SHORT),
                    _p("logs_path = '/tmp/tensorflow_logs/example/'", "logs_path = 'tensorflow_logs/example/'",
                       FILES))),
    Script("ad1_tensorflow_dataset_api", _ad1("5_DataManagement/tensorflow_dataset_api.py",
                                              "f7890eb8cb8b824e35c46adb1d783a31039c9847602ff8e2bb130daf04ef0845"),
           "v1", "tf.data in graph mode: from_tensor_slices/repeat/batch/prefetch, make_initializable_iterator, "
                 "tf.layers CNN fed by iterator.get_next()",
           patches=(MNIST_V1, _p("num_steps = 2000", "num_steps = 10", SHORT),
                    _p("display_step = 100", "display_step = 5", SHORT))),
    # ---------------------------------------------------------------------------------------------------------
    # MorvanZhou/Tensorflow-Tutorial, tutorial-contents (TF 1.x, tf.layers)
    # ---------------------------------------------------------------------------------------------------------
    Script("mz_201_session", _mz("201_session.py", "6fdf3b477ba2041d013a32adff31535ec6c940f052b424e44ea619ca8cc58ebb"),
           "v1", "print(Tensor) repr in graph mode, Session.close, context-managed Session", outcome="matches"),
    Script("mz_202_placeholder", _mz("202_placeholder.py",
                                     "010e77b467bdd5f6f5622f0d4ed2270bf17a88c3f6cf4c45cbe215da1e540286"),
           "v1", "placeholders with shape=None and fixed shapes, fetch lists", outcome="matches"),
    Script("mz_203_variable", _mz("203_variable.py",
                                  "26f87a2ff6851de00b9fed53d54a14dc3f61b4fd4f46fa034b075beb04db8a22"),
           "v1", "int Variable, tf.assign(var, tf.add(var, 1)) run in a loop", outcome="matches"),
    Script("mz_301_simple_regression", _mz("301_simple_regression.py",
                                           "1ebb9b72ae66bcb90a6b7393b740e4ae3b72aefe948b73f3b48145f787b88d10"),
           "v1", "tf.layers.dense, tf.losses.mean_squared_error, plt.ion/pause animation",
           patches=(_p("for step in range(100):", "for step in range(20):", SHORT),)),
    Script("mz_302_simple_classification", _mz("302_simple_classification.py",
                                               "883c6c144b40feddc817f69840eed9e1d1525a84c441e797517f5096c4fe9118"),
           "v1", "tf.losses.sparse_softmax_cross_entropy, tf.metrics.accuracy local variables, tf.group of "
                 "initializers", patches=(_p("for step in range(100):", "for step in range(20):", SHORT),)),
    Script("mz_303_save_reload", _mz("303_save_reload.py",
                                     "3e31f8e12ca13600a5be075bce73b44bdb5996fdfa1c35bd164319e59e57ca43"),
           "v1", "Saver.save(write_meta_graph=False), reset_default_graph, rebuild and Saver.restore"),
    Script("mz_304_optimizer", _mz("304_optimizer.py",
                                   "9a4e6cb1f3d28b95fee70fe1411d7b74f20a1d1ed2c8ddd4fd71c39d552798ee"),
           "v1", "four nets trained by SGD/Momentum/RMSProp/Adam passed as classes with **kwargs",
           patches=(_p("for step in range(300):          # for each training step", "for step in range(40):",
                       SHORT),)),
    Script("mz_306_dataset", _mz("306_dataset.py", "7fad321ab710a6d85e0c230bfc3e3e2e0a43737eb1ae9233a68e141904530fc6"),
           "v1", "tf.data from placeholders (feedable initializable iterator), shuffle/batch/repeat, "
                 "feeding get_next() outputs directly, OutOfRangeError"),
    Script("mz_401_CNN", _mz("401_CNN.py", "42db0ef5a6bec9713c1ec752d7d9fd3a5851ac824272f95735c6e7cf72a796af"),
           "v1", "tf.layers.conv2d/max_pooling2d/dense, tf.losses.softmax_cross_entropy, tf.metrics.accuracy",
           patches=(MNIST_V1, _p("for step in range(600):", "for step in range(30):", SHORT),
                    _p("    if step % 50 == 0:", "if step % 10 == 0:", SHORT))),
    Script("mz_402_RNN_classification", _mz("402_RNN_classification.py",
                                            "12036a66caf92e7cf41f363317a84b09165cf25ac4c8ef303f3670388aa2632c"),
           "v1", "tf.nn.rnn_cell.LSTMCell + tf.nn.dynamic_rnn (batch-major), outputs[:, -1, :]",
           patches=(MNIST_V1, _p("for step in range(1200):    # training", "for step in range(10):", SHORT),
                    _p("    if step % 50 == 0:      # testing", "if step % 5 == 0:", SHORT))),
    Script("mz_403_RNN_regression", _mz("403_RNN_regression.py",
                                        "a55b1c55922566e449d7cb26649fd18b3ec390baca4a476d36fda2e806e425de"),
           "v1", "LSTMCell.zero_state, dynamic_rnn with initial_state, feeding an LSTMStateTuple back as state",
           patches=(_p("for step in range(60):", "for step in range(15):", SHORT),)),
    Script("mz_404_AutoEncoder", _mz("404_AutoEncoder.py",
                                     "10dba51d9b226e839935818880c0f4b300a7ace6068c02391148658c21c07ad9"),
           "v1", "8 stacked tf.layers.dense, Adam, 3-D plot of the code",
           patches=(MNIST_V1, _p("for step in range(8000):", "for step in range(40):", SHORT),
                    _p("    if step % 100 == 0:     # plotting", "if step % 20 == 0:", SHORT))),
    Script("mz_405_DQN_reinforcement_learning", _mz("405_DQN_reinforcement_learning.py",
                                                    "34e9e211c7f5e4d44ee61cfad0111748420349b39c666294f00d96d6fee7e9e5"),
           "v1", "DQN on CartPole (numpy gym stub): gather_nd of stacked indices, squared_difference, "
                 "get_collection(GLOBAL_VARIABLES, scope) + tf.assign target-net copies built in the loop",
           patches=(_p("MEMORY_CAPACITY = 2000", "MEMORY_CAPACITY = 100", SHORT),
                    _p("for i_episode in range(400):", "for i_episode in range(12):", SHORT))),
    Script("mz_406_GAN", _mz("406_GAN.py", "2d7b493be0f40e3cf80ef438bc3a9634102b6eff63aec182faf7a5228df1b90b"),
           "v1", "tf.layers.dense(reuse=True, name=...) weight sharing, var_list from scoped collections, "
                 "fetching train ops in one run",
           patches=(_p("for step in range(5000):", "for step in range(100):", SHORT),)),
    Script("mz_501_dropout", _mz("501_dropout.py", "b6e4e0a9851209e58861c062537a0128ac67193e26721c5649c65f2bfecc4e4e"),
           "v1", "tf.layers.dropout(training=bool placeholder), two models trained in one run",
           patches=(_p("for t in range(500):", "for t in range(50):", SHORT),)),
    Script("mz_502_batch_normalization", _mz("502_batch_normalization.py",
                                             "bcf2e3628bfe10658e3689deb2d8877688b740481987b826e8d2ad7bc3688e11"),
           "v1", "tf.layers.batch_normalization(training=placeholder), UPDATE_OPS + control_dependencies, "
                 "fetching lists of tensors",
           patches=(_p("N_SAMPLES = 2000", "N_SAMPLES = 400", SHORT), _p("EPOCH = 12", "EPOCH = 2", SHORT))),
    Script("mz_503_visualize_gradient_descent", _mz("503_visualize_gradient_descent.py",
                                                    "d5e4a07b4886fc47c14ab91d0b280d9dce62bba0a3ab05e809d7904cf0c182c1"),
           "v1", "numpy float64 array minus a float32 Tensor (__array_priority__), sin/cos of Variables, SGD",
           outcome="matches",
           patches=(_p("noise = np.random.randn(200)/10", "np.random.seed(0)\nnoise = np.random.randn(200)/10", SEED),
                    _p("    for t in range(400):", "for t in range(100):", SHORT))),
    Script("mzrl_AC_CartPole", Source("MorvanZhou/Reinforcement-learning-with-tensorflow",
                                      "contents/8_Actor_Critic_Advantage/AC_CartPole.py",
                                      "93e333484be0e262d28b65507b6a1d002424a056", _MIT,
                                      "d13743bc99da55415f836dbc5c93c72defab08d9d183199e3dace2a92e55530e"),
           "v1", "actor-critic on CartPole (numpy gym stub): acts_prob[0, a] with a fed int placeholder, "
                 "minimize(-exp_v), TD error fetched and fed back",
           patches=(_p("MAX_EPISODE = 3000", "MAX_EPISODE = 12", SHORT),)),
    # ---------------------------------------------------------------------------------------------------------
    # wiseodd/generative-models (TF 1.x GANs and VAEs, raw variables)
    # ---------------------------------------------------------------------------------------------------------
    Script("wo_gan", _wo("GAN/vanilla_gan/gan_tensorflow.py",
                         "5e93069c67a20981bc0c5df467c3f39953ab1c28d6e623a65a52382c68e4411a"),
           "v1", "GAN with sigmoid_cross_entropy_with_logits and ones_like/zeros_like, Adam var_list",
           patches=_wo_patches(2)),
    Script("wo_wgan", _wo("GAN/wasserstein_gan/wgan_tensorflow.py",
                          "d9144c651ce5e6ea5202eca19aedc21c4943082da0f08a8c3104219a844cc1e5"),
           "v1", "WGAN: critic weight clipping via [p.assign(tf.clip_by_value(p, -c, c))] fetched with the "
                 "train op, RMSProp minimize(-loss)",
           patches=(MNIST_V1, _p("for it in range(1000000):", "for it in range(16):", SHORT),
                    _p("    if it % 100 == 0:", "if it % 15 == 0:", SHORT))),
    Script("wo_wgan_gp", _wo("GAN/improved_wasserstein_gan/wgan_gp_tensorflow.py",
                             "378e2abfda6ec9831d6baaafe6c68076fd2d7509970bf2f19e54455715c6ea85"),
           "v1", "WGAN-GP: tf.gradients of the critic w.r.t. interpolates inside the loss (double backprop), "
                 "Adam(beta1=0.5)",
           patches=(MNIST_V1, _p("for it in range(1000000):", "for it in range(16):", SHORT),
                    _p("if it % 1000 == 0:", "if it % 15 == 0:", SHORT, count=2))),
    Script("wo_lsgan", _wo("GAN/least_squares_gan/lsgan_tensorflow.py",
                           "5b69a44440eb39a51cf552323355852bd542bad5f0cf884e7f279a0f2216f09b"),
           "v1", "least-squares GAN losses, Adam", patches=_wo_patches(1)),
    Script("wo_infogan", _wo("GAN/infogan/infogan_tensorflow.py",
                             "5bb774d05b3af3c86cffd8fe93023c7deb54b789485782b5df690f225bca06be"),
           "v1", "InfoGAN: three Adam optimizers, var_list list concatenation, tf.concat of noise and code",
           patches=_wo_patches(2)),
    Script("wo_vae", _wo("VAE/vanilla_vae/vae_tensorflow.py",
                         "d8a9c78d8ca0cb404f8f7ca5c24a5211172aa9702674bd24f03103732cdb70b1"),
           "v1", "VAE: sigmoid_cross_entropy_with_logits reconstruction, KL term, reparameterisation",
           patches=_wo_patches(1)),
    Script("wo_cvae", _wo("VAE/conditional_vae/cvae_tensorflow.py",
                          "d2448370e05b255d8d210eecc5581d90d768e1c6d11b33b43bccddd8d2b0d0c4"),
           "v1", "conditional VAE: tf.concat([x, y], axis=1) conditioning, Adam",
           patches=_wo_patches(1)),
    Script("wo_aae", _wo("VAE/adversarial_autoencoder/aae_tensorflow.py",
                         "e11a61ac3b4385050bc2deb533864743c4c2fbbd7c1c19cb25d0e5914f7f13d9"),
           "v1", "adversarial autoencoder: three optimizers over disjoint var lists",
           patches=_wo_patches(1)),
    # ---------------------------------------------------------------------------------------------------------
    # aymericdamien/TensorFlow-Examples, tensorflow_v2/notebooks (TF 2.x; notebooks run as scripts)
    # ---------------------------------------------------------------------------------------------------------
    Script("ad2_helloworld", _ad2("1_Introduction/helloworld.ipynb",
                                  "31927098b12ecf1b74901091123f6241888e3ade584707e5364ff7730ceac7bd"),
           "v2", "string tensor print and .numpy()",
           outcome="matches"),
    Script("ad2_basic_operations", _ad2("1_Introduction/basic_operations.ipynb",
                                        "e33d3d387555880a1290377c514d05bdcd8e098ef9c1ddb7e263fc98d0e3fa37"),
           "v2", "eager tensor printing: add/subtract/multiply/divide, reduce_mean/sum, matmul, numpy()",
           outcome="matches"),
    Script("ad2_linear_regression", _ad2("2_BasicModels/linear_regression.ipynb",
                                         "b3a78e3aa7ae8e6cc91b6f67c19554deb70ace0560ed9910dc4821315117f321"),
           "v2", "float64 Variables from numpy scalars, GradientTape, tf.optimizers.SGD.apply_gradients(zip)",
           outcome="matches",
           patches=(_p("rng = np.random", "rng = np.random\nnp.random.seed(0)", SEED),
                    *_steps("1000", "200", "50", "20"))),
    Script("ad2_logistic_regression", _ad2("2_BasicModels/logistic_regression.ipynb",
                                           "62ce5c5db75e1587c35bf0f4ff4b9defa5e7274d14eaf711a8c2fab968558c2d"),
           "v2", "tf.data repeat/shuffle/batch/prefetch/take, one_hot, clip_by_value, SGD on raw Variables",
           patches=(KERAS_MNIST, *_steps("1000", "40", "50", "10"))),
    Script("ad2_word2vec", _ad2("2_BasicModels/word2vec.ipynb",
                                "dad431cd4172d86762e51fbbf88fb9cf79838b15374543db14bcf416e8c408ca"),
           "v2", "embedding_lookup + nce_loss in eager mode with tf.device('/cpu:0'), cosine similarity",
           patches=(_p("num_steps = 3000000", "num_steps = 100", SHORT),
                    _p("display_step = 10000", "display_step = 50", SHORT),
                    _p("eval_step = 200000", "eval_step = 100", SHORT),
                    _p("""    print("Downloading the dataset... (It may take some time)")
    filename, _ = urllib.urlretrieve(url, data_path)""",
                       "from _data import write_text8_zip\nwrite_text8_zip(data_path)", DATA),
                    _p("    text_words = f.read(f.namelist()[0]).lower().split()",
                       "text_words = f.read(f.namelist()[0]).decode().lower().split()", PY3),
                    _p("for step in xrange(1, num_steps + 1):", "for step in range(1, num_steps + 1):", PY3),
                    _p("        for i in xrange(len(eval_words)):", "for i in range(len(eval_words)):", PY3),
                    _p("            for k in xrange(top_k):", "for k in range(top_k):", PY3))),
    Script("ad2_autoencoder", _ad2("3_NeuralNetworks/autoencoder.ipynb",
                                   "ce70d8b1d1b64fba470d05d10f1a6d20b7e12e94b731a753404d7c6ef2beeceb"),
           "v2", "sigmoid autoencoder on raw Variables, RMSprop, GradientTape",
           patches=(KERAS_MNIST, *_steps("20000", "40", "1000", "10"),
                    _p("trainable_variables = weights.values() + biases.values()",
                       "trainable_variables = list(weights.values()) + list(biases.values())", PY3))),
    Script("ad2_bidirectional_rnn", _ad2("3_NeuralNetworks/bidirectional_rnn.ipynb",
                                         "f1c6c6b9a66c855e5f148a668c46824f9e6d0256500f32b26938af334fc1048d"),
           "v2", "keras Bidirectional(LSTM) inside a subclassed Model, trained with GradientTape",
           patches=(KERAS_MNIST, *_steps("1000", "10", "100", "5"))),
    Script("ad2_convolutional_network", _ad2("3_NeuralNetworks/convolutional_network.ipynb",
                                             "dedb423dce71c4e2b61758ecca46604838813499e56eb942e062916606a028a4"),
           "v2", "subclassed keras Model with Conv2D/MaxPool2D/Flatten/Dense/Dropout(training=...), GradientTape",
           patches=(KERAS_MNIST, *_steps("200", "10", "10", "5"))),
    Script("ad2_convolutional_network_raw", _ad2("3_NeuralNetworks/convolutional_network_raw.ipynb",
                                                 "a67ea1575f97b4c21fa3f011f357a920443598e3ca3efcf9bbbd69ecdd818360"),
           "v2", "conv2d/max_pool on raw Variables from tf.initializers.RandomNormal, Adam",
           patches=(KERAS_MNIST, *_steps("200", "10", "10", "5"))),
    Script("ad2_dcgan", _ad2("3_NeuralNetworks/dcgan.ipynb",
                             "20e0de69065c8477319e9efd55ee1befb988507563ff731520b199480b0b4f39"),
           "v2", "DCGAN: keras Conv2DTranspose/BatchNormalization(training=)/LeakyReLU in subclassed Models, "
                 "two tapes",
           patches=(KERAS_MNIST, *_steps("20000", "4", "500", "2"))),
    Script("ad2_dynamic_rnn", _ad2("3_NeuralNetworks/dynamic_rnn.ipynb",
                                   "37dc6ff2b0a576071ce370286d054750bbf0a05915dba63d4b2a95cd4c774174"),
           "v2", "variable-length toy sequences: keras LSTM with a mask from sequence lengths",
           patches=_steps("2000", "20", "100", "10")),
    Script("ad2_neural_network", _ad2("3_NeuralNetworks/neural_network.ipynb",
                                      "c9e833e918852e8384a84f31b0e06223835afce2aa2dc952e65b267d2fbaca08"),
           "v2", "subclassed keras Model (Dense layers) with a python bool call argument, SGD",
           patches=(KERAS_MNIST, *_steps("2000", "40", "100", "10"))),
    Script("ad2_neural_network_raw", _ad2("3_NeuralNetworks/neural_network_raw.ipynb",
                                          "a8da86b7ecf5c40db20f1fa55497a0de358256647e4c5941cb8d251a08ea2018"),
           "v2", "MLP on raw Variables, tf.optimizers.SGD",
           patches=(KERAS_MNIST, *_steps("3000", "40", "100", "10"))),
    Script("ad2_recurrent_network", _ad2("3_NeuralNetworks/recurrent_network.ipynb",
                                         "5d6ad60b93c51dfac7d46ad323053f13a841bc82d97aed7e3997177f0118ad71"),
           "v2", "keras LSTM layer in a subclassed Model over 28-step sequences, Adam",
           patches=(KERAS_MNIST, *_steps("1000", "10", "100", "5"))),
    Script("ad2_build_custom_layers", _ad2("4_Utils/build_custom_layers.ipynb",
                                           "3e8adf7e677a4d1886dd09bed6cbbda4ef8bbcceec4b8c57f9b74b4db9c14555"),
           "v2", "custom keras Layer with add_weight in build(), used inside a subclassed Model",
           patches=(KERAS_MNIST, *_steps("500", "20", "50", "10"))),
    Script("ad2_save_restore_model", _ad2("4_Utils/save_restore_model.ipynb",
                                          "6a837692e8fa75708bd2881c592a2b53e3d186785d9593582bdc7e2e4d330e38"),
           "v2", "tf.train.Checkpoint + CheckpointManager save/restore of Variables and optimizer, "
                 "Model.save_weights/load_weights (TF checkpoint format)",
           patches=(KERAS_MNIST, _p("training_steps = 1000", "training_steps = 20", SHORT, count=2),
                    _p("display_step = 50", "display_step = 10", SHORT),
                    _p("display_step = 100", "display_step = 10", SHORT))),
    Script("ad2_tensorboard", _ad2("4_Utils/tensorboard.ipynb",
                                   "ad44a77d7ec3449ef5f7fdbdcb676a83e9fb7bbd4b77077638f60d49d5b67856"),
           "v2", "tf.summary.create_file_writer, trace_on/trace_export, scalar/histogram summaries, tf.function",
           xfail=("TF 2.21 fails too (trace_on(profiler=True) without profiler_outdir, as TF does): "
                  "UnavailableError: Cannot export profiling results. No profiler is running."),
           tf_runs=False,
           patches=(KERAS_MNIST, *_steps("3000", "20", "100", "10"),
                    _p("logs_path = '/tmp/tensorflow_logs/example/'", "logs_path = 'tensorflow_logs/example/'",
                       FILES),
                    _p("trainable_variables = weights.values() + biases.values()",
                       "trainable_variables = list(weights.values()) + list(biases.values())", PY3))),
    # ---------------------------------------------------------------------------------------------------------
    # tensorflow/docs, site/en/guide (TF 2.x guide notebooks; Keras in custom training loops)
    # ---------------------------------------------------------------------------------------------------------
    Script("tfdocs_guide_autodiff", _tfdocs("autodiff.ipynb",
                                            "53150ffb7047894a64785ecbd9f7e85b113fd09bc85d5da5a6637cb92f978d5a"),
           "v2", "GradientTape basics: persistent tapes, dict/list sources, keras Dense trainable_variables, "
                 "watched_variables, None/ZERO unconnected gradients, int sources, LookupError for no gradient",
           outcome="matches",
           # grad['b'] depends on the unseeded tf.random.normal weights (the notebook sets no seed).
           ignore=(r"^<tf.Tensor: shape=\(2,\), dtype=float32, numpy=array\(\[",),
           xfail=("ops/variables + autodiff: type(tf.Variable(2.0)).__name__ prints 'Variable' (TF: "
                  "'ResourceVariable'); GradientTape's LookupError for an op without gradient has tf.gradients' "
                  "wording (TF: 'gradient registry has no entry for: AdjustContrastv2')")),
    Script("tfdocs_guide_advanced_autodiff", _tfdocs(
               "advanced_autodiff.ipynb", "79777d0eb8c611db21b04182052a230ced7afad5413dc21cb04e6125a472f7cb"),
           "v2", "stop_recording/reset/stop_gradient, custom_gradient (also through a SavedModel), nested tapes "
                 "through keras Dense, jacobian/batch_jacobian of Dense and BatchNormalization, Newton step",
           outcome="matches",
           # |gradient - summed jacobian| of unseeded random inputs: a float32 rounding-size number.
           ignore=(r"^delta: ",),
           xfail=("saved_model: a tf.function calling a tf.custom_gradient is exported with the gradient's "
                  "upstream Placeholder and without the custom gradient: InvalidArgumentError: You must feed a "
                  "value for placeholder tensor 'CustomGradient_grad/upstream'; then ops/array_manip_ops: "
                  "tf.pad(constant_values=<Tensor>) TypeError")),
    Script("tfdocs_guide_basic_training_loops", _tfdocs(
               "basic_training_loops.ipynb", "d68ee7e5cf0e9eefb767d46cb2bb05b64ba3158876a2eed324a1c8e37371fefd"),
           "v2", "tf.Module linear model trained by GradientTape + assign_sub, the same as a keras Model "
                 "(save_weights), then compile/fit with SGD and mean_squared_error"),
    Script("tfdocs_guide_function", _tfdocs("function.ipynb",
                                            "cdf798971df77a7d192f965d9c69f74f2bcf80ca1d00d06f07c50764da1639c1"),
           "v2", "tf.function tracing and retracing, input_signature, concrete functions, autograph loops, "
                 "py_function, tf.init_scope, keras Adam inside tf.function (timings and tf.random.uniform "
                 "values printed: 'runs' only)"),
    Script("tfdocs_guide_intro_to_modules", _tfdocs(
               "intro_to_modules.ipynb", "f07a11f006aed784be75ad9a011fa7a6e71283fbe4ede39845fb43d1a16d2db7"),
           "v2", "tf.Module variables/submodules, Checkpoint write/restore, tf.function methods, SavedModel, "
                 "custom keras Layers (build), subclassed and functional keras Models, .keras save/load",
           tf_runs=False,
           xfail=("TF 2.21 fails too (the notebook registers its Model with Keras 3's `import keras`, while "
                  "tf.keras is tf-keras under the reference settings): TypeError: Could not locate class "
                  "'MySequentialModel' in load_model('exname_of_file.keras'); tfcompat: ValueError: Unknown layer: "
                  "'MySequentialModel' (it writes '.keras' as HDF5, not tf-keras's zip format)")),
]


# Scripts taken out of the corpus, and why (kept here so they are not re-added unawares).
DROPPED: dict[str, str] = {
    "nlintz/TensorFlow-Tutorials (00_multiply, 01_linear_regression, 02_logistic_regression, 03_net, "
    "04_modern_net, 05_convolutional_net, 06_autoencoder, 07_lstm, 08_word2vec, 10_save_restore_net, 11_gan; "
    "commit d6bdab7df46492446c48537fcf37e20ba44e8168)":
        "no license in the repository at any commit (no LICENSE file, none stated in README.md), so the files "
        "may not be redistributed in this repository",
}


def by_name(name: str) -> Script:
    """The manifest entry called ``name``."""
    for script in SCRIPTS:
        if script.name == name:
            return script
    raise KeyError(name)
