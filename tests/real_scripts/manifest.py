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
  APIs (as neither TF 2.21 nor tfcompat can run them on NumPy 2), protobuf 3 only uses of proto fields (bools
  in an ``Int64List``), numpy seeds for scripts whose output is compared, and gym 0.26's API from the test gym stub
  (``gym.make(NAME, api="0.26")``; ``stubs/`` also has ``tensorflow_datasets``, ``tqdm`` and ``wandb`` stand-ins,
  unpatched).

``tf_runs`` records whether real TF 2.21 itself runs the patched script (False for ``tf.contrib`` users: TF 2.x
removed contrib, so those have no TF output to compare and only ``runs`` can be the target).
"""
from __future__ import annotations

import dataclasses
import re

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
NUMPY2_INT = "NumPy 2 (the np.int alias of int was removed)"
PROTOBUF = "protobuf 5+ (an Int64List no longer takes bools; neither TF 2.21 nor tfcompat can run the line)"
PANDAS3 = ("pandas 3 (np.split of a DataFrame gives NumPy arrays, as DataFrame.swapaxes was removed; neither TF 2.21 "
           "nor tfcompat can run the line): the same split by iloc")
PANDAS_OBJECT_STRINGS = ("pandas 2's object-dtype string columns (the notebook tests `dtype == object`; pandas 3 "
                         "infers its str dtype, with which neither TF 2.21 nor tfcompat can run it)")
MNIST_FILES = "MNIST idx files from tests/real_scripts/_data.py (mnist_dir) instead of a download"


def _p(old: str, new: str, reason: str, count: int = 1) -> Patch:
    return Patch(old, new, reason, count)


def _mnist(line: str, seed: int | None = None) -> Patch:
    """The script's ``input_data.read_data_sets(DIR, ...)`` line (a whole line, comment included) reading the MNIST
    files ``_data.mnist_dir()`` writes instead of DIR: only the directory changes, so the real
    ``tensorflow.examples.tutorials.mnist.input_data`` loads them (no download). With ``seed``, the call also gets
    ``seed=`` (for a script whose output is compared: unseeded, TF's loader shuffles from the OS's entropy)."""
    call = line.split("  #")[0].rstrip()
    new = re.sub(r"read_data_sets\((['\"]).*?\1", "read_data_sets(_data.mnist_dir()", call, count=1)
    if seed is None:
        return _p(line, "import _data\n" + new, MNIST_FILES)
    return _p(line, "import _data\n" + new[:-1] + f", seed={seed})", f"{MNIST_FILES}; {SEED}")


MNIST_V1 = _mnist('mnist = input_data.read_data_sets("/tmp/data/", one_hot=True)')
_MNIST_WO = _mnist("mnist = input_data.read_data_sets('../../MNIST_data', one_hot=True)")
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


def _tfdocs_at(path: str, sha: str) -> Source:
    """A tensorflow/docs notebook outside site/en/guide (tutorials, guide/core, guide/migrate)."""
    return Source("tensorflow/docs", f"site/en/{path}", "7c3650212740204359d4ceae481abc79345541be", "Apache-2.0", sha)


def _yy(file: str, sha: str) -> Source:
    return Source("YunYang1994/TensorFlow2.0-Examples", file, "299fd6689f242d0f647a96b8844e86325e9fcb46", _MIT, sha)


def _kio(file: str, commit: str, sha: str) -> Source:
    """A keras-team/keras-io guide or example from before Keras 3 (``from tensorflow import keras``)."""
    return Source("keras-team/keras-io", file, commit, "Apache-2.0", sha)


def _ml(file: str, sha: str) -> Source:
    return Source("marload/DeepRL-TensorFlow2", file, "876266d9a5fcf7d8a7c7e3afd8b110085b32b615", "Apache-2.0", sha)


# marload's agents train 1000 CartPole episodes: from main() (the DQN family) or as train()'s default (A2C/PPO/A3C).
_ML_MAIN_EPISODES = _p("    agent.train(max_episodes=1000)", "agent.train(max_episodes=4)", SHORT)
_ML_TRAIN_EPISODES = _p("    def train(self, max_episodes=1000):", "def train(self, max_episodes=4):", SHORT)


MPL39 = "matplotlib 3.9 (cm.get_cmap was removed); plotting only"
GYM026 = ("gym 0.26's API (reset -> (obs, info), step -> 5-tuple), which the test gym stub serves when asked: real gym "
          "has one API per version")


def _keras_dataset(name: str) -> Patch:
    """The notebooks' ``NAME = tf.keras.datasets.NAME`` line, served by ``_data.keras_datasets``."""
    return _p(f"{name} = tf.keras.datasets.{name}", f"from _data import keras_datasets\n{name} = keras_datasets.{name}",
              DATA)


def _mkdtemp_here(var: str, count: int = 1) -> Patch:
    """``VAR = tempfile.mkdtemp()`` made under the working folder (the test's), not the shared /tmp."""
    return _p(f"{var} = tempfile.mkdtemp()", f"{var} = tempfile.mkdtemp(dir='.')", FILES, count)


_YY_MNIST = _p("(x_train, y_train), (x_test, y_test) = tf.keras.datasets.mnist.load_data()",
               "from _data import keras_datasets\n(x_train, y_train), (x_test, y_test) = "
               "keras_datasets.mnist.load_data()", DATA)


def _wo_patches(report_blocks: int) -> tuple:
    """wiseodd's loops: a million iterations, reporting (and plotting) every 1000."""
    return (_MNIST_WO, _p("for it in range(1000000):", "for it in range(16):", SHORT),
            _p("if it % 1000 == 0:", "if it % 15 == 0:", SHORT, count=report_blocks))


# Hvass-Labs/TensorFlow-Tutorials notebooks (MIT), at the last commits before each moved to its own `mnist` module.
_HV_TF14 = "92d3b3cbc95c540f657230163055a1bc0da6d9f1"
_HV_TF13 = "9c48432ab879132ef3f4814cfa18cce425d5fbe0"
_HV_TF19 = "3129d5a67c16cffe22d3ab7580fc87a8de4521e7"


def _hv(file: str, commit: str, sha: str) -> Source:
    return Source("Hvass-Labs/TensorFlow-Tutorials", file, commit, _MIT, sha)


_HV_MNIST = _mnist("data = input_data.read_data_sets('data/MNIST/', one_hot=True)")
_HV_MNIST_SEEDED = _mnist('data = input_data.read_data_sets("data/MNIST/", one_hot=True)', seed=7)
# scikit-learn only makes the confusion matrix, which the notebooks print and plot (PLOT: the call is dropped too).
_HV_SKLEARN = _p("from sklearn.metrics import confusion_matrix", "", PLOT)
_HV_CONFUSION = _p("_nb_display(print_test_accuracy(show_example_errors=True,\n"
                   "                    show_confusion_matrix=True))",
                   "_nb_display(print_test_accuracy())", PLOT)
# The example-error plots draw the first 9 misclassified test images, asserting there are 9: the synthetic MNIST
# is learnt well enough to leave fewer (PLOT: only the plot is dropped; the accuracy is still printed).
_HV_NP_INT = _p("    cls_pred = np.zeros(shape=num_test, dtype=np.int)",
                "cls_pred = np.zeros(shape=num_test, dtype=int)", NUMPY2_INT)
_HV_ERRORS_01 = _p("_nb_display(plot_example_errors())", "", PLOT, count=4)
_HV_ERRORS = _p("_nb_display(print_test_accuracy(show_example_errors=True))", "_nb_display(print_test_accuracy())",
                PLOT, count=2)


def _mzrl(file: str, sha: str) -> Source:
    return Source("MorvanZhou/Reinforcement-learning-with-tensorflow", f"contents/{file}",
                  "93e333484be0e262d28b65507b6a1d002424a056", _MIT, sha)


def _nc(file: str, sha: str) -> Source:
    return Source("nfmcclure/tensorflow_cookbook", file, "d998edfe7df11177df2ea17814be7bd6193788c9", _MIT, sha)


def _hv_short_optimize() -> tuple:
    """The CNN notebooks' optimize() calls of 1, 99, 900 and 9000 iterations: 1, 9, 20 and 20."""
    return (_p("_nb_display(optimize(num_iterations=99))", "_nb_display(optimize(num_iterations=9))", SHORT),
            _p("_nb_display(optimize(num_iterations=900))", "_nb_display(optimize(num_iterations=20))", SHORT),
            _p("_nb_display(optimize(num_iterations=9000))", "_nb_display(optimize(num_iterations=20))", SHORT))


# tensorflow/docs' Keras guides (the keras-io guides of the tf.keras era, mirrored as notebooks on the
# snapshot-keras branch; its last snapshot, 2021-10-29, before the guides moved to keras.io only).
_KERAS_GUIDES_COMMIT = "1553ae1e4a149be71703e2ee60173b3d1e0e8c00"
# (the synthetic MNIST has 6000 training and 1000 test digits; the guides reshape and split 60000 and 10000)
MNIST_SIZES = f"{SHORT} (the synthetic MNIST has 6000 training and 1000 test digits, not 60000 and 10000)"
NO_WEIGHTS = "no pretrained-weights download: the application model keeps its random initial weights"
NUMPY2_INF = "NumPy 2 (np.Inf was removed; neither TF 2.21 nor tfcompat can run the line)"


def _tfdocs_keras(guide: str, sha: str) -> Source:
    """A Keras guide notebook of tensorflow/docs' snapshot-keras branch (``site/en/guide/keras``)."""
    return Source("tensorflow/docs", f"site/en/guide/keras/{guide}", _KERAS_GUIDES_COMMIT, "Apache-2.0", sha)


def _guide_mnist(line: str) -> Patch:
    """A Keras guide's ``... = [tf.]keras.datasets.mnist.load_data()`` line, served by ``_data.keras_datasets``."""
    target, _ = line.split(" = ", 1)
    return _p(line, f"from _data import keras_datasets\n{target} = keras_datasets.mnist.load_data()", DATA)


_GUIDE_MNIST_SIZES = _p('x_train = x_train.reshape(60000, 784).astype("float32") / 255\n'
                        'x_test = x_test.reshape(10000, 784).astype("float32") / 255',
                        'x_train = x_train.reshape(6000, 784).astype("float32") / 255\n'
                        'x_test = x_test.reshape(1000, 784).astype("float32") / 255', MNIST_SIZES)


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
               _mnist('mnist = input_data.read_data_sets("/tmp/data/", one_hot=True)', seed=1),
               _p("training_epochs = 25", "training_epochs = 3", SHORT),
           )),
    Script("ad1_nearest_neighbor", _ad1("2_BasicModels/nearest_neighbor.py",
                                        "845da7198219bf1297258077a7fe9ac323e2d0a35608d17344207add30ae325f"),
           "v1", "tf.negative, reduce_sum(reduction_indices), tf.arg_min, many small Session.run calls",
           outcome="matches", patches=(
               _mnist('mnist = input_data.read_data_sets("/tmp/data/", one_hot=True)', seed=1),
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
           patches=(_mnist('mnist = input_data.read_data_sets("MNIST_data/", one_hot=True)'),
                    _p('model_path = "/tmp/model.ckpt"', 'model_path = "model.ckpt"', FILES),
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
           tf_runs=False,
           patches=(MNIST_V1, _p("num_steps = 2000", "num_steps = 10", SHORT),
                    _p("display_step = 100", "display_step = 5", SHORT))),
    Script("ad1_logistic_regression_eager_api",
           _ad1("2_BasicModels/logistic_regression_eager_api.py",
                "4a9bb5087ee5bfca87631e3d0984ce078700b68bdb9c90e5cf45b1fe11b73765"),
           "v1", "TF1 eager (tf.enable_eager_execution) on input_data's arrays: tf.data batches through "
                 "tfe.Iterator, tfe.implicit_gradients, optimizer.apply_gradients",
           tf_runs=False,
           patches=(_mnist('mnist = input_data.read_data_sets("/tmp/data/", one_hot=False)'),
                    _p("num_steps = 1000", "num_steps = 60", SHORT),
                    _p("display_step = 100", "display_step = 20", SHORT))),
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
           "v1", "tf.layers.conv2d/max_pooling2d/dense, tf.losses.softmax_cross_entropy, tf.metrics.accuracy; "
                 "input_data shuffled from the graph-level seed (tf.set_random_seed)",
           outcome="matches",
           patches=(_mnist("mnist = input_data.read_data_sets('./mnist', one_hot=True)  "
                             "# they has been normalized to range (0,1)"),
                    _p("for step in range(600):", "for step in range(30):", SHORT),
                    _p("    if step % 50 == 0:", "if step % 10 == 0:", SHORT))),
    Script("mz_402_RNN_classification", _mz("402_RNN_classification.py",
                                            "12036a66caf92e7cf41f363317a84b09165cf25ac4c8ef303f3670388aa2632c"),
           "v1", "tf.nn.rnn_cell.LSTMCell + tf.nn.dynamic_rnn (batch-major), outputs[:, -1, :]",
           outcome="matches",
           patches=(_mnist("mnist = input_data.read_data_sets('./mnist', one_hot=True)              "
                             "# they has been normalized to range (0,1)"),
                    _p("for step in range(1200):    # training", "for step in range(10):", SHORT),
                    _p("    if step % 50 == 0:      # testing", "if step % 5 == 0:", SHORT))),
    Script("mz_403_RNN_regression", _mz("403_RNN_regression.py",
                                        "a55b1c55922566e449d7cb26649fd18b3ec390baca4a476d36fda2e806e425de"),
           "v1", "LSTMCell.zero_state, dynamic_rnn with initial_state, feeding an LSTMStateTuple back as state",
           patches=(_p("for step in range(60):", "for step in range(15):", SHORT),)),
    Script("mz_404_AutoEncoder", _mz("404_AutoEncoder.py",
                                     "10dba51d9b226e839935818880c0f4b300a7ace6068c02391148658c21c07ad9"),
           "v1", "8 stacked tf.layers.dense, Adam, 3-D plot of the code",
           outcome="matches",
           patches=(_mnist("mnist = input_data.read_data_sets('./mnist', one_hot=False)     "
                             "# use not one-hotted target data"),
                    _p("for step in range(8000):", "for step in range(40):", SHORT),
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
           patches=(_MNIST_WO, _p("for it in range(1000000):", "for it in range(16):", SHORT),
                    _p("    if it % 100 == 0:", "if it % 15 == 0:", SHORT))),
    Script("wo_wgan_gp", _wo("GAN/improved_wasserstein_gan/wgan_gp_tensorflow.py",
                             "378e2abfda6ec9831d6baaafe6c68076fd2d7509970bf2f19e54455715c6ea85"),
           "v1", "WGAN-GP: tf.gradients of the critic w.r.t. interpolates inside the loss (double backprop), "
                 "Adam(beta1=0.5)",
           patches=(_MNIST_WO, _p("for it in range(1000000):", "for it in range(16):", SHORT),
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
    Script("wo_cgan", _wo("GAN/conditional_gan/cgan_tensorflow.py",
                          "2ca8c12231b5e49b6d6bd00268c70475b1175392159fc56e73cc0c3b895f6bae"),
           "v1", "conditional GAN: one-hot labels from input_data concatenated to noise and images, "
                 "sigmoid_cross_entropy_with_logits, Adam var_list", patches=_wo_patches(2)),
    Script("wo_ebgan", _wo("GAN/ebgan/ebgan_tensorflow.py",
                           "5f593fc6bb7bb5d9d1e1fba8b71f07765fd05b3f3ac34d058d91866f092d549f"),
           "v1", "energy-based GAN: autoencoder discriminator, tf.maximum margin loss", patches=_wo_patches(1)),
    Script("wo_dvae", _wo("VAE/denoising_vae/dvae_tensorflow.py",
                          "019e9b7397379dda8092b98efea48c8e0ecb84353a38e069cd18749d0851d611"),
           "v1", "denoising VAE: numpy noise added to input_data batches, clipping, reparameterised sampling",
           patches=_wo_patches(1)),
    Script("wo_softmax_gan", _wo("GAN/softmax_gan/softmax_gan_tensorflow.py",
                                 "571fc2beaf7dad309303934f098ad2193e8746fef6da1180845a54efc014c54f"),
           "v1", "softmax GAN: partition function over real and fake logits, tf.log(Z), Adam var_list",
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
           ignore=(r"^<tf.Tensor: shape=\(2,\), dtype=float32, numpy=array\(\[",)),
    Script("tfdocs_guide_advanced_autodiff", _tfdocs(
               "advanced_autodiff.ipynb", "79777d0eb8c611db21b04182052a230ced7afad5413dc21cb04e6125a472f7cb"),
           "v2", "stop_recording/reset/stop_gradient, custom_gradient (also through a SavedModel), nested tapes "
                 "through keras Dense, jacobian/batch_jacobian of Dense and BatchNormalization, Newton step",
           outcome="matches",
           # |gradient - summed jacobian| of unseeded random inputs: a float32 rounding-size number.
           ignore=(r"^delta: ",)),
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
                  "'MySequentialModel' in load_model('exname_of_file.keras'); tfcompat fails there too: ValueError: "
                  "Unknown layer: 'MySequentialModel'.)")),
    Script("tfdocs_guide_basics", _tfdocs("basics.ipynb",
                                          "ce8c58e23a6f80bc13cdaeb501a117e5d8be6ef2634fdd29e1f1ef267f9566e1"),
           "v2", "tensors, Variable.assign results (UnreadVariable), tf.function tracing, tf.Module SavedModel, "
                 "a GradientTape fit of a polynomial, keras Sequential compile/fit",
           outcome="matches",
           # The notebook's data and model are unseeded tf.random draws: the losses differ run to run.
           ignore=(r"^Mean squared error for step ",)),
    Script("tfdocs_guide_variable", _tfdocs("variable.ipynb",
                                            "765434655f37991cf51e0903c195d3ffa42ce83e785cf898da61a4dcf82750ec"),
           "v2", "Variable creation, dtype/shape/numpy, assign and its errors, names, trainable, device placement",
           outcome="matches"),
    Script("tfdocs_guide_tensor", _tfdocs("tensor.ipynb",
                                          "1e91fbde23af98240f21a84828d89c593afe49c58720aa065e292acef3e9992b"),
           "v2", "tensor basics: dtypes, shapes, indexing, reshape, broadcasting, convert_to_tensor, ragged, "
                 "string and sparse tensors",
           outcome="matches"),
    Script("tfdocs_guide_tensor_slicing", _tfdocs(
               "tensor_slicing.ipynb", "559d48eeeb689be138508e51c3295d002e12ba6e5e34ad8cc670a0806e70e734"),
           "v2", "slice/strided_slice/gather/gather_nd (strings too), scatter_nd, tensor_scatter_nd_*, "
                 "boolean masks", outcome="matches"),
    Script("tfdocs_guide_checkpoint", _tfdocs("checkpoint.ipynb",
                                              "caedf8c47611d6d70afeaa5c2b63adbb67fe5697b7593dcc5f5e117331284232"),
           "v2", "tf.train.Checkpoint of a keras model, optimizer and tf.data iterator with CheckpointManager, "
                 "resume, deferred restoration, list_variables, ListWrapper/DictWrapper attributes "
                 "(the model's initial weights are unseeded: 'runs')"),
    Script("tfdocs_guide_core_optimizers_core", _tfdocs_at(
               "guide/core/optimizers_core.ipynb",
               "422caa72998b8d92faf69dd224ed8a88680831abc25f4b3c669da3869b9cbcb0"),
           "v2", "gradient descent, momentum and Adam written as tf.Module optimizers with assign_sub/assign "
                 "inside tf.function, convergence on a 1-D and a 2-D function", outcome="matches"),
    Script("tfdocs_guide_migrate_tf1_vs_tf2", _tfdocs_at(
               "guide/migrate/tf1_vs_tf2.ipynb",
               "3ccf390b0cc9ca1424795f1fc4995f084e22928d73dd228ba32dfcb379693d02"),
           "v2", "TF1 vs TF2 behaviour: resource variables, tensor equality switches, ref() keys, control flow "
                 "v2, TensorShape entries",
           xfail=("known deviation hash-tensors: a Variable is hashable (TF2 raises TypeError: Variable is "
                  "unhashable. Instead, use variable.ref() as the key.)"), outcome="matches"),
    Script("tfdocs_tutorial_customization_basics", _tfdocs_at(
               "tutorials/customization/basics.ipynb",
               "9019ef9608ec133b3d5e370b813f8517e3b4d98512ba7e1c23b909b3f13de464"),
           "v2", "tensors and numpy interop, device placement, tf.data from tensors and a text file "
                 "(prints timings: 'runs')"),
    Script("tfdocs_tutorial_customization_custom_layers", _tfdocs_at(
               "tutorials/customization/custom_layers.ipynb",
               "c640ae372e7ae131b1277837ae611890b431ee60b167be920dd1598138c44caa"),
           "v2", "keras Dense/variables, a custom Layer with build/add_weight, a ResNet identity block Model, "
                 "summary(), Sequential (unseeded initial weights: 'runs')"),
    Script("tfdocs_tutorial_distribute_custom_training", _tfdocs_at(
               "tutorials/distribute/custom_training.ipynb",
               "114f621358d80dad805c0bd667a4a76f6ae47683fbee436f689f6518e30bf272"),
           "v2", "MirroredStrategy custom training loop: experimental_distribute_dataset, strategy.run/reduce in "
                 "tf.function, compute_average_loss + scale_regularization_loss, Keras model/optimizer/metrics "
                 "and tf.train.Checkpoint created in strategy.scope(), restore without a strategy, a for loop "
                 "over a distributed dataset inside tf.function (unseeded: 'runs')",
           patches=(_p("fashion_mnist = tf.keras.datasets.fashion_mnist",
                       "from _data import keras_datasets\nfashion_mnist = keras_datasets.fashion_mnist", DATA),
                    _p("EPOCHS = 10", "EPOCHS = 1", SHORT))),
    # ---------------------------------------------------------------------------------------------------------
    # aymericdamien/TensorFlow-Examples (TF1 estimator example)
    # ---------------------------------------------------------------------------------------------------------
    Script("ad1_neural_network", _ad1("3_NeuralNetworks/neural_network.py",
                                      "f91008d37cedf649a9599934b6e6ea3a52ec37b258b0549d62ff8258945ea53b"),
           "v1", "tf.estimator.Estimator(model_fn) in a temp model_dir, numpy_input_fn (shuffle, num_epochs=None), "
           "tf.layers.dense, metrics.accuracy in evaluate (TF 2.21 has no tf.estimator)", tf_runs=False,
           patches=(_mnist('mnist = input_data.read_data_sets("/tmp/data/", one_hot=False)'),
                    _p("num_steps = 1000", "num_steps = 20", SHORT))),
    # ---------------------------------------------------------------------------------------------------------
    # YunYang1994/TensorFlow2.0-Examples (TF2 eager + keras)
    # ---------------------------------------------------------------------------------------------------------
    Script("yy_gradient_tape", _yy("1-Introduction/GradientTape.py",
                                   "1805cd1066e7be87d8c710a51e312b070c91f92265aa498e87066ac822c5bff8"),
           "v2", "GradientTape: watch, persistent tapes, second derivatives, gradients through python control flow",
           outcome="matches"),
    Script("yy_activation", _yy("1-Introduction/activation.py",
                                "9beca064272e0e9e3c296ff9406f3e988eca5acbd64fc55df1453772e42e77c4"),
           "v2", "tf.nn activations on a linspace, plotted (matplotlib Agg)", outcome="matches"),
    Script("yy_variable", _yy("1-Introduction/variable.py",
                              "d109fc6213cb31b0cd33bb895ac5d79d2f9565a7cf4430f3eafdc54b2ca388c9"),
           "v2", "Variables, assign/assign_add, read_value", outcome="matches"),
    Script("yy_basic_operations", _yy("1-Introduction/basic_operations.py",
                                      "827a3991c9b3f4eb1c422af2087572ffee61891db75dc6537fb970efa6d9754e"),
           "v2", "a variable slice's assign (a[0,0].assign), arithmetic, matmul", outcome="matches"),
    Script("yy_cnn", _yy("2-Basical_Models/CNN.py",
                         "fac02f7b92efca8ddde9f50cedb840d095c90a4a30aec8bf19762fbee15e38a7"),
           "v2", "subclassed keras Model (Conv2D/Flatten/Dense), tf.data shuffle/batch, GradientTape train_step "
                 "and test_step in tf.function, keras metrics (unseeded: 'runs')",
           patches=(_p("mnist = tf.keras.datasets.mnist",
                       "from _data import keras_datasets\nmnist = keras_datasets.mnist", DATA),
                    _p("EPOCHS = 5", "EPOCHS = 1", SHORT))),
    Script("yy_linear_regression", _yy("2-Basical_Models/Linear_Regression.py",
                                       "64f78dd4bc1175030258751e188d1ace1fa48a50a3883730cf07bdeb5ed38565"),
           "v2", "a python-class model trained with GradientTape and assign_sub on tf.random data, plotted "
                 "each epoch (unseeded: 'runs')",
           patches=(_p("plt.pause(1)", "", PLOT),)),
    Script("yy_logistic_regression", _yy("2-Basical_Models/Logistic_Regression.py",
                                         "d14ab9e8462e9b564c9cd1cd0f6960bde4d4ae86ad1965aed2b82489b4d082a1"),
           "v2", "softmax regression with tf.losses.binary_crossentropy, keras metrics and tf.optimizers.Adam over "
                 "a shuffled tf.data pipeline (unseeded shuffle: 'runs')",
           patches=(_YY_MNIST, _p("training_epochs = 6", "training_epochs = 1", SHORT))),
    Script("yy_multilayer_perceptron", _yy("2-Basical_Models/Multilayer_Perceptron.py",
                                           "cee554102ff101f95e9716fe8d8f1b7d57718cd153468a583f7c64a45dd7a87f"),
           "v2", "a raw-variable MLP (tf.random.normal weights) trained by GradientTape + SGD over repeat/shuffle/"
                 "batch/prefetch (unseeded: 'runs')",
           patches=(_YY_MNIST, _p("training_steps = 3000", "training_steps = 600", SHORT))),
    # ---------------------------------------------------------------------------------------------------------
    # wave 5: tensorflow/docs tutorials and guides (quickstarts, Keras tutorials, tf.data, migration guides)
    # ---------------------------------------------------------------------------------------------------------
    Script("tfdocs_tutorial_quickstart_beginner", _tfdocs_at(
               "tutorials/quickstart/beginner.ipynb",
               "a107d024300e0de9cec7494d8851db76ed747948c6139fafdc3e060d50cd8c3c"),
           "v2", "keras Sequential (Flatten/Dense/Dropout) on MNIST: logits, softmax, SparseCategoricalCrossentropy "
                 "(from_logits), compile/fit/evaluate, a Softmax-wrapped model (unseeded weights: 'runs')",
           patches=(_keras_dataset("mnist"),)),
    Script("tfdocs_tutorial_quickstart_advanced", _tfdocs_at(
               "tutorials/quickstart/advanced.ipynb",
               "5aa1622b86c0a39e5e4c8891ce31963d3dfffd329dcb5d6e546f65bed227d0e3"),
           "v2", "subclassed keras Model (Conv2D/Flatten/Dense), tf.data from_tensor_slices/shuffle/batch, "
                 "GradientTape train_step and test_step in tf.function, keras Mean/SparseCategoricalAccuracy "
                 "metrics with reset_state (unseeded: 'runs')",
           patches=(_keras_dataset("mnist"), _p("EPOCHS = 5", "EPOCHS = 1", SHORT))),
    Script("tfdocs_tutorial_keras_classification", _tfdocs_at(
               "tutorials/keras/classification.ipynb",
               "a920bf50382ac731eb31a1aef5b02216eaf87c357c5f434c9a34a8437295673c"),
           "v2", "Fashion-MNIST Sequential compile/fit/evaluate, a Softmax probability model, predict on a batch "
                 "and one image, matplotlib plots (unseeded: 'runs')",
           patches=(_keras_dataset("fashion_mnist"),
                    _p("_nb_display(model.fit(train_images, train_labels, epochs=10))",
                       "_nb_display(model.fit(train_images, train_labels, epochs=2))", SHORT))),
    Script("tfdocs_tutorial_images_cnn", _tfdocs_at(
               "tutorials/images/cnn.ipynb", "38903ca91e3775631284fd159c4ca9543cce8fbbf46de0ab4bcabcbca9afb8f4"),
           "v2", "CIFAR-10 keras Sequential CNN (Conv2D/MaxPooling2D/Flatten/Dense), summary(), fit with "
                 "validation_data, History plotted, evaluate (unseeded: 'runs')",
           patches=(_p("(train_images, train_labels), (test_images, test_labels) = datasets.cifar10.load_data()",
                       "from _data import keras_datasets\n(train_images, train_labels), (test_images, test_labels)"
                       " = keras_datasets.cifar10.load_data()", DATA),
                    _p("history = model.fit(train_images, train_labels, epochs=10, ",
                       "history = model.fit(train_images, train_labels, epochs=2,", SHORT))),
    Script("tfdocs_tutorial_keras_save_and_load", _tfdocs_at(
               "tutorials/keras/save_and_load.ipynb",
               "cf7e92a22d9728a45f9818361ff2edfe2f733966abd332bfbf0b637a3219e9d3"),
           "v2", "ModelCheckpoint (save_weights_only, save_freq), load_weights, latest_checkpoint-style paths, "
                 "save_weights, .keras and HDF5 save/load_model, evaluate of restored models",
           patches=(_p("(train_images, train_labels), (test_images, test_labels) = "
                       "tf.keras.datasets.mnist.load_data()",
                       "from _data import keras_datasets\n(train_images, train_labels), (test_images, test_labels)"
                       " = keras_datasets.mnist.load_data()", DATA),)),
    Script("tfdocs_tutorial_load_data_numpy", _tfdocs_at(
               "tutorials/load_data/numpy.ipynb", "26d05ed5cb3447cdddd6336ec26e07da785fc6a178ac4068d9dbaf5432149283"),
           "v2", "np.load of mnist.npz, Dataset.from_tensor_slices of numpy arrays, shuffle/batch, keras fit on "
                 "a dataset (unseeded: 'runs')",
           patches=(_p("path = tf.keras.utils.get_file('mnist.npz', DATA_URL)",
                       "import _data\npath = _data.write_mnist_npz()", DATA),)),
    Script("tfdocs_tutorial_distribute_input", _tfdocs_at(
               "tutorials/distribute/input.ipynb", "7e9d07cb12c03f90f782667bf545273c4a69f8a3350bc434f4f0c79b338e314e"),
           "v2", "MirroredStrategy input: experimental_distribute_dataset, distribute_datasets_from_function with "
                 "InputContext, iterating distributed datasets in and out of tf.function, get_next_as_optional, "
                 "element_spec, InputOptions (TF splits over 2 logical CPUs, tfcompat runs one replica: 'runs')"),
    Script("tfdocs_guide_intro_to_graphs", _tfdocs("intro_to_graphs.ipynb",
                                                   "8761dceb5b816282511ebc913239e57954731d9b4862d8e2d6c980fa9ced2683"),
           "v2", "tf.function vs eager, get_concrete_function().graph.as_graph_def(), polymorphism and retracing, "
                 "run_functions_eagerly, print vs tf.print in graphs, timeit (graph protos and timings printed: "
                 "'runs')"),
    Script("tfdocs_guide_ragged_tensor", _tfdocs("ragged_tensor.ipynb",
                                                 "24f948a465aa75535f95d6389db09b47cb27d545319fe3aca39079b9cf80287e"),
           "v2", "tf.ragged: constant/from_row_lengths/from_value_rowids, ragged math and reductions, indexing, "
                 "to_tensor/from_tensor, tf.data, tf.function and SavedModel with ragged tensors, keras ragged "
                 "Input + LSTM",
           outcome="matches",
           # Unseeded: the embedding table's average (cell 39), the Keras model's losses, step timings and
           # predictions; the History repr names TF's private module (tf_keras.src.callbacks).
           ignore=(r"^\[?\s?\[(\s*-?\d\.[\de+-]*){4}\s*\]", r" - loss: \d", r" - \d+m?s \d+m?s/step",
                   r"^(array\(\[|\[| +)\[\s*-?\d\.[\de+-]*\s*\]", r"\.History object at 0x\?>$")),
    Script("tfdocs_guide_random_numbers", _tfdocs("random_numbers.ipynb",
                                                  "db10744f4ae85ee8a527ee7b87ef6e76635390cde230a220d32563175ba0b4b7"),
           "v2", "tf.random.Generator (from_seed, split, reset, in tf.function, checkpointed), stateless random "
                 "ops, a MirroredStrategy over 2 logical CPUs",
           xfail=("distribute (deliberate): tfcompat runs one replica: UnsupportedAPIError: Strategy.scope of "
                  "tf.distribute.MirroredStrategy(devices=['cpu:0', 'cpu:1'])"), outcome="matches"),
    Script("tfdocs_guide_data_performance", _tfdocs("data_performance.ipynb",
                                                    "024c6e72b5cfb56d04b18d7b8bd9d0afef7eeb48451af6fd85d9e09e07bcc747"),
           "v2", "a tf.data.Dataset subclass built on from_generator (legacy output_types/output_shapes), prefetch, "
                 "interleave, parallel map, cache, vectorized map, flat_map, a timeline plot (timings: 'runs')",
           patches=(_p('cmap = mpl.cm.get_cmap("plasma")', 'cmap = mpl.colormaps["plasma"]', MPL39),)),
    Script("tfdocs_guide_mixed_precision", _tfdocs("mixed_precision.ipynb",
                                                   "4ad9bd59dc75c86e3edfe803460c8da9dcd456e929adcaa543fc44b8baf26178"),
           "v2", "keras mixed_precision.set_global_policy('mixed_float16'), float16 Dense compute with float32 "
                 "variables, a float32 output Activation, LossScaleOptimizer in a custom training loop",
           patches=(_p("(x_train, y_train), (x_test, y_test) = keras.datasets.mnist.load_data()",
                       "from _data import keras_datasets\n(x_train, y_train), (x_test, y_test) = "
                       "keras_datasets.mnist.load_data()", DATA),
                    _p("x_train = x_train.reshape(60000, 784).astype('float32') / 255",
                       "x_train = x_train.reshape(-1, 784).astype('float32') / 255", DATA),
                    _p("x_test = x_test.reshape(10000, 784).astype('float32') / 255",
                       "x_test = x_test.reshape(-1, 784).astype('float32') / 255", DATA))),
    Script("tfdocs_guide_extension_type", _tfdocs("extension_type.ipynb",
                                                  "79c2f0caed676ba0bc132b971f09886fd62aafa2ffe582bf285ad6911a8b0421"),
           "v2", "tf.experimental.ExtensionType: fields, validation, dispatch_for_api, BatchableExtensionType in "
                 "tf.data, tf.function (tf.cond, AutoGraph if/for) and Keras (Input(type_spec=), fit, SavedModel)",
           patches=(_p("input_spec = MaskedTensor.Spec([None, 2], tf.float32)",
                       "tf.keras.utils.set_random_seed(0)\ninput_spec = MaskedTensor.Spec([None, 2], tf.float32)",
                       "Keras weights seeded so TF and tfcompat train the same model (the notebook's are unseeded)"),),
           ignore=(r" - \d+m?s \d+m?s/step - ",),   # fit's step timings
           outcome="matches"),
    Script("tfdocs_guide_tf_numpy", _tfdocs("tf_numpy.ipynb",
                                            "db06d34eb7f6069043cb04f153e298193803ed0e582c3d8838c3de3103f24a9c"),
           "v2", "tf.experimental.numpy: experimental_enable_numpy_behavior, ND arrays, type promotion, "
                 "broadcasting, indexing, interop with NumPy and tf ops, GradientTape through tnp (timings: 'runs')"),
    Script("tfdocs_guide_graph_optimization", _tfdocs(
               "graph_optimization.ipynb", "e9fecf3715fe5e3d98c6ad7e6a42d4f904ac02916f82d307271c3ce58b9a2364"),
           "v2", "tf.config.optimizer.set_experimental_options / get_experimental_options around tf.function "
                 "calls, a scoped-options context manager, timeit (timings printed: 'runs')"),
    Script("tfdocs_guide_gpu", _tfdocs("gpu.ipynb", "b312c02f23c0c891a0f24f7f01acaa999d2b4a00b85b929a6c4015157a981e1d"),
           "v2", "list_physical_devices, set_log_device_placement, tf.device scopes, soft device placement, "
                 "memory growth / logical device configuration (on a CPU-only machine), MirroredStrategy over "
                 "the GPUs found (none here)"),
    Script("tfdocs_guide_distributed_training", _tfdocs(
               "distributed_training.ipynb", "e518dece4c008c7e9b141a079943b23956f5cf5425d236e24f65f72bb4fdcf8a"),
           "v2", "strategy constructors (Mirrored, MultiWorkerMirrored, CentralStorage, default), keras compile/fit "
                 "in strategy.scope(), a custom loop with strategy.run/reduce (the two-GPU MirroredStrategy is "
                 "only built: tfcompat builds it too, as TF, and would refuse to run it)"),
    # tensorflow/docs migration guides: TF1 (tf.compat.v1, Estimator) next to TF2. TF 2.21 has no tf.estimator, so
    # real TF stops at the first Estimator and only 'runs' can be the target.
    Script("tfdocs_guide_migrate_logging_stop_hook", _tfdocs_at(
               "guide/migrate/logging_stop_hook.ipynb",
               "599804ad2db01f2f668bc4bf2a920d61707afb093328b2e1e0d02da61cb84851"),
           "v2", "tf.compat.v1 Estimator with LoggingTensorHook/StopAtStepHook on an input_fn, then keras "
                 "callbacks doing the same in fit", tf_runs=False),
    Script("tfdocs_guide_migrate_sessionrunhook_callback", _tfdocs_at(
               "guide/migrate/sessionrunhook_callback.ipynb",
               "5ba0bee33a5f54bdd54235ee6665a97e8759c37bfd10973ba1cf4f169a002f01"),
           "v2", "a custom SessionRunHook (begin/before_run/after_run) timing Estimator steps, then a keras "
                 "Callback doing the same in fit", tf_runs=False),
    Script("tfdocs_guide_migrate_checkpoint_saver", _tfdocs_at(
               "guide/migrate/checkpoint_saver.ipynb",
               "1a7f16c08fc00674b7b275c06d28f672e6174dc7ad6abd8fcfdd5f699b8f59dc"),
           "v2", "Estimator with RunConfig(save_checkpoints_steps) and numpy_input_fn, train_and_evaluate, then "
                 "keras ModelCheckpoint in fit; directory listings", tf_runs=False,
           patches=(_keras_dataset("mnist"), _mkdtemp_here("path"), _mkdtemp_here("log_dir"))),
    Script("tfdocs_guide_migrate_tensorboard", _tfdocs_at(
               "guide/migrate/tensorboard.ipynb", "1168b2cd7824cd34d00c4d22d12dd34254b9044dc6aa36a67756578ffe3b1a1f"),
           "v2", "Estimator summaries (tf.compat.v1.summary.scalar in model_fn, train_and_evaluate), then the keras "
                 "TensorBoard callback in fit", tf_runs=False,
           patches=(_p("mnist = tf.keras.datasets.mnist # The MNIST dataset.",
                       "from _data import keras_datasets\nmnist = keras_datasets.mnist", DATA),
                    _mkdtemp_here("path"), _mkdtemp_here("log_dir"))),
    Script("tfdocs_guide_migrate_evaluator", _tfdocs_at(
               "guide/migrate/evaluator.ipynb", "282d936a4cb0027a7fd9aa72a3929f7f9d536a693b99552c48360db3055430e3"),
           "v2", "Estimator train_and_evaluate with an EvalSpec, then keras fit with a SidecarEvaluator over the "
                 "saved checkpoints", tf_runs=False,
           patches=(_keras_dataset("mnist"), _mkdtemp_here("log_dir"))),
    Script("tfdocs_guide_migrate_fault_tolerance", _tfdocs_at(
               "guide/migrate/fault_tolerance.ipynb",
               "7ebe89814489f15b1d865a71c0cbc8f4d17d052e95fba69b0f6350664e46e172"),
           "v2", "Estimator resuming from its checkpoints after an interrupted train, then keras BackupAndRestore "
                 "(save_freq, an InterruptingCallback) and a custom loop with CheckpointManager", tf_runs=False,
           patches=(_keras_dataset("mnist"), _mkdtemp_here("path"), _mkdtemp_here("log_dir", 2),
                    _mkdtemp_here("log_dir_2"))),
    Script("tfdocs_guide_migrate_migrating_checkpoints", _tfdocs_at(
               "guide/migrate/migrating_checkpoints.ipynb",
               "b35e293ba52dbf9c93b6b8c9053001557980ee14360310f728e0163919107fa1"),
           "v2", "TF1 Saver and TF2 Checkpoint name-based vs object-based keys, tf.train.list_variables, converting "
                 "checkpoints both ways, Estimator checkpoints", tf_runs=False),
    Script("tfdocs_guide_migrate_migrating_feature_columns", _tfdocs_at(
               "guide/migrate/migrating_feature_columns.ipynb",
               "c17a05698f82c3be0bf002aee1efc85a8e4aca0f8c338ad3a7431e17a172e1e6"),
           "v2", "tf.compat.v1.feature_column (numeric, bucketized, vocabulary, indicator, embedding, hashed, "
                 "crossed) through DenseFeatures next to keras preprocessing layers; an Estimator DNNClassifier",
           tf_runs=False),
    Script("tfdocs_guide_migrate_saved_model", _tfdocs_at(
               "guide/migrate/saved_model.ipynb", "37961edc5f5c769890903496666835bff7d87334764c4bedd809aea8b4b4e41c"),
           "v2", "TF1 SavedModelBuilder and simple_save, Estimator.export_saved_model, TF2 tf.saved_model.save and "
                 "keras save, loading each with tf.saved_model.load and calling signatures", tf_runs=False),
    Script("tfdocs_guide_migrate_migration_debugging", _tfdocs_at(
               "guide/migrate/migration_debugging.ipynb",
               "d411a948cda28ce2a0aeb4ad0647b4d7ceb3b2d837df845b030c7f17da95a489"),
           "v2", "TF1 vs TF2 numerical equivalence checks: DeterministicRandomTestTool, a TF1 graph model vs a "
                 "keras model step by step, Estimator vs keras fit", tf_runs=False,
           xfail=("TF 2.21 fails too (AssertionError at cell 23, as here): tf-keras 2.21's default kernel "
                  "initializers are stateless ops seeded from Python's random, which DeterministicRandomTestTool "
                  "does not reach, so the TF1-style and the Keras model start from different weights")),
    Script("tfdocs_guide_migrate_mirrored_strategy", _tfdocs_at(
               "guide/migrate/mirrored_strategy.ipynb",
               "b85be362b1cbba52ce8341e95bb884e61f5195b79712aa0ae7b37af060693352"),
           "v2", "Estimator with RunConfig(train_distribute=, eval_distribute=MirroredStrategy()) in "
                 "train_and_evaluate, next to keras compile/fit/evaluate in strategy.scope()", tf_runs=False),
    # ---------------------------------------------------------------------------------------------------------
    # wave 5: aymericdamien/TensorFlow-Examples (tensorflow_v2) and YunYang1994/TensorFlow2.0-Examples
    # ---------------------------------------------------------------------------------------------------------
    Script("ad2_tfrecords", _ad2("5_DataManagement/tfrecords.ipynb",
                                 "41a766b06756a384aa49d47f6ecb7407590c18bf04a15dc50388e2a519be379b"),
           "v2", "tf.train.Example/Features/Int64List/FloatList/BytesList, TFRecordWriter, TFRecordDataset, "
                 "parse_single_example with FixedLenFeature, repeat/shuffle/batch/prefetch (unseeded shuffle: "
                 "'runs')",
           patches=(_p('d = requests.get("https://raw.githubusercontent.com/tflearn/tflearn.github.io/master/'
                       'resources/titanic_dataset.csv")\nwith open("titanic_dataset.csv", "wb") as f:\n'
                       '    f.write(d.content)',
                       'import _data\n_data.write_titanic_csv("titanic_dataset.csv")', DATA),
                    _p("    return tf.train.Feature(bytes_list=tf.train.BytesList(value=[data]))",
                       "return tf.train.Feature(bytes_list=tf.train.BytesList(value=[data.encode()]))",
                       "Python 3 (the csv gives str; BytesList takes bytes, as Python 2's str was)"))),
    Script("ad2_gradient_boosted_trees", _ad2("2_BasicModels/gradient_boosted_trees.ipynb",
                                              "084b3df19da25a322c252f3a97c0390a26e91f1402378984173f5bde77d8bfde"),
           "v2", "tf.estimator.BoostedTreesClassifier/Regressor on Boston housing with feature_column numeric and "
                 "bucketized columns, numpy_input_fn (TF 2.21 has no tf.estimator)", tf_runs=False,
           xfail=("estimator (deliberate, not emulated): UnsupportedAPIError: tf.estimator.BoostedTreesClassifier "
                  "is not supported by tfcompat: gradient-boosted trees (TF's BoostedTrees* resource kernels) are not "
                  "emulated"),
           patches=(_p("(x_train, y_train), (x_test, y_test) = boston_housing.load_data()",
                       "from _data import keras_datasets\n(x_train, y_train), (x_test, y_test) = "
                       "keras_datasets.boston_housing.load_data()", DATA),
                    _p("max_steps = 2000", "max_steps = 20", SHORT))),
    Script("yy_helloworld", _yy("1-Introduction/helloworld.py",
                                "6b3c761e861dd420d0eadcbf097b3363db1fa7ad54910b1457a37a92c47aee71"),
           "v2", "a string constant printed as a tensor and as numpy bytes", outcome="matches"),
    Script("yy_autoencoder", _yy("3-Neural_Network_Architecture/autoencoder.py",
                                 "ded6678fed31716d72d466c483ddfc86f00a85a449f854ee48ebf8280519f425"),
           "v2", "subclassed keras Model of two Sequentials, Adam(lr=...), GradientTape steps on random numpy "
                 "batches, predictions reshaped for matplotlib, a 2-D embedding scatter (unseeded: 'runs')",
           patches=(_p("(X_train, y_train), (X_test, y_test) = tf.keras.datasets.mnist.load_data()",
                       "from _data import keras_datasets\n(X_train, y_train), (X_test, y_test) = "
                       "keras_datasets.mnist.load_data()", DATA),
                    _p("for step in range(10000):", "for step in range(401):", SHORT),
                    _p("sample = np.reshape(X_test[:5000], (5000, 784))",
                       "sample = np.reshape(X_test[:1000], (1000, 784))", DATA),
                    _p("label = y_test[:5000]", "label = y_test[:1000]", DATA))),
    # ---------------------------------------------------------------------------------------------------------
    # wave 6: more tensorflow/docs guides and tutorials, aymericdamien/TensorFlow-Examples (tensorflow_v2)
    # ---------------------------------------------------------------------------------------------------------
    Script("tfdocs_guide_sparse_tensor", _tfdocs("sparse_tensor.ipynb",
                                                 "f741af18bdf9974b4c254fd258459e9ca8cc3aaf8e0a975cb26dfff2c5b060b2"),
           "v2", "tf.sparse: SparseTensor construction and repr, from_dense/to_dense, add, sparse_dense_matmul, "
                 "concat/slice, map_values, a keras Input(sparse=True) Dense model, tf.data batch/unbatch/map "
                 "of sparse elements, tf.function, reduce_max",
           outcome="matches",
           # model.predict: the unseeded Dense weights' rows (the all-zero input rows are compared), and its timing.
           ignore=(r"^(array\(\[\[|\s+\[)\s?-?[0-9]\.[0-9]+\s*,", r"ms/step$")),
    Script("tfdocs_guide_core_matrix_core", _tfdocs_at(
               "guide/core/matrix_core.ipynb", "b5890f225f1b974080ded7fb34a2ea149127ae1962b7e6d0e0570d73efb77a64"),
           "v2", "tf.linalg.svd of a random matrix and of an image's channels (batched), einsum low-rank "
                 "reconstructions, tf.size, matplotlib plots (unseeded: 'runs')",
           patches=(_p('img_link = "https://imagen.research.google/main_gallery_images/'
                       'a-photo-of-a-corgi-dog-riding-a-bike-in-times-square.jpg"\n'
                       "img_path = requests.get(img_link, stream=True).raw\n"
                       "I = imread(img_path, 0)",
                       "import _data\nI = _data.photo_uint8()", DATA),)),
    Script("tfdocs_guide_migrate_metrics_optimizers", _tfdocs_at(
               "guide/migrate/metrics_optimizers.ipynb",
               "001a6ebbb1516ea7daaefd376cb6e06e3b910f5ad1bdf2a4400b0c7ad2b70f47"),
           "v2", "tf.compat.v1 Estimator with tf1.metrics.accuracy eval_metric_ops, estimator.add_metrics, then a "
                 "keras functional model ending in argmax compiled with a keras Accuracy metric; Accuracy "
                 "update_state/result", tf_runs=False),
    Script("tfdocs_guide_migrate_migrating_estimator", _tfdocs_at(
               "guide/migrate/migrating_estimator.ipynb",
               "8b69d3e67340983629eea64281ef23a7229daae708e78360e29f4d92f311d0ef"),
           "v2", "tf.compat.v1 Estimator (tf1.layers.Dense, tf1.losses, AdagradOptimizer) train/evaluate, then keras "
                 "Sequential compile/fit/evaluate(return_dict=True) and a Sequential subclass overriding train_step "
                 "with compiled_loss/compiled_metrics", tf_runs=False),
    Script("tfdocs_tutorial_generative_dcgan", _tfdocs_at(
               "tutorials/generative/dcgan.ipynb", "e4469c92cf842e3f2a44d7a00b57288270bda0f51431d86f4b3c57b53ddf18f6"),
           "v2", "DCGAN: keras Sequential generator (Dense/BatchNormalization/LeakyReLU/Conv2DTranspose) and "
                 "discriminator, two GradientTapes in a tf.function train step, two Adam optimizers, "
                 "tf.train.Checkpoint save/restore, matplotlib image grids saved as PNG (unseeded: 'runs')",
           patches=(_p("import imageio", "", PLOT),
                    _p("from IPython import display", "", PLOT),
                    _p("display.clear_output(wait=True)", "", PLOT, count=2),
                    _p("(train_images, train_labels), (_, _) = tf.keras.datasets.mnist.load_data()",
                       "from _data import keras_datasets\n(train_images, train_labels), (_, _) = "
                       "keras_datasets.mnist.load_data()\ntrain_images = train_images[:512]", f"{DATA}; {SHORT}"),
                    _p("EPOCHS = 50", "EPOCHS = 1", SHORT),
                    _p("with imageio.get_writer(anim_file, mode='I') as writer:\n"
                       "  filenames = glob.glob('image*.png')\n"
                       "  filenames = sorted(filenames)\n"
                       "  for filename in filenames:\n"
                       "    image = imageio.imread(filename)\n"
                       "    writer.append_data(image)\n"
                       "  image = imageio.imread(filename)\n"
                       "  writer.append_data(image)", "", PLOT),
                    _p("import tensorflow_docs.vis.embed as embed", "", PLOT),
                    _p("_nb_display(embed.embed_file(anim_file))", "", PLOT))),
    Script("tfdocs_guide_migrate_model_mapping", _tfdocs_at(
               "guide/migrate/model_mapping.ipynb", "a4995135e46fe355fd26fcf8ba99307860eb69cf563f4d15c8176af919e9b51d"),
           "v2", "TF1 model code in TF2: tf.compat.v1.keras.utils.track_tf1_style_variables on layers and modules "
                 "using tf.compat.v1.get_variable / tf.compat.v1.layers, variable_scope reuse, regularization "
                 "losses, mixing in keras layers, checkpoint compatibility (unseeded: 'runs')"),
    Script("tfdocs_guide_tf_numpy_type_promotion", _tfdocs(
               "tf_numpy_type_promotion.ipynb", "99e08ec409e233bf65e05a30a222d0ff9310d74012290376653203f9a55ab584"),
           "v2", "tf.experimental.numpy.experimental_enable_numpy_behavior(dtype_conversion_mode='all'/'safe'): "
                 "the new type promotion lattice, weak tensors from python scalars, errors in safe mode",
           outcome="matches",
           xfail=("experimental (tf.experimental.numpy): UnsupportedAPIError: tf.experimental.numpy."
                  "experimental_enable_numpy_behavior(dtype_conversion_mode='all') is not supported by tfcompat: "
                  "TF's auto dtype conversion (weak tensors) is not emulated")),
    Script("tfdocs_tutorial_load_data_tfrecord", _tfdocs_at(
               "tutorials/load_data/tfrecord.ipynb", "ffbbb30b39143e3c95518e2cba2ed994104d0bf5bacf79fa6409434cba371870"),
           "v2", "tf.train.Example/Feature protos printed and serialized, a tf.py_function serializer, "
                 "TFRecordWriter, TFRecordDataset reprs, parse_single_example with FixedLenFeature defaults, "
                 "decode_jpeg shapes, an image TFRecord file",
           outcome="matches",
           # protobuf (upb) orders a map's entries by a per-process hash seed, under TF too (three TF runs, three
           # orders): the serialized 4-feature Examples and the dict built from feature.items() are not comparable.
           ignore=(r"^<tf\.Tensor: shape=\(\), dtype=string, numpy=b'\\n[QRSU]\\n", r"^\{'feature\d': array\("),
           patches=(_p("import IPython.display as display",
                       "import types\ndisplay = types.SimpleNamespace(display=lambda *args: None, "
                       "Image=lambda *args, **kwargs: None, HTML=lambda *args: None)", PLOT),
                    _p("print(_int64_feature(True))", "print(_int64_feature(int(True)))", PROTOBUF),
                    _p("      'feature0': _int64_feature(feature0),", "'feature0': _int64_feature(int(feature0)),",
                       PROTOBUF),
                    _p("n_observations = int(1e4)", "n_observations = int(1e3)\nnp.random.seed(0)",
                       f"{SHORT}; {SEED}"),
                    _p("cat_in_snow  = tf.keras.utils.get_file(\n"
                       "    '320px-Felis_catus-cat_on_snow.jpg',\n"
                       "    'https://storage.googleapis.com/download.tensorflow.org/example_images/"
                       "320px-Felis_catus-cat_on_snow.jpg')",
                       "import _data\ncat_in_snow = _data.write_jpeg('320px-Felis_catus-cat_on_snow.jpg', 213, 320)",
                       DATA),
                    _p("williamsburg_bridge = tf.keras.utils.get_file(\n"
                       "    '194px-New_East_River_Bridge_from_Brooklyn_det.4a09796u.jpg',\n"
                       "    'https://storage.googleapis.com/download.tensorflow.org/example_images/"
                       "194px-New_East_River_Bridge_from_Brooklyn_det.4a09796u.jpg')",
                       "williamsburg_bridge = _data.write_jpeg("
                       "'194px-New_East_River_Bridge_from_Brooklyn_det.4a09796u.jpg', 240, 194, seed=4)", DATA))),
    Script("tfdocs_tutorial_keras_text_classification", _tfdocs_at(
               "tutorials/keras/text_classification.ipynb",
               "664a9ece83bd3c83c3d5054cfd8fea9605f017c5bb56a11b5058f5011185691b"),
           "v2", "text_dataset_from_directory (validation_split/subset/seed, class_names), TextVectorization with a "
                 "custom standardize (tf.strings.lower/regex_replace) adapted on a dataset, Embedding/"
                 "GlobalAveragePooling1D fit/evaluate, an export model taking raw strings (unseeded: 'runs')",
           patches=(_p('dataset = tf.keras.utils.get_file("aclImdb_v1", url,\n'
                       "                                    untar=True, cache_dir='.',\n"
                       "                                    cache_subdir='')",
                       "import _data\ndataset = _data.write_aclimdb('./aclImdb_v1')", DATA),
                    _p("epochs = 10", "epochs = 2", SHORT))),
    Script("ad2_image_transformation", _ad2("5_DataManagement/image_transformation.ipynb",
                                            "b561b73c15a6a9732cc2751f0ef03731339bcd73bb598b52893c3ad59072933d"),
           "v2", "tf.image random_flip_left_right, adjust_contrast/brightness/saturation/hue with tf.random "
                 "factors, sample_distorted_bounding_box + tf.slice crops, resize, uint8 casts, PIL images of the "
                 "results (random: 'runs')",
           patches=(_p("from IPython.display import Image as IImage, display", "", PLOT),
                    _p('d = requests.get("https://www.paristoolkit.com/Images/'
                       'xeffel_view.jpg.pagespeed.ic.8XcZNqpzSj.jpg")\n'
                       'with open("image.jpeg", "wb") as f:\n'
                       "    f.write(d.content)",
                       'import _data\n_data.write_jpeg("image.jpeg", 180, 240)', DATA))),
    Script("ad2_load_data", _ad2("5_DataManagement/load_data.ipynb",
                                 "74e4336e0774914e2dd2e2752eb2f051c56e1866a612211e100c4febe6f0bab0"),
           "v2", "tf.data from_tensor_slices/repeat/shuffle/batch/prefetch with take and iter/next, "
                 "experimental.CsvDataset with select_cols, a file-list dataset mapped through read_file/"
                 "decode_jpeg/resize/decode_csv, from_generator with output_types (random: 'runs')",
           patches=(_p('d = requests.get("https://raw.githubusercontent.com/tflearn/tflearn.github.io/master/'
                       'resources/titanic_dataset.csv")\nwith open("titanic_dataset.csv", "wb") as f:\n'
                       '    f.write(d.content)',
                       'import _data\n_data.write_titanic_csv("titanic_dataset.csv")', DATA),
                    _p('d = requests.get("http://www.robots.ox.ac.uk/~vgg/data/flowers/17/17flowers.tgz")\n'
                       'with open("17flowers.tgz", "wb") as f:\n'
                       "    f.write(d.content)",
                       '_data.write_flowers17_tgz("17flowers.tgz")', DATA),
                    _p("        return ''.join(random.choice(string.ascii_letters) for m in xrange(length))",
                       "return ''.join(random.choice(string.ascii_letters) for m in range(length))", PY3))),
    Script("ad2_multigpu_training", _ad2("6_Hardware/multigpu_training.ipynb",
                                         "83b39b7ccf9b1f6f57fcfc79b450f2757982fd54072819c56f8d178e46b1c971"),
           "v2", "a VGG-like keras Model with a tf.function call, tower gradients under tf.device('/gpu:%i') "
                 "(soft placement on a CPU-only machine), tf.function over a list of gradient lists, Adam "
                 "apply_gradients, CIFAR-10 through tf.data (unseeded: 'runs')",
           patches=(_p("from tensorflow.keras.datasets import cifar10",
                       "from _data import keras_datasets\ncifar10 = keras_datasets.cifar10", DATA),
                    _p("training_steps = 1000", "training_steps = 2", SHORT),
                    _p("batch_size = 1024 * num_gpus", "batch_size = 8 * num_gpus", SHORT),
                    _p("display_step = 20", "display_step = 1", SHORT))),
    # ---------------------------------------------------------------------------------------------------------
    # wave 7: tensorflow/docs TF2 tutorials and guides (tensorflow_datasets from stubs/tensorflow_datasets, gym 0.26
    # and tqdm from stubs/), YunYang1994/TensorFlow2.0-Examples
    # ---------------------------------------------------------------------------------------------------------
    Script("tfdocs_tutorial_rl_actor_critic", _tfdocs_at(
               "tutorials/reinforcement_learning/actor_critic.ipynb",
               "06be608c59a90004a6a9a753ecab863c2da1e26820fd905a35be0774f4a3bd85"),
           "v2", "actor-critic on CartPole (gym stub): a tf.function train step whose episode is a `for t in "
                 "tf.range(max_steps)` loop with `break` (AutoGraph while_loop) writing TensorArrays, "
                 "tf.numpy_function around env.step, tf.random.categorical, a second tf.range loop for discounted "
                 "returns, Huber(reduction=SUM), GradientTape through the loop, Adam; then an eager rendered "
                 "episode saved as a GIF with PIL (sampled actions: 'runs')",
           patches=(_p('env = gym.make("CartPole-v1")', 'env = gym.make("CartPole-v1", api="0.26")', GYM026),
                    _p("render_env = gym.make(\"CartPole-v1\", render_mode='rgb_array')",
                       "render_env = gym.make(\"CartPole-v1\", render_mode='rgb_array', api=\"0.26\")", GYM026),
                    _p("max_episodes = 10000", "max_episodes = 6", SHORT),
                    _p("from IPython import display as ipythondisplay", "", PLOT),
                    _p("import tensorflow_docs.vis.embed as embed", "", PLOT),
                    _p("_nb_display(embed.embed_file(image_file))", "", PLOT))),
    Script("tfdocs_tutorial_generative_cvae", _tfdocs_at(
               "tutorials/generative/cvae.ipynb", "aaf7c44e9c6f36871c8dbd1c2eeab2a85fc95504b49bb6a6c3f4facc31bb4d67"),
           "v2", "convolutional VAE: keras Sequential encoder/decoder (InputLayer, Conv2D, Conv2DTranspose, "
                 "Reshape) in a subclassed Model with a tf.function method, reparameterization with tf.random."
                 "normal(shape=mean.shape), sigmoid_cross_entropy_with_logits, a tf.function train step taking "
                 "the model and optimizer, keras Mean, matplotlib image grids saved as PNG (unseeded: 'runs')",
           patches=(_p("from IPython import display", "", PLOT),
                    _p("import imageio", "", PLOT),
                    _p("import tensorflow_probability as tfp", "",
                       f"{PLOT} (only the latent-space plot uses tensorflow_probability)"),
                    _p("(train_images, _), (test_images, _) = tf.keras.datasets.mnist.load_data()",
                       "from _data import keras_datasets\n(train_images, _), (test_images, _) = "
                       "keras_datasets.mnist.load_data()\ntrain_images, test_images = train_images[:512], "
                       "test_images[:128]", f"{DATA}; {SHORT}"),
                    _p("epochs = 10", "epochs = 1", SHORT),
                    _p("display.clear_output(wait=False)", "", PLOT),
                    _p("with imageio.get_writer(anim_file, mode='I') as writer:\n"
                       "  filenames = glob.glob('image*.png')\n"
                       "  filenames = sorted(filenames)\n"
                       "  for filename in filenames:\n"
                       "    image = imageio.imread(filename)\n"
                       "    writer.append_data(image)\n"
                       "  image = imageio.imread(filename)\n"
                       "  writer.append_data(image)", "", PLOT),
                    _p("import tensorflow_docs.vis.embed as embed", "", PLOT),
                    _p("_nb_display(embed.embed_file(anim_file))", "", PLOT),
                    _p("_nb_display(plot_latent_images(model, 20))", "", PLOT))),
    Script("tfdocs_guide_effective_tf2", _tfdocs("effective_tf2.ipynb",
                                                 "3eba3893b7de19d7846ba3403401d39b663e7b9126f13e9b3426f2273ad6f50e"),
           "v2", "tfds.load(as_supervised, with_info) mapped/shuffled/batched/take, a keras Sequential with an l2 "
                 "kernel_regularizer, Dropout and BatchNormalization in compile/fit/evaluate and in a tf.function "
                 "GradientTape step adding model.losses, keras metrics reset per epoch, a keras Model whose call "
                 "is a tf.function with input_signature looping an LSTMCell over tf.range into a TensorArray, "
                 "compile with 'acc'/'accuracy'/named metrics and History keys (unseeded: 'runs')"),
    Script("tfdocs_tutorial_customization_custom_training_walkthrough", _tfdocs_at(
               "tutorials/customization/custom_training_walkthrough.ipynb",
               "1143a25ac61a9dea6513b825dd9a7f2f26a4cffecc8c435868081d4238255ceb"),
           "v2", "penguin classification from tfds.load (split slices, as_supervised), a Dense Sequential called "
                 "eagerly, SparseCategoricalCrossentropy(from_logits), GradientTape gradients applied by SGD with "
                 "optimizer.iterations printed, per-epoch keras Mean/SparseCategoricalAccuracy, Accuracy over "
                 "argmax(output_type=int64) predictions, softmax of single logits (unseeded: 'runs')",
           patches=(_p("num_epochs = 201", "num_epochs = 21", SHORT),)),
    Script("tfdocs_tutorial_distribute_keras", _tfdocs_at(
               "tutorials/distribute/keras.ipynb", "b7242703870d6d2256a76b31975a46c5ffef635f0ce211a6b9d199bb3b17aac4"),
           "v2", "MirroredStrategy (one replica here, as TF on this machine) with tfds MNIST: map/cache/shuffle/"
                 "batch, a Conv2D Sequential compiled in strategy.scope(), TensorBoard/ModelCheckpoint "
                 "(.weights.h5)/LearningRateScheduler/custom callbacks in fit, load_weights of the latest file, "
                 ".keras save and load_model outside and inside the scope, evaluate (unseeded: 'runs'; TF 2.21 stops "
                 "at the TensorBoard callback: TBNotInstalledError, the tensorboard package is not installed)",
           tf_runs=False, patches=(_p("EPOCHS = 12", "EPOCHS = 2", SHORT),)),
    Script("tfdocs_guide_migrate_early_stopping", _tfdocs_at(
               "guide/migrate/early_stopping.ipynb",
               "8c3eb664116d7e8bf5d4e87af3e8729bfb145c5f11dc4c9426024559ea9c5b43"),
           "v2", "tf.compat.v1 Estimator (tf1.layers, AdagradOptimizer) with make_early_stopping_hook in "
                 "train_and_evaluate on tfds input_fns, then keras fit with EarlyStopping and a callback setting "
                 "model.stop_training, and a custom loop with patience on the validation loss (timings; TF 2.21 "
                 "has no tf.estimator)", tf_runs=False,
           patches=(_p("max_train_seconds = 20", "max_train_seconds = 1", SHORT),
                    _p("epochs=100,", "epochs=3,", SHORT, count=2),
                    _p("epochs = 100", "epochs = 3", SHORT))),
    Script("yy_fpn", _yy("3-Neural_Network_Architecture/fpn.py",
                         "27e51b281694e3e3156c509eb63b21df9a877d47e8d8642ae630a81bcca83463"),
           "v2", "a subclassed ResNet34 feature pyramid (keras Conv2D/BatchNormalization blocks in Sequential, "
                 "UpSampling-by-resize top-down path, smoothing convs) called on one image; prints the four "
                 "feature maps' shapes", outcome="matches",
           patches=(_p("data = tf.ones(shape=[1, 416, 416, 3])", "data = tf.ones(shape=[1, 64, 64, 3])", SHORT),)),
    Script("tfdocs_guide_saved_model", _tfdocs("saved_model.ipynb",
                                               "6ef6e281dfb446c18d778196f7d6f81151ff992ccf5bae9fd871bf98dd4c33ca"),
           "v2", "keras.utils.load_img/img_to_array, mobilenet.preprocess_input, keras.applications.MobileNet "
                 "saved with tf.saved_model.save and loaded (signatures, structured_outputs, trainable/non-trainable "
                 "variables), a tf.Module with tf.function methods saved without/with one/several signatures and "
                 "with named outputs, fine-tuning a loaded module with GradientTape + SGD (MobileNet weights "
                 "random: 'runs')",
           patches=(_mkdtemp_here("tmpdir"),
                    _p('file = tf.keras.utils.get_file(\n'
                       '    "grace_hopper.jpg",\n'
                       '    "https://storage.googleapis.com/download.tensorflow.org/example_images/grace_hopper.jpg")',
                       'import _data\nfile = _data.write_jpeg("grace_hopper.jpg", 606, 517)', DATA),
                    _p("labels_path = tf.keras.utils.get_file(\n"
                       "    'ImageNetLabels.txt',\n"
                       "    'https://storage.googleapis.com/download.tensorflow.org/data/ImageNetLabels.txt')",
                       "labels_path = _data.write_imagenet_labels()", DATA),
                    _p("pretrained_model = tf.keras.applications.MobileNet()",
                       "pretrained_model = tf.keras.applications.MobileNet(weights=None)",
                       f"{DATA} (random weights, not the downloaded ImageNet ones)"))),
    Script("tfdocs_tutorial_images_classification", _tfdocs_at(
               "tutorials/images/classification.ipynb",
               "9efb9b7a0697058348620af7e256419575d76dc811c4f1e368b4d24695772f57"),
           "v2", "image_dataset_from_directory (validation_split, subset, seed, class_names), cache/shuffle/"
                 "prefetch(AUTOTUNE), a Sequential with Rescaling/Conv2D/MaxPooling2D, fit history plots, "
                 "RandomFlip/RandomRotation/RandomZoom augmentation and Dropout, load_img/predict on one image, "
                 "then tf.lite conversion and the TFLite interpreter (unseeded: 'runs')",
           tf_runs=False,
           xfail=("TF 2.21 fails too (the notebook passes the TFLite signature input by Keras 3's name: ValueError: "
                  "Invalid Input name (keras_tensor_15) for SignatureDef); tfcompat stops earlier, at the "
                  "deliberately unsupported conversion: UnsupportedAPIError: tf.lite.TFLiteConverter"),
           patches=(_p('data_dir = tf.keras.utils.get_file("flower_photos.tgz", origin=dataset_url, extract=True)\n'
                       'data_dir = pathlib.Path(data_dir).parent / "flower_photos_extracted" / "flower_photos"',
                       "import _data\ndata_dir = pathlib.Path(_data.write_flower_photos("
                       "'flower_photos_extracted/flower_photos'))", DATA),
                    _p("img_height = 180", "img_height = 32", SHORT),
                    _p("img_width = 180", "img_width = 32", SHORT),
                    _p("epochs=10", "epochs=1", SHORT),
                    _p("epochs = 15", "epochs = 1", SHORT),
                    _p("sunflower_path = tf.keras.utils.get_file('Red_sunflower', origin=sunflower_url)",
                       "sunflower_path = _data.write_jpeg('Red_sunflower', 400, 592, seed=7)", DATA))),
    Script("tfdocs_tutorial_images_data_augmentation", _tfdocs_at(
               "tutorials/images/data_augmentation.ipynb",
               "5e90949a0c4a67c093218841d942be4e13709c19f507c9d79b5ef22e84f59646"),
           "v2", "keras preprocessing layers (Resizing, Rescaling, RandomFlip, RandomRotation) in a model and in "
                 "Dataset.map, a custom Layer, tf.image flips/grayscale/saturation/brightness/central_crop/rot90 "
                 "and their stateless_random_* forms with tuple seeds, resize_with_crop_or_pad, tf.random.split, "
                 "a tf.random.Generator.from_seed(alg='philox') making per-element seeds in a map (random: 'runs')",
           patches=(_p("IMG_SIZE = 180", "IMG_SIZE = 32", SHORT),
                    _p("epochs=5", "epochs=1", SHORT))),
    Script("tfdocs_tutorial_keras_overfit_and_underfit", _tfdocs_at(
               "tutorials/keras/overfit_and_underfit.ipynb",
               "da5244bac69c8bd272005526133979edbdeb5ddf9085e44e5223f3166b75ce69"),
           "v2", "experimental.CsvDataset of a GZIP csv, batch/map(pack_row with tf.stack)/unbatch/cache/skip/take, "
                 "InverseTimeDecay called on a numpy array and used by Adam, Dense models of four sizes with l2 "
                 "regularizers and Dropout fit with steps_per_epoch, EarlyStopping on a metric, TensorBoard and "
                 "tensorflow_docs callbacks, model.losses summed with add_n (unseeded: 'runs'; TF 2.21 stops at the "
                 "TensorBoard callback: TBNotInstalledError, the tensorboard package is not installed)", tf_runs=False,
           patches=(_p("from  IPython import display", "", PLOT),
                    _p('logdir = pathlib.Path(tempfile.mkdtemp())/"tensorboard_logs"',
                       'logdir = pathlib.Path(tempfile.mkdtemp(dir="."))/"tensorboard_logs"', FILES),
                    _p("gz = tf.keras.utils.get_file('HIGGS.csv.gz', 'http://mlphysics.ics.uci.edu/data/higgs/"
                       "HIGGS.csv.gz')", "import _data\ngz = _data.write_higgs_csv_gz()", DATA),
                    _p("N_VALIDATION = int(1e3)", "N_VALIDATION = int(2e2)", SHORT),
                    _p("N_TRAIN = int(1e4)", "N_TRAIN = int(5e2)", SHORT),
                    _p("def compile_and_fit(model, name, optimizer=None, max_epochs=10000):",
                       "def compile_and_fit(model, name, optimizer=None, max_epochs=1):", SHORT))),
    Script("tfdocs_tutorial_estimator_keras_model_to_estimator", _tfdocs_at(
               "tutorials/estimator/keras_model_to_estimator.ipynb",
               "39feee3fefc6fd4e01c28157dc115a407c07f0cec5f5396bb1134a38256ba672"),
           "v2", "a compiled keras Sequential turned into an Estimator by tf.keras.estimator.model_to_estimator, "
                 "trained and evaluated on a tfds input_fn whose features dict is keyed by the input layer's name "
                 "(TF 2.21 has no tensorflow_estimator)", tf_runs=False,
           patches=(_mkdtemp_here("model_dir"),
                    _p("keras_estimator.train(input_fn=input_fn, steps=500)",
                       "keras_estimator.train(input_fn=input_fn, steps=50)", SHORT))),
    # ---------------------------------------------------------------------------------------------------------
    # wave 8: pandas-fed tutorials (structured data, regression, estimators, Core APIs)
    # ---------------------------------------------------------------------------------------------------------
    Script("tfdocs_tutorial_keras_regression", _tfdocs_at(
               "tutorials/keras/regression.ipynb", "94cbe704da47d8115ef8d03f35897e4ee5d81c573d3f550490266a6c7e723736"),
           "v2", "pandas read_csv/get_dummies/sample, keras Normalization(axis=-1 / input_shape=[1]) adapted on "
                 "numpy, linear and DNN Sequential regressors fit with validation_split and mean_absolute_error, "
                 "History to a DataFrame, evaluate/predict, .keras save and load_model (unseeded: 'runs')",
           tf_runs=False,
           xfail=("TF 2.21 fails too, at the last cell, and tfcompat fails as TF does (tf-keras cannot rebuild a "
                  "Sequential whose first layer is Normalization(axis=-1) without an input shape: load_model("
                  "'dnn_model.keras'): ValueError: All `axis` values to be kept must have known shape. Got axis: "
                  "(-1,), input shape: [None, None], with unknown axis at index: 1)"),
           patches=(_p("import seaborn as sns", "", PLOT),
                    _p("_nb_display(sns.pairplot(train_dataset[['MPG', 'Cylinders', 'Displacement', 'Weight']], "
                       "diag_kind='kde'))", "", PLOT),
                    _p("url = 'http://archive.ics.uci.edu/ml/machine-learning-databases/auto-mpg/auto-mpg.data'",
                       "import _data\nurl = _data.write_auto_mpg()", DATA),
                    _p("epochs=100,", "epochs=10,", SHORT, count=2),
                    _p("verbose=0, epochs=100)", "verbose=0, epochs=10)", SHORT, count=2))),
    Script("tfdocs_guide_core_quickstart_core", _tfdocs_at(
               "guide/core/quickstart_core.ipynb", "ea49fa65ca1af1f64f2d138776c7d8b80715164494fdb926f5c4c085b2b7fe8b"),
           "v2", "Core APIs only: convert_to_tensor of a DataFrame, tf.random.shuffle with a global seed, a "
                 "normalising tf.Module with unnormalize, a linear-regression tf.Module trained with GradientTape "
                 "and assign_sub, an export Module with a tf.function(input_signature) saved and loaded "
                 "(tf.random.shuffle's order is torch's: known deviation random-values; 'runs')",
           patches=(_p("url = 'http://archive.ics.uci.edu/ml/machine-learning-databases/auto-mpg/auto-mpg.data'",
                       "import _data\nurl = _data.write_auto_mpg()", DATA),
                    _p("epochs = 100", "epochs = 10", SHORT),
                    _mkdtemp_here("models"))),
    Script("tfdocs_guide_core_mlp_core", _tfdocs_at(
               "guide/core/mlp_core.ipynb", "32f2c74da10122603a530b9da42e4d5e5fbd67ecdc2e34a60dbd075e5382fc2a"),
           "v2", "Core APIs MLP: tfds.load batches and batch_size=-1 tensors, a DenseLayer tf.Module with xavier "
                 "init built on first call, an MLP tf.Module, a hand-written Adam (tf.Variable slots, "
                 "assign/assign_sub), a tf.function train step, per-class accuracy with tf.boolean_mask, an export "
                 "Module saved and loaded (seeded: prints TF's numbers)", outcome="matches",
           patches=(_p("import seaborn as sns", "", PLOT),
                    _p("split=['train[10000:]', 'train[0:10000]', 'test'],",
                       "split=['train[384:]', 'train[0:384]', 'test'],", SHORT),
                    _p("sns.countplot(x=y_viz.numpy());", "", PLOT),
                    _p("optimizer=Adam(), epochs=10)", "optimizer=Adam(), epochs=1)", SHORT),
                    _mkdtemp_here("models"),
                    _p("import sklearn.metrics as sk_metrics", "", PLOT),
                    _p("_nb_display(show_confusion_matrix(y_test, test_classes))", "", PLOT))),
    Script("tfdocs_guide_core_logistic_regression_core", _tfdocs_at(
               "guide/core/logistic_regression_core.ipynb",
               "af831854606fa1e7401e7d8b963782bb8125cfd0c89f6a1bfee09d41e40394e5"),
           "v2", "Core APIs logistic regression on a pandas table: sample/drop/map of a DataFrame, "
                 "convert_to_tensor, a Normalize tf.Module, sigmoid cross entropy by hand with tf.math.log, "
                 "tf.random.uniform initial weights with a global seed, GradientTape + assign_sub over a shuffled "
                 "tf.data pipeline, an export Module saved and loaded (the two uniform draws with one op seed give "
                 "TF's second value only with TF's eager kernel cache: known deviation eager-op-seed-restarts; "
                 "'runs')",
           patches=(_p("import seaborn as sns", "", PLOT),
                    _p("import sklearn.metrics as sk_metrics", "", PLOT),
                    _p("url = 'https://archive.ics.uci.edu/ml/machine-learning-databases/breast-cancer-wisconsin/"
                       "wdbc.data'", "import _data\nurl = _data.write_wdbc()", DATA),
                    _p("sns.pairplot(train_dataset.iloc[:, 1:6], hue = 'diagnosis', diag_kind='kde');", "", PLOT),
                    _p("epochs = 200", "epochs = 20", SHORT),
                    _p("_nb_display(show_confusion_matrix(y_train, train_classes, 'Training'))", "", PLOT),
                    _p("_nb_display(show_confusion_matrix(y_test, test_classes, 'Testing'))", "", PLOT),
                    _mkdtemp_here("models"))),
    Script("tfdocs_tutorial_estimator_premade", _tfdocs_at(
               "tutorials/estimator/premade.ipynb", "5a675f3819ae78b445f95673b9b6071526c9fda78a1891a43f23b904a8ed5a04"),
           "v2", "a premade tf.estimator.DNNClassifier on pandas columns: feature_column.numeric_column, an "
                 "input_fn of Dataset.from_tensor_slices((dict(features), labels)), train/evaluate/predict with "
                 "from_tensor_slices(dict) (TF 2.21 has no tf.estimator)", tf_runs=False,
           patches=(_p('train_path = tf.keras.utils.get_file(\n'
                       '    "iris_training.csv", "https://storage.googleapis.com/download.tensorflow.org/data/'
                       'iris_training.csv")',
                       'import _data\ntrain_path = _data.write_iris_csv("iris_training.csv", 120)', DATA),
                    _p('test_path = tf.keras.utils.get_file(\n'
                       '    "iris_test.csv", "https://storage.googleapis.com/download.tensorflow.org/data/'
                       'iris_test.csv")', 'test_path = _data.write_iris_csv("iris_test.csv", 30, seed=92)', DATA),
                    _p("    steps=5000))", "steps=100))", SHORT))),
    Script("tfdocs_tutorial_load_data_images", _tfdocs_at(
               "tutorials/load_data/images.ipynb", "17d55cdeb206c7c1ffb0c62aa74d5e2a2cb568901d351071f8dab707d823975d"),
           "v2", "image_dataset_from_directory then a hand-written tf.data pipeline: Dataset.list_files, "
                 "shuffle(reshuffle_each_iteration=False), skip/take, cardinality, tf.strings.split of paths, "
                 "string == numpy array, read_file/decode_jpeg/image.resize in map(num_parallel_calls=AUTOTUNE), "
                 "cache/shuffle/batch/prefetch, a Conv2D model fit on both, tfds.load slices with_info "
                 "(unseeded: 'runs')",
           patches=(_p("archive = tf.keras.utils.get_file(origin=dataset_url, extract=True)",
                       "import _data\narchive = os.path.dirname(os.path.abspath(_data.write_flower_photos()))", DATA),
                    _p("img_height = 180", "img_height = 32", SHORT),
                    _p("img_width = 180", "img_width = 32", SHORT),
                    _p("  epochs=3", "epochs=1", SHORT, count=2))),
    Script("tfdocs_tutorial_audio_simple_audio", _tfdocs_at(
               "tutorials/audio/simple_audio.ipynb", "4199700cebd624884fa9ab8a244b18c61c9489f42f8115458eac4672b747f289"),
           "v2", "keras.utils.audio_dataset_from_directory (validation_split, output_sequence_length), "
                 "tf.squeeze in Dataset.map, shard, tf.signal.stft spectrograms, Resizing + Normalization.adapt on "
                 "a mapped dataset, a Conv2D model fit with EarlyStopping, confusion matrix by tf.math, "
                 "tf.audio.decode_wav of read_file, an ExportModel tf.Module with a tf.function taking a file name "
                 "or waveforms, saved and reloaded (unseeded: 'runs')",
           patches=(_p("import seaborn as sns", "", PLOT),
                    _p("from IPython import display", "", PLOT),
                    _p("  tf.keras.utils.get_file(\n"
                       "      'mini_speech_commands.zip',\n"
                       "      origin=\"http://storage.googleapis.com/download.tensorflow.org/data/"
                       "mini_speech_commands.zip\",\n"
                       "      extract=True,\n"
                       "      cache_dir='.', cache_subdir='data')",
                       "import _data\n_data.write_speech_commands(DATASET_PATH)", DATA),
                    _p("  display.display(display.Audio(waveform, rate=16000))", "", PLOT),
                    _p("_nb_display(display.display(display.Audio(waveform, rate=16000)))", "", PLOT),
                    _p("sns.heatmap(confusion_mtx,\n"
                       "            xticklabels=label_names,\n"
                       "            yticklabels=label_names,\n"
                       "            annot=True, fmt='g')", "", PLOT),
                    _p("EPOCHS = 10", "EPOCHS = 2", SHORT))),
    Script("tfdocs_tutorial_load_data_csv", _tfdocs_at(
               "tutorials/load_data/csv.ipynb", "ed65f8caeae8bd986fed94abb9b73bf7b73a0aabf0c5c5a66ba72fde4d4fa03f"),
           "v2", "CSVs every way: pandas to keras Normalization models, a functional preprocessing model of a "
                 "dict of symbolic inputs (StringLookup + CategoryEncoding, Concatenate) wrapped in another model, "
                 "experimental.make_csv_dataset (label_name, GZIP, file_pattern globs, num_parallel_reads), "
                 "cache and snapshot, io.decode_csv with record_defaults, experimental.CsvDataset (header, "
                 "select_cols), TextLineDataset skip/interleave over list_files (unseeded: 'runs')", tf_runs=False,
           xfail=("TF 2.21 fails too, and tfcompat fails as TF does (tf-keras's IndexLookup.save_assets tests the "
                  "truth of a NumPy vocabulary: titanic_model.save('test.keras'): ValueError: The truth value of an "
                  "array with more than one element is ambiguous.); the make_csv_dataset/CsvDataset cells after it "
                  "run under tfcompat with the save removed (checked by hand, 2026-11-25)"),
           patches=(_p("import pandas as pd", 'import pandas as pd\npd.set_option("future.infer_string", False)',
                       PANDAS_OBJECT_STRINGS),
                    _p('abalone_train = pd.read_csv(\n'
                       '    "https://storage.googleapis.com/download.tensorflow.org/data/abalone_train.csv",',
                       "import _data\nabalone_train = pd.read_csv(_data.write_abalone_csv(),", DATA),
                    _p("_nb_display(abalone_model.fit(abalone_features, abalone_labels, epochs=10))",
                       "_nb_display(abalone_model.fit(abalone_features, abalone_labels, epochs=2))", SHORT),
                    _p("_nb_display(norm_abalone_model.fit(abalone_features, abalone_labels, epochs=10))",
                       "_nb_display(norm_abalone_model.fit(abalone_features, abalone_labels, epochs=2))", SHORT),
                    _p('titanic = pd.read_csv("https://storage.googleapis.com/tf-datasets/titanic/train.csv")',
                       "titanic = pd.read_csv(_data.write_titanic_train_csv())", DATA),
                    _p("_nb_display(titanic_model.fit(x=titanic_features_dict, y=titanic_labels, epochs=10))",
                       "_nb_display(titanic_model.fit(x=titanic_features_dict, y=titanic_labels, epochs=2))", SHORT),
                    _p('_nb_display(tf.keras.utils.plot_model(model = titanic_preprocessing , rankdir="LR", dpi=72, '
                       'show_shapes=True))', "", PLOT),
                    _p("_nb_display(titanic_model.fit(titanic_batches, epochs=5))",
                       "_nb_display(titanic_model.fit(titanic_batches, epochs=2))", SHORT),
                    _p('titanic_file_path = tf.keras.utils.get_file("train.csv", '
                       '"https://storage.googleapis.com/tf-datasets/titanic/train.csv")',
                       "titanic_file_path = _data.write_titanic_train_csv()", DATA),
                    _p("traffic_volume_csv_gz = tf.keras.utils.get_file(\n"
                       "    'Metro_Interstate_Traffic_Volume.csv.gz', \n"
                       '    "https://archive.ics.uci.edu/ml/machine-learning-databases/00492/'
                       'Metro_Interstate_Traffic_Volume.csv.gz",\n'
                       "    cache_dir='.', cache_subdir='traffic')",
                       "traffic_volume_csv_gz = _data.write_traffic_csv_gz()", DATA),
                    _p("fonts_zip = tf.keras.utils.get_file(\n"
                       "    'fonts.zip',  \"https://archive.ics.uci.edu/ml/machine-learning-databases/00417/"
                       "fonts.zip\",\n"
                       "    cache_dir='.', cache_subdir='fonts',\n"
                       "    extract=True)", "fonts_zip = _data.write_fonts_csvs()", DATA))),
    Script("tfdocs_tutorial_load_data_pandas_dataframe", _tfdocs_at(
               "tutorials/load_data/pandas_dataframe.ipynb",
               "124bdcea09c4f0131301b61293b1946dda56280d62893c0947ca93d89c7488b6"),
           "v2", "a DataFrame to convert_to_tensor / Dataset.from_tensor_slices (arrays and dicts of columns), "
                 "Normalization adapted on a DataFrame, keras models on dict inputs (a stack_dict Layer), "
                 "StringLookup/IntegerLookup one-hot preprocessing of mixed columns, model.fit(dict(df)) "
                 "(unseeded: 'runs')", tf_runs=False,
           xfail=("TF 2.21 fails too, and tfcompat fails as TF does (the MyModel cell concatenates the int64 and "
                  "float columns of a dict of DataFrame columns: InvalidArgumentError: cannot compute ConcatV2 as "
                  "input #2(zero-based) was expected to be a int64 tensor but is a float tensor)"),
           patches=(_p("csv_file = tf.keras.utils.get_file('heart.csv', "
                       "'https://storage.googleapis.com/download.tensorflow.org/data/heart.csv')",
                       "import _data\ncsv_file = _data.write_heart_csv()", DATA),
                    _p("BATCH_SIZE = 2", "BATCH_SIZE = 32", SHORT),
                    _p("_nb_display(model.fit(numeric_features, target, epochs=15, batch_size=BATCH_SIZE))",
                       "_nb_display(model.fit(numeric_features, target, epochs=2, batch_size=BATCH_SIZE))", SHORT),
                    _p("_nb_display(model.fit(numeric_batches, epochs=15))",
                       "_nb_display(model.fit(numeric_batches, epochs=2))", SHORT),
                    _p("history = model.fit(dict(df), target, epochs=5, batch_size=BATCH_SIZE)",
                       "history = model.fit(dict(df), target, epochs=2, batch_size=BATCH_SIZE)", SHORT),
                    _p("history = model.fit(ds, epochs=5)", "history = model.fit(ds, epochs=2)", SHORT))),
    Script("tfdocs_tutorial_structured_data_preprocessing_layers", _tfdocs_at(
               "tutorials/structured_data/preprocessing_layers.ipynb",
               "4a25addce646e2f7fe8e83492024b2c21dbfa1cff2d9455218613d4e8c26785c"),
           "v2", "a DataFrame split by np.split into a tf.data pipeline of dict features, Normalization/StringLookup/"
                 "IntegerLookup/CategoryEncoding adapted on Dataset.map slices, a functional model of 13 named "
                 "inputs (int64 and string) concatenated, fit with validation_data, .keras save/load and predict on "
                 "a dict of single-example tensors (unseeded: 'runs')",
           patches=(_p("tf.keras.utils.get_file('petfinder_mini.zip', dataset_url,\n"
                       "                        extract=True, cache_dir='.')",
                       "import _data\n_data.write_petfinder_csv(csv_file)", DATA),
                    _p("train, val, test = np.split(dataframe.sample(frac=1), [int(0.8*len(dataframe)), "
                       "int(0.9*len(dataframe))])",
                       "shuffled, n = dataframe.sample(frac=1), len(dataframe)\n"
                       "train, val, test = (shuffled.iloc[:int(0.8*n)], shuffled.iloc[int(0.8*n):int(0.9*n)], "
                       "shuffled.iloc[int(0.9*n):])", PANDAS3),
                    _p('_nb_display(tf.keras.utils.plot_model(model, show_shapes=True, show_layer_names=True, '
                       'rankdir="LR"))', "", PLOT),
                    _p('    "of getting adopted." % (100 * prob)', '"of getting adopted." % (100 * prob[0])',
                       "NumPy 2.4 (float() of a 1-element array was removed; neither TF 2.21 nor tfcompat can run "
                       "the line)"),
                    _p("_nb_display(model.fit(train_ds, epochs=10, validation_data=val_ds))",
                       "_nb_display(model.fit(train_ds, epochs=2, validation_data=val_ds))", SHORT))),
    # ---------------------------------------------------------------------------------------------------------
    # wave 10: more wiseodd TF1 GANs, TF2 generative/transfer-learning tutorials, YunYang1994's DCGAN
    # ---------------------------------------------------------------------------------------------------------
    Script("wo_ali_bigan", _wo("GAN/ali_bigan/ali_bigan_tensorflow.py",
                               "fdc9f9b728e7a1707d7357580a91c84c79d05dba353d6a9fe5704ab968cdb394"),
           "v1", "ALI/BiGAN: an encoder and a generator trained against a joint discriminator on (x, z) pairs, "
                 "tf.concat of data and codes, Adam var_list", patches=_wo_patches(1)),
    Script("wo_ac_gan", _wo("GAN/auxiliary_classifier_gan/ac_gan_tensorflow.py",
                            "24352d53ee3d30b89082c89c75c037cc68cf103730e488e5304d9740b10473b7"),
           "v1", "auxiliary-classifier GAN: a two-headed discriminator (sigmoid and softmax), "
                 "softmax_cross_entropy_with_logits on one-hot labels, numpy one-hot codes by fancy indexing",
           patches=_wo_patches(1)),
    Script("wo_began", _wo("GAN/boundary_equilibrium_gan/began_tensorflow.py",
                           "b0f4d26325560fda3797a7ae25e9870d0bf85653411298b4be8b5acdfee4583e"),
           "v1", "BEGAN: autoencoder discriminator, a proportional control term k_t fed through a placeholder, "
                 "convergence measure", patches=_wo_patches(1)),
    Script("wo_bgan", _wo("GAN/boundary_seeking_gan/bgan_tensorflow.py",
                          "8c06090cb4d99e43e416e7243d0f3ae52851c08bd5b455dc5e0ebeb11656fbb9"),
           "v1", "boundary-seeking GAN: generator loss 0.5*mean((log D - log(1-D))^2), tf.log of sigmoids",
           patches=_wo_patches(1)),
    Script("wo_f_gan", _wo("GAN/f_gan/f_gan_tensorflow.py",
                           "ceed4bdf3335e7e0a06a2ea792ef925666d9c10afadbedca251dbd47c71571e0"),
           "v1", "f-GAN (total variation divergence): 0.5*tanh activations in the losses, Adam var_list",
           patches=_wo_patches(1)),
    Script("wo_mode_reg_gan", _wo("GAN/mode_regularized_gan/mode_reg_gan_tensorflow.py",
                                  "41acb0920516a6eb4618469b50dfd7a1a61ec25ca71b18031a15fc6c3afe9134"),
           "v1", "mode-regularized GAN: an encoder, a generator and a discriminator, reconstruction-regularized "
                 "losses, three Adam optimizers", patches=_wo_patches(1)),
    Script("wo_avb", _wo("VAE/adversarial_vb/avb_tensorflow.py",
                         "6b30c24e5596e4d68fde08ede2c83af09436ea359bc5e788dac5ee8bf8927186"),
           "v1", "adversarial variational Bayes: an encoder taking noise, a discriminator T(x, z), ELBO with "
                 "sigmoid_cross_entropy_with_logits (the file also imports torch.autograd.Variable, unused)",
           patches=_wo_patches(1)),
    Script("yy_dcgan", _yy("6-Generative_Adversarial_Networks/dcgan.py",
                           "8cd7de8b8a67a0e275945d30c626a776544375d5870017ac39af9a44a7bce132"),
           "v2", "DCGAN on MNIST: Sequential generator (Dense, BatchNormalization, Conv2DTranspose) and "
                 "discriminator, a tf.function step with two GradientTapes, two Adam optimizers, "
                 "tf.train.Checkpoint save/restore of models and optimizers (unseeded: 'runs')",
           patches=(_p("import imageio", "", PLOT),
                    _p("from IPython import display",
                       "import types\ndisplay = types.SimpleNamespace(clear_output=lambda **kwargs: None, "
                       "Image=lambda **kwargs: None)", PLOT),
                    _p("(train_images, train_labels), (_, _) = tf.keras.datasets.mnist.load_data()",
                       "from _data import keras_datasets\n(train_images, train_labels), (_, _) = "
                       "keras_datasets.mnist.load_data()\ntrain_images = train_images[:512]", f"{DATA}; {SHORT}"),
                    _p("EPOCHS = 50", "EPOCHS = 1", SHORT),
                    _p("get_ipython().run_cell_magic('time', '', 'train(train_dataset, EPOCHS)')",
                       "train(train_dataset, EPOCHS)", "IPython only (get_ipython's %%time cell magic): the timed "
                       "statement itself"),
                    _p("with imageio.get_writer('dcgan.gif', mode='I') as writer:\n"
                       "    filenames = glob.glob('image*.png')\n"
                       "    filenames = sorted(filenames)\n"
                       "    last = -1\n"
                       "    for i,filename in enumerate(filenames):\n"
                       "        frame = 2*(i**0.5)\n"
                       "        if round(frame) > round(last):\n"
                       "            last = frame\n"
                       "        else:\n"
                       "            continue\n"
                       "        image = imageio.imread(filename)\n"
                       "        writer.append_data(image)\n"
                       "    image = imageio.imread(filename)\n"
                       "    writer.append_data(image)", "", PLOT),
                    _p("os.rename('dcgan.gif', 'dcgan.gif.png')", "", PLOT),
                    _p('display.Image(filename="dcgan.gif.png")', "", PLOT))),
    Script("tfdocs_tutorial_generative_adversarial_fgsm", _tfdocs_at(
               "tutorials/generative/adversarial_fgsm.ipynb",
               "1613299c51a156975c26c37f5ca243e09acfa53905d7fa8b2f77a3b755ede1b3"),
           "v2", "FGSM: a MobileNetV2 classifier, GradientTape watching the input image, tf.sign of the input "
                 "gradient, clip_by_value of perturbed images",
           patches=(_p("pretrained_model = tf.keras.applications.MobileNetV2(include_top=True,\n"
                       "                                                     weights='imagenet')",
                       "pretrained_model = tf.keras.applications.MobileNetV2(include_top=True, weights=None)",
                       f"{DATA} (random weights, not the downloaded ImageNet ones)"),
                    _p("decode_predictions = tf.keras.applications.mobilenet_v2.decode_predictions",
                       "from _data_images import decode_imagenet_predictions as decode_predictions",
                       f"{DATA} (decode_predictions downloads the ImageNet class index)"),
                    _p("image_path = tf.keras.utils.get_file('YellowLabradorLooking_new.jpg', "
                       "'https://storage.googleapis.com/download.tensorflow.org/example_images/"
                       "YellowLabradorLooking_new.jpg')",
                       "import _data\nimage_path = _data.write_jpeg('YellowLabradorLooking_new.jpg', 240, 320)",
                       DATA))),
    Script("tfdocs_tutorial_generative_deepdream", _tfdocs_at(
               "tutorials/generative/deepdream.ipynb",
               "445269cb17bcbaa1a6247373da6c896ac0bf35121a5e78111df4d29628a6837d"),
           "v2", "DeepDream: an InceptionV3 feature extractor, a tf.Module whose tf.function (input_signature) "
                 "runs a tf.range gradient-ascent loop on the image, octaves by resize, random image rolls "
                 "(tf.random.uniform int bounds from a tf.function argument) with tiled gradients",
           patches=(_p("import IPython.display as display",
                       "import types\ndisplay = types.SimpleNamespace(display=lambda *args: None, "
                       "clear_output=lambda **kwargs: None, HTML=lambda *args: None)", PLOT),
                    _p("  image_path = tf.keras.utils.get_file(name, origin=url)",
                       "import _data\nimage_path = _data.write_jpeg(name, 160, 200)", f"{DATA}; {SHORT}"),
                    _p("base_model = tf.keras.applications.InceptionV3(include_top=False, weights='imagenet')",
                       "base_model = tf.keras.applications.InceptionV3(include_top=False, weights=None)",
                       f"{DATA} (random weights, not the downloaded ImageNet ones)"),
                    _p("                                  steps=100, step_size=0.01)",
                       "steps=2, step_size=0.01)", SHORT),
                    _p("  img = run_deep_dream_simple(img=img, steps=50, step_size=0.01)",
                       "img = run_deep_dream_simple(img=img, steps=2, step_size=0.01)", SHORT),
                    _p("img = run_deep_dream_with_octaves(img=original_img, step_size=0.01)",
                       "img = run_deep_dream_with_octaves(img=original_img, step_size=0.01, steps_per_octave=2)",
                       SHORT))),
    Script("tfdocs_tutorial_generative_pix2pix", _tfdocs_at(
               "tutorials/generative/pix2pix.ipynb", "7c8be336eb56db40b83502a2eaaea3e4ce9356523082b4b2e68ce7a6648d14aa"),
           "v2", "pix2pix: a JPEG-pair tf.data pipeline (decode, resize, random crop/flip in a tf.function), a U-Net "
                 "generator and PatchGAN discriminator, a tf.function step with two GradientTapes, tf.summary "
                 "scalars, tf.train.Checkpoint (unseeded: 'runs'; TF 2.21 stops at the first tf.summary.scalar: "
                 "TBNotInstalledError, the tensorboard package is not installed)",
           tf_runs=False,
           patches=(_p("from IPython import display",
                       "import types\ndisplay = types.SimpleNamespace(clear_output=lambda **kwargs: None)", PLOT),
                    _p("path_to_zip = tf.keras.utils.get_file(\n"
                       "    fname=f\"{dataset_name}.tar.gz\",\n"
                       "    origin=_URL,\n"
                       "    extract=True)",
                       "import _data_images\npath_to_zip = _data_images.write_pix2pix_pairs()", DATA),
                    _p("_nb_display(tf.keras.utils.plot_model(generator, show_shapes=True, dpi=64))", "", PLOT),
                    _p("_nb_display(tf.keras.utils.plot_model(discriminator, show_shapes=True, dpi=64))", "", PLOT),
                    _p("_nb_display(fit(train_dataset, test_dataset, steps=40000))",
                       "_nb_display(fit(train_dataset, test_dataset, steps=3))", SHORT))),
    Script("tfdocs_tutorial_images_transfer_learning", _tfdocs_at(
               "tutorials/images/transfer_learning.ipynb",
               "7c3f24c3c6b6c534555dadfdecce287a728c6c1e31c7c26d414391ba3dcffc6f"),
           "v2", "transfer learning: image_dataset_from_directory, data.experimental.cardinality/take/skip, a "
                 "frozen MobileNetV2 base with augmentation layers and preprocess_input in a functional model, "
                 "fit/evaluate, fine-tuning with trainable flags per layer, predict_on_batch",
           patches=(_p("path_to_zip = tf.keras.utils.get_file('cats_and_dogs.zip', origin=_URL, extract=True)",
                       "from _data_images import write_class_folders\n"
                       "write_class_folders('cats_and_dogs_filtered/train', ('cats', 'dogs'), 12, 64)\n"
                       "write_class_folders('cats_and_dogs_filtered/validation', ('cats', 'dogs'), 25, 64)\n"
                       "path_to_zip = 'cats_and_dogs.zip'", DATA),
                    _p("BATCH_SIZE = 32", "BATCH_SIZE = 10", SHORT),
                    _p("                                               weights='imagenet')",
                       "weights=None)", f"{DATA} (random weights, not the downloaded ImageNet ones)"),
                    _p("_nb_display(tf.keras.utils.plot_model(model, show_shapes=True))", "", PLOT),
                    _p("initial_epochs = 10", "initial_epochs = 1", SHORT),
                    _p("fine_tune_epochs = 10", "fine_tune_epochs = 1", SHORT))),
    # ---------------------------------------------------------------------------------------------------------
    # wave 11: marload/DeepRL-TensorFlow2 (keras models in float64 on CartPole from the test gym stub, wandb from
    # stubs/wandb; unseeded: 'runs'), YunYang1994/TensorFlow2.0-Examples SSD
    # ---------------------------------------------------------------------------------------------------------
    Script("ml_dqn_discrete", _ml("DQN/DQN_Discrete.py",
                                  "073b6ac87b7cb04dc8ba72e000547fb8d18cdf2d75ca422be9c0fa1e09a557f2"),
           "v2", "DQN: keras.backend.set_floatx('float64'), a Dense Sequential compiled with 'mse'/Adam, "
                 "predict per environment step, fit(epochs=1, verbose=0) on replayed batches, get_weights/"
                 "set_weights target sync, argparse defaults",
           patches=(_ML_MAIN_EPISODES,)),
    Script("ml_doubledqn_discrete", _ml("DoubleDQN/DoubleDQN_Discrete.py",
                                        "5d5e2ee6c8ee292d6dcd6b7af6dad92bca5c5b1da1b708d3e0f0fef8656c97fa"),
           "v2", "double DQN: float64 keras Sequential, predict on batches for both networks, argmax-indexed "
                 "targets, fit, get_weights/set_weights",
           patches=(_ML_MAIN_EPISODES,)),
    Script("ml_duelingdqn_discrete", _ml("DuelingDQN/DuelingDQN_Discrete.py",
                                         "cfb340e7e2f468f747e493389dd5ef692e2615cc483f2c0cd841ac5373520138"),
           "v2", "dueling DQN: a functional float64 model with value and advantage heads joined by Add, "
                 "compile/predict/fit, weight sync",
           patches=(_ML_MAIN_EPISODES,)),
    Script("ml_duelingdoubledqn_discrete", _ml("DuelingDoubleDQN/DuelingDoubleDQN_Discrete.py",
                                               "b8e97b40a95f278e21b7e4835ef0888101642ae1bedc11ba394fd5981ecce3dd"),
           "v2", "dueling double DQN: the functional Add-headed float64 model with double-Q targets, fit",
           patches=(_ML_MAIN_EPISODES,)),
    Script("ml_drqn_discrete", _ml("DRQN/DRQN_Discrete.py",
                                   "048909390b3541c6d5e89d6db0b3a4b5a7648cf9ed1c2bdf031f48ae62f1958a"),
           "v2", "DRQN: a float64 LSTM(tanh) over a time window of observations, predict per step, a "
                 "GradientTape step with a keras MeanSquaredError and Adam.apply_gradients",
           patches=(_ML_MAIN_EPISODES,)),
    Script("ml_a2c_discrete", _ml("A2C/A2C_Discrete.py",
                                  "501e9962205ecee10ade2699e6c72e9c8427de83ea060ddad32b035dbf136c96"),
           "v2", "advantage actor-critic: float64 softmax actor and value critic, predict per step, "
                 "np.random.choice over predicted probabilities, GradientTape steps with "
                 "SparseCategoricalCrossentropy(from_logits=True) weighted by advantages and MSE",
           patches=(_ML_TRAIN_EPISODES,)),
    Script("ml_ppo_discrete", _ml("PPO/PPO_Discrete.py",
                                  "65dc85baf5a0f6c99c6c71729750e492fa4adb2f030a5503eb390f1ac6bdfd21"),
           "v2", "PPO: float64 actor/critic, GAE in numpy, a clipped-ratio surrogate loss in a GradientTape "
                 "(tf.one_hot, reduce_sum, tf.clip_by_value, tf.minimum), several epochs over each batch",
           patches=(_ML_TRAIN_EPISODES,)),
    Script("ml_a3c_discrete", _ml("A3C/A3C_Discrete.py",
                                  "72ee3f2b1343498a99ff30dad532dd3439989106c9a48c567ff475852171c016"),
           "v2", "A3C: cpu_count() threading.Thread workers, each computing gradients on a local float64 "
                 "actor/critic under a Lock and applying them to the global models' variables, set_weights "
                 "from the global models, predict from several threads",
           patches=(_ML_TRAIN_EPISODES,)),
    Script("yy_ssd", _yy("4-Object_Detection/SSD/ssd.py",
                         "931cc5d24256d1fbd6e78aa90767e125e4160a05430ac3d88f9b4ef96af0dc4e"),
           "v2", "SSD300's VGG backbone and extra blocks as a subclassed keras Model called eagerly on "
                 "tf.ones([1, 300, 300, 3]): same-padded MaxPooling2D with odd sizes, a dilated (rate 6) Conv2D, "
                 "strided and valid Conv2Ds, printing each block's static shape",
           outcome="matches"),
    # ---------------------------------------------------------------------------------------------------------
    # wave 14: TF2 custom training loops and tf.data pipelines (YunYang1994, tensorflow/docs, keras-team/keras-io)
    # ---------------------------------------------------------------------------------------------------------
    Script("yy_pix2pix", _yy("6-Generative_Adversarial_Networks/Pix2Pix.py",
                             "6cb5e8babe2182920ea7a02b72d4b3694fd2b630666a6af3e88a041b455f3f13"),
           "v2", "pix2pix: Dataset.list_files -> map(load/jitter in a py function, AUTOTUNE) -> shuffle -> batch, "
                 "a U-Net generator (Conv2DTranspose, Dropout, skip concatenation) and a PatchGAN discriminator "
                 "(ZeroPadding2D) as functional models, a tf.function step with two GradientTapes, "
                 "tf.train.Checkpoint (unseeded: 'runs'; the script never defines test_dataset, so TF 2.21 stops "
                 "after the first epoch's training with a NameError)",
           tf_runs=False,
           xfail=("TF 2.21 fails too, and tfcompat fails as TF does, after training the first epoch: NameError: name "
                  "'test_dataset' is not defined"),
           patches=(_p("from IPython.display import clear_output", "clear_output = lambda wait=False: None", PLOT),
                    _p("path_to_zip = tf.keras.utils.get_file('facades.tar.gz', origin=_URL, extract=True)",
                       "import _data_images\npath_to_zip = _data_images.write_pix2pix_pairs('facades', train=(1, 2))",
                       f"{DATA}; {SHORT} (two training pairs)"),
                    _p("EPOCHS = 200", "EPOCHS = 2", SHORT))),
    Script("tfdocs_tutorial_structured_data_time_series", _tfdocs_at(
               "tutorials/structured_data/time_series.ipynb",
               "eb2c3d1351ba17c0e5df6fca9814bac896ee69d76875e29bbcc22bcddf63e502"),
           "v2", "time-series forecasting: a pandas weather table, tf.signal.rfft, a WindowGenerator class building "
                 "tf.data pipelines with keras.utils.timeseries_dataset_from_array and Dataset.map(split_window) "
                 "(set_shape), Dense/Conv1D/LSTM models, subclassed Baseline/ResidualWrapper/MultiStepLastBaseline "
                 "models, an autoregressive FeedBack model unrolling an LSTMCell with tf.stack/tf.transpose, "
                 "fit with EarlyStopping, evaluate (unseeded: 'runs')",
           patches=(_p("import IPython\nimport IPython.display",
                       "import types\nIPython = types.SimpleNamespace(display=types.SimpleNamespace("
                       "clear_output=lambda *args, **kwargs: None))", PLOT),
                    _p("import seaborn as sns", "", PLOT),
                    _p("ax = sns.violinplot(x='Column', y='Normalized', data=df_std)\n"
                       "_ = ax.set_xticklabels(df.keys(), rotation=90)", "", PLOT),
                    _p("zip_path = tf.keras.utils.get_file(\n"
                       "    origin='https://storage.googleapis.com/tensorflow/tf-keras-datasets/"
                       "jena_climate_2009_2016.csv.zip',\n"
                       "    fname='jena_climate_2009_2016.csv.zip',\n"
                       "    extract=True)",
                       "import _data_series\nzip_path = _data_series.write_jena_climate_csv() + '.zip'", DATA),
                    _p("MAX_EPOCHS = 20", "MAX_EPOCHS = 2", SHORT))),
    Script("kio_writing_a_training_loop_from_scratch", _kio(
               "guides/writing_a_training_loop_from_scratch.py", "02743a2aafd542d9bad4b4a54b8f64d327ca171b",
               "5d2cc223dc23931459329e76a9989dbd2ecb1a175db6121fe212f837586dd091"),
           "v2", "Keras guide (TF2 era): GradientTape loops over a shuffled/batched tf.data pipeline, "
                 "SparseCategoricalAccuracy update_state/result/reset_states, the same step under tf.function, "
                 "an add_loss activity-regularization layer summed via model.losses, a DCGAN trained from scratch "
                 "(Conv2DTranspose/LeakyReLU Sequentials, label noise, two Adams), array_to_img().save "
                 "(unseeded: 'runs')",
           patches=(_p("(x_train, y_train), (x_test, y_test) = keras.datasets.mnist.load_data()",
                       "from _data import keras_datasets\n(x_train, y_train), (x_test, y_test) = "
                       "keras_datasets.mnist.load_data()", DATA),
                    _p("(x_train, _), (x_test, _) = keras.datasets.mnist.load_data()",
                       "(x_train, _), (x_test, _) = keras_datasets.mnist.load_data()", DATA),
                    _p("x_val = x_train[-10000:]\ny_val = y_train[-10000:]\nx_train = x_train[:-10000]\n"
                       "y_train = y_train[:-10000]",
                       "x_val = x_train[-1000:]\ny_val = y_train[-1000:]\nx_train = x_train[:-1000]\n"
                       "y_train = y_train[:-1000]",
                       f"{SHORT} (the synthetic MNIST has 6000 training digits, not 60000: 1000 held out, not "
                       f"10000)"))),
    Script("kio_vae", _kio("examples/generative/vae.py", "09e02e17d5cbf21ecf8a47f10d91587f963fc80a",
                           "9ef651850ea2c8b527a125f34fb1753db6d6ca2d4a9ab538e3e101aef206f15a"),
           "v2", "convolutional VAE: a Sampling layer (tf.keras.backend.random_normal of a dynamic tf.shape), "
                 "functional encoder/decoder, a keras.Model subclass overriding train_step and the metrics "
                 "property with Mean trackers, compile without a loss, fit on a NumPy array, decoder.predict "
                 "(unseeded: 'runs')",
           patches=(_p("(x_train, _), (x_test, _) = keras.datasets.mnist.load_data()",
                       "from _data import keras_datasets\n(x_train, _), (x_test, _) = "
                       "keras_datasets.mnist.load_data()", DATA),
                    _p("(x_train, y_train), _ = keras.datasets.mnist.load_data()",
                       "(x_train, y_train), _ = keras_datasets.mnist.load_data()", DATA),
                    _p("vae.fit(mnist_digits, epochs=30, batch_size=128)",
                       "vae.fit(mnist_digits, epochs=1, batch_size=128)", SHORT),
                    _p("plot_latent_space(vae)", "plot_latent_space(vae, n=3)", SHORT))),
    Script("kio_addition_rnn", _kio("examples/nlp/addition_rnn.py", "0e2325b31f291531990c55fec009feee850b6ca9",
                                    "ff004626b73e01e92be1c7264cc289a2e5e791c7f99fdd0276b6a4d73c9ce397"),
           "v2", "seq2seq addition: one-hot np.bool character tensors, Sequential LSTM encoder -> RepeatVector -> "
                 "LSTM(return_sequences) decoder -> Dense softmax on 3-D input, categorical_crossentropy with "
                 "'accuracy', fit with validation_data one epoch at a time, predict on single rows "
                 "(unseeded: 'runs')",
           patches=(_p("TRAINING_SIZE = 50000", "TRAINING_SIZE = 2000", SHORT),
                    _p("epochs = 30", "epochs = 3", SHORT))),
    Script("kio_endpoint_layer_pattern", _kio(
               "examples/keras_recipes/endpoint_layer_pattern.py", "2dd71c68bd2a1ebbe588f3571571abcb16d96c27",
               "2cbcd4daca3cf4f780758a5a271cc61942bb690a51a1bc0e93f0c26c799695fc"),
           "v2", "endpoint layer: a Layer taking targets and sample weights as call arguments that calls add_loss "
                 "and add_metric, a three-input functional model compiled without a loss and fit on a dict, "
                 "set_weights into an inference model, the same layer inside a subclassed model fed a dict "
                 "(unseeded: 'runs')"),
    Script("kio_customizing_what_happens_in_fit", _kio(
               "guides/customizing_what_happens_in_fit.py", "02531ac33e5882774aa0a11b4ddf3c7b3a82fa42",
               "da60c435098d7c884dd6b7377422ffcf35052339586ca55445e2ec352dcd434c"),
           "v2", "Keras guide (TF2 era): functional models of a keras.Model subclass overriding train_step with "
                 "compiled_loss/compiled_metrics, a metrics property of module-level trackers, sample_weight "
                 "unpacking, a test_step override under evaluate, a GAN overriding compile() and train_step "
                 "fit on Dataset.take (unseeded: 'runs')",
           patches=(_p("(x_train, _), (x_test, _) = keras.datasets.mnist.load_data()",
                       "from _data import keras_datasets\n(x_train, _), (x_test, _) = "
                       "keras_datasets.mnist.load_data()", DATA),
                    _p("gan.fit(dataset.take(100), epochs=1)", "gan.fit(dataset.take(10), epochs=1)", SHORT))),
    Script("kio_wgan_gp", _kio("examples/generative/wgan_gp.py", "0e2325b31f291531990c55fec009feee850b6ca9",
                               "2eecfdb8a7edfcdf1157c8b3426b12429f2624eab89dccc898ee96e1889a72c7"),
           "v2", "WGAN-GP: functional critic (ZeroPadding2D, strided Conv2D, LeakyReLU, Dropout) and generator "
                 "(UpSampling2D, BatchNormalization, Cropping2D), a keras.Model subclass overriding compile and "
                 "train_step with a Python loop of critic steps, a gradient penalty from a nested GradientTape "
                 "(watch, gradient of the input) differentiated again by the outer tape, a Callback saving "
                 "array_to_img PNGs (unseeded: 'runs')",
           patches=(_p("fashion_mnist = keras.datasets.fashion_mnist",
                       "from _data import keras_datasets\nfashion_mnist = keras_datasets.fashion_mnist", DATA),
                    _p("BATCH_SIZE = 512", "BATCH_SIZE = 64", SHORT),
                    _p("train_images = (train_images - 127.5) / 127.5",
                       "train_images = (train_images[:128] - 127.5) / 127.5", SHORT),
                    _p("epochs = 20", "epochs = 2", SHORT),
                    _p('from IPython.display import Image, display\n\ndisplay(Image("generated_img_0_19.png"))\n'
                       'display(Image("generated_img_1_19.png"))\ndisplay(Image("generated_img_2_19.png"))', "",
                       PLOT))),
    Script("ml_ddpg_continuous", _ml("DDPG/DDPG_Continuous.py",
                                     "13fd8142c72d6d7240427a8da5fb1a6926fe9389b7b2101f9c9f6678872c819b"),
           "v2", "DDPG on Pendulum-v0 (test gym stub): float64 functional actor (tanh scaled by a Lambda) and a "
                 "two-input critic, OU noise, a replay buffer, critic action-gradients from a GradientTape fed to "
                 "the actor's tape.gradient(output_gradients=-grads), soft target updates by get_weights/"
                 "set_weights (unseeded: 'runs')",
           patches=(_ML_TRAIN_EPISODES,
                    _p("parser.add_argument('--train_start', type=int, default=2000)",
                       "parser.add_argument('--train_start', type=int, default=400)", SHORT))),
    Script("ml_ppo_continuous", _ml("PPO/PPO_Continuous.py",
                                    "f15116e4975828fb218df151062430c778fe36c410499d82439a5bc0ba3b618f"),
           "v2", "PPO on Pendulum-v0: float64 Gaussian actor (mu by tanh, std by softplus heads), Gaussian "
                 "log-densities in TF ops, GAE, clipped-ratio surrogate over several epochs per batch "
                 "(unseeded: 'runs')",
           patches=(_ML_TRAIN_EPISODES,)),
    Script("ml_a2c_continuous", _ml("A2C/A2C_Continuous.py",
                                    "a3844864b06ccf43cc3aaf963018a08740db5225ed53e4492c82760d74bc64eb"),
           "v2", "advantage actor-critic on Pendulum-v0: float64 Gaussian policy, log-probability weighted by "
                 "advantages in a GradientTape, a critic on n-step TD targets (unseeded: 'runs')",
           patches=(_ML_TRAIN_EPISODES,)),
    # ---------------------------------------------------------------------------------------------------------
    # wave 16 (realtf1): TF1 graph-mode tutorials from Hvass-Labs/TensorFlow-Tutorials (TF 1.4-1.9 era notebooks)
    # ---------------------------------------------------------------------------------------------------------
    Script("hv_01_simple_linear_model", _hv("01_Simple_Linear_Model.ipynb", _HV_TF14,
                                            "37309ed2b572f59726ccf04d4ffe5f027c0c2e57b9df0cc0d7a840b4dc39f595"),
           "v1", "linear softmax classifier on MNIST: zero-initialised Variables, softmax_cross_entropy_with_logits, "
                 "GradientDescentOptimizer.minimize, argmax/equal accuracy, a Session fed with next_batch, weights "
                 "read back with session.run (seeded loader: prints TF's numbers)", outcome="matches",
           patches=(_HV_MNIST_SEEDED, _HV_SKLEARN, _p("_nb_display(optimize(num_iterations=990))",
                                                      "_nb_display(optimize(num_iterations=90))", SHORT),
                    _p("_nb_display(print_confusion_matrix())", "", PLOT), _HV_ERRORS_01)),
    Script("hv_02_convolutional_neural_network", _hv(
               "02_Convolutional_Neural_Network.ipynb", _HV_TF14,
               "3ce1cae0807f2a8625e558e40a5e86f46ca7f81d28386d403986bd24e0f928c0"),
           "v1", "CNN from raw ops: truncated_normal Variables, conv2d/max_pool/relu helpers, a flatten by "
                 "get_shape().num_elements(), AdamOptimizer, batched test-set accuracy in a loop of session.run "
                 "(unseeded: 'runs')",
           patches=(_HV_MNIST, _HV_SKLEARN, *_hv_short_optimize(), _HV_CONFUSION, _HV_ERRORS, _HV_NP_INT)),
    Script("hv_03b_layers_api", _hv("03B_Layers_API.ipynb", _HV_TF19,
                                    "4b57dd50aab8bec75f6f0cc343471d2f83dccabd6a9b575a8056f27351cfae67"),
           "v1", "tf.layers CNN: conv2d/max_pooling2d/dense with names, tf.contrib.layers.flatten, AdamOptimizer, "
                 "trainable variables looked up with tf.variable_scope(reuse=True) + get_variable('kernel'), "
                 "layer outputs by graph.get_tensor_by_name (tf.contrib: TF 2.21 cannot run it; unseeded: 'runs')",
           tf_runs=False,
           patches=(_HV_MNIST, _HV_SKLEARN, *_hv_short_optimize(), _HV_CONFUSION, _HV_ERRORS, _HV_NP_INT)),
    Script("hv_13b_visual_analysis_mnist", _hv("13B_Visual_Analysis_MNIST.ipynb", _HV_TF13,
                                               "919d93f94d6f92a2597891568ce50da1410c5aeb4a9a61fbf5c6fe93c8cdaca3"),
           "v1", "feature visualisation: a tf.layers CNN trained, then tf.gradients of a conv feature (found by "
                 "get_tensor_by_name of listed Conv2D op names) or a logit with respect to the reshaped input "
                 "image, fed back as the image in a NumPy gradient-ascent loop (tf.contrib.layers.flatten: TF 2.21 "
                 "cannot run it; unseeded: 'runs')",
           tf_runs=False,
           patches=(_HV_MNIST, _HV_SKLEARN,
                    _p("_nb_display(optimize(num_iterations=10000))", "_nb_display(optimize(num_iterations=100))",
                       SHORT),
                    _HV_CONFUSION, _HV_NP_INT,
                    _p("def optimize_images(conv_id=None, num_iterations=30):",
                       "def optimize_images(conv_id=None, num_iterations=3):", SHORT))),
    # wave 16 (realtf1): MorvanZhou/Reinforcement-learning-with-tensorflow's single-file TF1 agents (test gym stub)
    Script("mzrl_AC_continue_Pendulum", _mzrl("8_Actor_Critic_Advantage/AC_continue_Pendulum.py",
                                              "723e511a5321e960004750e4e24517acfae18f593122054b535344998146ad38"),
           "v1", "continuous actor-critic on Pendulum: tf.layers.dense heads for mu/sigma, tf.distributions.Normal "
                 "log_prob/entropy/sample, clip_by_value of the sampled action, minimize with a global_step, a "
                 "critic's TD error fed back (seeded: numpy, graph and env seeds; prints TF's numbers)",
           outcome="matches",
           patches=(_p("MAX_EPISODE = 1000", "MAX_EPISODE = 4", SHORT),)),
    Script("mzrl_DDPG_update", _mzrl("9_Deep_Deterministic_Policy_Gradient_DDPG/DDPG_update.py",
                                     "330e8562a82673e670f78db63d8ee7d956b144a39ceadb8db0e3984f554892a6"),
           "v1", "DDPG on Pendulum: eval/target tf.layers nets (trainable=False targets) in variable scopes, "
                 "tf.get_collection(GLOBAL_VARIABLES, scope=...), soft replacement by a list of tf.assign ops, "
                 "minimize(var_list=...) for actor and critic, a numpy replay memory (unseeded: 'runs')",
           patches=(_p("MAX_EPISODES = 200", "MAX_EPISODES = 4", SHORT),)),
    Script("mzrl_DDPG", _mzrl("9_Deep_Deterministic_Policy_Gradient_DDPG/DDPG.py",
                              "cdea96f63b6162dfcea5b3d48d0ec2e46793f9c94ad5463dc6591841f5107387"),
           "v1", "DDPG (class per network): tf.gradients of Q with respect to the action fed into the actor's "
                 "tf.gradients(grad_ys=...) and apply_gradients of a negative-learning-rate Adam, hard/soft target "
                 "replacement with tf.assign, tf.summary.FileWriter of the graph (seeded numpy/graph/env: prints "
                 "TF's numbers but its wall-clock running time)",
           outcome="matches", ignore=(r"^Running time: ",),
           patches=(_p("MAX_EPISODES = 200", "MAX_EPISODES = 4", SHORT),)),
    Script("mzrl_simply_PPO", _mzrl("12_Proximal_Policy_Optimization/simply_PPO.py",
                                    "fd30d5762e1080b9d9c7babd176a1b7a2f7aaa1deb282d9b369c1d670cbb8a05"),
           "v1", "PPO on Pendulum: two tf.distributions.Normal policies (old one not trainable), prob ratio, "
                 "tf.distributions.kl_divergence (adaptive-KL method) or clipped surrogate, tf.assign of the "
                 "old policy's parameters, several actor/critic updates per batch (unseeded: 'runs')",
           patches=(_p("EP_MAX = 1000", "EP_MAX = 4", SHORT),)),
    Script("mzrl_A3C_discrete_action", _mzrl("10_A3C/A3C_discrete_action.py",
                                             "b31bc0a01292ef4528ada6f25ffec4c21fcbbabe8c0d5105859ed6d9d478fc4f"),
           "v1", "A3C on CartPole: cpu_count() threading.Thread workers sharing one Session, local nets whose "
                 "tf.gradients are applied to the global net's variables by RMSPropOptimizer.apply_gradients, "
                 "pulls by tf.assign, tf.train.Coordinator (unseeded, threaded: 'runs')",
           patches=(_p("MAX_GLOBAL_EP = 1000", "MAX_GLOBAL_EP = 12", SHORT),)),
    Script("mzrl_A3C_RNN", _mzrl("10_A3C/A3C_RNN.py",
                                 "cc191aa75d0b11b73b4c31268a10b0ec677304cd37e977c89b05e6cbf85ae9d1"),
           "v1", "A3C with an RNN on Pendulum: tf.contrib.rnn.BasicRNNCell under tf.nn.dynamic_rnn with a fed "
                 "initial state and the final state fetched back per step, Normal-policy workers in threads "
                 "(tf.contrib: TF 2.21 cannot run it; unseeded: 'runs')",
           tf_runs=False,
           patches=(_p("MAX_GLOBAL_EP = 1500", "MAX_GLOBAL_EP = 6", SHORT),)),
    # wave 16 (realtf1): nfmcclure/tensorflow_cookbook's TF1 recipes (one file each, data made in the script)
    Script("nc_gates", _nc("06_Neural_Networks/02_Implementing_an_Operational_Gate/02_gates.py",
                           "a1ee6b3bc490d7e8589900829d572d54f366111ebcf9e79c14d414241de8e67a"),
           "v1", "operational gates: a scalar Variable times a fed placeholder (and an affine gate) trained to a "
                 "target with GradientDescentOptimizer, ops.reset_default_graph between the two parts "
                 "(deterministic: prints TF's numbers)", outcome="matches"),
    Script("nc_activation_functions", _nc(
               "06_Neural_Networks/03_Working_with_Activation_Functions/03_activation_functions.py",
               "e9628a97a253b4dd62072aa0f9d3aee9bbe7954833db4857436d8b2907e56c6e"),
           "v1", "sigmoid vs relu gates trained side by side on random_normal inputs with one optimizer per "
                 "loss, per-step losses and mean activations printed (seeded: graph and numpy seeds; prints TF's "
                 "numbers)", outcome="matches"),
    Script("nc_different_layers", _nc(
               "06_Neural_Networks/05_Implementing_Different_Layers/05_implementing_different_layers.py",
               "a0d0a75ba82ea942c7534cbff77730297922fd1d9497540eef392be53cfcb8fe"),
           "v1", "1-D and 2-D layers by hand: expand_dims into tf.nn.conv2d, max_pool, squeeze, a dense layer "
                 "sized by tf.stack of tf.shape, outputs printed (seeded: graph and numpy seeds)", outcome="matches"),
    Script("nc_ode_system", _nc("11_More_with_TensorFlow/04_Solving_A_System_of_ODEs/04_solving_ode_system.py",
                                "edc3caa9a0ac35a4196b700013f2d3511223c8569847b8fe1bc93f669204d577"),
           "v1", "Lotka-Volterra by Euler steps: Variables updated by tf.group of assigns, a fed placeholder "
                 "time step, 1000 session.run steps (deterministic: prints TF's numbers)", outcome="matches"),
    Script("nc_genetic_algorithm", _nc(
               "11_More_with_TensorFlow/02_Working_with_a_Genetic_Algorithm/02_genetic_algorithm.py",
               "1138129e0e5c8956725c302d193b38db0e2526048f6bd106787a2a7bc473de18"),
           "v1", "a genetic algorithm in graph ops: tf.nn.top_k of fitness, tf.gather of parents, tf.slice/"
                 "tf.concat crossover at fed points, mutation by a fed mask, population.assign via tf.group "
                 "(unseeded: 'runs')",
           patches=(_p("generations = 200", "generations = 40", SHORT),)),
    Script("nc_using_tensorboard", _nc(
               "11_More_with_TensorFlow/01_Visualizing_Computational_Graphs/01_using_tensorboard.py",
               "030ad9e75783d67a3de8f0bf7a739951eae00abcf85c877a7cd4de24399ff409"),
           "v1", "TensorBoard summaries: tf.summary.scalar/histogram under name_scopes, merge_all, FileWriter "
                 "add_summary per step, a matplotlib PNG decoded by tf.image.decode_png into tf.summary.image "
                 "(unseeded: 'runs')",
           patches=(_p("time.sleep(3)", "", SHORT), _p("    time.sleep(0.5)", "", SHORT))),
    Script("nc_lin_reg_decomposition", _nc(
               "03_Linear_Regression/02_Implementing_a_Decomposition_Method/02_lin_reg_decomposition.py",
               "ba1abf08a06fe9056ef4d01c4381e424cdc99143f4fbaae862911ec412e8ac7c"),
           "v1", "least squares by Cholesky: tf.cholesky of A^T A, two tf.matrix_solve triangular solves "
                 "(unseeded: 'runs')"),
    Script("nc_unit_tests", _nc("10_Taking_TensorFlow_to_Production/01_Implementing_Unit_Tests/"
                                "01_implementing_unit_tests.py",
                                "d9ac4358a93a001d411fdcd7d61f000a975273fc1ff644645f60c0e47a1ce0f3"),
           "v1", "a raw-op MNIST CNN (conv2d/bias_add/max_pool/dropout, sparse softmax cross entropy) trained "
                 "with MomentumOptimizer under tf.app.run, with tf.test.TestCase classes defined alongside "
                 "(unseeded: 'runs'). TF 2.21 stops at tf.truncated_normal([target_size]) with target_size a "
                 "numpy uint8 (max of the uint8 labels + 1): TypeError, shape's DataType uint8 not in int32, int64; "
                 "tfcompat accepts the shape (ops/random_ops._shape_args checks no dtype of a list of numpy "
                 "scalars; that file is migdebug's this wave, edit reported)",
           tf_runs=False,
           patches=(_keras_dataset("mnist"),)),
    # ---------------------------------------------------------------------------------------------------------
    # tensorflow/docs snapshot-keras: the tf.keras-era Keras guides (unseeded: 'runs')
    # ---------------------------------------------------------------------------------------------------------
    Script("tfdocs_guide_keras_functional", _tfdocs_keras(
               "functional.ipynb", "1b62c6078ea716690a6cb2c15a486de4fbe595bb64435d3d7f3b58999e659b6d"),
           "v2", "Keras guide, the functional API: Input/Dense models fit with validation_split and saved/reloaded "
                 "as a SavedModel, an autoencoder of Conv2D/MaxPooling2D/Conv2DTranspose/UpSampling2D with "
                 "nested models as layers, an ensemble, a multi-input multi-output model (Embedding, LSTM, "
                 "concatenate) fit on dicts with loss_weights, a toy ResNet on CIFAR-10 (add), shared layers, "
                 "VGG19's layer outputs as a feature extractor, custom layers inside functional models and "
                 "functional models inside subclassed ones (unseeded: 'runs')",
           patches=(_p('_nb_display(keras.utils.plot_model(model, "my_first_model.png"))', "", PLOT),
                    _p('_nb_display(keras.utils.plot_model(model, "my_first_model_with_shape_info.png", '
                       'show_shapes=True))', "", PLOT),
                    _guide_mnist("(x_train, y_train), (x_test, y_test) = keras.datasets.mnist.load_data()"),
                    _GUIDE_MNIST_SIZES,
                    _p('_nb_display(keras.utils.plot_model(model, "multi_input_and_output_model.png", '
                       'show_shapes=True))', "", PLOT),
                    _p('_nb_display(keras.utils.plot_model(model, "mini_resnet.png", show_shapes=True))', "", PLOT),
                    _p("(x_train, y_train), (x_test, y_test) = keras.datasets.cifar10.load_data()",
                       "(x_train, y_train), (x_test, y_test) = keras_datasets.cifar10.load_data()", DATA),
                    _p("vgg19 = tf.keras.applications.VGG19()", "vgg19 = tf.keras.applications.VGG19(weights=None)",
                       NO_WEIGHTS))),
    Script("tfdocs_guide_keras_sequential_model", _tfdocs_keras(
               "sequential_model.ipynb", "ab27b7ce129fae23eb8a589ad8fc928a89cca4c4bd998db919cdfc604a2a285b"),
           "v2", "Keras guide, the Sequential model: layers by list and by add/pop, deferred building (weights "
                 "before and after the first call), Input and input_shape, summary, Conv2D/MaxPooling2D stacks "
                 "built incrementally, a feature extractor from layer outputs (unseeded: 'runs')"),
    Script("tfdocs_guide_keras_custom_layers_and_models", _tfdocs_keras(
               "custom_layers_and_models.ipynb", "e46bea630e7f47bc14016c7a6c6c2523aeea3b40b7d275c8b7aff2dba9b3c574"),
           "v2", "Keras guide, custom layers and models: tf.Variable and add_weight weights, non-trainable "
                 "weights, deferred build, nested layers, add_loss (activity regularization, model.losses, fit "
                 "with the added loss only), add_metric of a LogisticEndpoint, get_config/from_config, a training "
                 "argument (dropout), a VAE of a Sampling layer trained by a GradientTape loop over tf.data and "
                 "by fit, the same VAE as a functional model; tf.zeros(1, 1) (a DataType enum as dtype) "
                 "(unseeded: 'runs')",
           patches=(_guide_mnist("(x_train, _), _ = tf.keras.datasets.mnist.load_data()"),
                    _p('x_train = x_train.reshape(60000, 784).astype("float32") / 255',
                       'x_train = x_train.reshape(6000, 784).astype("float32") / 255', MNIST_SIZES))),
    Script("tfdocs_guide_keras_train_and_evaluate", _tfdocs_keras(
               "train_and_evaluate.ipynb", "411fbbcda27bd257ce39440ad6a44b9d06ee3f33818d87745154ed94e532a3da"),
           "v2", "Keras guide, training and evaluation with the built-in methods: fit/evaluate/predict on NumPy "
                 "and tf.data (steps_per_epoch, validation_data), custom losses (function and Loss subclass), a "
                 "custom Metric, add_loss/add_metric in layers and on a functional model, validation_split, "
                 "class_weight and sample_weight, multi-input multi-output models with per-output losses and "
                 "metrics (lists and dicts, loss_weights), EarlyStopping, a per-batch loss-history callback, "
                 "ModelCheckpoint (save_best_only, save_freq) with restore, ExponentialDecay, TensorBoard; "
                 "tf.one_hot of a float32 NumPy label array (unseeded: 'runs')",
           patches=(_guide_mnist("(x_train, y_train), (x_test, y_test) = keras.datasets.mnist.load_data()"),
                    _GUIDE_MNIST_SIZES,
                    _p("x_val = x_train[-10000:]\ny_val = y_train[-10000:]\nx_train = x_train[:-10000]\n"
                       "y_train = y_train[:-10000]",
                       "x_val = x_train[-1000:]\ny_val = y_train[-1000:]\nx_train = x_train[:-1000]\n"
                       "y_train = y_train[:-1000]", MNIST_SIZES),
                    _p('_nb_display(keras.utils.plot_model(model, "multi_input_and_output_model.png", '
                       'show_shapes=True))', "", PLOT))),
    Script("tfdocs_guide_keras_masking_and_padding", _tfdocs_keras(
               "masking_and_padding.ipynb", "a0897e612ea9e3aab1eddd50cff3bbea7b1390ed98cf417cd9fd664aaf0c0f24"),
           "v2", "Keras guide, masking and padding: pad_sequences, Embedding(mask_zero=True) and Masking masks "
                 "read as output._keras_mask, masks propagated through functional and Sequential LSTM models "
                 "and subclassed models (compute_mask), a layer splitting its mask (tf.split), supports_masking, "
                 "a layer consuming the mask in call (a masked softmax) (unseeded: 'runs')"),
    Script("tfdocs_guide_keras_rnn", _tfdocs_keras(
               "rnn.ipynb", "acf70929ef99df12dd0e0c483ff098b0fd063af686ec36fe447cc781d4cf98b5"),
           "v2", "Keras guide, recurrent neural networks: Embedding/LSTM/GRU/SimpleRNN stacks, return_sequences "
                 "and return_state, initial_state from another RNN, Bidirectional, LSTMCell in RNN, an MNIST "
                 "LSTM classifier fit with and without the cuDNN-compatible configuration, stateful reuse of "
                 "states, and an RNN over a custom cell with nested inputs, states and outputs (TensorShape "
                 "state sizes, tf.einsum) fit on two inputs and two targets (unseeded: 'runs')",
           patches=(_p("mnist = keras.datasets.mnist", "from _data import keras_datasets\nmnist = keras_datasets.mnist",
                       DATA),)),
    Script("tfdocs_guide_keras_custom_callback", _tfdocs_keras(
               "custom_callback.ipynb", "d5b90c2c1bad5339a9b005f6a9c2fe21e7000de3912de692183f793f8f3c4b55"),
           "v2", "Keras guide, writing your own callbacks: every on_* hook of fit/evaluate/predict printing its "
                 "log keys, a loss-printing callback, early stopping at the minimum loss (model.stop_training, "
                 "get_weights/set_weights of the best weights), a learning-rate scheduler through "
                 "keras.backend.get_value/set_value of optimizer.lr (unseeded: 'runs')",
           patches=(_guide_mnist("(x_train, y_train), (x_test, y_test) = tf.keras.datasets.mnist.load_data()"),
                    _p("        self.best = np.Inf", "self.best = np.inf", NUMPY2_INF))),
    Script("tfdocs_guide_keras_preprocessing_layers", _tfdocs_keras(
               "preprocessing_layers.ipynb", "075dde5d3700c80ee93b4043a0ef150a624a31448de2fcee20480ed985dfa8c9"),
           "v2", "Keras guide, preprocessing layers: Normalization/StringLookup/TextVectorization adapt, "
                 "augmentation (RandomFlip, RandomRotation, RandomZoom, Rescaling) in front of a ResNet50 "
                 "(weights=None) on CIFAR-10, preprocessing in tf.data vs in the model, StringLookup and "
                 "IntegerLookup one-hot/multi-hot, Hashing, CategoryEncoding, TextVectorization int/multi_hot/"
                 "tf_idf modes feeding Embedding/GRU and Dense models (unseeded: 'runs')",
           patches=(_p("(x_train, y_train), _ = keras.datasets.cifar10.load_data()",
                       "from _data import keras_datasets\n(x_train, y_train), _ = keras_datasets.cifar10.load_data()",
                       DATA, count=2),)),
    Script("tfdocs_guide_keras_transfer_learning", _tfdocs_keras(
               "transfer_learning.ipynb", "af70ec86a191ec3633089702041876b581f917a33f8a8c9fc7d9f716aaa1ccf7"),
           "v2", "Keras guide, transfer learning and fine-tuning: trainable/non-trainable weights, freezing "
                 "(layer.trainable propagating to nested models, BatchNormalization), tfds cats_vs_dogs split "
                 "slices as_supervised (test stub), Dataset.map(tf.image.resize).cache().batch().prefetch(), "
                 "RandomFlip/RandomRotation augmentation, a frozen Xception base called with training=False under "
                 "Rescaling, GlobalAveragePooling2D/Dropout/Dense head fit, then unfrozen and fine-tuned with a "
                 "low learning rate (unseeded: 'runs')",
           patches=(_p('    weights="imagenet",  # Load weights pre-trained on ImageNet.', "weights=None,", NO_WEIGHTS),
                    _p("epochs = 20", "epochs = 2", SHORT),
                    _p("epochs = 10", "epochs = 1", SHORT))),
    Script("nc_loss_functions", _nc("02_TensorFlow_Way/04_Implementing_Loss_Functions/04_loss_functions.py",
                                    "9bf81687b95a7b675b0531c06292d6d3abf3d9278c24382268a96b4980ae4f99"),
           "v1", "loss functions over tf.linspace predictions: L2/L1/pseudo-Huber by hand, hinge, "
                 "cross-entropy with tf.log, sigmoid/weighted/softmax (v2)/sparse softmax cross entropy with "
                 "logits (the TF1 targets= alias), evaluated in a Session (deterministic: prints TF's numbers)",
           outcome="matches"),
    Script("nc_back_propagation", _nc("02_TensorFlow_Way/05_Implementing_Back_Propagation/05_back_propagation.py",
                                      "d354435480a9afcc485d753da5297c89c7842248710c4a06cf1843c40a20a2d5"),
           "v1", "back propagation on one-sample feeds: a scalar Variable regression, then a sigmoid "
                 "cross-entropy classifier of two normal clusters, GradientDescentOptimizer steps, tf.round "
                 "predictions (unseeded: 'runs')"),
    Script("nc_batch_stochastic_training", _nc(
               "02_TensorFlow_Way/06_Working_with_Batch_and_Stochastic_Training/06_batch_stochastic_training.py",
               "c7ac3a484577779485432330eb86a1260b00cdb825dcfed7c3b25cd841271204"),
           "v1", "stochastic vs batch training: [None, 1] placeholders, matmul by a [1, 1] Variable, reduce_mean "
                 "of squared error, GradientDescentOptimizer, losses collected every 5 steps (unseeded: 'runs')"),
    Script("nc_text_distances", _nc("05_Nearest_Neighbor_Methods/03_Working_with_Text_Distances/03_text_distances.py",
                                    "3f91c736571b84731da5b8217893d713064d52b3b834e3b304e5e39b06863d4b"),
           "v1", "Levenshtein distances: tf.SparseTensor hypotheses/truths of single characters (list(word) "
                 "values), tf.edit_distance normalized and not, a batch of indices built in Python "
                 "(deterministic: prints TF's numbers)", outcome="matches"),
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
