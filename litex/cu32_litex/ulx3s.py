"""The ULX3S SoC around cu32, and the command that builds it.

    python -m cu32_litex.ulx3s --verilog-dir DIR --output-dir DIR [options]

A LiteX SoC without a CPU on the ULX3S (litex-boards' `radiona_ulx3s` target: its PLL,
SDRAM through LiteDRAM, user LEDs): the host reaches the SoC's bus through UARTBone on
the board's FTDI UART, and cu32 (`core.Cu32`, from the Verilog in `--verilog-dir`) is a
master on that bus and a slave at `core.CU32_BASE`. Gateware and reports go to
`<output-dir>/gateware/` (`cu32_soc.bit`, `cu32_soc.svf`, nextpnr's `cu32_soc_report.json`),
the SoC's address map to `<output-dir>/csr.json`. `--no-compile` stops after the SoC's
Verilog and constraints (seconds; no Yosys or nextpnr).
"""

import os
import sys

from .core import add_cu32, arguments

BUILD_NAME = "cu32_soc"


def build_soc(verilog_dir, sys_clk_freq, device, sdram_module, baudrate):
    from litex_boards.targets.radiona_ulx3s import BaseSoC

    soc = BaseSoC(
        device=device,
        toolchain="trellis",
        sys_clk_freq=sys_clk_freq,
        sdram_module_cls=sdram_module,
        cpu_type=None,
        integrated_sram_size=0,
        with_uart=False,
        with_uartbone=True,
        uart_baudrate=baudrate,
        with_timer=False,
    )
    add_cu32(soc, verilog_dir)
    return soc


def main(argv=None):
    p = arguments("python -m cu32_litex.ulx3s", __doc__)
    p.add_argument("--sys-clk-mhz", type=float, default=50.0,
        help="the SoC's (and cu32's) clock, MHz (default 50)")
    p.add_argument("--device", default="LFE5U-85F", help="FPGA (default LFE5U-85F)")
    p.add_argument("--sdram-module", default="MT48LC16M16",
        help="litedram module of the board's SDRAM (default MT48LC16M16, 32 MB)")
    p.add_argument("--uart-baudrate", type=int, default=115200,
        help="UARTBone's baud rate (default 115200)")
    p.add_argument("--no-compile", action="store_true",
        help="write the SoC's Verilog and constraints only")
    p.add_argument("--log", help="send all output (LiteX's and the tools') to this file")
    args = p.parse_args(argv)

    if args.log:
        fd = os.open(args.log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        sys.stdout.flush()
        sys.stderr.flush()
        os.dup2(fd, 1)
        os.dup2(fd, 2)

    from litex.soc.integration.builder import Builder

    from .yowasp import use_yowasp

    output_dir = os.path.abspath(args.output_dir)
    if not args.no_compile:
        # yowasp gives its tools a private /tmp: they would not find the files there.
        for d in (output_dir, os.path.abspath(args.verilog_dir)):
            if d == "/tmp" or d.startswith("/tmp/"):
                raise SystemExit(f"{d}: the yowasp tools cannot read or write under /tmp "
                    "(they see a private folder there); build elsewhere")
        use_yowasp(os.path.join(output_dir, "yowasp-bin"))
    soc = build_soc(args.verilog_dir, args.sys_clk_mhz * 1e6, args.device,
        args.sdram_module, args.uart_baudrate)
    # nextpnr's JSON report (utilisation and Fmax per clock), read by `cu32 board build`.
    soc.platform.toolchain._pnr_opts += f" --report {BUILD_NAME}_report.json"
    builder = Builder(soc, output_dir=output_dir, compile_software=False,
        csr_json=os.path.join(output_dir, "csr.json"))
    builder.build(build_name=BUILD_NAME, run=not args.no_compile)
    print(f"cu32_litex: built {os.path.join(output_dir, 'gateware', BUILD_NAME)}")


if __name__ == "__main__":
    main()
