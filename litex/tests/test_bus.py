"""The bus adapters of `cu32_litex.core` in migen's simulator, against Python models of
the other side with random wait states and stalls.

    PYTHONPATH=litex python -m unittest discover -s litex/tests   (in the project's venv)
"""

import random
import unittest

from migen import Module
from migen.sim import passive, run_simulation
from litex.soc.interconnect import wishbone

from cu32_litex.core import ClassicToPipelined, PipelinedToClassic


def requests(rng, n, words):
    """n random accesses (we, word address, data, byte select) over `words` words."""
    return [(rng.random() < 0.5, rng.randrange(words), rng.getrandbits(32), rng.randrange(1, 16))
            for _ in range(n)]


@passive
def watchdog(cycles):
    """Fails the simulation if it runs longer than `cycles` (an adapter that hangs)."""
    for _ in range(cycles):
        yield
    raise AssertionError(f"no end after {cycles} cycles")


def merge(old, new, sel):
    mask = sum(0xff << (8 * b) for b in range(4) if sel >> b & 1)
    return (old & ~mask) | (new & mask)


class PipelinedMasterToClassicSlave(unittest.TestCase):
    """cu32's side: a B4 pipelined master keeping STB high while it has requests; the
    SoC's side: a classic slave answering after 0 to 3 wait states, some with ERR."""

    def test_every_request_is_answered_once_in_order(self):
        rng = random.Random(1)
        reqs = requests(rng, 200, 16)
        bus = wishbone.Interface(data_width=32, adr_width=30)
        dut = PipelinedToClassic(bus)
        mem, answers, errs = {}, [], set()
        trace = {"outstanding": 0, "max": 0}

        def master():
            issued, stb = 0, False
            yield dut.cyc.eq(1)
            while len(answers) < len(reqs):
                if stb and not (yield dut.stall):
                    issued += 1
                    trace["outstanding"] += 1
                if (yield dut.ack) or (yield dut.err):
                    answers.append(((yield dut.dat_r), bool((yield dut.err))))
                    trace["outstanding"] -= 1
                self.assertGreaterEqual(trace["outstanding"], 0, "ACK without a request")
                trace["max"] = max(trace["max"], trace["outstanding"])
                stb = issued < len(reqs)
                if stb:
                    we, adr, dat, sel = reqs[issued]
                    yield dut.we.eq(we)
                    yield dut.adr.eq(adr)
                    yield dut.dat_w.eq(dat)
                    yield dut.sel.eq(sel)
                yield dut.stb.eq(stb)
                yield
            yield dut.cyc.eq(0)

        def slave():
            served = 0
            while served < len(reqs):
                if (yield bus.cyc) and (yield bus.stb):
                    for _ in range(rng.randrange(4)):
                        yield
                    adr, we = (yield bus.adr), (yield bus.we)
                    err = rng.random() < 0.05
                    if err:
                        errs.add(served)
                    elif we:
                        mem[adr] = merge(mem.get(adr, 0), (yield bus.dat_w), (yield bus.sel))
                    yield bus.dat_r.eq(0 if we or err else mem.get(adr, 0))
                    yield bus.ack.eq(not err)
                    yield bus.err.eq(err)
                    yield
                    yield bus.ack.eq(0)
                    yield bus.err.eq(0)
                    served += 1
                yield

        run_simulation(dut, [master(), slave(), watchdog(50 * len(reqs))])
        self.assertEqual(len(answers), len(reqs))
        self.assertEqual(trace["max"], 1)
        model = {}
        for i, ((we, adr, dat, sel), (got, err)) in enumerate(zip(reqs, answers)):
            self.assertEqual(err, i in errs, f"request {i}")
            if err:
                continue
            if we:
                model[adr] = merge(model.get(adr, 0), dat, sel)
            else:
                self.assertEqual(got, model.get(adr, 0), f"read {i} of word {adr}")
        self.assertEqual(model, mem)


class ClassicMasterToPipelinedSlave(unittest.TestCase):
    """The SoC's side: LiteX's classic master (its `read`/`write`); cu32's side: a B4
    pipelined slave that stalls at random and answers 1 to 3 cycles after accepting."""

    def test_each_classic_cycle_is_one_request(self):
        rng = random.Random(2)
        reqs = requests(rng, 200, 256)
        bus = wishbone.Interface(data_width=32, adr_width=30)
        dut = ClassicToPipelined(bus, adr_width=8)
        mem, got, accepted = {}, [], []

        def master():
            for we, adr, dat, sel in reqs:
                # The region is aligned: the slave sees the low 8 bits of the address.
                full = (0x2000_0000 >> 2) | adr
                if we:
                    yield from bus.write(full, dat, sel)
                else:
                    got.append((yield from bus.read(full)))
            yield bus.cyc.eq(0)
            yield bus.stb.eq(0)
            yield

        def slave():
            acks = []  # cycles at which an answer is due, with its data
            cycle = 0
            while len(accepted) < len(reqs) or acks:
                stall = rng.random() < 0.3
                yield dut.stall.eq(stall)
                yield
                cycle += 1
                if acks and acks[0][0] <= cycle:
                    yield dut.dat_r.eq(acks.pop(0)[1])
                    yield dut.ack.eq(1)
                else:
                    yield dut.ack.eq(0)
                if (yield dut.cyc) and (yield dut.stb) and not (yield dut.stall):
                    self.assertFalse(acks, "a second request before the first's ACK")
                    adr, we = (yield dut.adr), (yield dut.we)
                    accepted.append(adr)
                    if we:
                        mem[adr] = merge(mem.get(adr, 0), (yield dut.dat_w), (yield dut.sel))
                    acks.append((cycle + rng.randrange(0, 3), mem.get(adr, 0)))
            yield
            yield dut.ack.eq(0)

        run_simulation(dut, [master(), slave(), watchdog(50 * len(reqs))])
        self.assertEqual(accepted, [adr for _, adr, _, _ in reqs])
        model, reads = {}, []
        for we, adr, dat, sel in reqs:
            if we:
                model[adr] = merge(model.get(adr, 0), dat, sel)
            else:
                reads.append(model.get(adr, 0))
        self.assertEqual(got, reads)


if __name__ == "__main__":
    unittest.main()
