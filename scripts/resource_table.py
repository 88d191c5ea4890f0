#!/usr/bin/env python3
"""Renders `cu32 synth --json` reports as the resource table of a Markdown file.

usage: scripts/resource_table.py [--check] FILE.md REPORT.json [REPORT.json ...]

The table goes between the lines `<!-- resource table: scripts/resource_table.py -->`
and `<!-- end of resource table -->` of FILE.md, one row per report in the order given:
the configuration, its device, LUT4 (and its share of the device), FF, DP16KD and
MULT18X18D as the report counts them, and Fmax against the target (`-` for a report
made with `--no-pnr`, which has no placement or routing). With --check, FILE.md is left
as it is and the exit status says whether its table is the one the reports give
(1: it differs, and the expected table is printed).
"""

import json
import sys

BEGIN = "<!-- resource table: scripts/resource_table.py -->"
END = "<!-- end of resource table -->"

# LUT4 of the ECP5 devices a configuration names (`target.device`).
ECP5_LUT4 = {"12k": 12_096, "25k": 24_288, "45k": 43_848, "85k": 83_640}

FIELDS = ["config", "device", "lut4", "ff", "bram_dp16kd", "dsp_mult18x18d", "target_mhz"]


def row(path):
    with open(path, encoding="utf-8") as f:
        r = json.load(f)
    missing = [k for k in FIELDS if k not in r]
    if missing:
        raise ValueError(f"{path}: not a `cu32 synth --json` report (no {', '.join(missing)})")
    lut4 = f"{r['lut4']:,}"
    if r["device"] in ECP5_LUT4:
        lut4 += f" ({100 * r['lut4'] / ECP5_LUT4[r['device']]:.0f} %)"
    fmax = r.get("fmax_mhz")
    fmax = "-" if fmax is None else f"{fmax:.1f}"
    return (f"| `{r['config']}` | ECP5 {r['device']} | {lut4} | {r['ff']:,} | "
            f"{r['bram_dp16kd']} | {r['dsp_mult18x18d']} | {fmax} / {r['target_mhz']} |")


def table(reports):
    lines = ["| configuration | device | LUT4 | FF | DP16KD | MULT18X18D | Fmax / target MHz |",
             "|---|---|---|---|---|---|---|"]
    return "\n".join(lines + [row(p) for p in reports])


def main(argv):
    check = argv[:1] == ["--check"]
    args = argv[1:] if check else argv
    if len(args) < 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    doc, reports = args[0], args[1:]
    try:
        with open(doc, encoding="utf-8") as f:
            text = f.read()
        new = table(reports)
    except (OSError, ValueError) as e:
        print(f"resource_table: {e}", file=sys.stderr)
        return 2
    if text.count(BEGIN) != 1 or text.count(END) != 1 or text.index(BEGIN) > text.index(END):
        print(f"resource_table: {doc}: needs one `{BEGIN}` line before one `{END}` line",
              file=sys.stderr)
        return 2
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    out = f"{head}{BEGIN}\n{new}\n{END}{tail}"
    if check:
        if out != text:
            print(f"resource_table: {doc}: the table differs from the reports'; expected:\n{new}")
            return 1
        return 0
    with open(doc, "w", encoding="utf-8") as f:
        f.write(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
