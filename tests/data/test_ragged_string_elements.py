"""tf.data with ``tf.string`` RaggedTensor components (data/ragged_elements.py: string flat values are object
arrays of bytes): from_tensor_slices, batch, unbatch, map, filter, dense_to_ragged_batch, padded_batch,
as_numpy_iterator and element_spec against TF (oracle); the ragged_tensor guide's tf.data cells."""
from __future__ import annotations


def _words(tf):
    return tf.ragged.constant([["red", "blue"], ["orange"], ["black", "yellow"], ["green"], []])


def _nested(tf):
    return tf.ragged.constant([[["a", "b"], ["c"]], [], [["d"], [], ["e", "f", "g"]]])


def _value(tf, t):
    if isinstance(t, tf.RaggedTensor):
        return "ragged", t.flat_values, [s for s in t.nested_row_splits], t.shape.as_list()
    return "tensor", t, t.shape.as_list()


def _elements(tf, ds):
    return [tf.nest.map_structure(lambda t: _value(tf, t), e) for e in ds]


def test_slices_batch_unbatch(oracle):
    def prog(tf):
        s = tf.data.Dataset.from_tensor_slices
        made = [s(_words(tf)), s(_nested(tf)),
                s({"colors": _words(tf), "n": tf.range(5)}).batch(2),
                s(_words(tf)).batch(2).unbatch(),
                s(_nested(tf)).batch(2, drop_remainder=True),
                s(_nested(tf)).batch(2).unbatch(),
                tf.data.Dataset.from_tensors(_words(tf)).unbatch(),
                tf.data.Dataset.from_tensors(_words(tf)).batch(1)]
        return [(repr(d.element_spec), _elements(tf, d)) for d in made]
    oracle.check(prog)


def test_map_filter_and_ragged_batch(oracle):
    def prog(tf):
        s = tf.data.Dataset.from_tensor_slices
        made = [s(_words(tf)).map(lambda w: tf.strings.join([w, w], separator="+")),
                s(_words(tf)).map(lambda w: tf.strings.length(w)),
                s(_words(tf)).filter(lambda w: tf.size(w) > 1),
                s(tf.constant(["a b", "c", "d e f"])).map(lambda x: tf.strings.split(x)).batch(2),
                s(tf.constant(["a b", "c", "d e f"])).map(lambda x: tf.strings.split(x)).apply(
                    tf.data.experimental.dense_to_ragged_batch(2)),
                s(tf.constant(["a b", "c", "d e f"])).map(lambda x: tf.strings.split(x)).padded_batch(
                    2, padded_shapes=[None], padding_values="<pad>"),
                s(_words(tf)).batch(2).map(lambda w: w.to_tensor(default_value="?"))]
        return [(repr(d.element_spec), _elements(tf, d)) for d in made]
    oracle.check(prog)


def test_as_numpy_iterator(oracle):
    def prog(tf):
        s = tf.data.Dataset.from_tensor_slices
        return ([list(x) if hasattr(x, "__len__") else x for x in s(_words(tf)).as_numpy_iterator()],
                [[list(r) for r in x] for x in s(_words(tf)).batch(3).as_numpy_iterator()])
    oracle.check(prog)


def test_guide_cells(oracle):
    """The ragged_tensor guide's parse_example -> from_tensor_slices -> batch -> unbatch -> map cells."""
    def prog(tf):
        feats = {"colors": _words(tf)[:4], "lengths": tf.ragged.constant([[7], [], [1, 3], [3, 5, 2]], tf.int64)}
        ds = tf.data.Dataset.from_tensor_slices(feats)
        out = []
        for d in (ds, ds.batch(2), ds.batch(2).unbatch(),
                  ds.map(lambda f: {"mean_length": tf.math.reduce_mean(f["lengths"]),
                                    "length_ranges": tf.ragged.range(f["lengths"])})):
            out.append((repr(d.element_spec), [{k: str(v) for k, v in e.items()} for e in d]))
        return out
    oracle.check(prog)
