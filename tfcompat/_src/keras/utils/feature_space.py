"""``tf.keras.utils.FeatureSpace``: structured-data preprocessing built from Keras preprocessing layers.

Each named feature gets a ``tf.keras.Input(shape=(1,))`` and a preprocessing layer (Identity, Rescaling,
Normalization, Discretization, IntegerLookup, StringLookup, Hashing); crosses hash pairs of preprocessed features
with HashedCrossing; ``one_hot`` features are then multi-hot encoded with CategoryEncoding and, in ``concat``
mode, everything is joined by a Concatenate layer (preprocessed features in sorted name order, then crosses in
sorted name order), as tf-keras 2.21 does.

Differences: ``save()`` (the Keras v3 ``.keras`` file of a FeatureSpace) is not implemented
(NotImplementedError); ``get_config``/``from_config`` work."""
from __future__ import annotations

from tfcompat._src.data.dataset_ops import DatasetV2
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.ops import array_ops
from tfcompat._src.keras import backend
from tfcompat._src.keras import layers
from tfcompat._src.keras.layers import serialization
from tfcompat._src.keras.engine.base_layer import Layer
from tfcompat._src.keras.engine.input_layer import Input

__all__ = ["FeatureSpace", "Feature", "Cross"]

_FEATURE_MODES = ("int", "one_hot", "float")
# The "module" tf-keras writes in the configs of Feature and Cross (kept so configs load in either library).
_CONFIG_MODULE = "tf_keras.src.utils.feature_space"


class Cross:
    """A feature cross of a FeatureSpace (``FeatureSpace.cross``): hashed into ``crossing_dim`` bins."""

    def __init__(self, feature_names, crossing_dim, output_mode="one_hot"):
        if output_mode not in ("int", "one_hot"):
            raise ValueError("Invalid value for argument `output_mode`. Expected one of {'int', 'one_hot'}. "
                             f"Received: output_mode={output_mode}")
        self.feature_names = tuple(feature_names)
        self.crossing_dim = crossing_dim
        self.output_mode = output_mode

    @property
    def name(self) -> str:
        return "_X_".join(self.feature_names)

    def get_config(self) -> dict:
        return {"feature_names": self.feature_names, "crossing_dim": self.crossing_dim,
                "output_mode": self.output_mode}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class Feature:
    """One feature of a FeatureSpace (``FeatureSpace.feature``): its input dtype, preprocessing layer and how
    its preprocessed value is encoded (``int``, ``one_hot`` or ``float``)."""

    def __init__(self, dtype, preprocessor, output_mode):
        if output_mode not in _FEATURE_MODES:
            raise ValueError("Invalid value for argument `output_mode`. Expected one of {'int', 'one_hot', "
                             f"'float'}}. Received: output_mode={output_mode}")
        self.dtype = dtype
        if isinstance(preprocessor, dict):
            preprocessor = serialization.deserialize(preprocessor)
        self.preprocessor = preprocessor
        self.output_mode = output_mode

    def get_config(self) -> dict:
        return {"dtype": self.dtype, "preprocessor": serialization.serialize(self.preprocessor),
                "output_mode": self.output_mode}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


def _serialize(obj) -> dict:
    return {"module": _CONFIG_MODULE, "class_name": type(obj).__name__, "config": obj.get_config(),
            "registered_name": type(obj).__name__}


def _deserialize(config, cls):
    # A Feature or Cross config as _serialize writes it (tf-keras: serialization_lib.deserialize_keras_object).
    if config.get("class_name") != cls.__name__:
        raise ValueError(f"Expected a {cls.__name__} config. Received: {config}")
    return cls.from_config(config["config"])


def _preprocessor_name(kind: str, name) -> str:
    return f"{name or backend.unique_object_name(kind)}_preprocessor"


class FeatureSpace(Layer):
    """Mirrors ``tf.keras.utils.FeatureSpace(features, output_mode='concat', crosses=None, crossing_dim=32,
    hashing_dim=32, num_discretization_bins=32)``.

    Call ``adapt(dataset)`` (a ``tf.data.Dataset`` of feature dicts) before use when a preprocessor needs it, then
    call the FeatureSpace on a dict of (batched or unbatched) values, or build a model from ``get_inputs()`` and
    ``get_encoded_features()``. Differences: see the module docstring."""

    # ------------------------------------------------------------------------------------------------
    # feature constructors
    # ------------------------------------------------------------------------------------------------
    @classmethod
    def cross(cls, feature_names, crossing_dim, output_mode="one_hot") -> Cross:
        return Cross(feature_names, crossing_dim, output_mode=output_mode)

    @classmethod
    def feature(cls, dtype, preprocessor, output_mode) -> Feature:
        return Feature(dtype, preprocessor, output_mode)

    @classmethod
    def float(cls, name=None) -> Feature:  # noqa: A003 - TF's method name
        layer = layers.Identity(dtype="float32", name=_preprocessor_name("float", name))
        return Feature("float32", layer, "float")

    @classmethod
    def float_rescaled(cls, scale=1.0, offset=0.0, name=None) -> Feature:
        layer = layers.Rescaling(scale=scale, offset=offset, name=_preprocessor_name("float_rescaled", name))
        return Feature("float32", layer, "float")

    @classmethod
    def float_normalized(cls, name=None) -> Feature:
        layer = layers.Normalization(axis=-1, name=_preprocessor_name("float_normalized", name))
        return Feature("float32", layer, "float")

    @classmethod
    def float_discretized(cls, num_bins, bin_boundaries=None, output_mode="one_hot", name=None) -> Feature:
        layer = layers.Discretization(num_bins=num_bins, bin_boundaries=bin_boundaries,
                                         name=_preprocessor_name("float_discretized", name))
        return Feature("float32", layer, output_mode)

    @classmethod
    def integer_categorical(cls, max_tokens=None, num_oov_indices=1, output_mode="one_hot", name=None) -> Feature:
        layer = layers.IntegerLookup(name=_preprocessor_name("integer_categorical", name), max_tokens=max_tokens,
                                        num_oov_indices=num_oov_indices)
        return Feature("int64", layer, output_mode)

    @classmethod
    def string_categorical(cls, max_tokens=None, num_oov_indices=1, output_mode="one_hot", name=None) -> Feature:
        layer = layers.StringLookup(name=_preprocessor_name("string_categorical", name), max_tokens=max_tokens,
                                       num_oov_indices=num_oov_indices)
        return Feature("string", layer, output_mode)

    @classmethod
    def string_hashed(cls, num_bins, output_mode="one_hot", name=None) -> Feature:
        layer = layers.Hashing(name=_preprocessor_name("string_hashed", name), num_bins=num_bins)
        return Feature("string", layer, output_mode)

    @classmethod
    def integer_hashed(cls, num_bins, output_mode="one_hot", name=None) -> Feature:
        layer = layers.Hashing(name=_preprocessor_name("integer_hashed", name), num_bins=num_bins)
        return Feature("int64", layer, output_mode)

    # ------------------------------------------------------------------------------------------------
    # construction
    # ------------------------------------------------------------------------------------------------
    def __init__(self, features, output_mode="concat", crosses=None, crossing_dim=32, hashing_dim=32,
                 num_discretization_bins=32):
        if not features:
            raise ValueError("The `features` argument cannot be None or empty.")
        super().__init__()
        self.crossing_dim = crossing_dim
        self.hashing_dim = hashing_dim
        self.num_discretization_bins = num_discretization_bins
        self.features = {name: self._standardize_feature(name, spec) for name, spec in features.items()}
        self.crosses = [self._standardize_cross(c, set(features)) for c in (crosses or [])]
        self.crosses_by_name = {c.name: c for c in self.crosses}
        if output_mode not in ("dict", "concat"):
            raise ValueError("Invalid value for argument `output_mode`. Expected one of {'dict', 'concat'}. "
                             f"Received: output_mode={output_mode}")
        self.output_mode = output_mode
        self.inputs = {name: Input(shape=(1,), dtype=f.dtype, name=name) for name, f in self.features.items()}
        self.preprocessors = {name: f.preprocessor for name, f in self.features.items()}
        self.encoded_features = None
        self.crossers = {c.name: layers.HashedCrossing(c.crossing_dim, name=c.name) for c in self.crosses}
        self.one_hot_encoders = {}
        self.built = False
        self._is_adapted = False
        self.concat = None
        self._preprocessed_features_names = None
        self._crossed_features_names = None

    def _standardize_feature(self, name, spec) -> Feature:
        if isinstance(spec, Feature):
            return spec
        if isinstance(spec, dict):
            return _deserialize(spec, Feature)
        simple = {"float": self.float, "float_normalized": self.float_normalized,
                  "float_rescaled": self.float_rescaled, "integer_categorical": self.integer_categorical,
                  "string_categorical": self.string_categorical}
        if spec in simple:
            return simple[spec](name=name)
        if spec == "float_discretized":
            return self.float_discretized(name=name, num_bins=self.num_discretization_bins)
        if spec == "integer_hashed":
            return self.integer_hashed(self.hashing_dim, name=name)
        if spec == "string_hashed":
            return self.string_hashed(self.hashing_dim, name=name)
        raise ValueError(f"Invalid feature type: {spec}")

    def _standardize_cross(self, cross, feature_set) -> Cross:
        if isinstance(cross, dict):
            cross = _deserialize(cross, Cross)
        if isinstance(cross, Cross):
            return cross
        if not self.crossing_dim:
            raise ValueError("When specifying `crosses`, the argument `crossing_dim` (dimensionality of the "
                             "crossing space) should be specified as well.")
        if any(key not in feature_set for key in cross):
            raise ValueError("All features referenced in the `crosses` argument should be present in the "
                             f"`features` dict. Received unknown features: {cross}")
        return Cross(cross, crossing_dim=self.crossing_dim)

    # ------------------------------------------------------------------------------------------------
    # adapt / build
    # ------------------------------------------------------------------------------------------------
    def _list_adaptable_preprocessors(self) -> list:
        names = []
        for name in self.features:
            layer = self.preprocessors[name]
            # A Normalization layer given its mean and variance has nothing to adapt.
            if isinstance(layer, layers.Normalization) and layer.input_mean is not None:
                continue
            if hasattr(layer, "adapt"):
                names.append(name)
        return names

    def adapt(self, dataset) -> None:
        """Adapts every adaptable preprocessor on its feature of ``dataset`` (a ``tf.data.Dataset`` of dicts;
        unbatched scalars are batched by 32, rank-1 batches get a trailing axis)."""
        if not isinstance(dataset, DatasetV2):
            raise ValueError("`adapt()` can only be called on a tf.data.Dataset. "
                             f"Received instead: {dataset} (of type {type(dataset)})")
        for name in self._list_adaptable_preprocessors():
            feature_ds = dataset.map(lambda x, name=name: x[name])
            rank = None
            for sample in feature_ds.take(1):
                rank = sample.shape.rank
            if rank == 0:
                feature_ds = feature_ds.batch(32)
            if rank in (0, 1):
                feature_ds = feature_ds.map(lambda x: array_ops.expand_dims(x, -1))
            self.preprocessors[name].adapt(feature_ds)
        self._is_adapted = True
        self.get_encoded_features()
        self.built = True

    def get_inputs(self) -> dict:
        """The dict of Keras inputs, one ``Input(shape=(1,), dtype=feature dtype, name=feature name)`` each."""
        self._check_if_built()
        return self.inputs

    def get_encoded_features(self):
        """The encoded Keras tensors of ``get_inputs()``: one tensor (``concat``) or a dict (``dict``)."""
        self._check_if_adapted()
        if self.encoded_features is None:
            preprocessed = self._preprocess_features(self.inputs)
            crossed = self._cross_features(preprocessed)
            self.encoded_features = self._merge_features(preprocessed, crossed)
        return self.encoded_features

    def _check_if_adapted(self) -> None:
        if self._is_adapted:
            return
        if self._list_adaptable_preprocessors():
            raise ValueError("You need to call `.adapt(dataset)` on the FeatureSpace before you can start using "
                             "it.")
        self._is_adapted = True

    def _check_if_built(self) -> None:
        if not self.built:
            self._check_if_adapted()
            self.get_encoded_features()
            self.built = True

    # ------------------------------------------------------------------------------------------------
    # encoding
    # ------------------------------------------------------------------------------------------------
    def _preprocess_features(self, features) -> dict:
        return {name: self.preprocessors[name](features[name]) for name in features}

    def _cross_features(self, features) -> dict:
        return {c.name: self.crossers[c.name]([features[n] for n in c.feature_names]) for c in self.crosses}

    def _one_hot_size(self, name, dtype):
        if not dtype.startswith("int"):
            raise ValueError(f"Feature '{name}' has `output_mode='one_hot'`. Thus its preprocessor should return an "
                             f"int64 dtype. Instead it returns a {dtype} dtype.")
        layer = self.preprocessors.get(name) or self.crossers.get(name)
        if isinstance(layer, (layers.IntegerLookup, layers.StringLookup)):
            return layer.vocabulary_size()
        if isinstance(layer, layers.CategoryEncoding):
            return layer.num_tokens
        if isinstance(layer, (layers.Discretization, layers.HashedCrossing, layers.Hashing)):
            return layer.num_bins
        raise ValueError(f"Feature '{name}' has `output_mode='one_hot'`. However it isn't a standard feature and "
                         "the dimensionality of its output space is not known, thus it cannot be one-hot encoded. "
                         "Try using `output_mode='int'`.")

    def _merge_features(self, preprocessed, crossed):
        if not self._preprocessed_features_names:
            self._preprocessed_features_names = sorted(preprocessed)
            self._crossed_features_names = sorted(crossed)
        names = self._preprocessed_features_names + self._crossed_features_names
        values = [preprocessed[n] for n in self._preprocessed_features_names] + \
                 [crossed[n] for n in self._crossed_features_names]
        first_build = not self.built
        encoded = {}
        for name, value in zip(names, values):
            if first_build:
                spec = self.features[name] if name in self.features else self.crosses_by_name[name]
                if spec.output_mode == "one_hot":
                    size = self._one_hot_size(name, value.dtype.name)
                    self.one_hot_encoders[name] = layers.CategoryEncoding(num_tokens=size,
                                                                             output_mode="multi_hot")
            encoder = self.one_hot_encoders.get(name)
            if encoder is not None:
                value = encoder(value)
            if first_build and self.output_mode == "concat":
                dtype = value.dtype.name
                if dtype.startswith("int") or dtype == "string":
                    raise ValueError(f"Cannot concatenate features because feature '{name}' has not been encoded "
                                     f"(it has dtype {dtype}). Consider using `output_mode='dict'`.")
            encoded[name] = value
        if self.output_mode == "dict":
            return encoded
        if self.concat is None:
            self.concat = layers.Concatenate(axis=-1)
        return self.concat(list(encoded.values()))

    def __call__(self, data):
        self._check_if_built()
        if not isinstance(data, dict):
            raise ValueError(f"A FeatureSpace can only be called with a dict. Received: data={data} (of type "
                             f"{type(data)}")
        data = {key: convert_to_tensor(value) for key, value in data.items()}
        rebatched = False
        for name, x in data.items():
            if x.shape.rank == 0:
                data[name] = array_ops.reshape(x, [1, 1])
                rebatched = True
            elif x.shape.rank == 1:
                data[name] = array_ops.expand_dims(x, -1)
        preprocessed = self._preprocess_features(data)
        merged = self._merge_features(preprocessed, self._cross_features(preprocessed))
        if not rebatched:
            return merged
        if self.output_mode == "concat":
            return array_ops.squeeze(merged, axis=0)
        return {name: array_ops.squeeze(x, axis=0) if x.shape.rank == 2 and x.shape[0] == 1 else x
                for name, x in merged.items()}

    # ------------------------------------------------------------------------------------------------
    # serialization
    # ------------------------------------------------------------------------------------------------
    def get_config(self) -> dict:
        return {"features": {name: _serialize(f) for name, f in self.features.items()},
                "output_mode": self.output_mode, "crosses": [_serialize(c) for c in self.crosses],
                "crossing_dim": self.crossing_dim,
                "hashing_dim": self.hashing_dim, "num_discretization_bins": self.num_discretization_bins}

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def save(self, filepath) -> None:
        raise NotImplementedError("tfcompat does not write a FeatureSpace to a .keras file; rebuild it from "
                                  "get_config() and adapt it again.")
