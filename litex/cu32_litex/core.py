"""cu32's compute unit as a LiteX module.

`Cu32` instantiates the `cu32_top` module that `cu32 gen` writes (every file its
`files.f` lists, with the folder on the include path) in the SoC's `sys` clock domain, and
gives the SoC two classic Wishbone interfaces (32-bit data, word addresses):

- `bus`, a master: cu32's memory port (code, kernel arguments, buffers). cu32 drives a
  Wishbone B4 pipelined master; `PipelinedToClassic` turns each of its requests into one
  classic cycle.
- `ctrl`, a slave: cu32's CSRs (`templates/csr.v.tera` lists them: ID, CONTROL, STATUS,
  the dispatch registers, the performance counters), 256 words. cu32's CSR file is a B4
  pipelined slave; `ClassicToPipelined` presents each classic cycle to it as one request.

The instruction-memory port and `start` of `cu32_top` (plain programs in co-simulation)
are tied off: on a board the host dispatches kernels through the CSRs. The trace outputs
are left open (Yosys removes what drives them).
"""

import argparse
import os

from migen import ClockSignal, If, Instance, ResetSignal, Signal
from litex.gen import LiteXModule
from litex.soc.interconnect import wishbone

# Words in cu32's CSR address space (`host_adr` is 8 bits wide).
CSR_WORDS = 256
# Byte address of cu32's CSRs on the SoC bus (1 KiB: 256 words).
CU32_BASE = 0x2000_0000


class PipelinedToClassic(LiteXModule):
    """A Wishbone B4 pipelined master (the signals below) driving the classic master
    `bus`, one request at a time.

    A request is accepted (stall low) when no other is in flight; its address, data,
    select and direction are held on `bus` with CYC and STB until the slave's ACK or ERR,
    which goes back to the pipelined master the same cycle with the read data. STALL is
    high from the cycle after acceptance up to and including that of the ACK, so a
    second request waits until the first has finished (one idle cycle between them).
    """

    def __init__(self, bus):
        self.cyc = Signal()
        self.stb = Signal()
        self.we = Signal()
        self.adr = Signal(len(bus.adr))
        self.dat_w = Signal(len(bus.dat_w))
        self.sel = Signal(len(bus.sel))
        self.stall = Signal()
        self.ack = Signal()
        self.err = Signal()
        self.dat_r = Signal(len(bus.dat_r))

        busy = Signal()
        self.comb += [
            self.stall.eq(busy),
            bus.cyc.eq(busy),
            bus.stb.eq(busy),
            self.ack.eq(busy & bus.ack),
            self.err.eq(busy & bus.err),
            self.dat_r.eq(bus.dat_r),
        ]
        self.sync += [
            If(~busy,
                If(self.cyc & self.stb,
                    busy.eq(1),
                    bus.adr.eq(self.adr),
                    bus.we.eq(self.we),
                    bus.dat_w.eq(self.dat_w),
                    bus.sel.eq(self.sel),
                )
            ).Elif(bus.ack | bus.err,
                busy.eq(0),
            )
        ]


class ClassicToPipelined(LiteXModule):
    """The classic slave `bus` served by a Wishbone B4 pipelined slave (the signals
    below).

    A classic cycle (CYC and STB held until ACK) becomes one pipelined request: STB is
    raised until the slave accepts it (STALL low), then held low until the slave's ACK,
    which ends the classic cycle. The slave sees `adr_width` low bits of the word
    address: the region the SoC gives it must be aligned to its size.
    """

    def __init__(self, bus, adr_width):
        self.cyc = Signal()
        self.stb = Signal()
        self.we = Signal()
        self.adr = Signal(adr_width)
        self.dat_w = Signal(len(bus.dat_w))
        self.sel = Signal(len(bus.sel))
        self.stall = Signal()
        self.ack = Signal()
        self.dat_r = Signal(len(bus.dat_r))

        pending = Signal()  # accepted by the slave, its ACK not yet seen
        self.comb += [
            self.cyc.eq(bus.cyc | pending),
            self.stb.eq(bus.cyc & bus.stb & ~pending),
            self.we.eq(bus.we),
            self.adr.eq(bus.adr[:adr_width]),
            self.dat_w.eq(bus.dat_w),
            self.sel.eq(bus.sel),
            bus.ack.eq(pending & self.ack),
            bus.err.eq(0),
            bus.dat_r.eq(self.dat_r),
        ]
        self.sync += [
            If(pending & self.ack,
                pending.eq(0),
            ).Elif(self.stb & ~self.stall,
                pending.eq(1),
            )
        ]


def verilog_files(verilog_dir):
    """The Verilog sources `cu32 gen` wrote to `verilog_dir`, in `files.f` order."""
    listing = os.path.join(verilog_dir, "files.f")
    try:
        with open(listing) as f:
            names = [line.strip() for line in f if line.strip()]
    except OSError as e:
        raise SystemExit(f"{listing}: cannot read ({e.strerror}); write it with `cu32 gen`")
    return [os.path.join(verilog_dir, n) for n in names]


class Cu32(LiteXModule):
    """cu32's `cu32_top` from `verilog_dir` (written by `cu32 gen`), in the `sys` domain."""

    def __init__(self, platform, verilog_dir):
        verilog_dir = os.path.abspath(verilog_dir)
        self.bus = wishbone.Interface(data_width=32, adr_width=30)
        self.ctrl = wishbone.Interface(data_width=32, adr_width=30)
        self.master = master = PipelinedToClassic(self.bus)
        self.slave = slave = ClassicToPipelined(self.ctrl, adr_width=8)

        self.specials += Instance("cu32_top",
            i_clk=ClockSignal("sys"),
            i_rst=ResetSignal("sys"),
            # Plain programs only (co-simulation): tied off.
            i_imem_we=0,
            i_imem_addr=0,
            i_imem_wdata=0,
            i_start=0,
            # CSR slave.
            i_host_cyc=slave.cyc,
            i_host_stb=slave.stb,
            i_host_we=slave.we,
            i_host_adr=slave.adr,
            i_host_dat_i=slave.dat_w,
            i_host_sel=slave.sel,
            o_host_stall=slave.stall,
            o_host_ack=slave.ack,
            o_host_dat_o=slave.dat_r,
            # Memory master.
            o_wb_cyc=master.cyc,
            o_wb_stb=master.stb,
            o_wb_we=master.we,
            o_wb_adr=master.adr,
            o_wb_dat_o=master.dat_w,
            o_wb_sel=master.sel,
            i_wb_stall=master.stall,
            i_wb_ack=master.ack,
            i_wb_err=master.err,
            i_wb_dat_i=master.dat_r,
        )
        platform.add_verilog_include_path(verilog_dir)
        for path in verilog_files(verilog_dir):
            if path.endswith(".v"):
                platform.add_source(path)


def add_cu32(soc, verilog_dir):
    """Puts `Cu32` into `soc`: a master on its bus, its CSRs the slave at `CU32_BASE`."""
    from litex.soc.integration.soc import SoCRegion

    soc.cu32 = Cu32(soc.platform, verilog_dir)
    soc.bus.add_master(name="cu32", master=soc.cu32.bus)
    soc.bus.add_slave(name="cu32", slave=soc.cu32.ctrl,
        region=SoCRegion(origin=CU32_BASE, size=4 * CSR_WORDS, cached=False))


def arguments(prog, doc):
    """A command's parser with the options every SoC target takes."""
    p = argparse.ArgumentParser(prog=prog, description=doc,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--verilog-dir", required=True, help="cu32's Verilog (`cu32 gen`)")
    p.add_argument("--output-dir", required=True, help="where the build goes")
    return p
