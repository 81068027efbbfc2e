"""The test gym stub's ``Pendulum-v0`` (stubs/gym) against gym 0.x's equations, worked by hand."""
from __future__ import annotations

import importlib.util
import math
import os

import numpy as np

# Loaded from its file, not through sys.path: stubs/ also holds tqdm/wandb stand-ins other tests must not see.
_SPEC = importlib.util.spec_from_file_location(
    "_gym_stub", os.path.join(os.path.dirname(os.path.abspath(__file__)), "stubs", "gym", "__init__.py"))
gym = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(gym)


def test_pendulum_step_follows_gyms_equations():
    """From angle pi/2 at rest, torque 1: cost (pi/2)^2 + 0.001; velocity (-3g/2l sin(3pi/2) + 3u) dt =
    (15 + 3) 0.05 = 0.9; angle pi/2 + 0.9 * 0.05."""
    env = gym.make("Pendulum-v0")
    assert env.action_space.shape == (1,) and env.action_space.high[0] == 2.0
    assert env.observation_space.shape == (3,)
    env.reset()
    env.unwrapped.state = np.array([math.pi / 2, 0.0])
    obs, reward, done, _ = env.step(np.array([1.0]))
    angle = math.pi / 2 + 0.045
    np.testing.assert_allclose(obs, [math.cos(angle), math.sin(angle), 0.9], rtol=1e-12)
    assert math.isclose(reward, -((math.pi / 2) ** 2 + 0.001), rel_tol=1e-12) and not done


def test_pendulum_episode_ends_at_the_time_limit():
    env = gym.make("Pendulum-v0")
    env.reset()
    dones = [env.step(np.array([0.0]))[2] for _ in range(200)]
    assert dones == [False] * 199 + [True]
