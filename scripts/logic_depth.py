#!/usr/bin/env python3
"""Longest register-to-register paths of a synthesised design, estimated from Yosys' ECP5
netlist (the `cu32.json` that `cu32 synth` writes under `<out>/<name>/synth/`), in seconds
rather than nextpnr's hour: a quick guide to where logic is deep, not a timing sign-off.

Each path starts at a flip-flop or a block RAM output and ends at a flip-flop, a
distributed RAM's write side or a block RAM input. Delays are rough LFE5U speed-6 figures:
a LUT level 0.35 ns plus 0.55 ns of routing, the slice's own muxes (PFUMX, L6MUX21) and
carry chains with no routing, a DP16KD output 3.5 ns after the clock, a distributed RAM
read 0.6 ns. The figures are relative: compare them with each other and with a routed run.

usage: logic_depth.py NETLIST.json [TOP [COUNT [DETAIL [SKIP]]]]
  TOP     the top module (cu32_top)
  COUNT   how many endpoint groups to list (12), one per register name
  DETAIL  how many of them to show cell by cell (3)
  SKIP    comma-separated name parts whose endpoints are left out
"""
import json
import sys

NET = 0.55
DELAY = {"LUT4": 0.35, "PFUMX": 0.25, "L6MUX21": 0.25, "TRELLIS_DPR16X4": 0.6}
SOURCE = {"TRELLIS_FF": 0.5, "DP16KD": 3.5}
AUTO = ("_TRELLIS_", "_LUT4_", "_PFUMX_", "_L6MUX21_", "_CCU2C_", "_DPR16X4_", "_DP16KD_",
        "_MULT18X18D_")


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
        module = json.load(f)["modules"][top]
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

    def inputs(c, port):
        """(bit, delay, routed) for each input the output `port` of cell c depends on."""
        t, con, dirs = c["type"], c["connections"], c["port_directions"]
        if t == "CCU2C":
            out = []
            for q in ["A0", "B0", "C0", "D0", "A1", "B1", "C1", "D1", "CIN"]:
                if port == "S0" and q[-1] == "1":
                    continue
                for b in con[q]:
                    if isinstance(b, int):
                        if q == "CIN":
                            out.append((b, 0.05 if port == "COUT" else 0.25, False))
                        else:
                            out.append((b, 0.4, True))
            return out
        if t == "TRELLIS_DPR16X4":
            return [(b, DELAY[t], True) for b in con["RAD"] if isinstance(b, int)]
        if t in DELAY:
            # (the slice's muxes take their data straight from the LUTs and muxes below)
            direct = ("ALUT", "BLUT", "D0", "D1") if t in ("PFUMX", "L6MUX21") else ()
            return [(b, DELAY[t], q not in direct) for q, bits in con.items()
                    if dirs[q] == "input" for b in bits if isinstance(b, int)]
        return None

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
                arrival[b] = SOURCE.get(c["type"], 0.0) if c else 0.0
                back[b] = None
                stack.pop()
                continue
            pending = [i for i, _, _ in ins if i not in arrival]
            if pending:
                stack.extend(pending)
                continue
            best, via = -1.0, None
            for i, delay, routed in ins:
                t = arrival[i] + delay + (NET if routed else 0.0)
                if t > best:
                    best, via = t, i
            arrival[b], back[b] = best, via
            stack.pop()

    ends = []
    for cn, c in cells.items():
        t = c["type"]
        ports = {"TRELLIS_FF": ["DI", "CE", "LSR"], "TRELLIS_DPR16X4": ["DI", "WAD", "WRE"]}.get(t)
        if t == "DP16KD":
            ports = [p for p, d in c["port_directions"].items()
                     if d == "input" and not p.startswith("CLK")]
        for p in ports or []:
            for b in c["connections"].get(p, []):
                if isinstance(b, int):
                    arrive(b)
                    q = c["connections"]["Q"][0] if t == "TRELLIS_FF" else None
                    ends.append((arrival[b] + NET, b, cn, p, q))
    ends.sort(key=lambda e: e[0], reverse=True)
    seen, shown = set(), 0
    for t, b, cn, p, q in ends:
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
                print(f"        {arrival[x]:6.2f}  {kind:16s} {name.get(x, x)}")
        if shown >= count:
            break


if __name__ == "__main__":
    main()
