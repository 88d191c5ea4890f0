#!/usr/bin/env python3
"""Writes the input files of the kernel launches (data/*.bin, little-endian) from a fixed
seed, so that running it again gives the same bytes. Standard library only.

Floats are multiples of 1/256 (exact in f16, f32 and f64) so that references computed
in any precision start from the same values."""

import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))


class Rng:
    """xorshift64*: a small generator whose sequence is fixed by its seed."""

    def __init__(self, seed):
        self.state = seed

    def next(self):
        x = self.state
        x ^= x >> 12
        x ^= (x << 25) & 0xFFFFFFFFFFFFFFFF
        x ^= x >> 27
        self.state = x
        return (x * 0x2545F4914F6CDD1D) & 0xFFFFFFFFFFFFFFFF

    def below(self, n):
        return (self.next() >> 32) % n

    def between(self, lo, hi):
        """An integer in [lo, hi]."""
        return lo + self.below(hi - lo + 1)

    def real(self, lo, hi):
        """A multiple of 1/256 in [lo, hi)."""
        return lo + self.below(int((hi - lo) * 256)) / 256


def write(name, fmt, values):
    path = os.path.join(HERE, "data", name)
    with open(path, "wb") as f:
        f.write(struct.pack("<%d%s" % (len(values), fmt), *values))


def main():
    os.makedirs(os.path.join(HERE, "data"), exist_ok=True)
    r = Rng(0x6375333220676678)

    write("vector_add_a.bin", "f", [r.real(-100, 100) for _ in range(1000)])
    write("vector_add_b.bin", "f", [r.real(-100, 100) for _ in range(1000)])
    write("saxpy_x.bin", "f", [r.real(-8, 8) for _ in range(1024)])
    write("saxpy_y.bin", "f", [r.real(-8, 8) for _ in range(1024)])
    write("reduce_sum_in.bin", "I", [r.below(1 << 16) for _ in range(1024)])
    write("scan_in.bin", "i", [r.between(-100, 100) for _ in range(512)])
    write("histogram_global_data.bin", "B", [min(r.below(256), r.below(256)) for _ in range(4096)])
    write("histogram_local_data.bin", "I", [r.next() >> 32 for _ in range(1024)])
    write("transpose_in.bin", "f", [float(i) for i in range(32 * 16)])
    write("matmul_a.bin", "f", [r.real(-2, 2) for _ in range(32 * 32)])
    write("matmul_b.bin", "f", [r.real(-2, 2) for _ in range(32 * 16)])
    write("conv2d_in.bin", "f", [r.real(0, 1) for _ in range(32 * 24)])
    write("conv2d_filter.bin", "f", [1 / 16, 2 / 16, 1 / 16, 2 / 16, 4 / 16, 2 / 16, 1 / 16, 2 / 16, 1 / 16])
    write("bitonic_sort_data.bin", "I", [r.next() >> 32 for _ in range(512)])
    bodies = []
    for _ in range(64):
        bodies += [r.real(-4, 4), r.real(-4, 4), r.real(-4, 4), r.real(0.5, 2)]
    write("nbody_pos.bin", "f", bodies)
    write("nbody_vel.bin", "f", [r.real(-0.25, 0.25) if i % 4 != 3 else 0.0 for i in range(256)])
    write("collatz_start.bin", "I", [r.between(1, 10000) for _ in range(256)])
    write("box_blur_src.bin", "B", [(x * 4 + y * 3 + r.below(64)) % 256 for y in range(40) for x in range(60)])
    write("half_axpy_x.bin", "e", [r.real(-4, 4) for _ in range(1024)])
    write("half_axpy_y.bin", "e", [r.real(-4, 4) for _ in range(1024)])
    write("daxpy_x.bin", "d", [r.real(-1000, 1000) for _ in range(256)])
    write("daxpy_y.bin", "d", [r.real(-1000, 1000) for _ in range(256)])
    write("atomics_in.bin", "i", [r.between(-100000, 100000) for _ in range(512)])
    write("atomics_result.bin", "i", [2**31 - 1, -(2**31), 0])
    write("atomics_slots.bin", "i", [r.between(-1000, 1000) for _ in range(512)])
    write("wmma_a.bin", "e", [r.real(-2, 2) for _ in range(32 * 48)])
    write("wmma_b.bin", "e", [r.real(-2, 2) for _ in range(48 * 32)])
    write("wmma_c.bin", "f", [r.real(-8, 8) for _ in range(32 * 32)])
    write("wmma_iu8_a.bin", "b", [r.between(-128, 127) for _ in range(32 * 32)])
    write("wmma_iu8_b.bin", "B", [r.below(256) for _ in range(32 * 16)])
    # addends next to the int limits in the first rows: the clamped sums saturate
    write("wmma_iu8_c.bin", "i", [(2**31 - 1 - r.below(1 << 16)) if i < 64 else
                                  (-(2**31) + r.below(1 << 16)) if i < 128 else
                                  r.between(-(1 << 20), 1 << 20) for i in range(32 * 16)])


if __name__ == "__main__":
    main()
