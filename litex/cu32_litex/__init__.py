"""cu32 as a LiteX core: the glue between cu32's generated Verilog and a LiteX SoC.

- `core.Cu32`: instantiates `cu32_top` from a folder written by `cu32 gen`, with its bus
  master and its CSR slave adapted to LiteX's (classic) Wishbone.
- `yowasp`: runs LiteX's Yosys/nextpnr/ecppack toolchain on the yowasp builds.
- `ulx3s`: the CPU-less ULX3S SoC (SDRAM through LiteDRAM, UARTBone), a command.
"""
