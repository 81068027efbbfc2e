"""Synthetic stand-ins for downloaded time series (see ``_data``'s docstring for the conventions).

- ``write_jena_climate_csv``: the Max Planck Institute's Jena weather record (``jena_climate_2009_2016.csv``, the
  extracted ``jena_climate_2009_2016.csv.zip``): a 10-minute series with daily and yearly cycles.
"""
from __future__ import annotations

import datetime

import numpy as np

__all__ = ["write_jena_climate_csv"]

_JENA_HEADER = ('"Date Time","p (mbar)","T (degC)","Tpot (K)","Tdew (degC)","rh (%)","VPmax (mbar)",'
                '"VPact (mbar)","VPdef (mbar)","sh (g/kg)","H2OC (mmol/mol)","rho (g/m**3)","wv (m/s)",'
                '"max. wv (m/s)","wd (deg)"')


def write_jena_climate_csv(path: str = "jena_climate_2009_2016.csv", n: int = 4800, seed: int = 181) -> str:
    """Writes the Jena climate CSV layout (header as the real file, dates ``%d.%m.%Y %H:%M:%S`` every 10 minutes
    from 01.01.2009 00:10:00), ``n`` synthetic rows with daily and yearly temperature cycles, a few ``-9999.0``
    wind speeds (the real file's bad readings); returns ``path``."""
    rng = np.random.RandomState(seed)
    start = datetime.datetime(2009, 1, 1, 0, 10)
    minutes = np.arange(n) * 10
    day = 2 * np.pi * minutes / (24 * 60)
    year = 2 * np.pi * minutes / (365.2425 * 24 * 60)
    t = 8 - 10 * np.cos(year) - 4 * np.cos(day) + rng.normal(0, 1, n)
    p = 990 + 8 * np.sin(day / 7) + rng.normal(0, 1, n)
    rh = np.clip(80 + 10 * np.cos(day) + rng.normal(0, 5, n), 10, 100)
    vpmax = 6.1 * np.exp(17.6 * t / (t + 243))
    vpact = vpmax * rh / 100
    wv = np.abs(rng.normal(2, 1, n))
    wv[rng.rand(n) < 0.002] = -9999.0
    max_wv = np.abs(wv) + np.abs(rng.normal(1, 0.5, n))
    wd = rng.uniform(0, 360, n)
    rows = [_JENA_HEADER]
    for i in range(n):
        when = (start + datetime.timedelta(minutes=int(minutes[i]))).strftime("%d.%m.%Y %H:%M:%S")
        rows.append(f"{when},{p[i]:.2f},{t[i]:.2f},{t[i] + 273.15 + (1000 - p[i]) * 0.08:.2f},{t[i] - 3:.2f},"
                    f"{rh[i]:.1f},{vpmax[i]:.2f},{vpact[i]:.2f},{vpmax[i] - vpact[i]:.2f},{vpact[i] * 0.62:.2f},"
                    f"{vpact[i]:.2f},{1.2e5 / (t[i] + 273.15):.2f},{wv[i]:.2f},{max_wv[i]:.2f},{wd[i]:.1f}")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(rows) + "\n")
    return path
