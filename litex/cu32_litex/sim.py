"""The SoC of `ulx3s.py` simulated: the same bus, cu32 and SDRAM controller under
Verilator through LiteX's simulator, and the command that builds and runs it.

    python -m cu32_litex.sim --verilog-dir DIR --output-dir DIR [--uart-port N]

What differs from the board is only what the board is made of: the clock comes from the
simulator, the SDRAM is LiteDRAM's model of the same chip (`MT48LC16M16`, 32 MB) behind
the same controller, and UARTBone's serial port is served on TCP port `--uart-port`
(LiteX's `serial2tcp`), so that `litex_server --uart --uart-port socket://localhost:N`
serves the simulated SoC as it serves a board. The simulation runs until it is stopped.
"""

import os

from .core import add_cu32, arguments

SYS_CLK_FREQ = 50e6


def build_soc(verilog_dir):
    from litex.build.generic_platform import Pins, Subsignal
    from litex.build.sim import SimPlatform
    from litex.soc.cores.uart import RS232PHYModel, UARTBone
    from litex.soc.integration.soc_core import SoCCore
    from litedram import modules as litedram_modules
    from litedram.phy.model import SDRAMPHYModel
    from migen.genlib.io import CRG

    io = [
        ("sys_clk", 0, Pins(1)),
        ("sys_rst", 0, Pins(1)),
        ("serial", 0,
            Subsignal("source_valid", Pins(1)),
            Subsignal("source_ready", Pins(1)),
            Subsignal("source_data", Pins(8)),
            Subsignal("sink_valid", Pins(1)),
            Subsignal("sink_ready", Pins(1)),
            Subsignal("sink_data", Pins(8)),
        ),
    ]
    platform = SimPlatform("SIM", io)
    soc = SoCCore(platform, clk_freq=SYS_CLK_FREQ, cpu_type=None, integrated_sram_size=0,
        with_uart=False, with_timer=False, ident="cu32 simulated")
    soc.crg = CRG(platform.request("sys_clk"))
    add_cu32(soc, verilog_dir)

    # UARTBone on the simulator's serial stream.
    soc.uartbone_phy = RS232PHYModel(platform.request("serial"))
    soc.uartbone = UARTBone(phy=soc.uartbone_phy, clk_freq=SYS_CLK_FREQ,
        address_width=soc.bus.address_width)
    soc.bus.add_master(name="uartbone", master=soc.uartbone.wishbone)

    # The board's SDRAM chip, as LiteDRAM models it.
    module = litedram_modules.MT48LC16M16(SYS_CLK_FREQ, "1:1")
    soc.sdrphy = SDRAMPHYModel(module=module, data_width=16, clk_freq=SYS_CLK_FREQ)
    soc.add_sdram("sdram", phy=soc.sdrphy, module=module, size=0x4000_0000)
    return soc


def main(argv=None):
    p = arguments("python -m cu32_litex.sim", __doc__)
    p.add_argument("--uart-port", type=int, default=2430,
        help="TCP port of the simulated UART (default 2430)")
    args = p.parse_args(argv)

    from litex.build.sim.config import SimConfig
    from litex.soc.integration.builder import Builder

    soc = build_soc(args.verilog_dir)
    config = SimConfig()
    config.add_clocker("sys_clk", freq_hz=SYS_CLK_FREQ)
    config.add_module("serial2tcp", "serial", args={"port": args.uart_port})
    builder = Builder(soc, output_dir=os.path.abspath(args.output_dir), compile_software=False)
    # LiteX's simulator wants its top named `sim`.
    builder.build(build_name="sim", sim_config=config, interactive=False)


if __name__ == "__main__":
    main()
