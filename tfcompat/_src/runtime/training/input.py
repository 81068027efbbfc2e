"""TF1 input pipelines built on queues and queue runners (mirrors TF's ``training/input.py``): producers
(``string_input_producer``, ``range_input_producer``, ``slice_input_producer``, ``input_producer``),
``limit_epochs`` and batching (``batch``, ``batch_join``, ``shuffle_batch``, ``shuffle_batch_join`` and their
``maybe_*`` forms, whose ``keep_input`` is handled in ``conditional_input.py``).

Each function adds a queue, the enqueue ops that fill it and a ``QueueRunner`` (in ``GraphKeys.QUEUE_RUNNERS``)
that runs them once ``start_queue_runners`` is called, as TF does."""
from __future__ import annotations

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import apply_op, convert_to_tensor
from tfcompat._src.framework.graph import GraphKeys
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework.sparse_tensor import SparseTensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_ops, control_flow_ops, data_flow_ops, math_ops, random_ops
from tfcompat._src.ops.variables import Variable
from tfcompat._src.runtime.gfile import matching_files
from tfcompat._src.runtime.training.conditional_input import kept_elements
from tfcompat._src.runtime.training.queue_runner import QueueRunner, add_queue_runner

__all__ = ["limit_epochs", "input_producer", "string_input_producer", "range_input_producer",
           "slice_input_producer", "batch", "maybe_batch", "batch_join", "maybe_batch_join", "shuffle_batch",
           "shuffle_batch_join", "maybe_shuffle_batch_join",
           "maybe_shuffle_batch", "match_filenames_once"]


def _check_graph_mode(what):
    if ctx_lib.executing_eagerly():
        raise RuntimeError("Input pipelines based on Queues are not supported when eager execution is enabled. "
                           "Please use tf.data to ingest data into your model instead.")


def _summary_scalar(name, value):
    from tfcompat._src.runtime.summary import ops_v1
    ops_v1.scalar(name, value)


# ------------------------------------------------------------------------------------------------
# producers
# ------------------------------------------------------------------------------------------------
def limit_epochs(tensor, num_epochs=None, name=None):
    """Mirrors ``tf.compat.v1.train.limit_epochs``: ``tensor`` for ``num_epochs`` runs, then OutOfRangeError.

    The count is a local variable (``epochs``): run ``tf.compat.v1.local_variables_initializer()`` first."""
    if num_epochs is None:
        return tensor
    if num_epochs <= 0:
        raise ValueError(f"num_epochs must be > 0 not {num_epochs}.")
    with name_scope(name, "limit_epochs", [tensor]) as scope:
        zero64 = convert_to_tensor(0, dtype=dtypes.int64)
        epochs = Variable(zero64, name="epochs", trainable=False, collections=[GraphKeys.LOCAL_VARIABLES])
        counter = data_flow_ops.count_up_to(epochs, num_epochs)
        graph = ctx_lib.get_default_graph()
        with graph.control_dependencies([counter]):
            return array_ops.identity(tensor, name=scope.rstrip("/") if scope else None)


def input_producer(input_tensor, element_shape=None, num_epochs=None, shuffle=True, seed=None, capacity=32,
                   shared_name=None, summary_name=None, name=None, cancel_op=None):
    """Mirrors ``tf.compat.v1.train.input_producer``: a FIFOQueue fed with the rows of ``input_tensor``
    (shuffled each epoch when ``shuffle``), ``num_epochs`` times or forever."""
    _check_graph_mode("input_producer")
    with name_scope(name, "input_producer", [input_tensor]) as scope:
        input_tensor = convert_to_tensor(input_tensor, name="input_tensor")
        shape = input_tensor.shape
        element = TensorShape(shape.as_list()[1:]) if shape.rank is not None else TensorShape(None)
        element_shape = element.merge_with(TensorShape(element_shape)) if element_shape is not None else element
        if not element_shape.is_fully_defined():
            raise ValueError("Either `input_tensor` must have a fully defined shape or `element_shape` must be "
                             "specified")
        if shuffle:
            input_tensor = random_ops.random_shuffle(input_tensor, seed=seed)
        input_tensor = limit_epochs(input_tensor, num_epochs)
        q = data_flow_ops.FIFOQueue(capacity=capacity, dtypes=[input_tensor.dtype], shapes=[element_shape],
                                    shared_name=shared_name, name=scope.rstrip("/") if scope else None)
        enq = q.enqueue_many([input_tensor])
        add_queue_runner(QueueRunner(q, [enq], cancel_op=cancel_op))
        if summary_name is not None:
            _summary_scalar(summary_name, math_ops.multiply(math_ops.cast(q.size(), dtypes.float32),
                                                            1.0 / capacity))
        return q


def string_input_producer(string_tensor, num_epochs=None, shuffle=True, seed=None, capacity=32, shared_name=None,
                          name=None, cancel_op=None):
    """Mirrors ``tf.compat.v1.train.string_input_producer``: a queue of file names (or other strings)."""
    if not hasattr(string_tensor, "dtype") and not len(string_tensor):
        raise ValueError("string_input_producer requires a non-null input tensor")
    with name_scope(name, "input_producer", [string_tensor]) as scope:
        string_tensor = convert_to_tensor(string_tensor, dtype=dtypes.string)
        return input_producer(string_tensor, num_epochs=num_epochs, shuffle=shuffle, seed=seed, capacity=capacity,
                              shared_name=shared_name, name=scope.rstrip("/") if scope else None,
                              summary_name=f"fraction_of_{capacity}_full", cancel_op=cancel_op)


def range_input_producer(limit, num_epochs=None, shuffle=True, seed=None, capacity=32, shared_name=None,
                         name=None):
    """Mirrors ``tf.compat.v1.train.range_input_producer``: a queue of the integers ``0 .. limit-1``."""
    with name_scope(name, "input_producer", [limit]) as scope:
        range_tensor = math_ops.range(limit) if hasattr(math_ops, "range") else array_ops.range(limit)
        return input_producer(range_tensor, [], num_epochs, shuffle, seed, capacity, shared_name,
                              f"fraction_of_{capacity}_full", scope.rstrip("/") if scope else None)


def slice_input_producer(tensor_list, num_epochs=None, shuffle=True, seed=None, capacity=32, shared_name=None,
                         name=None):
    """Mirrors ``tf.compat.v1.train.slice_input_producer``: one row of every tensor of ``tensor_list`` per
    dequeue (the same row index for all)."""
    with name_scope(name, "input_producer", tensor_list):
        tensor_list = [convert_to_tensor(t) for t in tensor_list]
        if not tensor_list:
            raise ValueError("Expected at least one tensor in slice_input_producer().")
        range_size = array_ops.shape(tensor_list[0])[0]
        queue = range_input_producer(range_size, num_epochs=num_epochs, shuffle=shuffle, seed=seed,
                                     capacity=capacity, shared_name=shared_name)
        index = queue.dequeue()
        return [array_ops.gather(t, index) for t in tensor_list]


# ------------------------------------------------------------------------------------------------
# batching
# ------------------------------------------------------------------------------------------------
def _as_tensor_list(tensors):
    if isinstance(tensors, dict):
        return [tensors[k] for k in sorted(tensors)]
    return list(tensors)


def _as_original_type(original, dequeued):
    if isinstance(original, dict):
        if len(original) == 1:
            dequeued = [dequeued]  # a one-component queue dequeues a bare tensor (as TF, b/28117485)
        return {k: dequeued[i] for i, k in enumerate(sorted(original))}
    return dequeued


def _validate(tensor_list):
    if not tensor_list:
        raise ValueError("Expected at least one tensor in batch().")
    out = []
    for t in tensor_list:
        if isinstance(t, SparseTensor):
            raise NotImplementedError("Batching SparseTensors through queues is not supported by tfcompat yet.")
        out.append(convert_to_tensor(t))
    return out


def _shapes(tensor_lists, shapes, enqueue_many, dynamic_pad=False):
    if shapes is not None:
        return [TensorShape(s) for s in shapes]
    result = []
    for i in range(len(tensor_lists[0])):
        merged = TensorShape(None)
        for tl in tensor_lists:
            s = tl[i].shape
            if enqueue_many and s.rank is not None:
                if s.rank == 0:
                    raise ValueError(f"Shape must be at least rank 1 for component {i} with enqueue_many=True")
                s = TensorShape(s.as_list()[1:])
            merged = merged.merge_with(s)
        if not dynamic_pad and not merged.is_fully_defined():
            raise ValueError(f"All shapes must be fully defined: {[t.shape for t in tensor_lists[0]]}")
        if dynamic_pad and merged.rank is None:
            raise ValueError("dynamic_pad requires tensors of known rank")
        result.append(merged)
    return result


def _enqueue(queue, tensor_lists, threads, enqueue_many, keep_input):
    ops = []
    for tl in tensor_lists:   # maybe_*: keep_input picks what is enqueued (conditional_input.py)
        kept = kept_elements(tl, keep_input, enqueue_many)
        ops.append(control_flow_ops.no_op() if kept is None else
                   (queue.enqueue_many if kept[1] else queue.enqueue)(kept[0]))
    if len(tensor_lists) == 1:
        ops = ops * threads
    add_queue_runner(QueueRunner(queue, ops))


def _dequeue(queue, batch_size, allow_smaller_final_batch, name):
    if allow_smaller_final_batch:
        return queue.dequeue_up_to(batch_size, name=name)
    return queue.dequeue_many(batch_size, name=name)


def _batch(tensors_list, batch_size, keep_input, num_threads=1, capacity=32, enqueue_many=False, shapes=None,
           dynamic_pad=False, allow_smaller_final_batch=False, shared_name=None, name=None, shuffle=None,
           join=False, default_name="batch"):
    _check_graph_mode(default_name)
    original = tensors_list[0]
    lists = [_as_tensor_list(t) for t in tensors_list]
    with name_scope(name, default_name, [t for tl in lists for t in tl]) as scope:
        lists = [_validate(tl) for tl in lists]
        types = [t.dtype for t in lists[0]]
        for tl in lists[1:]:
            if [t.dtype for t in tl] != types:
                raise TypeError(f"Expected types to be {types}, got {[t.dtype for t in tl]}")
        qshapes = _shapes(lists, shapes, enqueue_many, dynamic_pad)
        if shuffle is not None:
            min_after_dequeue, seed = shuffle
            queue = data_flow_ops.RandomShuffleQueue(capacity=capacity, min_after_dequeue=min_after_dequeue,
                                                     seed=seed, dtypes=types, shapes=qshapes,
                                                     shared_name=shared_name)
        elif dynamic_pad:
            queue = data_flow_ops.PaddingFIFOQueue(capacity=capacity, dtypes=types, shapes=qshapes,
                                                   shared_name=shared_name)
        else:
            queue = data_flow_ops.FIFOQueue(capacity=capacity, dtypes=types, shapes=qshapes,
                                            shared_name=shared_name)
        _enqueue(queue, lists, num_threads, enqueue_many, keep_input)
        if shuffle is not None:
            full = math_ops.multiply(math_ops.cast(math_ops.maximum(0, math_ops.subtract(queue.size(),
                                                                                         shuffle[0])),
                                                   dtypes.float32), 1.0 / (capacity - shuffle[0]))
            _summary_scalar(f"fraction_over_{shuffle[0]}_of_{capacity - shuffle[0]}_full", full)
        else:
            _summary_scalar(f"fraction_of_{capacity}_full",
                            math_ops.multiply(math_ops.cast(queue.size(), dtypes.float32), 1.0 / capacity))
        dequeued = _dequeue(queue, batch_size, allow_smaller_final_batch, scope.rstrip("/") if scope else None)
        return _as_original_type(original, dequeued)


def batch(tensors, batch_size, num_threads=1, capacity=32, enqueue_many=False, shapes=None, dynamic_pad=False,
          allow_smaller_final_batch=False, shared_name=None, name=None):
    """Mirrors ``tf.compat.v1.train.batch``: batches of ``batch_size`` from a FIFOQueue filled by
    ``num_threads`` threads (a PaddingFIFOQueue when ``dynamic_pad``). A one-tensor list gives a bare tensor."""
    return _batch([tensors], batch_size, True, num_threads, capacity, enqueue_many, shapes, dynamic_pad,
                  allow_smaller_final_batch, shared_name, name)


def maybe_batch(tensors, keep_input, batch_size, num_threads=1, capacity=32, enqueue_many=False, shapes=None,
                dynamic_pad=False, allow_smaller_final_batch=False, shared_name=None, name=None):
    """Mirrors ``tf.compat.v1.train.maybe_batch``: ``batch`` enqueuing only what ``keep_input`` keeps (a bool
    scalar, or with ``enqueue_many`` a bool vector over the examples)."""
    return _batch([tensors], batch_size, keep_input, num_threads, capacity, enqueue_many, shapes, dynamic_pad,
                  allow_smaller_final_batch, shared_name, name)


def batch_join(tensors_list, batch_size, capacity=32, enqueue_many=False, shapes=None, dynamic_pad=False,
               allow_smaller_final_batch=False, shared_name=None, name=None):
    """Mirrors ``tf.compat.v1.train.batch_join``: one enqueue thread per tensor list, one batch queue."""
    return _batch(list(tensors_list), batch_size, True, 1, capacity, enqueue_many, shapes, dynamic_pad,
                  allow_smaller_final_batch, shared_name, name)


def shuffle_batch(tensors, batch_size, capacity, min_after_dequeue, num_threads=1, seed=None, enqueue_many=False,
                  shapes=None, allow_smaller_final_batch=False, shared_name=None, name=None):
    """Mirrors ``tf.compat.v1.train.shuffle_batch``: batches drawn from a RandomShuffleQueue holding at least
    ``min_after_dequeue`` elements (the order comes from Python's generator: deviation ``random-values``)."""
    return _batch([tensors], batch_size, True, num_threads, capacity, enqueue_many, shapes, False,
                  allow_smaller_final_batch, shared_name, name, shuffle=(min_after_dequeue, seed),
                  default_name="shuffle_batch")


def maybe_shuffle_batch(tensors, batch_size, capacity, min_after_dequeue, keep_input, num_threads=1, seed=None,
                        enqueue_many=False, shapes=None, allow_smaller_final_batch=False, shared_name=None,
                        name=None):
    """Mirrors ``tf.compat.v1.train.maybe_shuffle_batch``: ``shuffle_batch`` enqueuing only what ``keep_input``
    keeps."""
    return _batch([tensors], batch_size, keep_input, num_threads, capacity, enqueue_many, shapes, False,
                  allow_smaller_final_batch, shared_name, name, shuffle=(min_after_dequeue, seed),
                  default_name="shuffle_batch")


def maybe_batch_join(tensors_list, keep_input, batch_size, capacity=32, enqueue_many=False, shapes=None,
                     dynamic_pad=False, allow_smaller_final_batch=False, shared_name=None, name=None):
    """Mirrors ``tf.compat.v1.train.maybe_batch_join``: ``batch_join`` enqueuing only what ``keep_input`` keeps."""
    return _batch(list(tensors_list), batch_size, keep_input, 1, capacity, enqueue_many, shapes, dynamic_pad,
                  allow_smaller_final_batch, shared_name, name)


def maybe_shuffle_batch_join(tensors_list, batch_size, capacity, min_after_dequeue, keep_input, seed=None,
                             enqueue_many=False, shapes=None, allow_smaller_final_batch=False, shared_name=None,
                             name=None):
    """Mirrors ``tf.compat.v1.train.maybe_shuffle_batch_join``: ``shuffle_batch_join`` enqueuing only what
    ``keep_input`` keeps."""
    return _batch(list(tensors_list), batch_size, keep_input, 1, capacity, enqueue_many, shapes, False,
                  allow_smaller_final_batch, shared_name, name, shuffle=(min_after_dequeue, seed),
                  default_name="shuffle_batch_join")


def shuffle_batch_join(tensors_list, batch_size, capacity, min_after_dequeue, seed=None, enqueue_many=False,
                       shapes=None, allow_smaller_final_batch=False, shared_name=None, name=None):
    """Mirrors ``tf.compat.v1.train.shuffle_batch_join``."""
    return _batch(list(tensors_list), batch_size, True, 1, capacity, enqueue_many, shapes, False,
                  allow_smaller_final_batch, shared_name, name, shuffle=(min_after_dequeue, seed),
                  default_name="shuffle_batch_join")


def match_filenames_once(pattern, name=None):
    """Mirrors ``tf.io.match_filenames_once`` / ``tf.compat.v1.train.match_filenames_once``: a local, untrainable
    string variable (shape not validated) initialized to the file names matching ``pattern`` (``MatchingFiles``:
    sorted); in a graph it is set by ``local_variables_initializer()``, eagerly when created."""
    if ctx_lib.executing_eagerly():   # TF's v1 name_scope is skipped eagerly: the variable is plain 'Variable:0'
        return Variable(initial_value=matching_files(pattern), trainable=False, validate_shape=False,
                        collections=[GraphKeys.LOCAL_VARIABLES])
    with name_scope(name, "matching_filenames", [pattern]) as scope:
        return Variable(name=scope, initial_value=matching_files(pattern), trainable=False, validate_shape=False,
                        collections=[GraphKeys.LOCAL_VARIABLES])
