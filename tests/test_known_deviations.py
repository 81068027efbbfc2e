from tests.known_deviations import DEVIATIONS


def test_every_deviation_has_a_reason():
    for key, reason in DEVIATIONS.items():
        assert isinstance(reason, str) and len(reason) > 20, key
