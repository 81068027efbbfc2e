"""The reviewed list of known deviations from TensorFlow 2.21, one reason each.

Tests that hit one of these reference it by key; ``tests/test_known_deviations.py`` checks every entry has a
reason and that each referenced key exists."""

DEVIATIONS = {
    "random-values": "Multinomial/categorical, random_shuffle, random gamma/poisson and the other random ops not "
                     "built on TF's Philox uniform/normal/truncated-normal/int kernels draw from torch generators: "
                     "distributions, shapes, dtypes and reproducibility under fixed seeds match TF, the sampled "
                     "numbers do not (tf.random.uniform/normal/truncated_normal and seeded stateless ops do match).",
    "eager-op-seed-restarts": "An eager random op with an explicit op seed (tf.random.normal(shape, seed=1)) "
                              "starts TF's Philox stream afresh at every call, so repeated calls repeat the "
                              "first values; TF's eager kernel cache continues the stream (later calls differ). "
                              "Unseeded ops under tf.random.set_seed, graph mode and tf.function match TF's "
                              "values call by call.",
    "fft-gradient-length-mismatch": "TF's RFFT/IRFFT gradients raise InvalidArgumentError when fft_length crops "
                                    "the input (or an IRFFT input is not fft_length // 2 + 1 wide); tfcompat "
                                    "returns the exact gradient (torch autograd) there.",
    "fftnd-cpu": "tf.signal.fftnd/ifftnd/rfftnd/irfftnd (FFTND & co.) run on CPU; TF 2.21 registers GPU kernels "
                 "only and raises NotFoundError on CPU.",
    "stateless-random-samplers": "stateless_categorical/binomial/gamma/poisson/parameterized_truncated_normal, "
                                 "Generator.binomial and stateless_shuffle are deterministic per seed with TF's "
                                 "distributions, shapes and dtypes, but not TF's sampled values (TF's per-"
                                 "distribution Philox consumption is not reproduced); stateless uniform/normal/"
                                 "truncated_normal, split, fold_in and Generator draws are TF's exact values.",
    "checkpoint-iterator-state": "tf.train.Checkpoint saves a tf.data iterator's position as tfcompat's own string "
                                 "entry (how many elements were taken), not TF's serialized dataset graph (a variant): "
                                 "TF cannot restore tfcompat's iterator entry and tfcompat refuses TF's, naming it. A "
                                 "restore moves the iterator forward to the saved position; an iterator whose shuffle "
                                 "epoch differs from the saved one's (reshuffle_each_iteration across several iter() "
                                 "calls) continues in a different order than TF's restored buffer.",
    "python-negative-zero": "Python -0.0 in an eager op keeps its sign. TF's eager scalar cache keys 0.0 and -0.0 "
                            "alike, so in TF `x * -0.0` after an earlier `x * 0.0` multiplies by +0.0 (and the "
                            "reverse): a cache-order accident we do not copy.",
    "nested-tape-shared-graph": "Ops recorded only by an outer tape while an inner tape's recording is paused "
                                "share torch's single autograd graph; an inner tape can see such a path where "
                                "TF would not.",
    "gradient-tensor-names": "tf.gradients results are outputs of one 'Gradients' op under the name scope "
                             "('gradients/Gradients:0'), not TF's per-op '..._grad/...' tensors.",
    "sigmoid-xent-one-op": "tf.nn.sigmoid_cross_entropy_with_logits adds one op (type "
                           "'SigmoidCrossEntropyWithLogits', named 'logistic_loss' as TF's result) where TF's graph "
                           "has ten (ZerosLike, GreaterEqual, two Selects, ...); values and gradients are TF's, but "
                           "tf.gradients' sum of the logit terms follows TF's tape order (last bit may differ).",
    "optimizer-one-update-op": "A TF1 optimizer's apply_gradients adds one update op (e.g. ResourceApplyAdam) for "
                               "all its variables, and op names differ ('Adam/update', not "
                               "'Adam/update_W/ResourceApplyAdam'); the training op's name may get a suffix.",
    "keras-legacy-minimize": "Keras optimizers keep Keras 2's minimize(loss, var_list, tape=None) and the lr= "
                             "alias (both removed in Keras 3 / TF 2.21) because legacy TF2 code calls them; "
                             "use_ema and gradient_accumulation_steps raise NotImplementedError.",
    "v1-layers-functional": "tf.compat.v1.layers provides Dense, Conv2D, MaxPooling2D, AveragePooling2D, "
                            "Dropout, Flatten, BatchNormalization (classes and functional forms) with TF1's "
                            "variable and op names, but not the Keras machinery behind them (get_config, "
                            "input/output tensors, other layer classes); BatchNormalization has no renorm, "
                            "virtual_batch_size or adjustment (NotImplementedError).",
    "sampled-candidates": "Candidate samplers (log_uniform/uniform/fixed_unigram_candidate_sampler, the default "
                          "sampler of nce_loss and sampled_softmax_loss) and tf.image.random_crop draw from torch "
                          "generators: the distributions and TF's expected-count formula match, the sampled ids "
                          "and crop offsets do not (pass sampled_values= for reproducible losses).",
    "fused-batch-norm-stat-gradients": "tf.nn.fused_batch_norm is a composite of registered ops: gradients "
                                       "through its returned batch statistics are None (TF: zeros), and the "
                                       "op types are not FusedBatchNormV3; values and input gradients match.",
    "initializer-op-names": "Initializer ops inside 'W/Initializer/' are named after tfcompat's composite ops "
                            "(e.g. 'W/Initializer/Mul'), not TF's ('W/Initializer/random_uniform/mul'); "
                            "variable, scope and layer-output names match.",
    "hash-tensors": "Tensors and Variables are hashable in TF2 mode (TF raises TypeError: ... unhashable. Instead, "
                    "use tensor.ref() as the key); equality is elementwise as in TF2, and ref() keys work as in TF.",
    "print-python-stream": "tf.print writes to the Python stream object (sys.stderr/sys.stdout or a file-like "
                           "object); TF's kernel writes to the process's file descriptors.",
    "getitem-bool-mask": "Indexing a tensor with a boolean tensor (TF's boolean-mask __getitem__) raises "
                         "ValueError; use tf.boolean_mask-style gather instead.",
    "gradients-structural-none": "tf.gradients decides None from the forward graph: a gradient of a gradient "
                                 "that TF's symbolic gradient graph leaves unconnected (e.g. the second "
                                 "derivative of a linear function) is zeros, not None, and tf.hessians of such "
                                 "ys returns zeros where TF raises ValueError('None values not supported.').",
    "gradients-fed-intermediate": "Feeding an intermediate tensor in Session.run cuts torch's backward there: "
                                  "tf.gradients w.r.t. tensors upstream of the fed one are zeros, where TF's "
                                  "gradient graph still backpropagates through the fed tensor's producer.",
    "override-map-with-tape": "Graph.gradient_override_map applies to every op created inside it, also under "
                              "GradientTape (eagerly or in tf.function); TF2's tape ignores the map.",
    "user-gradient-runs-eagerly": "RegisterGradient functions run eagerly inside torch's backward, in graph mode "
                                  "too: op.inputs/op.outputs/grads are eager tensors holding the run's values, "
                                  "not symbolic tensors, and the function cannot add ops to the graph.",
    "custom-gradient-graph-trace": "In graph mode, custom_gradient's grad_fn is traced when f is called (its "
                                   "ops appear in the graph under 'CustomGradient_grad/'); TF traces it when "
                                   "tf.gradients runs. Eagerly, variables= lists variables in read order (TF: "
                                   "set order). PreventGradient's LookupError uses the generic 'No gradient "
                                   "defined' message, not TF's 'Gradient explicitly disabled'.",
    "rnn-cells-plain-objects": "tf.compat.v1.nn.rnn_cell cells are plain Python objects with TF1's variable "
                               "names, not Keras layers (no get_config/losses/updates); "
                               "DropoutWrapper(variational_recurrent=True) and LSTMCell num_unit_shards raise "
                               "NotImplementedError.",
    "tensor-array-eager-flow": "An eager tf.TensorArray (a Python list of tensors, as TF's eager TensorArray) has "
                               "flow None; TF gives a placeholder float tensor that carries nothing.",
    "session-run-write-order": "When one Session.run fetches an optimizer step and a plain assign of the same "
                               "variable (WGAN weight clipping), tfcompat reads the forward values first, then "
                               "assigns, then applies the update to the assigned value. TF's order is a race: "
                               "resource variables give this order or read the assigned value; TF1 reference "
                               "variables usually read the assigned value. The update is never lost.",
    "assign-op-names": "Variable.assign/assign_add/assign_sub add TF's AssignVariableOp/AssignAddVariableOp/"
                       "AssignSubVariableOp ops, but the op's own output is the new value ('AssignAddVariableOp:0'); "
                       "TF's ops have no output and assign returns a lazy read of the variable, and TF1 reference "
                       "variables (disable_v2_behavior) use Assign/AssignAdd ops: tensor names differ.",
    "object-checkpoint-format": "tf.train.Checkpoint saves eager (TF2) variables only (a TF1 graph program uses "
                                "tf.compat.v1.train.Saver) and does not log unrestored values when the status "
                                "object is deleted; TF1 optimizers' eager slot variables lack TF's uniquifying "
                                "suffix in their display names ('w/Adam' twice, TF: 'w/Adam', 'w/Adam_1').",
    "summary-no-graph-def": "tf.compat.v1.summary.FileWriter add_run_metadata writes nothing (no RunMetadata in "
                            "tfcompat); events are written synchronously (buffered, flushed every flush_secs, on "
                            "flush/close and at exit) instead of by a background thread; the file_version event "
                            "names writer 'tfcompat'.",
    "imported-v1-cond-both-branches": "A TF1 cond read from a GraphDef (Switch/Merge nodes) computes both "
                                      "branches and Merge selects the taken one (values and gradients are TF's); "
                                      "side effects of the untaken branch happen and a failing op there fails "
                                      "the run. TF1 while loops (Enter/Exit/NextIteration) are not imported "
                                      "(UnimplementedError naming the nodes); functional If/While are.",
    "saved-model-subset": "tf.saved_model.save writes the functions a tf.Module has traced (plus those its "
                          "input_signature gives, and those only called inside another trace) and TF1-style "
                          "serving nodes (see saved-model-serving-graph), but no fingerprint.pb and no assets or "
                          "non-variable resources; "
                          "tf.saved_model.load rebuilds variables, functions, signatures and containers, but not "
                          "composite tensors (ragged, sparse) in signatures nor tables/datasets, and runs a "
                          "restored function op by op (eagerly) instead of as one graph.",
    "graph-def-tfcompat-ops": "Graph.as_graph_def() writes ops TF does not have (tfcompat's one-op tf.gradients, "
                              "fused optimizer updates over several variables, CustomGradient) under tfcompat's op "
                              "types, and graph-mode If/While/Case ops without their branch functions (no "
                              "function library): TF parses such a GraphDef but cannot import it. A TF1 reference "
                              "variable read from a GraphDef becomes a resource-style variable (op type "
                              "VarHandleOp), and an imported Apply*/ResourceApply* update has no output; "
                              "exported meta graphs carry no SaverDef (there are no save/restore ops).",
    "string-tensors-limited": "tf.string values exist only as serialized summaries and tf.io.read_file "
                              "contents (Python bytes from Session.run, a StringTensor eagerly); general string "
                              "ops, tf.constant('text') and string feeds are unsupported; summary tags are "
                              "attributes, not string tensors.",
    "summary-v2-tensorboard": "tf.summary.scalar/histogram/image/text follow TensorBoard 2.x's summary_v2 "
                              "(plugin metadata, [buckets, 3] float64 histograms, [w, h, png...] images); the "
                              "oracle TF install has no tensorboard, so only tf.summary.write is compared "
                              "byte-for-byte; eager name scopes do not prefix TF2 summary tags.",
    "config-visible-devices": "tf.config.set_visible_devices / set_memory_growth / logical device "
                              "configurations are recorded (get_visible_devices, list_logical_devices reflect "
                              "them) but do not change torch placement or allocation; gfile supports local "
                              "paths only (UnimplementedError for gs://, s3://, hdfs://).",
    "py-func-debugging": "tf.py_func/numpy_function/py_function: graph-mode PyFunc results must have exactly the "
                         "Tout dtype (InvalidArgumentError, as in TF); exceptions raised by the Python function "
                         "propagate with their own type (TF maps them to OpErrors in graphs); a tf.string Tout is "
                         "unsupported. tf.debugging.assert_shapes checks static shapes only (dimensions unknown "
                         "until run time are not checked); assert name scopes are 'eq', not TF's 'eq_1'. "
                         "Variable(synchronization=, aggregation=) are stored and reported, but have no effect "
                         "(there is no distribution strategy).",
    "tape-output-gradients-shape": "GradientTape.gradient(output_gradients=) of a shape other than the target's "
                                   "raises InvalidArgumentError; TF propagates the mis-shaped gradient (a result "
                                   "of the wrong shape, e.g. [3] for a [2] source).",
    "grappler-graph-rewrites": "TF's graph optimizer (grappler) rewrites some ops when a Session runs them, e.g. "
                               "pow(x, 0.5) into sqrt(x): in TF graph mode pow(-inf, 0.5) is NaN and its gradient "
                               "at -0.0 is -inf. tfcompat computes the op as written, giving TF's eager values.",
    "erf-float64-large": "TF 2.21's float64 erf returns NaN for |x| >= ~1e307 and +-inf (an Eigen overflow); "
                         "tfcompat returns the limit +-1 (TF's float32 erf does the same).",
    "floormod-extreme-ratio": "float64 floormod(x, y) where |x / y| overflows (x ~ 1e307, y ~ 1e-307): TF computes "
                              "the exact fmod, torch's fmod gives NaN.",
    "extra-ops-subset": "tf.linalg.diag/diag_part support only k=0; tf.sort/argsort/top_k are always stable "
                        "(top_k(sorted=False) also sorts); unsorted_segment_sum needs a constant num_segments; "
                        "bad_indices_policy='IGNORE' and Conv2DTranspose(output_padding=) raise "
                        "NotImplementedError; tf.eye needs python sizes.",
    "data-cache-file-format": "Dataset.cache(filename) writes tfcompat's own files (a pickle of the elements under "
                              "TF's file names), not TF's tensor bundle: a cache written by one cannot be read by "
                              "the other (cache files are never meant to be shared).",
    "data-save-format": "Dataset.save/load use tfcompat's own format (a pickle of the elements and their spec), "
                        "not TF's snapshot format; shard_func, compression and checkpoint_args are ignored.",
    "data-snapshot-files": "Dataset.snapshot(path) keeps its first complete pass and replays it within the "
                           "process, as TF does, but writes tfcompat's own file (a pickle of the elements), and a "
                           "snapshot left under the path by an earlier process is recomputed, not read back (TF "
                           "reads one whose pipeline fingerprint matches); compression/reader_func/shard_func are "
                           "ignored.",
    "data-sample-from-datasets": "Dataset.sample_from_datasets draws its choices from a numpy generator seeded "
                                 "from TF's seeds, not from TF's stateless categorical sampler: the proportions "
                                 "match TF, the sequence of choices does not (shuffle, by contrast, reproduces "
                                 "TF's Philox stream and order exactly).",
    "static-rank-squeeze": "Keras losses and metrics and tf.compat.v1 losses and metrics squeeze or expand "
                           "labels, predictions and weights by one dimension using static ranks only; when a "
                           "static rank is unknown nothing is squeezed (TF decides at run time with tf.cond).",
    "v1-metrics-at-k-dense-labels": "tf.compat.v1.metrics.*_at_k take dense label tensors only (TF also takes a "
                                    "SparseTensor of label sets); set sizes are computed densely, with TF's "
                                    "values.",
    "function-variable-arguments": "A tf.function traces once per distinct tf.Variable passed as an argument (the "
                                   "trace reads and writes that variable); TF traces once per VariableSpec (shape, "
                                   "dtype, trainable) and binds the variable at call time. Another variable of the "
                                   "same spec gives the same values but a new trace (its Python side effects, and "
                                   "one more in experimental_get_tracing_count).",
    "autograph-to-code-text": "tf.autograph.to_code returns tfcompat's generated code: the same structure and "
                              "operators as TF's (ag__.if_stmt with get_state/set_state, converted_call, "
                              "FunctionScope) but not the same text line for line.",
    "image-codecs": "Image codecs go through Pillow: JPEG decoding uses Pillow's libjpeg build, within a few grey "
                    "levels of TF's; encode_png/encode_jpeg bytes differ from TF's encoders (PNGs decode to the same "
                    "pixels, JPEGs to nearly the same).",
    "print-order": "Side effects of a tf.function (tf.print, variable writes, control flow containing them) run "
                   "in program order. TF orders only ops that share data or a variable; it runs other prints in its "
                   "executor's order (a print before a loop may appear after the loop's prints).",
    "autograph-error-context": "An error raised inside AutoGraph-converted code keeps its type and message; TF "
                               "re-raises it with 'in user code:' and the converted frames prepended to the "
                               "message. tfcompat's traceback points at the user's lines instead.",
    "eig-order": "tf.linalg.eig/eigvals return the eigenvalues (and eigenvector columns) in LAPACK's order "
                 "(torch.linalg.eig); TF's Eigen-based kernel returns the same values in another, unsorted order. "
                 "Sorted values agree.",
    "summary-trace-graphs": "tf.summary.trace_export writes the graphs of the user's tf.functions that ran during "
                            "the trace (one FunctionGraphs entry each, pre/post-optimization and partition graph "
                            "alike: no Grappler), not the internal runtime functions TF also collects "
                            "(_EagerConst, Fill); trace_on(profiler=True, profiler_outdir=...) writes no profile "
                            "(tfcompat has no TF profiler; the graphs are still exported).",
    "sparse-maximum-gradient": "tf.sparse.maximum/minimum are differentiable in their values (the gradient goes to "
                               "the operand holding the result); TF 2.21's registered gradient for "
                               "SparseSparseMaximum/Minimum raises TypeError (a wrong signature in sparse_grad.py).",
    "keras_savedmodel_config_only": "Keras models in the SavedModel format are revived from keras_metadata.pb's "
                                    "config only: the layers' call functions are not traced into the directory "
                                    "and a model without a config (or a SavedModel without Keras metadata) raises "
                                    "NotImplementedError in load_model, where tf-keras revives it from its saved "
                                    "functions.",
    "profiler-no-trace": "tf.profiler.experimental start/stop/Profile/Trace keep TF's session state and errors "
                         "but write no profile (tfcompat has no TF runtime to trace; use torch.profiler).",
    "regex-python-re": "tf.strings.regex_full_match/regex_replace use Python's re (re.ASCII) in place of RE2: "
                       "patterns RE2 rejects (backreferences, lookaround) are accepted, and Unicode classes / "
                       "case folding of non-ASCII letters can differ; RE2's rewrite rules are reproduced.",
    "ragged-int64-splits": "tf.RaggedTensor keeps int64 row splits only (row_splits_dtype=int32 raises "
                           "NotImplementedError); graph-mode ragged elementwise ops do not assert that the "
                           "operands' row splits match (eager ones raise TF's InvalidArgumentError).",
    "nn-fractional-pool-sequences": "tf.nn.fractional_max_pool/fractional_avg_pool build their row and column "
                                    "pooling sequences by TF's rules (steps of floor(ratio) or +1, TF's "
                                    "pseudo-random formula) from torch generators: the pooled values for given "
                                    "sequences match TF, the random sequences do not.",
    "nn-learned-unigram-counts": "tf.nn.learned_unigram_candidate_sampler keeps its learned counts per argument set "
                                 "(as TF's eager kernel cache does) also in graph mode, where TF keeps them per op; "
                                 "its draws are torch's (see sampled-candidates).",
    "nn-dilated-conv-cpu-gradient": "Gradients of tf.nn.conv2d/conv1d with dilations > 1 are computed (torch "
                                    "autograd); TF's CPU Conv2DBackpropInput/Filter raise InvalidArgumentError "
                                    "('Current CPU implementations do not yet support dilation rates larger than "
                                    "1'). tf.nn.convolution/atrous_conv2d go through SpaceToBatch as in TF.",
    "nn-ctc-merge-repeated": "tf.compat.v1.nn.ctc_loss(ctc_merge_repeated=False) raises UnimplementedError (torch's "
                             "CTC has no unmerged-repeats mode); the default (True) and every other option match.",
    "nn-with-space-to-batch-static": "tf.nn.with_space_to_batch with rates > 1 needs statically known spatial sizes "
                                     "and spatial_dims 1..N (NotImplementedError otherwise); tf.nn.convolution "
                                     "falls back to a direct dilated convolution there (same values).",
    "array-loop-and-memory-helpers": "tf.vectorized_map runs fn in a loop over a static first dimension (TF "
                                     "vectorizes with pfor; same values, NotImplementedError for an unknown batch "
                                     "size); tf.recompute_grad keeps activations instead of recomputing them (same "
                                     "values and gradients, more memory); tf.parallel_stack builds a Pack op, not "
                                     "ParallelConcat.",
    "int-output-no-gradient": "tf.gradients through an op with no registered gradient whose outputs are integers "
                              "(HistogramFixedWidth, Bitcast to an int type, UniqueWithCounts' counts) gives None: "
                              "tfcompat treats int outputs as constants, TF raises LookupError.",
    "lookup-export-order": "StaticHashTable/MutableHashTable export() lists the entries in insertion order; TF "
                           "lists them in its C++ hash map's order (unspecified). Same entries; DenseHashTable's "
                           "export is TF's exact bucket layout.",
    "estimator-numpy-input-queue": "tf.compat.v1.estimator.inputs.numpy_input_fn/pandas_input_fn read the rows "
                                   "through a tf.data pipeline, not TF's feeding queue: same batches, dtypes and "
                                   "shapes with shuffle=False, but no FIFOQueue/QueueRunner or "
                                   "'fraction_of_..._full' summary in the graph (tf.estimator is TF 2.15's).",
    "feature-column-vocab-no-table": "Vocabulary feature columns compute ids from the vocabulary directly, not "
                                     "through a lookup table: in graph mode they work without running "
                                     "tables_initializer(), where TF raises FailedPreconditionError (same ids "
                                     "once initialised).",
    "distribute-one-replica": "tf.distribute strategies always run one replica: variables created in a "
                              "strategy's scope are plain tf.Variables (TF: MirroredVariable, a "
                              "DistributedValues), variable_created_in_scope is not provided, and "
                              "tf.compat.v1.distribute's strategies are the TF2 classes (TF1's V1 names and "
                              "make_dataset_iterator are absent). More than one device or a multi-task cluster "
                              "raises UnsupportedAPIError where TF would build several replicas.",
    "linear-operator-not-module": "tf.linalg.LinearOperator* objects are plain Python objects: not tf.Module "
                                  "(no variables/trainable_variables tracking) and not CompositeTensor "
                                  "(tf.function treats an operator argument as a Python object and retraces per "
                                  "instance instead of tracing its tensors). Values, shapes, hints and gradients "
                                  "match TF.",
    "config-tf32-default-off": "tf.config.experimental.tensor_float_32_execution_enabled() is False until "
                               "enable_tensor_float_32_execution(True): torch's default (full float32 CUDA "
                               "matmuls) is kept; TF 2.21's default is True (TF32 on Ampere+ GPUs).",
    "saved-custom-gradient-format": "tf.saved_model.save keeps a tf.custom_gradient as an IdentityN with "
                                    "_gradient_op_type and a gradient function taking (upstream grads, captured "
                                    "forward tensors): tfcompat reloads it with its gradient, also when grad_fn "
                                    "reads forward tensors (TF refuses to save those); TF's loader cannot call "
                                    "that gradient function. With experimental_custom_gradients=False the "
                                    "reloaded function has IdentityN's pass-through gradient (TF, in the saving "
                                    "process, still finds the original gradient in its global registry).",
    "keras-zip-optimizer-state": "A `.keras` file written by tfcompat holds the config, layer weights and adapted "
                                 "vocabularies but not the optimizer's or metrics' variables, and loading ignores "
                                 "them: a reloaded model starts with a fresh optimizer (tf-keras restores its "
                                 "slots). Lookup layers in tf_idf mode do not carry idf weights in the file.",
    "image-affine-orders": "tf.keras.preprocessing.image's affine transforms (apply_affine_transform, "
                           "ImageDataGenerator rotation/shift/shear/zoom) resample in numpy with SciPy's rules for "
                           "interpolation orders 0 and 1 only (tf-keras calls scipy.ndimage, any spline order); "
                           "orders 2-5 raise NotImplementedError. flow_from_dataframe (pandas input) raises "
                           "UnsupportedAPIError. tf-keras without SciPy fails even on transforms that need no "
                           "resampling (NameError); tfcompat does not need SciPy.",
    "keras-applications-layers-kwarg": "tf-keras's private `layers=` keyword of MobileNet, MobileNetV2, ResNet* and "
                                       "InceptionResNetV2 (a replacement layers module, used by its own tests) is "
                                       "rejected as an unknown argument (ValueError): tfcompat has one Keras layer "
                                       "set.",
    "tnp-astype-without-numpy-behavior": "TF 2.21's tnp functions that widen an integer input to float (tnp.sqrt, "
                                         "exp, log, floor, around, average, ...) call Tensor.astype internally and "
                                         "so raise AttributeError unless experimental_enable_numpy_behavior() was "
                                         "called first; tfcompat returns the result TF gives once it is enabled. "
                                         "Likewise tnp.var(x, ddof=k) without dtype= raises TypeError in TF (it "
                                         "casts to dtype None); tfcompat returns the variance in the working "
                                         "float dtype.",
    "extension-type-trace-per-object": "tf.nest with expand_composites=True keeps an ExtensionType whole (TF "
                                       "flattens it into its component tensors). (A tf.function traces an "
                                       "ExtensionType argument once per Spec, as TF.)",
    "check-numerics-gradients": "With tf.debugging.enable_check_numerics(), gradients that torch autograd computes "
                                "(GradientTape, tf.gradients) are not checked op by op (TF checks each gradient op "
                                "it runs), fed placeholders are not checked themselves (their consumers are), and "
                                "the graph-mode message leaves out the stack trace of the op's creation.",
    "keras-resume-numpy-batches": "BackupAndRestore with an integer save_freq resuming fit mid-epoch on numpy "
                                  "inputs: TF keeps one data iterator over all epochs, so the batches after the "
                                  "partial epoch shift by the steps it skipped; tfcompat starts every epoch's data "
                                  "afresh (with a tf.data input both do, and match).",
    "profiler-hook-trace-content": "tf.compat.v1.train.ProfilerHook writes its timeline-<step>.json files at TF's "
                                   "steps, but each holds one Chrome-trace event spanning the Session.run (TF: "
                                   "per-kernel events from a FULL_TRACE RunMetadata, which tfcompat's compiled "
                                   "plans do not record).",
    "type-dispatch-public-names": "tf.experimental.dispatch_for_api and the elementwise dispatchers take effect "
                                  "for calls through the public names (tf.add, tf.math.add, ...) bound when the "
                                  "target is registered, and Keras Dense's matmul; other internal calls and "
                                  "references taken earlier do not dispatch. Two matching targets always raise "
                                  "TF's 'Multiple dispatch targets' error (TF prefers a strictly more specific "
                                  "signature when there is one).",
    "list-wrapper-copy": "A list assigned to a tf.Module attribute becomes a ListWrapper holding a shallow copy: "
                         "later changes made through the original list object are not seen (TF's wrapper keeps "
                         "the original as its storage, shows them, and then refuses to checkpoint the list).",
    "graph-variable-read-ops": "In a TF1 graph, ops consume a variable's handle tensor ('W:0', op type "
                               "VarHandleOp) for ref and resource variables alike; TF adds a ReadVariableOp per "
                               "use of a resource variable, and Variable.read_value() is a ReadVariableOp here, "
                               "an Identity in TF. The values read follow TF's control edges (the read happens "
                               "after the writes the consuming op depends on).",
    "keras-sparse-input-raw-ops": "tf.keras.Input(sparse=True) is a tf.SparseTensor of placeholders (tf-keras: a "
                                  "SparseKerasTensor, not a SparseTensor), so raw tf.sparse calls on it "
                                  "(tf.sparse.reduce_sum(inp)) are replayed as layers where tf-keras raises "
                                  "TypeError 'Input must be a SparseTensor.' (tf-keras needs a Lambda layer); "
                                  "their outputs' static shapes may be less known than a Lambda layer's.",
    "max-pool3d-nan": "MaxPool3D (tf.nn.max_pool3d, Keras MaxPooling3D) propagates NaN as torch's max_pool3d does; "
                      "TF's CPU kernel (an Eigen reduction with std::max semantics) gives an order-dependent "
                      "result (a NaN survives only if no number follows it in the window) and MaxPool3DGrad "
                      "gives a NaN maximum no gradient. 2-D MaxPool, max_pool1d and MaxPoolWithArgmax match TF.",
    "nonfinite-pool-conv-under-jit": "Inside jit_compile plans (torch.compile) MaxPool keeps torch's NaN "
                                     "propagation and Conv2D's filter gradient skips torch's own symmetric "
                                     "padding at inf/NaN upstream values (TF's XLA path is not the CPU "
                                     "kernels' either); eager, Session and tf.function plans follow TF's CPU "
                                     "kernels (ops/max_pool_nan.py, ops/conv_padding_grad.py).",
    "keras-ragged-input": "tf.keras.Input(ragged=True) is a tf.RaggedTensor of placeholders (tf-keras: a "
                          "RaggedKerasTensor, not a RaggedTensor), so isinstance(inp, tf.RaggedTensor) is True; "
                          "raw TF ops applied to it outside a layer (tf.reduce_sum(inp * 2.0, axis=1)) give the "
                          "same values but are recorded op by op (one TFOpLambda per graph op, plus a "
                          "CompositeTensorLayer rebuilding a ragged result), so model.layers differs.",
    "relu6-negative-zero-tail": "tf.nn.relu6(-0.0) is +0.0 in tfcompat everywhere; TF's CPU kernel gives +0.0 in "
                                "its vectorised packets and -0.0 in the scalar tail (elements past the last "
                                "full packet, e.g. every element of a tensor smaller than 16 float32s), so the sign "
                                "of a zero output depends on the tensor's size and position there.",
    "scalar-string-tfoplambda-config": "A TFOpLambda whose constant argument is a scalar string tensor serializes "
                                       "(get_config / to_json round trip); TF 2.21's tf-keras raises "
                                       "AttributeError ('bytes' object has no attribute 'tolist') there.",
    "saved-model-serving-graph": "tf.saved_model.save writes TF's GraphDef nodes for TF1-style serving (variable "
                                 "handles, signature placeholders, one call op per signature, a SaverDef with "
                                 "traced save/restore functions) with a one-shard SaveV2 save function (TF's "
                                 "shards through a temporary prefix and MergeV2Checkpoints); tfcompat's TF1 loader "
                                 "restores the variables the signatures capture by their object-graph keys "
                                 "instead of running the traced restore function. (Supersedes the 'no GraphDef "
                                 "nodes' part of saved-model-subset.)",
    "wrap-function-lifted-zeros": "tf.compat.v1.wrap_function lifts the graph variables its function creates "
                                  "(an import_meta_graph) out of it as TF does, but a lifted variable reads zeros "
                                  "until it is restored or assigned (TF: uninitialized, reading raises).",
    "eager-tensor-setitem-attribute": "An eager tensor has a __setitem__ method that raises TF's TypeError ("
                                      "'tensorflow.python.framework.ops.EagerTensor' object does not support item "
                                      "assignment'), so `t[0] = v` fails as in TF, but getattr(t, '__setitem__') "
                                      "and hasattr find it (TF's C type has no such attribute: AttributeError).",
    "graph-static-arguments-as-attributes": "Python arguments that TF's op wrappers pass as Const inputs "
                                            "(Reshape's shape, Transpose's perm, reduction axes, ConcatV2's axis, "
                                            "Tile/Pad/Slice/StridedSlice arguments, a large tf.zeros' dims) are "
                                            "attributes of tfcompat's op: Graph.get_operations() lacks their "
                                            "'<op>/<argument>' Consts; as_graph_def writes them as such nodes.",
    "saved-model-unregistered-extension-type": "Loading a SavedModel whose signature names an ExtensionType Spec "
                                               "that no ExtensionType defined in the process registers raises "
                                               "ValueError; TF warns and rebuilds it as an "
                                               "AnonymousExtensionTypeSpec, which tfcompat does not have.",
    "keras-extension-type-input": "tf.keras.Input(type_spec=SomeExtensionType.Spec(...)) is a SomeExtensionType "
                                  "of placeholders (tf-keras: a KerasTensor of the spec), so isinstance(inp, "
                                  "SomeExtensionType) is True and its fields are graph tensors; layers and models "
                                  "called on it compute what tf-keras's do.",
}
