"""A stand-in for OpenAI ``gym`` (not installed in tests): ``gym.make('CartPole-v0')`` and friends (and
``Pendulum-v0``, gym 0.x's pendulum swing-up with its constants, Euler-integrated every 0.05 s), the classic
gym 0.x API (``reset() -> obs``, ``step(a) -> (obs, reward, done, info)``), simulated in numpy.

Only what the corpus's reinforcement-learning scripts touch exists: ``make``, ``Env``, ``env.unwrapped``,
``seed``, ``action_space.n``/``sample()``, ``observation_space.shape``/``high``/``low``, ``render``/``close``
(no-ops), and the CartPole thresholds the scripts read (``x_threshold``, ``theta_threshold_radians``). The
dynamics are the standard cart-pole equations (Barto, Sutton & Anderson 1983) with gym's constants,
Euler-integrated every 0.02 s; randomness comes from a private generator seeded by ``seed()`` (default 0), so
runs are reproducible.

Scripts written for gym 0.26+ (``reset(seed=) -> (obs, info)``, ``step(a) -> (obs, reward, terminated, truncated,
info)``, ``make(name, render_mode="rgb_array")`` whose ``render()`` returns a frame) are patched to call
``make(name, api="0.26")``: real gym has one API per version, the stub serves both."""
from __future__ import annotations

import math

import numpy as np

__all__ = ["Env", "make", "spaces"]


class _Discrete:
    def __init__(self, n, rng):
        self.n = n
        self._rng = rng

    def sample(self):
        return int(self._rng.randint(self.n))


class _Box:
    def __init__(self, low, high):
        self.low = np.asarray(low, dtype=np.float32)
        self.high = np.asarray(high, dtype=np.float32)
        self.shape = self.low.shape


spaces = type("spaces", (), {"Discrete": _Discrete, "Box": _Box})


class Env:
    """``gym.Env``: the base class of the environments (scripts use it in type annotations)."""


class CartPoleEnv(Env):
    gravity, masscart, masspole, length, force_mag, tau = 9.8, 1.0, 0.1, 0.5, 10.0, 0.02
    theta_threshold_radians = 12 * 2 * math.pi / 360
    x_threshold = 2.4

    def __init__(self):
        self._rng = np.random.RandomState(0)
        self.total_mass = self.masspole + self.masscart
        self.polemass_length = self.masspole * self.length
        high = np.array([self.x_threshold * 2, np.finfo(np.float32).max, self.theta_threshold_radians * 2,
                         np.finfo(np.float32).max])
        self.action_space = _Discrete(2, self._rng)
        self.observation_space = _Box(-high, high)
        self.reward_range = (-float("inf"), float("inf"))
        self.state = None

    @property
    def unwrapped(self):
        return self

    def seed(self, seed=None):
        self._rng.seed(0 if seed is None else seed)
        return [seed]

    def reset(self):
        self.state = self._rng.uniform(low=-0.05, high=0.05, size=(4,))
        return np.array(self.state)

    def step(self, action):
        x, x_dot, theta, theta_dot = self.state
        force = self.force_mag if int(action) == 1 else -self.force_mag
        costheta, sintheta = math.cos(theta), math.sin(theta)
        temp = (force + self.polemass_length * theta_dot * theta_dot * sintheta) / self.total_mass
        thetaacc = (self.gravity * sintheta - costheta * temp) / (
            self.length * (4.0 / 3.0 - self.masspole * costheta * costheta / self.total_mass))
        xacc = temp - self.polemass_length * thetaacc * costheta / self.total_mass
        x, x_dot = x + self.tau * x_dot, x_dot + self.tau * xacc
        theta, theta_dot = theta + self.tau * theta_dot, theta_dot + self.tau * thetaacc
        self.state = (x, x_dot, theta, theta_dot)
        return np.array(self.state), 1.0, self._terminal(), {}

    def _terminal(self) -> bool:
        """Whether the cart left the track or the pole fell past the threshold angle."""
        x, _, theta, _ = self.state
        return bool(x < -self.x_threshold or x > self.x_threshold or theta < -self.theta_threshold_radians
                    or theta > self.theta_threshold_radians)

    def render(self, mode="human"):
        return None

    def close(self):
        return None


class TimeLimit:
    """gym's ``TimeLimit`` wrapper: ``done`` after ``max_episode_steps``; ``unwrapped`` is the bare env."""

    def __init__(self, env, max_episode_steps):
        self.env = env
        self._max_steps = max_episode_steps
        self._steps = 0

    @property
    def unwrapped(self):
        return self.env

    def __getattr__(self, name):
        return getattr(self.env, name)

    def reset(self):
        self._steps = 0
        return self.env.reset()

    def step(self, action):
        obs, reward, done, info = self.env.step(action)
        self._steps += 1
        return obs, reward, done or self._steps >= self._max_steps, info


class PendulumEnv(Env):
    """gym 0.x's ``Pendulum-v0``: a torque in [-2, 2] swings a pendulum up; observation (cos, sin, angular
    velocity), reward minus (angle^2 + 0.1 velocity^2 + 0.001 torque^2), never terminal (the time limit ends it)."""
    max_speed, max_torque, dt, g, m, l = 8.0, 2.0, 0.05, 10.0, 1.0, 1.0

    def __init__(self):
        self._rng = np.random.RandomState(0)
        self.action_space = _Box([-self.max_torque], [self.max_torque])
        high = np.array([1.0, 1.0, self.max_speed])
        self.observation_space = _Box(-high, high)
        self.state = None

    @property
    def unwrapped(self):
        return self

    def seed(self, seed=None):
        self._rng = np.random.RandomState(seed)
        return [seed]

    def reset(self):
        self.state = self._rng.uniform(low=[-np.pi, -1.0], high=[np.pi, 1.0])
        return self._obs()

    def _obs(self):
        th, thdot = self.state
        return np.array([np.cos(th), np.sin(th), thdot])

    def _terminal(self):
        return False

    def step(self, u):
        th, thdot = self.state
        u = float(np.clip(u, -self.max_torque, self.max_torque)[0])
        angle = ((th + np.pi) % (2 * np.pi)) - np.pi
        costs = angle ** 2 + 0.1 * thdot ** 2 + 0.001 * u ** 2
        thdot = thdot + (-3 * self.g / (2 * self.l) * np.sin(th + np.pi) + 3.0 / (self.m * self.l ** 2) * u) * self.dt
        th = th + thdot * self.dt
        self.state = np.array([th, np.clip(thdot, -self.max_speed, self.max_speed)])
        return self._obs(), -costs, False, {}

    def render(self, mode="human"):
        return None

    def close(self):
        pass


_ENVS = {"CartPole-v0": lambda: TimeLimit(CartPoleEnv(), 200),
         "CartPole-v1": lambda: TimeLimit(CartPoleEnv(), 500),
         "Pendulum-v0": lambda: TimeLimit(PendulumEnv(), 200)}


class Env026(Env):
    """gym 0.26's API over an old-API env: ``reset(seed=None, options=None) -> (obs, info)``, ``step(a) -> (obs,
    reward, terminated, truncated, info)`` (``truncated``: the time limit ended the episode), ``render()`` a blank
    400x600 RGB frame when made with ``render_mode="rgb_array"`` (the stub draws nothing)."""

    def __init__(self, env, render_mode=None):
        self.env = env
        self.render_mode = render_mode

    @property
    def unwrapped(self):
        return self.env.unwrapped

    def __getattr__(self, name):
        return getattr(self.env, name)

    def reset(self, seed=None, options=None):
        if seed is not None:
            self.env.unwrapped.seed(seed)
        return self.env.reset().astype(np.float32), {}

    def step(self, action):
        obs, reward, done, info = self.env.step(action)
        terminated = self.env.unwrapped._terminal()
        return obs.astype(np.float32), reward, terminated, bool(done and not terminated), info

    def render(self):
        return np.zeros((400, 600, 3), np.uint8) if self.render_mode == "rgb_array" else None


def make(name, render_mode=None, api="0.x"):
    """``gym.make``: the environments above (others raise, naming what exists). ``api="0.26"`` (a patch, not a gym
    argument) gives gym 0.26's API (``Env026``)."""
    if name not in _ENVS:
        raise KeyError(f"the test gym stub has no environment {name!r}; it has {sorted(_ENVS)}")
    if api == "0.26":
        return Env026(_ENVS[name](), render_mode)
    if api != "0.x" or render_mode is not None:
        raise ValueError(f"the test gym stub serves api='0.x' (no render_mode) or api='0.26', got {api!r}")
    return _ENVS[name]()
